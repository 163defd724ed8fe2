package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.durable.Sum;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The CRC32Cs of a Spark checkpoint's many large files, read on the executors (one task per file) rather than one after
 * another on the driver, for checking a checkpoint before it is resumed ({@link #onExecutors}).
 */
final class CheckpointChecksums {
    private CheckpointChecksums() {}

    /** The durable layer's check of many files, as one Spark job. */
    static DurableDir.Crcs onExecutors(JavaSparkContext jsc, HadoopConf conf) {
        return (files, sums) -> {
            List<String[]> work = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                work.add(new String[] {files.get(i).toString(), sums.get(i).toString()});
            }
            if (work.isEmpty()) {
                return List.of();
            }
            HadoopConf c = conf;
            return jsc.parallelize(work, Math.max(1, Math.min(work.size(), 4 * jsc.defaultParallelism())))
                    .map(f -> {
                        Path file = new Path(f[0]);
                        return DurableDir.check(NioLocalFileSystem.of(file, c.get()), file, Sum.parse(f[1]));
                    })
                    .collect();
        };
    }

    static String partName(int part) {
        return String.format(Locale.ROOT, "part-%05d", part);
    }
}
