package io.puzzleatlas.jobs.atlas;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The atlas files of a local directory, for tests: the Hadoop file system calls on java.nio paths. */
public final class AtlasFiles {
    private AtlasFiles() {}

    static FileSystem local() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    static Path of(java.nio.file.Path p) {
        return new Path(p.toAbsolutePath().toUri());
    }

    public static List<AtlasSpace> load(java.nio.file.Path input) throws IOException {
        return new AtlasCsv().load(local(), of(input));
    }

    static void write(java.nio.file.Path root, AtlasSpace s) throws IOException {
        AtlasCsv.write(local(), of(root), s);
    }

    static java.nio.file.Path render(List<AtlasSpace> spaces, java.nio.file.Path output, boolean logScale)
            throws IOException {
        return java.nio.file.Path.of(
                ReportRenderer.render(spaces, local(), of(output), logScale).toUri());
    }
}
