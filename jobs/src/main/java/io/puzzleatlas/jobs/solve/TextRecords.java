package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import scala.Tuple2;

/**
 * Splits one whole judge-format file (path, content) into {@code records} rows on an executor.
 * Judge files are read whole: a magic-board record spans lines, and everything after the
 * end-of-input marker is reported, which needs the lines before it. The instance id is the
 * record's line number plus the file's ordinal times 2^32.
 */
final class TextRecords implements FlatMapFunction<Tuple2<String, String>, Row> {
    private static final long serialVersionUID = 1L;

    private final String puzzleName;
    private final int fileOrdinal;

    TextRecords(String puzzleName, int fileOrdinal) {
        this.puzzleName = puzzleName;
        this.fileOrdinal = fileOrdinal;
    }

    @Override
    public Iterator<Row> call(Tuple2<String, String> file) {
        Puzzle puzzle = Puzzles.byName(puzzleName);
        String source = file._1();
        List<Row> rows = new ArrayList<>();
        JudgeRecords.read(puzzle, file._2(), RecordSink.rows(puzzle.name(), fileOrdinal, source, rows::add));
        return rows.iterator();
    }
}
