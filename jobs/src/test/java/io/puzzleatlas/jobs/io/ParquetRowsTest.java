package io.puzzleatlas.jobs.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset written by {@link ParquetRows} on the local disk (through java.nio, not Hadoop's file system): the rows
 * read back in order, no checksum file beside the part file, and no dictionary page in any column.
 */
class ParquetRowsTest {
    @TempDir
    Path tmp;

    @Test
    void localRowsReadBackWithoutChecksumFileAndWithoutDictionaryPages() throws IOException {
        Path dir = tmp.resolve("results");
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            rows.add(RowFactory.create(
                    "eight-puzzle", (long) i, "board " + i, null, null, "SOLVED", i % 32, "m" + i, 7L, 3L, null));
        }
        Configuration conf = new Configuration();
        ParquetRows.write(conf, new org.apache.hadoop.fs.Path(dir.toUri()), Schemas.RESULTS, rows);

        Set<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
        assertTrue(names.containsAll(Set.of(ParquetRows.PART_FILE, "_SUCCESS")), names.toString());
        assertFalse(names.contains("." + ParquetRows.PART_FILE + ".crc"), names.toString());
        org.apache.hadoop.fs.Path part =
                new org.apache.hadoop.fs.Path(dir.resolve(ParquetRows.PART_FILE).toUri());
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(), part)
                .withConf(conf)
                .build()) {
            for (int i = 0; i < rows.size(); i++) {
                Group g = reader.read();
                assertEquals(i, g.getLong("instance_id", 0));
                assertEquals("board " + i, g.getString("start", 0));
                assertEquals("m" + i, g.getString("moves", 0));
                assertEquals(i % 32, g.getInteger("length", 0));
                assertEquals(0, g.getFieldRepetitionCount("goal"));
            }
            assertEquals(null, reader.read());
        }
        try (ParquetFileReader file = ParquetFileReader.open(HadoopInputFile.fromPath(part, conf))) {
            for (ColumnChunkMetaData column : file.getRowGroups().get(0).getColumns()) {
                String name = column.getPath().toDotString();
                assertFalse(column.hasDictionaryPage(), name + ": " + column.getEncodings());
            }
        }
    }
    /**
     * A column's value is encoded once while rows share the String (the puzzle, the goal): rows that repeat one value,
     * then an equal copy, then another value, then the first again, read back as written.
     */
    @Test
    void repeatedAndChangingValuesOfAColumnReadBackAsWritten() throws IOException {
        Path dir = tmp.resolve("repeated");
        String goal = "1 2 3 4 5 6 7 8 0";
        String[] goals = {goal, goal, new String(goal), "8 7 6 5 4 3 2 1 0", goal, null, goal};
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < goals.length; i++) {
            rows.add(RowFactory.create(
                    "eight-puzzle", (long) i, "board " + i, goals[i], null, "SOLVED", i, "m" + i, 7L, 3L, null));
        }
        Configuration conf = new Configuration();
        ParquetRows.write(conf, new org.apache.hadoop.fs.Path(dir.toUri()), Schemas.RESULTS, rows);
        org.apache.hadoop.fs.Path part =
                new org.apache.hadoop.fs.Path(dir.resolve(ParquetRows.PART_FILE).toUri());
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(), part)
                .withConf(conf)
                .build()) {
            for (int i = 0; i < goals.length; i++) {
                Group g = reader.read();
                assertEquals(i, g.getLong("instance_id", 0));
                if (goals[i] == null) {
                    assertEquals(0, g.getFieldRepetitionCount("goal"));
                } else {
                    assertEquals(goals[i], g.getString("goal", 0));
                }
                assertEquals("eight-puzzle", g.getString("puzzle", 0));
            }
            assertEquals(null, reader.read());
        }
    }
}
