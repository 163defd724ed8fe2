package io.puzzleatlas.jobs.solve;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.input_file_name;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.when;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.LocalDatasets;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads {@code solve}'s input, whatever its format, as {@link Schemas#RECORDS} rows: nothing is parsed as a board yet
 * (that happens beside the solver), so every record, broken or not, is carried to the end and counted. The rules
 * (docs/cli.md): a directory is read recursively, hidden names ({@code _x}, {@code .x}) skipped, files in path order;
 * one format per input; CSV is read split by split in bounded memory with exact line numbers; judge files whole.
 */
final class SolveInputs {
    /** Splits of a CSV input: at least this big, so that small files are one task each. */
    private static final long MIN_SPLIT = 1L << 20;
    /** ... and at most this big, so that a task streams a bounded part of a huge file. */
    private static final long MAX_SPLIT = 128L << 20;

    private final SparkSession spark;
    private final PuzzleHandle puzzle;
    private String readInput;
    private Dataset<Row> readRecords;

    SolveInputs(SparkSession spark, PuzzleHandle puzzle) {
        this.spark = spark;
        this.puzzle = puzzle;
    }

    private Configuration hadoopConf() {
        return spark.sparkContext().hadoopConfiguration();
    }

    /** The files of a path: itself, or every visible file under a directory, recursively, in path order. */
    List<Path> files(String input) {
        return files(hadoopConf(), input);
    }

