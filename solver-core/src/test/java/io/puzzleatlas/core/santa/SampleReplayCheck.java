package io.puzzleatlas.core.santa;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Run by hand, not a test (tests never read the shared data): loads the competition's zip, replays every row of its
 * {@code sample_submission.csv} and prints per type the rows that reach their goal and the moves, then the totals.
 * {@code java -cp solver-core/target/classes:solver-core/target/test-classes
 * io.puzzleatlas.core.santa.SampleReplayCheck ../shared/santa-2023/santa-2023.zip}
 */
final class SampleReplayCheck {
    private SampleReplayCheck() {}

    public static void main(String[] args) {
        Path zip = Path.of(args.length > 0 ? args[0] : "../shared/santa-2023/santa-2023.zip");
        long start = System.nanoTime();
        SantaData data = SantaData.load(zip);
        Map<Integer, int[]> rows = SubmissionReader.read(
                "sample_submission.csv", SantaData.text(zip, "sample_submission.csv"), data.puzzles());
        long loaded = System.nanoTime();
        Map<String, long[]> byType = new TreeMap<>();
        long solved = 0;
        long moves = 0;
        for (Map.Entry<Integer, int[]> row : rows.entrySet()) {
            SantaPuzzle puzzle = data.puzzles().get(row.getKey());
            Replay r = Replayer.replay(puzzle, row.getValue());
            long[] t = byType.computeIfAbsent(puzzle.type().name(), k -> new long[3]);
            t[0]++;
            t[1] += r.solved() ? 1 : 0;
            t[2] += r.moves();
            solved += r.solved() ? 1 : 0;
            moves += r.moves();
        }
        long done = System.nanoTime();
        byType.forEach((type, t) -> System.out.printf(
                "%-14s n %,5d g %2d rows %3d solved %3d moves %,d%n",
                type, data.types().get(type).width(), data.types().get(type).generatorCount(), t[0], t[1], t[2]));
        data.types().values().forEach(SampleReplayCheck::printPieces);
        System.out.printf(
                "types %d puzzles %d rows %d solved %d moves %,d (load %d ms, replay %d ms)%n",
                data.types().size(),
                data.puzzles().size(),
                rows.size(),
                solved,
                moves,
                (loaded - start) / 1_000_000,
                (done - loaded) / 1_000_000);
    }

    /** The detected pieces of {@code type}: per orbit, its pieces times their stickers. */
    private static void printPieces(PuzzleType type) {
        long t0 = System.nanoTime();
        Pieces pieces = PieceDetector.detect(type);
        int[] count = new int[pieces.orbitCount()];
        int[] size = new int[pieces.orbitCount()];
        for (int p = 0; p < pieces.count(); p++) {
            count[pieces.orbitOf(p)]++;
            size[pieces.orbitOf(p)] = pieces.size(p);
        }
        StringBuilder line = new StringBuilder();
        for (int o = 0; o < count.length && o < 12; o++) {
            line.append(' ').append(count[o]).append('x').append(size[o]);
        }
        System.out.printf(
                "%-14s pieces %,d orbits %d:%s%s (%d ms)%n",
                type.name(),
                pieces.count(),
                pieces.orbitCount(),
                line,
                count.length > 12 ? " ..." : "",
                (System.nanoTime() - t0) / 1_000_000);
    }
}
