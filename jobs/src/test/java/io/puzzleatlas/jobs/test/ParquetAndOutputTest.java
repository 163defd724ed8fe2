package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.atlas.HistogramChart;
import io.puzzleatlas.jobs.io.Schemas;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Datasets have the documented schemas, are zstd Parquet any reader can open, and outputs are atomic. */
@Tag("slow")
class ParquetAndOutputTest extends SparkSuite {
    @TempDir
    Path tmp;

    @Test
    void generatedAndSolvedDatasetsRoundTripWithTheDocumentedSchemas() throws IOException {
        Path dir = tmp.resolve("magic");
        run("generate", "--puzzle", "magic-board", "--all", "--output", dir);
        Dataset<Row> instances = spark().read()
                .schema(Schemas.INSTANCES)
                .parquet(dir.resolve("instances").toString());
        assertEquals(40_320, instances.count());
        assertEquals(40_320, instances.select("instance_id").distinct().count());
        assertSameColumns(Schemas.INSTANCES, parquet(dir, "instances").schema());

        run("solve", "--puzzle", "magic-board", "--input", dir.resolve("instances"), "--output", dir);
        assertSameColumns(Schemas.RESULTS, parquet(dir, "results").schema());
        assertSameColumns(Schemas.ERRORS, parquet(dir, "errors").schema());
        assertSameColumns(Schemas.SOLVE_HISTOGRAM, parquet(dir, "histogram").schema());
        assertEquals(40_320, parquet(dir, "results").filter("status = 'SOLVED'").count());
        // Sicily 1151: the deepest magic boards are 22 moves from the start.
        assertEquals(
                22,
                parquet(dir, "histogram")
                        .agg(org.apache.spark.sql.functions.max("depth"))
                        .first()
                        .getInt(0));

        for (String dataset : List.of("instances", "results", "errors", "histogram")) {
            assertReadableZstdParquet(dir.resolve(dataset));
        }
        // the run's length histogram drawn like the atlas charts
        BufferedImage png = ImageIO.read(dir.resolve("chart/histogram.png").toFile());
        assertEquals(HistogramChart.WIDTH, png.getWidth());
        String svg = Files.readString(dir.resolve("chart/histogram.svg"));
        Assertions.assertTrue(svg.contains("<svg"), "svg chart");
    }

    @Test
    void randomInstancesDoNotDependOnThePartitioning() {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        run("generate", "--puzzle", "rotation-game", "--random", 2000, "--seed", 7, "--partitions", 1, "--output", a);
        run("generate", "--puzzle", "rotation-game", "--random", 2000, "--seed", 7, "--partitions", 5, "--output", b);
        assertDataFrameNoOrderEquals(parquet(a, "instances"), parquet(b, "instances"));
        Path c = tmp.resolve("c");
        run("generate", "--puzzle", "eight-puzzle", "--random", 500, "--scramble", 10, "--seed", 3, "--output", c);
        run("solve", "--puzzle", "eight-puzzle", "--input", c.resolve("instances"), "--output", c);
        assertEquals(
                0,
                parquet(c, "results")
                        .filter("length > 10 or status <> 'SOLVED'")
                        .count());
    }

    @Test
    void solvingGeneratedInstancesDirectlyEqualsGeneratingThenSolvingTheFiles() {
        for (String[] args : new String[][] {
            {"rotation-game", "--random", "400", "--seed", "5"},
            {"magic-board", "--random", "300", "--seed", "4"},
            {"sliding-2x3", "--random", "300", "--scramble", "9", "--seed", "2"}
        }) {
            Path twoStep = tmp.resolve(args[0] + "-two-step");
            Path direct = tmp.resolve(args[0] + "-direct");
            String[] generator = Arrays.copyOfRange(args, 1, args.length);
            run(concat(new Object[] {"generate", "--puzzle", args[0], "--output", twoStep}, generator));
            run("solve", "--puzzle", args[0], "--input", twoStep.resolve("instances"), "--output", twoStep);
            run(concat(new Object[] {"solve", "--puzzle", args[0], "--output", direct}, generator));
            assertDataFrameNoOrderEquals(
                    parquet(twoStep, "results").drop("solve_micros"),
                    parquet(direct, "results").drop("solve_micros"));
            assertDataFrameNoOrderEquals(parquet(twoStep, "histogram"), parquet(direct, "histogram"));
        }
    }

    private static Object[] concat(Object[] a, Object[] b) {
        Object[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void existingOutputIsRefusedUnlessOverwrite() throws IOException {
        Path dir = tmp.resolve("out");
        run("generate", "--puzzle", "rotation-game", "--random", 100, "--seed", 1, "--output", dir);
        List<Row> first = parquet(dir, "instances").orderBy("instance_id").collectAsList();

        runExpecting(
                ExitCode.REFUSED.code(),
                "generate",
                "--puzzle",
                "rotation-game",
                "--random",
                100,
                "--seed",
                2,
                "--output",
                dir);
        assertEquals(
                first, parquet(dir, "instances").orderBy("instance_id").collectAsList(), "refused run left it alone");

        run("generate", "--puzzle", "rotation-game", "--random", 100, "--seed", 2, "--output", dir, "--overwrite");
        List<Row> second = parquet(dir, "instances").orderBy("instance_id").collectAsList();
        assertEquals(100, second.size());
        assertNotEquals(first, second);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(
                    List.of("instances"),
                    files.map(p -> p.getFileName().toString()).toList(),
                    "no staging left");
        }
        runExpecting(
                ExitCode.REFUSED.code(),
                "solve",
                "--puzzle",
                "rotation-game",
                "--input",
                dir.resolve("nothing-here"),
                "--output",
                dir);
    }

    private static void assertSameColumns(StructType expected, StructType actual) {
        assertEquals(expected.fieldNames().length, actual.fieldNames().length, actual.treeString());
        for (StructField f : expected.fields()) {
            // Spark reads every Parquet column back as nullable: compare names and types only.
            assertEquals(f.dataType(), actual.apply(f.name()).dataType(), f.name());
        }
        assertEquals(List.of(expected.fieldNames()), List.of(actual.fieldNames()));
    }

    /** Opens each data file with parquet-hadoop alone (no Spark) and checks its codec and row count. */
    private static void assertReadableZstdParquet(Path dataset) throws IOException {
        try (Stream<Path> files = Files.list(dataset)) {
            List<Path> parts = files.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                    .toList();
            Assertions.assertTrue(!parts.isEmpty(), dataset + " has data files");
            for (Path part : parts) {
                try (ParquetFileReader reader = ParquetFileReader.open(
                        HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(part.toUri()), new Configuration()))) {
                    reader.getFooter().getBlocks().forEach(block -> {
                        for (ColumnChunkMetaData column : block.getColumns()) {
                            assertEquals(CompressionCodecName.ZSTD, column.getCodec(), part + " " + column.getPath());
                        }
                    });
                }
            }
        }
    }
}
