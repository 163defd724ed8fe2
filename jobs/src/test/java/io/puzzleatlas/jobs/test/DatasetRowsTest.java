package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparator of the cross-engine and cluster tests: what it tells apart and what it leaves aside. */
class DatasetRowsTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message spark_schema {"
            + " required int64 instance_id;"
            + " optional binary board;"
            + " optional group moves (LIST) { repeated group list { optional binary element (STRING); } }"
            + " optional int64 solve_micros;"
            + " }");

    private final Configuration conf = new Configuration();

    @TempDir
    Path tmp;

    /** One row: an id, a board's bytes, a list of moves and a timing. */
    private record R(long id, byte[] board, List<String> moves, long micros) {}

    @Test
    void theSameRowsInOtherFilesAndOrderAreEqualTimingsAside() throws IOException {
        R a = new R(1, new byte[] {1, 2, 3}, List.of("U", "L"), 10);
        R b = new R(2, new byte[] {3, 2, 1}, List.of(), 20);
        Path one = dataset("one", List.of(a, b));
        Path two = dataset("two", List.of(new R(2, b.board(), b.moves(), 99)), List.of(new R(1, a.board, a.moves, 7)));
        assertEquals(rows(one), rows(two));
        assertEquals(2, rows(one).size());
        assertEquals(
                "[instance_id=1;board=010203;moves=[list=[element=U;],[element=L;];];]",
                rows(one).get(0));
    }

    @Test
    void aByteAMoveOrARowMoreDiffers() throws IOException {
        R a = new R(1, new byte[] {(byte) 0xff}, List.of("U"), 0);
        List<String> base = rows(dataset("base", List.of(a)));
        // 0xfe and 0xff both decode to U+FFFD as UTF-8: the text shows bytes as bytes
        assertNotEquals(base, rows(dataset("byte", List.of(new R(1, new byte[] {(byte) 0xfe}, a.moves, 0)))));
        assertNotEquals(base, rows(dataset("move", List.of(new R(1, a.board, List.of("D"), 0)))));
        assertNotEquals(base, rows(dataset("more", List.of(a, a))));
    }

    @Test
    void aMissingDatasetIsAnError() {
        assertThrows(UncheckedIOException.class, () -> rows(tmp.resolve("absent")));
    }

    private List<String> rows(Path dir) {
        return DatasetRows.sorted(conf, dir.toUri().toString());
    }

    /** A dataset directory of one Parquet file per list of rows, with a {@code _SUCCESS} marker. */
    @SafeVarargs
    private Path dataset(String name, List<R>... files) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        for (int f = 0; f < files.length; f++) {
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(
                    dir.resolve("part-0000" + f + ".parquet").toUri());
            try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file)
                    .withConf(conf)
                    .withType(SCHEMA)
                    .build()) {
                for (R r : files[f]) {
                    Group g = groups.newGroup()
                            .append("instance_id", r.id())
                            .append("board", Binary.fromConstantByteArray(r.board()))
                            .append("solve_micros", r.micros());
                    Group list = g.addGroup("moves");
                    for (String m : r.moves()) {
                        list.addGroup("list").append("element", m);
                    }
                    out.write(g);
                }
            }
        }
        Files.createFile(dir.resolve("_SUCCESS"));
        return dir;
    }
}
