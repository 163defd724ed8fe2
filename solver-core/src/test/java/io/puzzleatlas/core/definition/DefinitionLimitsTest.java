package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.kind.TooLargeException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Valid files too large for the heap are refused in one line before the heap runs out: a powers metric of long cycles
 * (counted before any power is made) and a group whose stabiliser chain outgrows half the heap. A small heap is passed
 * through the constructors' seams; the shipped files' group orders are unchanged under it.
 */
class DefinitionLimitsTest {
    private static final long MIB = 1L << 20;

    /** {@code count} cyclic shifts of {@code n} points by 1, 3, 5 ... (each one n-cycle when n is a power of two). */
    private static Definition shifts(int n, int count) {
        List<String> names = new ArrayList<>();
        List<int[]> perms = new ArrayList<>();
        for (int j = 0; j < count; j++) {
            int[] p = new int[n];
            for (int i = 0; i < n; i++) {
                p[i] = (i + 2 * j + 1) % n;
            }
            names.add("S" + (2 * j + 1));
            perms.add(p);
        }
        return DefinitionExamples.json("shifts", names, perms);
    }

    /** 20 moves of order 4,096 on 4,096 slots: 81,900 powers, refused at once; their generators are kept. */
    @Test
    void powersPastHalfTheHeapAreRefusedBeforeOneIsMade() {
        Definition d = shifts(4096, 20);
        assertEquals(
                "shifts.json:1: the powers metric makes 81,900 moves of 4,096 slots (move S1 alone 4,095): about 3.8 "
                        + "GiB of move arrays, more than half of this JVM's 1.0 GiB heap; use --metric generators or "
                        + "give it more (java -Xmx...)",
                assertThrows(DefinitionException.class, () -> new MoveSet(d, Metric.POWERS, 1L << 30))
                        .getMessage());
        assertEquals(40, new MoveSet(d, Metric.GENERATORS, 1L << 30).count());
    }

    /** The symmetric group on 1,500 points (about 13 GB of explicit representatives) against a 64 MiB heap. */
    @Test
    void aGroupWhoseChainOutgrowsHalfTheHeapIsRefused() {
        Definition d = DefinitionExamples.lrx(1500);
        MoveSet moves = new MoveSet(d, Metric.GENERATORS);
        String m = assertThrows(DefinitionException.class, () -> new DefinitionGroup(moves, 64 * MIB))
                .getMessage();
        assertTrue(
                m.startsWith("lrx1500.json: the group of its moves is too large to compute: a stabiliser chain on "
                        + "1,500 points ("),
                m);
        assertTrue(
                m.endsWith("levels so far) needs more than 32 MiB of heap, half of this JVM's 64 MiB (explicit coset "
                        + "representatives: about 4 n^3 bytes for all permutations of n points); give it more "
                        + "(java -Xmx...)"),
                m);
    }

    @Test
    void aChainIsRefusedAsItGrowsAndUnchangedWithinItsBudget() {
        int n = 200;
        int[] shift = new int[n];
        for (int i = 0; i < n; i++) {
            shift[i] = (i + 1) % n;
        }
        int[] swap = DefinitionGroupOrderTest.cycles(n, new int[] {1, 2});
        assertThrows(TooLargeException.class, () -> new SchreierSims(n, List.of(shift, swap), 4 * MIB));
        BigInteger factorial = BigInteger.ONE;
        for (int i = 2; i <= 12; i++) {
            factorial = factorial.multiply(BigInteger.valueOf(i));
        }
        int[] shift12 = DefinitionGroupOrderTest.cycles(12, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        int[] swap12 = DefinitionGroupOrderTest.cycles(12, new int[] {1, 2});
        assertEquals(factorial, new SchreierSims(12, List.of(shift12, swap12), MIB).order());
    }

    /** The shipped files' group orders (distinct pieces) with the chain held to 8 MiB of a 16 MiB heap. */
    @ParameterizedTest
    @CsvSource({
        "2x2x2.tws, 88179840",
        "pocket-cube.tws, 3674160",
        "3x3x3.tws, 43252003274489856000",
        "m12.json, 95040",
        "m24.json, 244823040",
        "lrx9.json, 362880",
        "pancake-8.json, 40320",
    })
    void shippedGroupOrdersAreUnchanged(String file, String order) {
        Definition d = DefinitionReader.read(DefinitionExamples.path(file));
        assertEquals(new BigInteger(order), new DefinitionGroup(new MoveSet(d, d.defaultMetric()), 16 * MIB).order());
    }
}
