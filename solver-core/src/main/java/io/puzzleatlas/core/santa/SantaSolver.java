package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every puzzle of a data set answered: the incumbent (a submission, possibly none) replayed row by row, the puzzles of
 * the searched types searched for an optimal solution ({@link SantaSearch}), and for each the shorter of the two kept.
 * An incumbent row that misses its goal is refused ({@link SantaFormatException} naming the file and the id) unless the
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
        Map<Integer, Replay> misses = misses(data, incumbentFile, incumbent, searched);
        List<RowResult> rows = new ArrayList<>();
        for (SantaPuzzle puzzle : data.puzzles().values()) {
            int[] kept = misses.containsKey(puzzle.id()) ? null : incumbent.get(puzzle.id());
            RowResult row = answer(puzzle, kept, searched.test(puzzle.type().name()), budget);
            checkAnswer(incumbentFile, row, misses.get(puzzle.id()));
            rows.add(row);
        }
        return rows;
    }

    /**
     * The incumbent's rows replayed: the ones that miss their goal, by id (a row that reaches it is kept as the
     * puzzle's incumbent); a miss whose type is not searched cannot be replaced, so it is refused here, before any
     * search ({@link SantaFormatException} naming the file and the id).
     */
    public static Map<Integer, Replay> misses(
            SantaData data, String incumbentFile, Map<Integer, int[]> incumbent, Predicate<String> searched) {
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
        return misses;
    }

    /**
     * One puzzle answered, the unit of work a job hands out: searched ({@code search}) within {@code budget}, the
     * incumbent row {@code kept} (one that reaches the goal, or null) shortened by {@link Peephole} when the search
     * proves nothing, and the shorter kept; the row is replayed to its goal before it is returned.
     */
    public static RowResult answer(SantaPuzzle puzzle, int[] kept, boolean search, SearchBudget budget) {
        RowResult row = search ? searched(puzzle, kept, budget) : kept(puzzle, kept);
        if (row.moves() != null && !Replayer.replay(puzzle, row.moves()).solved()) {
            throw new IllegalStateException("id " + puzzle.id() + ": the row kept does not reach its goal");
        }
        return row;
    }

    /**
     * Refuses an answer that leaves a puzzle without a row when its incumbent row missed the goal ({@code miss}, null
     * when it did not).
     */
    public static void checkAnswer(String incumbentFile, RowResult row, Replay miss) {
        if (row.status() == RowStatus.UNSOLVED && miss != null) {
            throw miss(incumbentFile, row.puzzle(), miss);
        }
    }

    private static RowResult searched(SantaPuzzle puzzle, int[] incumbent, SearchBudget budget) {
        long started = System.nanoTime();
        SearchOutcome found = SantaSearch.search(puzzle, budget);
        long micros = (System.nanoTime() - started) / 1_000;
        if (found.solved()) {
            return new RowResult(puzzle, RowStatus.OPTIMAL, found.moves(), found.lowerBound(), found.nodes(), micros);
        }
        if (incumbent != null && incumbent.length > found.lowerBound()) {
            // nothing proven: the incumbent shortened locally, with a budget of its own
            Peephole.Outcome better = Peephole.improve(puzzle, incumbent, budget);
            micros = (System.nanoTime() - started) / 1_000;
            long nodes = found.nodes() + better.nodes();
            if (better.moves().length < incumbent.length) {
                RowStatus status = better.moves().length == found.lowerBound() ? RowStatus.OPTIMAL : RowStatus.IMPROVED;
                return new RowResult(puzzle, status, better.moves(), found.lowerBound(), nodes, micros);
            }
            return new RowResult(puzzle, RowStatus.INCUMBENT, incumbent, found.lowerBound(), nodes, micros);
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
