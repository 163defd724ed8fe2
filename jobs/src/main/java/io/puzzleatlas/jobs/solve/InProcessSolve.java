package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.judge.JudgeRecords;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;
import org.apache.spark.sql.Row;

/**
 * {@code solve --engine local}: the job without Spark, for inputs small enough that starting Spark would cost more than
 * the work (docs/benchmarks.md). It runs the very functions a Spark job runs in its tasks ({@link SolvePartition},
 * {@link GeneratedSolvePartition}, {@link ErrorPartition}) over chunks of the input on a pool of this JVM's threads,
 * reads text inputs with the same record rules (Hadoop's line reader for CSV, the kind's {@link JudgeRecords} for judge
 * files) and writes the same datasets through {@link ParquetRows}: the rows are those a Spark job writes, in input
 * order. Memory stays bounded: at most two chunks of 1,024 per thread are in flight (256 of four instances per thread
 * where instances are searched, so that a hard one does not idle the other threads). Each young collection copies the
 * rows in flight: 400,000 2x2x2 positions paused 0.1 s in chunks of 1,024, 0.3 s in chunks of 8,192.
 */
final class InProcessSolve {
    /** What the run saw: records read, the histogram rows ({@link SolveTally#histogram}), error rows. */
    record Outcome(long read, SolveTally.Counts counts, long errorRows) {
        List<Row> histogram() {
            return counts.histogram();
        }
    }

    /** Makes a chunk's solving function with the chunk's own tally (a tally is one thread's). */
    interface Solving<T> {
        Iterator<Row> solve(Iterator<T> chunk, SolveTally tally);
    }

    private final Configuration conf;
    private final AtomicOutput out;
    private final int threads;
    private final int chunkSize;
    /**
     * Chunks submitted and not yet written: rows are written in input order, so this is how far the workers may run
     * ahead of a slow chunk.
     */
    private final int window;

    private final long progressSeconds;

    /**
     * @param costVaries whether the puzzle is solved by a search per instance (its chunks are small, so that a hard
     *     instance holds back little else)
     * @param progressSeconds seconds between two progress lines ({@link SolveProgress})
     */
    InProcessSolve(Configuration conf, AtomicOutput out, boolean costVaries, long progressSeconds) {
        this.conf = conf;
        this.progressSeconds = progressSeconds;
        this.out = out;
        this.threads = Runtime.getRuntime().availableProcessors();
        this.chunkSize = costVaries ? 4 : 1024;
        // A search's instances differ in cost a hundredfold and more: with a short window one
        // hard instance at the head of the queue would leave the other threads idle until it
        // is done. 256 chunks of four are a few hundred kilobytes of rows.
        this.window = costVaries ? 256 * threads : 2 * threads;
    }

    /** Instances 0..count-1 drawn and solved by {@code solving} ({@link GeneratedSolvePartition}). */
    Outcome generated(long count, Solving<Long> solving) {
        return run(
                count,
                new Iterator<List<Long>>() {
                    private long next;

                    @Override
                    public boolean hasNext() {
                        return next < count;
                    }

                    @Override
                    public List<Long> next() {
                        int n = (int) Math.min(chunkSize, count - next);
                        List<Long> ids = new ArrayList<>(n);
                        for (int i = 0; i < n; i++) {
                            ids.add(next++);
                        }
                        return ids;
                    }
                },
                solving,
                null);
    }

    /** The records of text files, solved by {@code solving}; invalid ones become error rows through {@code errors}. */
    Outcome text(
            PuzzleHandle puzzle, List<Path> files, InputFormat format, Solving<Row> solving, ErrorPartition errors) {
        ArrayDeque<List<Row>> ready = new ArrayDeque<>();
        Iterator<List<Row>> chunks = new Iterator<>() {
            private int file = -1;
            private FileRecords current;

            @Override
            public boolean hasNext() {
                while (ready.isEmpty()) {
                    if (current != null && current.fill()) {
                        break;
                    }
                    if (current != null) { // done; its last chunk, if any, is queued now
                        current.close();
                        current = null;
                    } else if (++file == files.size()) {
                        return false;
                    } else {
                        current = new FileRecords(puzzle, file, files.get(file), format, ready);
                    }
                }
                return true;
            }

            @Override
            public List<Row> next() {
                return ready.poll();
            }
        };
        return run(-1, chunks, solving, errors);
    }

