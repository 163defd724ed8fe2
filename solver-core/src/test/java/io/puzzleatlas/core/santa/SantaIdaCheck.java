package io.puzzleatlas.core.santa;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Run by hand, not a test (tests never read the shared data): searches the puzzles of the given types with
 * {@link SantaSearch} and prints a line per puzzle (length, lower bound, the sample submission's length, nodes, time)
 * and the totals. {@code java -Xmx8g -cp solver-core/target/classes:solver-core/target/test-classes
 * io.puzzleatlas.core.santa.SantaIdaCheck ZIP TYPES MAX_MILLIS [FIRST_N [THREADS [TABLE_ENTRIES]]]}
 */
final class SantaIdaCheck {
    private SantaIdaCheck() {}

    public static void main(String[] args) throws Exception {
        Path zip = Path.of(args[0]);
        List<String> types = Arrays.asList(args[1].split(","));
        long millis = Long.parseLong(args[2]);
        int first = args.length > 3 ? Integer.parseInt(args[3]) : Integer.MAX_VALUE;
        int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        long entries = args.length > 5 ? Long.parseLong(args[5]) : SantaSearch.TABLE_ENTRIES;
        SantaData data = SantaData.load(zip);
        Map<Integer, int[]> sample = SubmissionReader.read(
                "sample_submission.csv", SantaData.text(zip, "sample_submission.csv"), data.puzzles());
        List<SantaPuzzle> chosen = new ArrayList<>();
        for (String type : types) {
            int n = 0;
            for (SantaPuzzle p : data.puzzles().values()) {
                if (p.type().name().equals(type) && n++ < first) {
                    chosen.add(p);
                }
            }
        }
        long started = System.nanoTime();
        for (SantaPuzzle p : chosen) { // tables first, one goal at a time, timed
            if (PatternHeuristic.stateSpace(p) > SantaSearch.BFS_STATES) {
                long t0 = System.nanoTime();
                long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                PatternHeuristic h = PatternHeuristic.of(p, entries);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                long cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0) / 1_000_000;
                if (ms > 50) {
                    System.out.printf(
                            "tables id %d %s k=%d: %d tables %s entries, built in %,d ms (cpu %,d ms)%n",
                            p.id(),
                            p.type().name(),
                            p.goal().wildcards(),
                            h.tables(),
                            Arrays.toString(h.entries()),
                            ms,
                            cpu);
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<String>> lines = new ArrayList<>();
        long[] totals = new long[6];
        for (SantaPuzzle p : chosen) {
            lines.add(pool.submit(() -> {
                long t0 = System.nanoTime();
                long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                SearchOutcome o = SantaSearch.search(p, new SearchBudget(Long.MAX_VALUE, millis), entries);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                long cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0) / 1_000_000;
                int inc = sample.get(p.id()).length;
                if (o.solved() && !Replayer.replay(p, o.moves()).solved()) {
                    throw new IllegalStateException("id " + p.id() + " does not replay");
                }
                synchronized (totals) {
                    totals[0] += o.solved() ? 1 : 0;
                    totals[1] += o.solved() ? o.moves().length : 0;
                    totals[2] += o.solved() ? inc : 0;
                    totals[3] += o.nodes();
                    totals[4] += ms;
                    totals[5] += cpu;
                }
                return String.format(
                        "id %d %s k=%d %s len %s lb %d sample %d nodes %,d ms %,d cpu ms %,d (%,.0f nodes/cpu s)",
                        p.id(),
                        p.type().name(),
                        p.goal().wildcards(),
                        o.solved() ? "OPTIMAL" : "open",
                        o.solved() ? Integer.toString(o.moves().length) : "-",
                        o.lowerBound(),
                        inc,
                        o.nodes(),
                        ms,
                        cpu,
                        o.nodes() * 1000.0 / Math.max(1, cpu));
            }));
        }
        for (Future<String> f : lines) {
            System.out.println(f.get());
        }
        pool.shutdown();
        System.out.printf(
                "proven %d of %d, total %d (sample %d), nodes %,d, %,d ms (cpu %,d: %,.0f nodes/cpu s), wall %,d ms%n",
                totals[0],
                chosen.size(),
                totals[1],
                totals[2],
                totals[3],
                totals[4],
                totals[5],
                totals[3] * 1000.0 / Math.max(1, totals[5]),
                (System.nanoTime() - started) / 1_000_000);
    }
}