    /** {@link #files(String)} with a Hadoop configuration of its own (no Spark session needed). */
    static List<Path> files(Configuration conf, String input) {
        Path path;
        try {
            path = new Path(input);
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    "--input '" + input + "' is not a valid path (a ':' in a file name reads as a URI scheme)");
        }
        try {
            FileSystem fs = NioLocalFileSystem.of(path, conf);
            if (path.getParent() != null) {
                // input DIR/instances: a publish into DIR interrupted by a kill is finished first
                AtomicOutput.recoverForReading(conf, path.getParent());
            }
            FileStatus status = fs.getFileStatus(path);
            List<Path> files = new ArrayList<>();
            if (status.isFile()) {
                files.add(fs.makeQualified(path));
            } else if ("file".equals(fs.makeQualified(path).toUri().getScheme())) {
                List<String> skipped = new ArrayList<>();
                collectLocal(java.nio.file.Path.of(fs.makeQualified(path).toUri()), files, new HashSet<>(), skipped);
                for (String note : skipped) {
                    System.out.println("solve: --input " + input + ": skipped " + note);
                }
            } else {
                collect(fs, fs.makeQualified(path), files);
            }
            for (Path f : files) {
                if (f.getName().indexOf(':')
                        >= 0) { // Hadoop's local file system cannot open it (its .crc name is no path)
                    throw new RefusedException("--input " + input + ": file name '" + f.getName()
                            + "' contains ':', which Hadoop paths cannot hold; rename it");
                }
            }
            return files;
        } catch (FileNotFoundException e) {
            throw new RefusedException("--input " + input + ": no such file or directory", e);
        } catch (IOException e) {
            throw new RefusedException("--input " + input + ": cannot read (" + e.getMessage() + ")", e);
        } catch (IllegalArgumentException e) { // Hadoop cannot make a Path of a listed name, e.g. one with ':'
            throw new RefusedException(
                    "--input " + input + ": holds a file whose name Hadoop cannot read (" + e.getMessage()
                            + "); a ':' in a file name reads as a URI scheme: rename it",
                    e);
        }
    }

    /**
     * Refuses local inputs that are not regular files (a pipe such as {@code <(cat boards.csv)}, a device): Spark
     * splits a file by its length, which a pipe reports as 0, so it would read nothing and reconcile. The local engine
     * streams them whole.
     */
    static void requireRegularFiles(String input, List<Path> files) {
        for (Path f : files) {
            URI uri = f.toUri();
            if (!"file".equals(uri.getScheme())) {
                continue;
            }
            java.nio.file.Path local = java.nio.file.Path.of(uri);
            if (Files.exists(local) && !Files.isRegularFile(local)) {
                throw new RefusedException("--input " + input + ": " + local + " is not a regular file (a pipe or a "
                        + "device), which the spark engine cannot split; use --engine local, or write "
                        + "it to a file first");
            }
        }
    }

    /**
     * {@link #collect} for a local directory, following symbolic links to each file and directory once (by its real
     * path): a link back to a parent would otherwise read the same files again at every level of the loop. Broken links
     * and repeats are named in {@code skipped}.
     */
    private static void collectLocal(
            java.nio.file.Path dir, List<Path> files, Set<java.nio.file.Path> seen, List<String> skipped)
            throws IOException {
        if (!seen.add(dir.toRealPath())) {
            skipped.add(dir + " (a directory already read, reached again through a symbolic link)");
            return;
        }
        List<java.nio.file.Path> children = new ArrayList<>();
        try (DirectoryStream<java.nio.file.Path> listed = Files.newDirectoryStream(dir)) {
            listed.forEach(children::add);
        }
        children.sort(Comparator.comparing(c -> c.getFileName().toString()));
        for (java.nio.file.Path c : children) {
            String name = c.getFileName().toString();
            if (LocalDatasets.hidden(name)) {
                continue; // _SUCCESS, _staging-*, .crc: never records
            }
            if (!Files.exists(c)) {
                skipped.add(c + " (a broken symbolic link)");
            } else if (Files.isDirectory(c)) {
                collectLocal(c, files, seen, skipped);
            } else if (!seen.add(c.toRealPath())) {
                skipped.add(c + " (the same file as one already read, through a symbolic link)");
            } else {
                files.add(new Path(c.toUri()));
            }
        }
    }

    private static void collect(FileSystem fs, Path dir, List<Path> files) throws IOException {
        FileStatus[] children = fs.listStatus(dir);
        Arrays.sort(children);
        for (FileStatus c : children) {
            String name = c.getPath().getName();
            if (LocalDatasets.hidden(name)) {
                continue; // _SUCCESS, _staging-*, .crc: never records
            }
            if (c.isDirectory()) {
                collect(fs, c.getPath(), files);
            } else {
                files.add(c.getPath());
            }
        }
    }

    /** Total size in bytes of the files of a path ({@link #files}). */
    long bytes(String input) {
        return bytes(hadoopConf(), input, files(input));
    }

    /** Total size in bytes of {@code files}, the files of {@code input}. */
    static long bytes(Configuration conf, String input, List<Path> files) {
        try {
            long total = 0;
            for (Path file : files) {
                total += NioLocalFileSystem.of(file, conf).getFileStatus(file).getLen();
            }
            return total;
        } catch (IOException e) {
            throw new RefusedException("--input " + input + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /** The format of an input: {@code forced}, else its files' names, which must agree. */
    static InputFormat detect(List<Path> files, InputFormat forced) {
        if (forced != null) {
            return forced;
        }
        TreeSet<InputFormat> formats = new TreeSet<>();
        for (Path f : files) {
            formats.add(InputFormat.ofName(f.getName()));
        }
        if (formats.size() > 1) {
            List<String> examples = new ArrayList<>();
            for (InputFormat format : formats) {
                files.stream()
                        .filter(f -> InputFormat.ofName(f.getName()) == format)
                        .findFirst()
                        .ifPresent(
                                f -> examples.add(format.name().toLowerCase(Locale.ROOT) + " (" + f.getName() + ")"));
            }
            throw new RefusedException("--input mixes formats: " + String.join(", ", examples)
                    + "; keep one format per input, or name it with --format");
        }
        return formats.isEmpty() ? InputFormat.JUDGE : formats.first();
    }

    /** The input's records (built once: the job reads them to solve and again to count). */
    Dataset<Row> read(String input, InputFormat format, int minPartitions) {
        if (readRecords == null || !input.equals(readInput)) {
            List<Path> files = files(input);
            readRecords = switch (format) {
                case PARQUET -> parquet(input, files);
                case CSV -> csv(files);
                case JUDGE -> judge(files);
            };
            readInput = input;
        }
        return readRecords;
    }

    /**
     * CSV: every file through Hadoop's splittable line reader. A first pass counts the lines of every split (reading,
     * not parsing), so that each split starts at its exact line number.
     */
    private Dataset<Row> csv(List<Path> files) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        if (files.isEmpty()) {
            return spark.createDataFrame(jsc.<Row>emptyRDD(), Schemas.RECORDS);
        }
        Configuration conf = new Configuration(hadoopConf());
        if (hadoopConf().get(FileInputFormat.SPLIT_MAXSIZE) == null) { // else the user's choice (spark.hadoop.*)
            conf.setLong(FileInputFormat.SPLIT_MAXSIZE, splitSize(files, jsc.defaultParallelism()));
        }
        String[] sources = new String[files.size()];
        int[][] headers = new int[files.size()][];
        List<Integer> fileOfSplit = new ArrayList<>();
        List<JavaPairRDD<LongWritable, Text>> perFile = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            sources[i] = files.get(i).toString();
            String first = firstLine(files.get(i));
            headers[i] = first == null ? null : CsvRecords.header(first, sources[i]);
            JavaPairRDD<LongWritable, Text> lines =
                    jsc.newAPIHadoopFile(sources[i], TextInputFormat.class, LongWritable.class, Text.class, conf);
            for (int s = 0; s < lines.getNumPartitions(); s++) {
                fileOfSplit.add(i);
            }
            perFile.add(lines);
        }
        // One union of all files: its partitions are the files' splits in file order.
        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type for union's varargs
        JavaPairRDD<LongWritable, Text> all =
                perFile.size() == 1 ? perFile.get(0) : jsc.union(perFile.toArray(new JavaPairRDD[0]));
        List<Long> counts = all.mapPartitions(it -> {
                    long n = 0;
                    while (it.hasNext()) {
                        it.next();
                        n++;
                    }
                    return List.of(n).iterator();
                })
                .collect();
        int splits = fileOfSplit.size();
        int[] fileOf = new int[splits];
        long[] first = new long[splits];
        for (int s = 0; s < splits; s++) {
            fileOf[s] = fileOfSplit.get(s);
            first[s] = s == 0 || fileOf[s] != fileOf[s - 1] ? 1 : first[s - 1] + counts.get(s - 1);
        }
        JavaRDD<Row> rows =
                all.mapPartitionsWithIndex(new CsvSplitRecords(puzzle, fileOf, first, sources, headers), true);
        return spark.createDataFrame(rows, Schemas.RECORDS);
    }

    /** Split size: the input spread over every core, within [1 MB, 128 MB]. */
    private long splitSize(List<Path> files, int parallelism) {
        long total = 0;
        try {
            for (Path f : files) {
                total += NioLocalFileSystem.of(f, hadoopConf()).getFileStatus(f).getLen();
            }
        } catch (IOException e) {
            throw new RefusedException("cannot read " + files.get(0).getParent() + " (" + e.getMessage() + ")", e);
        }
        return Math.max(MIN_SPLIT, Math.min(MAX_SPLIT, (total + parallelism - 1) / Math.max(1, parallelism)));
    }

    /** The first line of a file (at most 64 KB of it), or null when the file is empty. */
    private String firstLine(Path file) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(NioLocalFileSystem.of(file, hadoopConf()).open(file), StandardCharsets.UTF_8),
                1 << 16)) {
            char[] buf = new char[1 << 16];
            int n = r.read(buf);
            if (n <= 0) {
                return null;
            }
            String s = new String(buf, 0, n);
            int end = s.indexOf('\n');
            s = end < 0 ? s : s.substring(0, end);
            return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
        } catch (IOException e) {
            throw new RefusedException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /** Judge format: one task per file (its records span lines and end at a marker), streamed. */
    private Dataset<Row> judge(List<Path> files) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<JavaRDD<Row>> perFile = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            perFile.add(jsc.binaryFiles(files.get(i).toString(), 1).flatMap(new TextRecords(puzzle, i)));
        }
        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type for union's varargs
        JavaRDD<Row> rows = perFile.isEmpty()
                ? jsc.emptyRDD()
                : perFile.size() == 1 ? perFile.get(0) : jsc.union(perFile.toArray(new JavaRDD[0]));
        return spark.createDataFrame(rows, Schemas.RECORDS);
    }

    /**
     * Parquet: the files, checked by their footers first; a row with a null {@code instance_id} (or one that is not a
     * whole number) is an error row (its line is its 1-based row number in its file), never an id of -1.
     */
    private Dataset<Row> parquet(String input, List<Path> files) {
        if (files.isEmpty()) {
            throw new RefusedException("--input " + input + ": no Parquet files");
        }
        ParquetInputCheck.check(hadoopConf(), input, files);
        Dataset<Row> in = spark.read()
                .option("mergeSchema", "true")
                .parquet(files.stream().map(Path::toString).toArray(String[]::new));
        List<String> names = Arrays.asList(in.columns());
        if (!names.contains("start")) {
            throw new RefusedException("--input " + input + " has no 'start' column; columns: " + names);
        }
        Column rowNumber = col("_metadata.row_index").plus(1);
        // An id that is null, or not a whole number (a string column), makes the row an error.
        Column hasId =
                names.contains("instance_id") ? col("instance_id").cast("long").isNotNull() : lit(true);
        Column noIdReason = names.contains("instance_id")
                ? when(col("instance_id").isNull(), lit("instance_id is null"))
                        .otherwise(concat(
                                lit("instance_id '"),
                                col("instance_id").cast("string"),
                                lit("' is not a whole number")))
                : lit(null).cast("string");
        Column id = names.contains("instance_id")
                ? coalesce(col("instance_id").cast("long"), lit(-1L))
                : monotonically_increasing_id();
        Column goal =
                names.contains("goal") ? col("goal").cast("string") : lit(null).cast("string");
        return in.select(
                        names.contains("puzzle")
                                ? col("puzzle").cast("string")
                                : lit(null).cast("string"),
                        id.as("instance_id"),
                        col("start").cast("string"),
                        goal,
                        names.contains("step_limit")
                                ? col("step_limit").cast("string")
                                : lit(null).cast("string"),
                        coalesce(input_file_name(), lit(input)),
                        when(hasId, id).otherwise(rowNumber),
                        concat_ws(",", col("start").cast("string"), goal),
                        when(hasId, lit(null).cast("string")).otherwise(noIdReason))
                .toDF(Schemas.RECORDS.fieldNames());
    }
}
