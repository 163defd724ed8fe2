package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.durable.Sum;
import io.puzzleatlas.jobs.io.HadoopConf;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The CRC32Cs of a Spark checkpoint's many large files, read on the executors (one task per file) rather than one after
 * another on the driver: for checking a checkpoint before it is resumed ({@link #onExecutors}) and for the sums of the
 * streamed distance files a checkpoint records ({@link #distanceSums}).
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
                        return DurableDir.check(file.getFileSystem(c.get()), file, Sum.parse(f[1]));
                    })
                    .collect();
        };
    }

    /**
     * The sum of each streamed distance file in {@code dir}, by name: those of {@code known} with an unchanged length
     * are taken from it, the others read on the executors (one task per file).
     */
    static Map<String, Sum> distanceSums(
            JavaSparkContext jsc, HadoopConf conf, FileSystem fs, Path dir, Map<String, Sum> known) throws IOException {
        Map<String, Sum> sums = new TreeMap<>();
        if (!fs.exists(dir)) {
            return sums;
        }
        List<String> toRead = new ArrayList<>();
        for (FileStatus f : fs.listStatus(dir)) {
            String name = f.getPath().getName();
            if (name.startsWith(".") || name.startsWith("_") || DistanceFiles.firstDepth(name) < 0) {
                continue;
            }
            Sum k = known.get(name);
            if (k != null && k.length() == f.getLen()) {
                sums.put(name, k);
            } else {
                toRead.add(name);
            }
        }
        if (!toRead.isEmpty()) {
            String d = dir.toString();
            HadoopConf c = conf;
            for (String[] s : jsc.parallelize(toRead, Math.min(toRead.size(), 4 * jsc.defaultParallelism()))
                    .map(name -> {
                        Path file = new Path(d, name);
                        try (InputStream in = file.getFileSystem(c.get()).open(file)) {
                            return new String[] {name, Sum.of(in).toString()};
                        }
                    })
                    .collect()) {
                sums.put(s[0], Sum.parse(s[1]));
            }
        }
        return sums;
    }

    static String partName(int part) {
        return String.format(Locale.ROOT, "part-%05d", part);
    }
}
