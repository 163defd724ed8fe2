package io.puzzleatlas.jobs.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** {@link HadoopConf} through Java serialization, as a task's closure travels: every property, raw, and no other. */
class HadoopConfTest {
    @Test
    void aSerializedCopyHoldsEveryPropertyAsItWas() throws IOException, ClassNotFoundException {
        Configuration conf = SparkSessions.hadoopConfiguration();
        conf.set("puzzleatlas.test.expanded", "${fs.defaultFS}/x");
        conf.set("puzzleatlas.test.unicode", "é—" + "x".repeat(70_000));
        conf.setInt("puzzleatlas.test.number", 42);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new HadoopConf(conf));
        }
        Configuration copy;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = ((HadoopConf) in.readObject()).get();
        }

        assertNotSame(conf, copy);
        assertTrue(conf.size() > 100, "Hadoop's defaults are in the original: " + conf.size());
        assertEquals(raw(conf), raw(copy));
        assertEquals(conf.get("fs.defaultFS") + "/x", copy.get("puzzleatlas.test.expanded"));
        assertEquals(42, copy.getInt("puzzleatlas.test.number", 0));
    }

    private static Map<String, String> raw(Configuration conf) {
        Map<String, String> properties = new TreeMap<>();
        conf.forEach(p -> properties.put(p.getKey(), p.getValue()));
        return properties;
    }
}
