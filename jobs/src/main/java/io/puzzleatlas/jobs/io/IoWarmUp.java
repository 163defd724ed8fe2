package io.puzzleatlas.jobs.io;

import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.LoggerFactory;

/**
 * The set-up every job's files need, done on a second core while the command reads its puzzle and plans: the logging
 * behind Hadoop's and Parquet's loggers (Log4j reading its configuration: most of a second of a small job's start on a
 * loaded machine, docs/benchmarks.md), Hadoop's configuration and local file system, Parquet's writer and its zstd
 * codec (a native library). Nothing here changes what a job does: the first use on the command's thread finds the
 * classes initialized, or waits for the warm-up to finish them.
 */
public final class IoWarmUp {
    /** What is loaded and initialized, in the order a job of the local engine first needs it. */
    private static final String[] CLASSES = {
        "org.apache.hadoop.fs.LocalFileSystem",
        "org.apache.hadoop.util.LineReader",
        "org.apache.parquet.hadoop.ParquetWriter",
        "org.apache.parquet.hadoop.InternalParquetRecordWriter",
        "org.apache.parquet.hadoop.ParquetFileWriter",
        "org.apache.parquet.column.impl.ColumnWriteStoreV1",
        "org.apache.parquet.hadoop.codec.ZstandardCodec",
        "com.github.luben.zstd.Zstd"
    };

    private static Thread thread;

    private IoWarmUp() {}

    /**
     * Starts the warm-up on a daemon thread (once per JVM), reading the job's Hadoop configuration from {@code conf}.
     */
    public static synchronized void start(Supplier<Configuration> conf) {
        if (thread != null) {
            return;
        }
        thread = new Thread(() -> run(conf), "io-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits, at most {@code millis}, for a warm-up that was started: a JVM that exits while Log4j is still setting up
     * may have it complain on stderr about its shutdown hook.
     */
    public static void await(long millis) {
        Thread t;
        synchronized (IoWarmUp.class) {
            t = thread;
        }
        if (t == null) {
            return;
        }
        try {
            t.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void run(Supplier<Configuration> conf) {
        try {
            LoggerFactory.getLogger(IoWarmUp.class);
            conf.get();
            ClassLoader loader = IoWarmUp.class.getClassLoader();
            for (String name : CLASSES) {
                Class.forName(name, true, loader);
            }
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            // Only a warm-up: the job loads what it needs itself and reports what fails.
        }
    }
}
