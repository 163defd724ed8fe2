package io.puzzleatlas.jobs.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * {@link SparkSessions#hadoopConfiguration}: copies of one configuration read once, each holding Hadoop's defaults and
 * the local file system's settings, and each its own (a setting on one is not seen by the next).
 */
class HadoopConfigurationTest {
    @Test
    void eachCallIsAnIndependentCopyWithTheDefaultsAndTheLocalFileSystem() {
        Configuration first = SparkSessions.hadoopConfiguration();
        Configuration second = SparkSessions.hadoopConfiguration();
        assertNotSame(first, second);
        for (Configuration c : new Configuration[] {first, second}) {
            assertEquals(NioLocalFileSystem.class.getName(), c.get(NioLocalFileSystem.CONF_KEY));
            assertTrue(c.getBoolean(NioLocalFileSystem.DIRECT_KEY, false));
            // a value of Hadoop's core-default.xml
            assertEquals(new Configuration().get("fs.defaultFS"), c.get("fs.defaultFS"));
        }
        first.set("puzzleatlas.test.key", "one");
        first.set(NioLocalFileSystem.CONF_KEY, "other");
        assertNull(second.get("puzzleatlas.test.key"));
        Configuration third = SparkSessions.hadoopConfiguration();
        assertNull(third.get("puzzleatlas.test.key"));
        assertEquals(NioLocalFileSystem.class.getName(), third.get(NioLocalFileSystem.CONF_KEY));
    }
}
