package io.puzzleatlas.core.atlas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.rotation.RotationCensus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The census engine against a brute-force count of every board of small rotation-game analogues. */
class MaskCensusTest {
    private static final int[][] IDENTITY_12 = {identity(12)};

    @Test
    void smallHashCensusEqualsBruteForce() {
        MaskPuzzle p = MaskPuzzle.smallHash();
        byte[] depth = p.depthTable();
        Brute brute = brute(12, depth);
        assertEquals(34_650, Arrays.stream(brute.histogram).sum()); // 12!/(4!4!4!)
        for (int[][] group : List.of(IDENTITY_12, MaskPuzzle.smallHashSymmetries())) {
            for (int cap : new int[] {MaskCensus.PART_CAP, 1}) {
                MaskCensus census = new MaskCensus(12, depth, group, cap);
                RotationCensus.Result r = runInParts(census, 3);
                assertArrayEquals(brute.histogram, r.histogram(), "group of " + group.length + ", cap " + cap);
                assertArrayEquals(brute.deepest, r.deepest());
            }
        }
    }

    @Test
    void symmetryShrinksTheWork() {
        MaskPuzzle p = MaskPuzzle.smallHash();
        byte[] depth = p.depthTable();
        assertEquals(495, new MaskCensus(12, depth, IDENTITY_12).unitCount());
        int units = new MaskCensus(12, depth, MaskPuzzle.smallHashSymmetries()).unitCount();
        assertTrue(units < 495 / 4, "units " + units);
    }

    @Test
    void fifteenCellsWithOverlappingLinesEqualsBruteForce() {
        int[][] lines = {{0, 1, 2, 3, 4, 5, 6}, {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, {0, 7, 14}};
        MaskPuzzle p = new MaskPuzzle(15, MaskPuzzle.lineMoves(15, lines), 0b11111 << 5);
        byte[] depth = p.depthTable();
        Brute brute = brute(15, depth);
        assertEquals(756_756, Arrays.stream(brute.histogram).sum()); // 15!/(5!5!5!)
        RotationCensus.Result r = runInParts(new MaskCensus(15, depth, new int[][] {identity(15)}), 7);
        assertArrayEquals(brute.histogram, r.histogram());
        assertArrayEquals(brute.deepest, r.deepest());
    }

    @Test
    void aFalseSymmetryIsRejected() {
        MaskPuzzle p = MaskPuzzle.smallHash();
        int[] swap = identity(12);
        swap[0] = 2;
        swap[2] = 0;
        assertThrows(
                IllegalArgumentException.class,
                () -> new MaskCensus(12, p.depthTable(), new int[][] {identity(12), swap}));
        int[] rotate = MaskPuzzle.smallHashSymmetries()[1];
        assertThrows(
                IllegalArgumentException.class, // not closed: the rotation's powers are missing
                () -> new MaskCensus(12, p.depthTable(), new int[][] {identity(12), rotate}));
    }

    static RotationCensus.Result runInParts(MaskCensus census, int parts) {
        List<CensusPart> list = new ArrayList<>();
        int units = census.unitCount();
        for (int i = 0; i < parts; i++) {
            list.add(census.census(units * i / parts, units * (i + 1) / parts));
        }
        return RotationCensus.finish(census, list);
    }

    record Brute(long[] histogram, long[] deepest) {}

    /** Every board: colour 1 on a k-subset, colour 2 on a k-subset of the rest; distance = min over colours. */
    static Brute brute(int cells, byte[] depth) {
        int k = cells / 3;
        long[] histogram = new long[64];
        List<long[]> byDepth = new ArrayList<>();
        int all = (1 << cells) - 1;
        for (int m1 = (1 << k) - 1; m1 <= all; m1 = MaskCensus.nextSubset(m1)) {
            for (int m2 = (1 << k) - 1; m2 <= all; m2 = MaskCensus.nextSubset(m2)) {
                if ((m1 & m2) != 0) {
                    continue;
                }
                int m3 = all & ~m1 & ~m2;
                int d = Math.min(
                        depth[(int) Combinations.rank(m1)],
                        Math.min(depth[(int) Combinations.rank(m2)], depth[(int) Combinations.rank(m3)]));
                histogram[d]++;
                long b = 0;
                for (int c = 0; c < cells; c++) {
                    b |= (long) ((m1 >>> c & 1) != 0 ? 1 : (m2 >>> c & 1) != 0 ? 2 : 3) << (c << 1);
                }
                byDepth.add(new long[] {d, b});
            }
        }
        int radius = 63;
        while (histogram[radius] == 0) {
            radius--;
        }
        final int r = radius;
        long[] deepest = byDepth.stream()
                .filter(x -> x[0] == r)
                .mapToLong(x -> x[1])
                .sorted()
                .toArray();
        return new Brute(Arrays.copyOf(histogram, radius + 1), deepest);
    }

    static int[] identity(int n) {
        int[] p = new int[n];
        Arrays.setAll(p, i -> i);
        return p;
    }
}
