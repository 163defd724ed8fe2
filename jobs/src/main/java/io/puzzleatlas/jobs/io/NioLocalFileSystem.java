package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system ({@code file:}), checksums included, except that permissions are set with {@code java.nio}
 * instead of a forked {@code chmod}. Without Hadoop's native library, {@link RawLocalFileSystem#setPermission} runs
 * {@code chmod} through {@code org.apache.hadoop.util.Shell} for every file and directory it creates with a permission:
 * each task's output file, its checksum file and the committer's directories, a fork of the whole driver JVM each time
 * (about 130 per {@code solve} of 100 boards). Used for {@code file:} paths through {@code spark.hadoop.fs.file.impl}
 * ({@link #CONF_KEY}), which the jobs' session builder sets unless the configuration names another class.
 */
public final class NioLocalFileSystem extends LocalFileSystem {
    /** The Hadoop key that picks the {@code file:} implementation. */
    public static final String CONF_KEY = "fs.file.impl";

    /**
     * Set by the configuration of a job run in this JVM without Spark: its {@code file:} paths get a file system made
     * here directly ({@link #of}), not through Hadoop's cache, whose key asks for the login user (the security classes,
     * about 0.4 s of a small job's start) and whose lookup loads every file system on the class path.
     */
    public static final String DIRECT_KEY = "puzzleatlas.fs.file.direct";

    private static final Map<Configuration, FileSystem> DIRECT = Collections.synchronizedMap(new WeakHashMap<>());

    public NioLocalFileSystem() {
        super(new Raw());
    }

    /**
     * The file system of {@code path}: for a {@code file:} path under a configuration that sets {@link #DIRECT_KEY} and
     * names this class for {@code file:}, one instance per configuration, made directly; otherwise Hadoop's own
     * ({@link Path#getFileSystem}).
     */
    public static FileSystem of(Path path, Configuration conf) throws IOException {
        if (!conf.getBoolean(DIRECT_KEY, false)
                || !NioLocalFileSystem.class.getName().equals(conf.get(CONF_KEY))) {
            return path.getFileSystem(conf);
        }
        String scheme = path.toUri().getScheme();
        if (scheme == null) {
            scheme = FileSystem.getDefaultUri(conf).getScheme();
        }
        if (!"file".equals(scheme)) {
            return path.getFileSystem(conf);
        }
        synchronized (DIRECT) {
            FileSystem fs = DIRECT.get(conf);
            if (fs == null) {
                fs = new NioLocalFileSystem();
                fs.initialize(URI.create("file:///"), conf);
                DIRECT.put(conf, fs);
            }
            return fs;
        }
    }

    /** The raw (checksum-less) local file system with the java.nio {@link #setPermission}. */
    public static final class Raw extends RawLocalFileSystem {
        private static final boolean POSIX =
                FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

        @Override
        public void setPermission(Path p, FsPermission permission) throws IOException {
            short mode = permission.toShort();
            if (!POSIX || (mode & ~0777) != 0) {
                super.setPermission(p, permission); // sticky bit, or no POSIX attributes: Hadoop's own way
                return;
            }
            Files.setPosixFilePermissions(pathToFile(p).toPath(), permissions(mode));
        }

        /** The POSIX permissions of the low nine bits of {@code mode} (rwxrwxrwx). */
        static Set<PosixFilePermission> permissions(short mode) {
            Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
            PosixFilePermission[] bits = {
                PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
                PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
                PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ,
            };
            for (int i = 0; i < bits.length; i++) {
                if ((mode & (1 << i)) != 0) {
                    set.add(bits[i]);
                }
            }
            return set;
        }
    }
}
