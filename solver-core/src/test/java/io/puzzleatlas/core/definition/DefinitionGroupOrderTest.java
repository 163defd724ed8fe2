package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Group orders by Schreier-Sims against published orders. */
class DefinitionGroupOrderTest {
    /** A permutation of 0..n-1 (images) from 1-based cycles. */
    static int[] cycles(int n, int[]... cycles) {
        int[] p = SchreierSims.identity(n);
        for (int[] c : cycles) {
            for (int i = 0; i < c.length; i++) {
                p[c[i] - 1] = c[(i + 1) % c.length] - 1;
            }
        }
        return p;
    }

    /** From 1-based one-line notation. */
    static int[] oneLine(int... images) {
        int[] p = new int[images.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = images[i] - 1;
        }
        return p;
    }

    // M12's standard generators of the ATLAS of Group Representations (v3, permrep M12G1-p12aB0):
    // (1,4)(3,10)(5,11)(6,12) and (1,8,9)(2,3,4)(5,12,11)(6,10,7); order 12*11*10*9*8 = 95,040
    static final int[] M12_A = cycles(12, new int[] {1, 4}, new int[] {3, 10}, new int[] {5, 11}, new int[] {6, 12});
    static final int[] M12_B =
            cycles(12, new int[] {1, 8, 9}, new int[] {2, 3, 4}, new int[] {5, 12, 11}, new int[] {6, 10, 7});
    // the 11-cycle and the involution of GAP's MathieuGroup(12) generate only PSL(2,11), of order 660
    static final int[] SHIFT_11 = cycles(12, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    static final int[] GAP_INVOLUTION = cycles(
            12, new int[] {1, 12}, new int[] {2, 11}, new int[] {3, 6}, new int[] {4, 8}, new int[] {5, 9}, new int[] {
                7, 10
            });
    // M24 from two generators in one-line notation (cl-permutation's examples/sporadic.lisp)
    static final int[] M24_A =
            oneLine(16, 7, 4, 17, 1, 6, 11, 23, 22, 10, 19, 2, 14, 5, 3, 8, 9, 18, 20, 24, 15, 21, 13, 12);
    static final int[] M24_B =
            oneLine(24, 21, 10, 22, 9, 23, 8, 7, 5, 3, 18, 20, 14, 13, 19, 17, 16, 11, 15, 12, 2, 4, 6, 1);

    @Test
    void mathieuGroups() {
        assertEquals(BigInteger.valueOf(95_040), new SchreierSims(12, List.of(M12_A, M12_B)).order());
        assertEquals(
                BigInteger.valueOf(660), new SchreierSims(12, List.of(SHIFT_11, GAP_INVOLUTION)).order(), "PSL(2,11)");
        assertEquals(
                BigInteger.valueOf(7_920),
                new SchreierSims(12, List.of(SHIFT_11, cycles(12, new int[] {3, 7, 11, 8}, new int[] {4, 10, 5, 6})))
                        .order(),
                "M11");
        assertEquals(BigInteger.valueOf(244_823_040), new SchreierSims(24, List.of(M24_A, M24_B)).order());
    }

    @Test
    void symmetricAndAlternatingGroups() {
        for (int n = 2; n <= 12; n++) {
            int[] shift = cycles(n, IntStream.rangeClosed(1, n).toArray());
            BigInteger factorial = BigInteger.ONE;
            for (int k = 2; k <= n; k++) {
                factorial = factorial.multiply(BigInteger.valueOf(k));
            }
            assertEquals(factorial, new SchreierSims(n, List.of(shift, cycles(n, new int[] {1, 2}))).order(), "S" + n);
            if (n >= 3) {
                int[] three = cycles(n, new int[] {1, 2, 3});
                int[] rest = n % 2 == 1
                        ? shift
                        : cycles(n, IntStream.rangeClosed(2, n).toArray());
                assertEquals(factorial.shiftRight(1), new SchreierSims(n, List.of(three, rest)).order(), "A" + n);
            }
        }
    }

    @Test
    void membership() {
        SchreierSims m12 = new SchreierSims(12, List.of(M12_A, M12_B));
        assertTrue(m12.contains(M12_A));
        assertFalse(m12.contains(cycles(12, new int[] {1, 2})), "a transposition is not in M12");
    }

    @Test
    void pocketCube() throws Exception {
        Definition cube = DefinitionReader.read(DefinitionExamples.path("2x2x2.tws"));
        assertEquals(BigInteger.valueOf(88_179_840), new DefinitionGroup(new MoveSet(cube, Metric.POWERS)).order());
        Definition urf = DefinitionExamples.only(cube, "U", "F", "R");
        assertEquals(BigInteger.valueOf(3_674_160), new DefinitionGroup(new MoveSet(urf, Metric.GENERATORS)).order());
    }
}
