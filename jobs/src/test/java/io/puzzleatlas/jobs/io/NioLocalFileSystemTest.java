package io.puzzleatlas.jobs.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NioLocalFileSystemTest {
    @TempDir
    java.nio.file.Path dir;

    @Test
    void theLocalEnginesConfigurationGetsOneDirectlyMadeFileSystem() throws IOException {
        Configuration conf = SparkSessions.hadoopConfiguration();
        Path file = new Path(dir.toUri().toString(), "a.txt");
        FileSystem fs = NioLocalFileSystem.of(file, conf);
        assertEquals(NioLocalFileSystem.class, fs.getClass());
        assertSame(fs, NioLocalFileSystem.of(new Path(dir.toString()), conf), "one a configuration, scheme or none");
        assertNotSame(fs, file.getFileSystem(conf), "not Hadoop's cached instance");
        assertNotSame(fs, NioLocalFileSystem.of(file, SparkSessions.hadoopConfiguration()), "one per configuration");

        try (FSDataOutputStream out = fs.create(file, false)) {
            out.write("written".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("written", Files.readString(dir.resolve("a.txt")));
        assertTrue(fs.exists(new Path(file.getParent(), ".a.txt.crc")), "checksummed as Hadoop's local file system");
        assertTrue(fs.rename(file, new Path(file.getParent(), "b.txt")));
        assertEquals("written", Files.readString(dir.resolve("b.txt")));
    }

    @Test
    void otherConfigurationsGetHadoopsOwn() throws IOException {
        Path file = new Path(dir.toUri().toString(), "a.txt");
        Configuration spark = new Configuration();
        spark.set(NioLocalFileSystem.CONF_KEY, NioLocalFileSystem.class.getName());
        assertSame(file.getFileSystem(spark), NioLocalFileSystem.of(file, spark), "a Spark job's: Hadoop's cache");

        Configuration other = SparkSessions.hadoopConfiguration();
        other.set(NioLocalFileSystem.CONF_KEY, "org.apache.hadoop.fs.RawLocalFileSystem");
        assertSame(file.getFileSystem(other), NioLocalFileSystem.of(file, other), "another file: class: Hadoop's");
    }
}
