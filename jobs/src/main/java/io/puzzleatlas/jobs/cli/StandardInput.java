package io.puzzleatlas.jobs.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether this process's standard input can be read. A command started with standard input closed ({@code <&-}) finds
 * descriptor 0 taken by the first file the JVM opened for itself (its module image, a jar of the class path), and would
 * read that file as its input. Linux tells it through {@code /proc/self/fd/0}; elsewhere nothing is checked.
 */
final class StandardInput {
    private static final Path FD_DIR = Path.of("/proc/self/fd");

    private StandardInput() {}

    /** Why standard input cannot be read, or empty when it can (or when there is no /proc to ask). */
    static Optional<String> unreadable() {
        if (!Files.isDirectory(FD_DIR)) {
            return Optional.empty();
        }
        Path target;
        try {
            target = Files.readSymbolicLink(FD_DIR.resolve("0"));
        } catch (NoSuchFileException closed) {
            return Optional.of("it is closed");
        } catch (IOException | UnsupportedOperationException unknown) {
            return Optional.empty();
        }
        return openedByTheJvm(target)
                ? Optional.of("it is closed: descriptor 0 is " + target + ", which the JVM opened for itself")
                : Optional.empty();
    }

    /** Whether {@code file} lies in the Java installation or is an entry of the class path. */
    private static boolean openedByTheJvm(Path file) {
        if (file.startsWith(realPath(Path.of(System.getProperty("java.home"))))) {
            return true;
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty() && file.equals(realPath(Path.of(entry)))) {
                return true;
            }
        }
        return false;
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