    /**
     * Solves chunk after chunk on the pool and writes their rows in order as they complete, with a progress line now
     * and then ({@code count}: the instances in all, or -1 where unknown).
     */
    private <T> Outcome run(long count, Iterator<List<T>> chunks, Solving<T> solving, ErrorPartition errorFunction) {
        SolveProgress progress = new SolveProgress(count, progressSeconds);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "solve-local");
            t.setDaemon(true);
            return t;
        });
        SolveTally total = new SolveTally();
        try (ParquetRows results = ParquetRows.open(conf, out.staged("results"), Schemas.RESULTS);
                ParquetRows errors = ParquetRows.open(conf, out.staged("errors"), Schemas.ERRORS)) {
            ArrayDeque<Future<Solved>> inFlight = new ArrayDeque<>();
            while (chunks.hasNext()) {
                List<T> chunk = chunks.next();
                if (inFlight.size() >= window) {
                    take(inFlight.poll(), results, errors, total);
                    progress.update(total.value());
                }
                inFlight.add(pool.submit(() -> solve(chunk, solving, errorFunction)));
            }
            while (!inFlight.isEmpty()) {
                take(inFlight.poll(), results, errors, total);
                progress.update(total.value());
            }
            return new Outcome(total.records(), total.value(), errors.rows());
        } finally {
            pool.shutdownNow();
        }
    }

    /** One chunk's rows and counts. */
    private record Solved(List<Row> results, List<Row> errors, SolveTally tally) {}

    private static <T> Solved solve(List<T> chunk, Solving<T> solving, ErrorPartition errorFunction) {
        SolveTally tally = new SolveTally();
        List<Row> results = drain(solving.solve(chunk.iterator(), tally), chunk.size());
        // As in the Spark job: the validation pass runs only where some record gave no result.
        @SuppressWarnings("unchecked")
        List<Row> errors = errorFunction == null || tally.records() == results.size() + tally.deferredCount()
                ? List.of()
                : drain(errorFunction.call((Iterator<Row>) chunk.iterator()), 16);
        return new Solved(results, errors, tally);
    }

    private static void take(Future<Solved> future, ParquetRows results, ParquetRows errors, SolveTally total) {
        Solved solved = ChunkedWork.result(future);
        solved.results.forEach(results::add);
        solved.errors.forEach(errors::add);
        total.merge(solved.tally);
    }

    /** The rest of {@code it}, in a list sized for {@code expected} (a chunk's rows: one a record at most). */
    private static <R> List<R> drain(Iterator<R> it, int expected) {
        List<R> all = new ArrayList<>(expected);
        it.forEachRemaining(all::add);
        return all;
    }

    /**
     * The records of one input file, chunk by chunk, streamed. CSV lines come from Hadoop's {@link LineReader} (the
     * reader of Spark's text splits, so line ends, byte-order marks and line numbers agree); judge files from the
     * kind's {@link JudgeRecords}, as in the Spark job.
     */
    private final class FileRecords {
        private final String source;
        private final InputStream in;
        private final LineReader lines;
        private final JudgeRecords judge;
        private final RecordSink sink;
        private final ArrayDeque<List<Row>> ready;
        private List<Row> chunk = new ArrayList<>(chunkSize);
        private int[] columns;
        private long lineNo;

        FileRecords(PuzzleHandle puzzle, int ordinal, Path file, InputFormat format, ArrayDeque<List<Row>> ready) {
            this.source = file.toString();
            this.ready = ready;
            this.sink = RecordSink.rows(puzzle.name(), ordinal, source, r -> {
                chunk.add(r);
                if (chunk.size() == chunkSize) {
                    ready.add(chunk);
                    chunk = new ArrayList<>(chunkSize);
                }
            });
            try {
                FileSystem fs = NioLocalFileSystem.of(file, conf);
                this.in = fs.open(file);
                this.lines = format == InputFormat.JUDGE ? null : new LineReader(in, 1 << 16);
                this.judge = format != InputFormat.JUDGE
                        ? null
                        : JudgeKind.records(
                                puzzle.kind(),
                                puzzle.puzzle(),
                                new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16));
            } catch (IOException e) {
                throw new RefusedException(file + ": cannot read (" + e.getMessage() + ")", e);
            }
        }

        /** Reads on until a chunk is ready; false when the file is done (its last chunk then queued). */
        boolean fill() {
            try {
                while (judge != null && ready.isEmpty()) {
                    if (!judge.next(sink)) {
                        break;
                    }
                }
            } catch (UncheckedIOException e) {
                throw new RefusedException(
                        source + ": cannot read (" + e.getCause().getMessage() + ")", e);
            }
            Text text = new Text();
            try {
                while (lines != null && ready.isEmpty()) {
                    if (lines.readLine(text) == 0) {
                        break;
                    }
                    // the JDK's decoder, as Spark's text reader (Text.toString's is a third of a microsecond slower)
                    String line = new String(text.getBytes(), 0, text.getLength(), StandardCharsets.UTF_8);
                    lineNo++;
                    if (lineNo == 1) {
                        columns = CsvRecords.header(line, source);
                        if (columns != null) {
                            continue;
                        }
                        line = CsvRecords.stripBom(line);
                    }
                    CsvRecords.record(lineNo, line, columns, sink);
                }
            } catch (IOException e) {
                throw new RefusedException(source + ": cannot read (" + e.getMessage() + ")", e);
            }
            if (!ready.isEmpty()) {
                return true;
            }
            if (!chunk.isEmpty()) {
                ready.add(chunk);
                chunk = new ArrayList<>(chunkSize);
            }
            return false;
        }

        void close() {
            try {
                in.close();
            } catch (IOException e) {
                // read to the end already
            }
        }
    }
}
