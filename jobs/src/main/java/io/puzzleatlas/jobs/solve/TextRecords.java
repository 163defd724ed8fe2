package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.Tuple2;

/**
 * Splits one text file (path, content) into {@code records} rows on an executor. The instance
 * id is the record's line number, plus the file's ordinal times 2^32 when the input has
 * several files, so ids are stable and unique.
 */
final class TextRecords implements FlatMapFunction<Tuple2<String, String>, Row> {
    private static final long serialVersionUID = 1L;

    private final String puzzleName;
    private final InputFormat format;
    private final Map<String, Integer> fileOrdinals;

    TextRecords(String puzzleName, InputFormat format, Map<String, Integer> fileOrdinals) {
        this.puzzleName = puzzleName;
        this.format = format;
        this.fileOrdinals = fileOrdinals;
    }

    @Override
    public Iterator<Row> call(Tuple2<String, String> file) {
        Puzzle puzzle = Puzzles.byName(puzzleName);
        String source = file._1();
        long idBase = (long) fileOrdinals.getOrDefault(source, 0) << 32;
        List<Row> rows = new ArrayList<>();
        RecordSink sink = (line, start, goal, limit, raw, reason) ->
                rows.add(RowFactory.create(puzzle.name(), idBase + line, start, goal, limit, source, line, raw, reason));
        if (format == InputFormat.CSV) {
            CsvRecords.read(file._2(), sink);
        } else {
            JudgeRecords.read(puzzle, file._2(), sink);
        }
        return rows.iterator();
    }
}
