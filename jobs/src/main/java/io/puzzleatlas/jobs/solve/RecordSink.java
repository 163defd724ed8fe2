package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.judge.JudgeRecords;
import java.util.function.Consumer;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Receives the records a text input is split into, fields still as text: CSV lines ({@link CsvRecords}) and
 * judge-format records (the kind's {@link JudgeRecords}) alike.
 */
interface RecordSink extends JudgeRecords.Sink {
    /** Longest raw text kept in {@code errors/}; longer lines are cut and marked. */
    int MAX_RAW = 1000;

    /**
     * A sink that makes each record a {@link io.puzzleatlas.jobs.io.Schemas#RECORDS} row for {@code rows}, its raw text
     * cut to {@link #MAX_RAW}: the instance id is the line number plus the file's ordinal times 2^32, so ids are unique
     * across the files of an input and the same however it is read (every reader, Spark's or the in-process one, makes
     * its rows here).
     */
    static RecordSink rows(String puzzle, int fileOrdinal, String source, Consumer<Row> rows) {
        long idBase = (long) fileOrdinal << 32;
        return (line, start, goal, limit, raw, reason) -> rows.accept(
                RowFactory.create(puzzle, idBase + line, start, goal, limit, source, line, raw(raw), reason));
    }

    /** {@code text} cut to {@link #MAX_RAW} characters. */
    static String raw(String text) {
        return text.length() <= MAX_RAW ? text : text.substring(0, MAX_RAW) + "...(" + text.length() + " chars)";
    }
}
