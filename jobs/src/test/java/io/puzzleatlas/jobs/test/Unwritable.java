package io.puzzleatlas.jobs.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Makes a directory that nobody, root included, can write into or rename: {@code chattr +i} where the file system has
 * it (root), else {@code chmod a-w} (any other user). Tests of refused writes use it, since a test run as root writes
 * through any permission bits.
 */
public final class Unwritable {
    private Unwritable() {}

    /** Locks {@code dir}; false when neither way works on this machine (then nothing is changed). */
    public static boolean lock(Path dir) throws IOException, InterruptedException {
        if (run("chattr", "+i", dir.toString()) == 0) {
            return true;
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (!Files.isWritable(dir)) {
            return true;
        }
        unlock(dir);
        return false;
    }

    /** Undoes {@link #lock}. */
    public static void unlock(Path dir) throws IOException, InterruptedException {
        run("chattr", "-i", dir.toString());
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static int run(String... command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor();
        } catch (IOException missing) {
            return -1;
        }
    }
}
