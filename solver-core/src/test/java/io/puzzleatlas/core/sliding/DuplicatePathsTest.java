package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The duplicate-path automaton: its strings replayed on real boards, its matching, and the searches it prunes. */
@Tag("slow")
class DuplicatePathsTest {

    @Test
    void theShortestRefusedStringsAreTheReversalsAndTheHalvesOfTurnsRoundABlock() {
        DuplicatePaths seven = DuplicatePaths.upTo(7);
        assertEquals(
                List.of("du", "lr", "rl", "ud", "ldruld", "rdlurd", "uldrul", "urdlur", "dlurdlu", "druldru"),
                new ArrayList<>(seven.refusedStrings().keySet()));
        // three turns of the blank round a 2x2 block leave the board as it was: rdlurd + (druldr)^-1
        assertEquals("druldr", seven.refusedStrings().get("rdlurd"));
        assertEquals("", seven.refusedStrings().get("du"));
        assertEquals(
                List.of("du", "lr", "rl", "ud"),
                new ArrayList<>(DuplicatePaths.upTo(2).refusedStrings().keySet()));
        assertThrows(IllegalArgumentException.class, () -> DuplicatePaths.upTo(15));
    }

    /**
     * Every refused string of up to 13 moves (the default's and more), played on a 5x5 board from every cell where it
     * stays on the board: its duplicate stays on too, leaves the same board, and is shorter, or as long and earlier in
     * letter order. (From 13 moves on, some strings have a duplicate that leaves their bounding box; those are not
     * refused on its account.)
     */
    @Test
    void everyRefusedStringHasAnEarlierDuplicateOnARealBoard() {
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        int checked = 0;
        int applies = 0;
        for (Map.Entry<String, String> e :
                DuplicatePaths.upTo(13).refusedStrings().entrySet()) {
            String s = e.getKey();
            String t = e.getValue();
            assertTrue(t.length() < s.length() || (t.length() == s.length() && t.compareTo(s) < 0), s + " <- " + t);
            boolean somewhere = false;
            for (int blank = 0; blank < puzzle.cellCount(); blank++) {
                String board = boardWithBlankOn(puzzle, blank);
                String afterS = puzzle.wide().replay(board, s);
                if (afterS == null) {
                    continue;
                }
                String afterT = puzzle.wide().replay(board, t);
                assertNotNull(afterT, t + " leaves the board where " + s + " does not, from cell " + blank);
                assertEquals(afterS, afterT, s + " <- " + t + " from cell " + blank);
                somewhere = true;
                checked++;
            }
            if (somewhere) {
                applies++;
            }
        }
        // none of them spans more than five cells either way, so each is played somewhere
        assertEquals(DuplicatePaths.upTo(13).refusedStrings().size(), applies, checked + " starts");
    }

    @Test
    void theAutomatonRefusesExactlyThePathsContainingARefusedString() {
        DuplicatePaths paths = DuplicatePaths.standard();
        List<String> refused = new ArrayList<>(paths.refusedStrings().keySet());
        // every string of up to 7 moves, then random longer ones
        for (int length = 1; length <= 7; length++) {
            for (int code = 0; code < 1 << (2 * length); code++) {
                StringBuilder s = new StringBuilder();
                for (int i = length - 1; i >= 0; i--) {
                    s.append(SlidingPuzzle.LETTERS.charAt((code >> (2 * i)) & 3));
                }
                assertMatches(paths, refused, s.toString());
            }
        }
        SplittableRandom random = new SplittableRandom(7);
        int refusedWalks = 0;
        for (int i = 0; i < 20_000; i++) {
            // walks without reversals, so the longer refused strings are met too
            StringBuilder s = new StringBuilder();
            int previous = -1;
            for (int j = 0; j < 40; j++) {
                int m = random.nextInt(4);
                if (m == 3 - previous) {
                    m = 3 - m;
                }
                s.append(SlidingPuzzle.LETTERS.charAt(m));
                previous = m;
            }
            if (assertMatches(paths, refused, s.toString())) {
                refusedWalks++;
            }
        }
        assertTrue(refusedWalks > 1000 && refusedWalks < 20_000, refusedWalks + " of 20,000 walks refused");
    }

    /**
     * On 3,000 random boards of the 2x4 and of the 3x3, the searches with the default automaton and with the reversals
     * alone find the same strings, the pruned one generating no more states and fewer in all.
     */
    @Test
    void pruningKeepsTheSmallestOptimalStringsAndGeneratesFewerStates() {
        for (SlidingPuzzle puzzle : List.of(new SlidingPuzzle(2, 4), new SlidingPuzzle(3, 3))) {
            int goalBlank = puzzle.cellCount() - 1;
            SlidingIdaStar pruned = new SlidingIdaStar(puzzle, goalBlank, true);
            SlidingIdaStar reversalsOnly = new SlidingIdaStar(puzzle, goalBlank, true, DuplicatePaths.upTo(2));
            SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
            SplittableRandom random = new SplittableRandom(puzzle.cellCount());
            long prunedNodes = 0;
            long plainNodes = 0;
            for (int i = 0; i < 3000; i++) {
                long board = space.unrank(random.nextLong(space.size()));
                SolveResult a = pruned.solve(board, Budget.UNLIMITED);
                SolveResult b = reversalsOnly.solve(board, Budget.UNLIMITED);
                assertEquals(b.moves(), a.moves(), puzzle.format(board));
                assertTrue(a.nodes() <= b.nodes(), puzzle.format(board));
                prunedNodes += a.nodes();
                plainNodes += b.nodes();
            }
            assertTrue(prunedNodes < plainNodes, prunedNodes + " against " + plainNodes);
        }
    }

    private static boolean assertMatches(DuplicatePaths paths, List<String> refused, String s) {
        boolean contains = refused.stream().anyMatch(s::contains);
        assertEquals(contains, paths.walk(s) == DuplicatePaths.REFUSED, s);
        return contains;
    }

    /** Tiles 1..24 in order on every cell but {@code blank}, as text. */
    private static String boardWithBlankOn(SlidingPuzzle puzzle, int blank) {
        byte[] board = new byte[puzzle.cellCount()];
        int tile = 1;
        for (int c = 0; c < board.length; c++) {
            board[c] = c == blank ? 0 : (byte) tile++;
        }
        return SlidingTiles.format(board);
    }
}
