package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every puzzle of a data set answered: the incumbent (a submission, possibly none) replayed row by row, the puzzles of
 * the searched types searched for an optimal solution ({@link GoalBfs}), and for each the shorter of the two kept. An
 * incumbent row that misses its goal is refused ({@link SantaFormatException} naming the file and the id) unless the
 * search replaces it; a type that is not searched cannot replace one, so that is refused before any search. Every row
 * kept is replayed to its goal before it is handed out.
 */
public final class SantaSolver {
    private SantaSolver() {}

    /**
     * The rows of {@code data}'s puzzles, in file order.
     *
     * @param incumbentFile the incumbent's name for refusals
     * @param incumbent move indices by id ({@link SubmissionReader}); ids it lacks have no incumbent
     * @param searched whether a type's puzzles are searched
     */
    public static List<RowResult> solve(
            SantaData data,
            String incumbentFile,
            Map<Integer, int[]> incumbent,
            Predicate<String> searched,
            SearchBudget budget) {
        Map<Integer, Replay> misses = new LinkedHashMap<>();
        for (Map.Entry<Integer, int[]> row : incumbent.entrySet()) {
            SantaPuzzle puzzle = data.puzzles().get(row.getKey());
            Replay replay = Replayer.replay(puzzle, row.getValue());
            if (!replay.solved()) {
                misses.put(puzzle.id(), replay);
                if (!searched.test(puzzle.type().name())) {
                    throw miss(incumbentFile, puzzle, replay);
                }
            }
        }
        List<RowResult> rows = new ArrayList<>();
        for (SantaPuzzle puzzle : data.puzzles().values()) {
            Replay replay = misses.get(puzzle.id());
            int[] kept = replay == null ? incumbent.get(puzzle.id()) : null;
            RowResult row = searched.test(puzzle.type().name()) ? searched(puzzle, kept, budget) : kept(puzzle, kept);
            if (row.status() == RowStatus.UNSOLVED && replay != null) {
                throw miss(incumbentFile, puzzle, replay);
            }
            if (row.moves() != null && !Replayer.replay(puzzle, row.moves()).solved()) {
                throw new IllegalStateException("id " + puzzle.id() + ": the row kept does not reach its goal");
            }
            rows.add(row);
        }
        return rows;
    }

    private static RowResult searched(SantaPuzzle puzzle, int[] incumbent, SearchBudget budget) {
        long started = System.nanoTime();
        SearchOutcome found = SantaSearch.search(puzzle, budget);
        long micros = (System.nanoTime() - started) / 1_000;
        if (found.solved()) {
            return new RowResult(puzzle, RowStatus.OPTIMAL, found.moves(), found.lowerBound(), found.nodes(), micros);
        }
        return new RowResult(
                puzzle,
                incumbent == null ? RowStatus.UNSOLVED : RowStatus.INCUMBENT,
                incumbent,
                found.lowerBound(),
                found.nodes(),
                micros);
    }

    private static RowResult kept(SantaPuzzle puzzle, int[] incumbent) {
        return new RowResult(puzzle, incumbent == null ? RowStatus.UNSOLVED : RowStatus.INCUMBENT, incumbent, 0, 0, 0);
    }

    private static SantaFormatException miss(String file, SantaPuzzle puzzle, Replay replay) {
        return new SantaFormatException(
                file,
                "id " + puzzle.id() + ": the moves do not reach the goal (" + replay.mismatches() + " stickers differ, "
                        + puzzle.goal().wildcards() + " wildcards allowed)");
    }
}
