package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.registry.PuzzleHandle;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.Row;
import scala.Tuple2;

/**
 * The CSV lines of one input split as {@code records} rows, streamed: one line in, one row out, nothing held but the
 * current line. The driver has counted the lines of every split in a first pass, so each split knows the file it
 * belongs to and the number of its first line, and line numbers (and the instance ids made from them) are exact however
 * the files are split.
 */
final class CsvSplitRecords implements Function2<Integer, Iterator<Tuple2<LongWritable, Text>>, Iterator<Row>> {
    private static final long serialVersionUID = 1L;

    private final PuzzleHandle puzzle;
    /** Per split: the ordinal of its file, the number of its first line, the file's header columns (null: none). */
    private final int[] fileOfSplit;

    private final long[] firstLine;
    private final String[] sources;
    private final int[][] headers;

    CsvSplitRecords(PuzzleHandle puzzle, int[] fileOfSplit, long[] firstLine, String[] sources, int[][] headers) {
        this.puzzle = puzzle;
        this.fileOfSplit = fileOfSplit;
        this.firstLine = firstLine;
        this.sources = sources;
        this.headers = headers;
    }

    @Override
    public Iterator<Row> call(Integer split, Iterator<Tuple2<LongWritable, Text>> lines) {
        int file = fileOfSplit[split];
        String source = sources[file];
        int[] columns = headers[file];
        ArrayDeque<Row> out = new ArrayDeque<>(1);
        RecordSink sink = RecordSink.rows(puzzle.name(), file, source, out::add);
        return new Iterator<>() {
            private long lineNo = firstLine[split] - 1;

            @Override
            public boolean hasNext() {
                while (out.isEmpty() && lines.hasNext()) {
                    String text = lines.next()._2().toString(); // Hadoop reuses the Text: copy now
                    lineNo++;
                    if (lineNo == 1) {
                        if (columns != null) {
                            continue; // the header, checked on the driver
                        }
                        text = CsvRecords.stripBom(text);
                    }
                    CsvRecords.record(lineNo, text, columns, sink);
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
