package io.puzzleatlas.core.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PermutationsTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void rankAndUnrankAreInversesOverTheWholeSpace(int n) {
        long previous = -1;
        for (long r = 0; r < Permutations.factorial(n); r++) {
            long p = Permutations.unrank(r, n);
            assertEquals(r, Permutations.rank(p, n));
            // lexicographic order: each permutation is larger than the previous one read as digits
            long asDigits = 0;
            for (int i = 0; i < n; i++) {
                asDigits = asDigits * 16 + Permutations.get(p, i);
            }
            assertEquals(true, asDigits > previous, "lexicographic order at rank " + r);
            previous = asDigits;
        }
    }

    @Test
    void sixteenElementRanksRoundTrip() {
        SplittableRandom random = new SplittableRandom(7);
        for (int k = 0; k < 10_000; k++) {
            long r = random.nextLong(Permutations.factorial(16));
            assertEquals(r, Permutations.rank(Permutations.unrank(r, 16), 16));
        }
        assertEquals(Permutations.factorial(16) - 1, Permutations.rank(reverse(16), 16));
    }

    @Test
    void unrankWithParityPicksTheRankOrItsNeighbourOfThatParity() {
        SplittableRandom random = new SplittableRandom(3);
        for (int k = 0; k < 20_000; k++) {
            int n = 2 + random.nextInt(15);
            long r = random.nextLong(Permutations.factorial(n));
            int parity = random.nextInt(2);
            long p = Permutations.unrankWithParity(r, n, parity);
            assertEquals(parity, Permutations.parity(p, n));
            long even = r & ~1L;
            long expected = Permutations.parity(Permutations.unrank(even, n), n) == parity ? even : even + 1;
            assertEquals(expected, Permutations.rank(p, n), "n " + n + " rank " + r + " parity " + parity);
        }
    }

    private static long reverse(int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = n - 1 - i;
        }
        return Permutations.pack(v, n);
    }

    @Test
    void parityMatchesInversionCount() {
        SplittableRandom random = new SplittableRandom(11);
        for (int k = 0; k < 5_000; k++) {
            int n = 2 + random.nextInt(15);
            long p = Permutations.unrank(random.nextLong(Permutations.factorial(n)), n);
            int inversions = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (Permutations.get(p, i) > Permutations.get(p, j)) {
                        inversions++;
                    }
                }
            }
            assertEquals(inversions & 1, Permutations.parity(p, n));
        }
    }

    @Test
    void adjacentEvenAndOddRanksHaveOppositeParity() {
        for (long r = 0; r < Permutations.factorial(7); r += 2) {
            assertEquals(
                    1,
                    Permutations.parity(Permutations.unrank(r, 7), 7)
                            ^ Permutations.parity(Permutations.unrank(r + 1, 7), 7));
        }
    }
}
