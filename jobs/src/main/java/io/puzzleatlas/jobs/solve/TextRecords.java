package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.judge.JudgeRecords;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.registry.PuzzleHandle;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.input.PortableDataStream;
import org.apache.spark.sql.Row;
import scala.Tuple2;

/**
 * Streams one judge-format file (path, stream) into {@code records} rows on an executor, one record at a time (the
 * kind's {@link JudgeRecords}): a file is one task (a magic-board record spans lines, and everything after the
 * end-of-input marker is reported, so a split could not tell where records start) but never held whole.
 */
final class TextRecords implements FlatMapFunction<Tuple2<String, PortableDataStream>, Row> {
    private static final long serialVersionUID = 1L;

    private final PuzzleHandle puzzle;
    private final int fileOrdinal;

    TextRecords(PuzzleHandle puzzle, int fileOrdinal) {
        this.puzzle = puzzle;
        this.fileOrdinal = fileOrdinal;
    }

    @Override
    public Iterator<Row> call(Tuple2<String, PortableDataStream> file) {
        DataInputStream in = file._2().open();
        JudgeRecords records = JudgeKind.records(
                puzzle.kind(),
                puzzle.puzzle(),
                new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16));
        ArrayDeque<Row> out = new ArrayDeque<>(1);
        RecordSink sink = RecordSink.rows(puzzle.name(), fileOrdinal, file._1(), out::add);
        return new Iterator<>() {
            private boolean done;

            @Override
            public boolean hasNext() {
                if (out.isEmpty() && !done && !records.next(sink)) {
                    done = true;
                    try {
                        in.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return !out.isEmpty();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return out.poll();
            }
        };
    }
}
