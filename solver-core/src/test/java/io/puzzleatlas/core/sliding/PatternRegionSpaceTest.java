package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import java.util.Arrays;
import java.util.function.LongToIntFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The region space searched level by level gives the same database as the pattern builder. */
@Tag("slow")
class PatternRegionSpaceTest {

    @ParameterizedTest
    @CsvSource({"3,3,8,'1,2,3,4'", "3,3,4,'5,6,7,8'", "2,4,7,'1,2,3'", "3,3,0,'1,2,3,4,5'"})
    void levelByLevelSearchEqualsThePatternBuilder(int rows, int cols, int goalBlank, String tileList) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        int[] tiles =
                Arrays.stream(tileList.split(",")).mapToInt(Integer::parseInt).toArray();
        PatternRegionSpace space = new PatternRegionSpace(p, goalBlank, tiles);
        DistanceTable t = BreadthFirstTableBuilder.build(space);
        PatternDatabaseBuilder builder = new PatternDatabaseBuilder(p, goalBlank, tiles, 1);
        PatternDatabase expected = builder.build();
        PatternDatabase viaRegions =
                builder.encodeLevels(levelsFromDistances(space.placements(), space.slots(), t::get));
        assertEquals(expected.entries(), viaRegions.entries());
        for (int r = 0; r < expected.entries(); r++) {
            assertEquals(expected.excess(r), viaRegions.excess(r), "placement " + r);
        }
    }

    /**
     * The two-bit engine over the region space, as the builder runs it for patterns above the int index, gives every
     * entry of the region-aware builder, on one thread and two.
     */
    @ParameterizedTest
    @CsvSource({
        "3,3,8,'1,2,3,4'",
        "3,3,0,'1,2,3,4,5'",
        "2,4,7,'1,2,3'",
        "3,4,11,'1,2,3,4,5'",
        "4,4,15,'1,2,3,4,5,6'",
        "5,5,0,'1,2,5,6'",
        "4,5,0,'7,8,12,13'"
    })
    void twoBitEngineOverRegionsEqualsThePatternBuilder(int rows, int cols, int goalBlank, String tileList) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        int[] tiles =
                Arrays.stream(tileList.split(",")).mapToInt(Integer::parseInt).toArray();
        PatternDatabase expected = new PatternDatabaseBuilder(p, goalBlank, tiles, 1).build();
        for (int threads : new int[] {1, 2}) {
            PatternDatabase viaEngine = new PatternDatabaseBuilder(p, goalBlank, tiles, threads).buildByRegionStates();
            for (int r = 0; r < expected.entries(); r++) {
                assertEquals(expected.excess(r), viaEngine.excess(r), "placement " + r + ", " + threads + " threads");
            }
        }
    }

    /**
     * Database levels from distances over a PatternRegionSpace: {@code levels[p]} is one plus the least distance of
     * placement {@code p}'s regions, 0 when none was reached (the encoding {@link PatternDatabaseBuilder#encodeLevels}
     * takes).
     */
    private static byte[] levelsFromDistances(long placements, int slots, LongToIntFunction distance) {
        byte[] levels = new byte[Math.toIntExact(placements)];
        for (int p = 0; p < levels.length; p++) {
            int best = Integer.MAX_VALUE;
            for (int c = 0; c < slots; c++) {
                int d = distance.applyAsInt((long) p * slots + c);
                if (d >= 0 && d < best) {
                    best = d;
                }
            }
            levels[p] = best == Integer.MAX_VALUE ? 0 : (byte) (best + 1);
        }
        return levels;
    }
}
