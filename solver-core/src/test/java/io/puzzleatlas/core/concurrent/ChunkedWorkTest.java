package io.puzzleatlas.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChunkedWorkTest {
    @ParameterizedTest
    @CsvSource({"10000, 2, 32, 2000", "1000000, 64, 32, 2000", "7, 4, 32, 2000", "100, 1, 1, 1", "5000, 3, 10, 10"})
    void guidedPiecesCoverTheItemsAndShrink(long count, int workers, long smallest, long largest) {
        long[] b = ChunkedWork.guidedBounds(count, workers, smallest, largest);
        assertEquals(0, b[0]);
        assertEquals(count, b[b.length - 1]);
        for (int i = 1; i < b.length; i++) {
            long piece = b[i] - b[i - 1];
            assertTrue(piece >= 1 && piece <= largest, "piece " + i + " holds " + piece);
            assertTrue(piece >= smallest || i == b.length - 1, "only the last piece is below the smallest");
            if (i > 1) {
                assertTrue(piece <= b[i - 1] - b[i - 2], "pieces never grow");
            }
        }
    }

    @Test
    void guidedPiecesOfTenThousandOnTwoWorkers() {
        // at most 2000, else a quarter of what is left, at least 32; the rest last
        assertArrayEquals(
                new long[] {
                    0, 2000, 4000, 5500, 6625, 7469, 8102, 8577, 8933, 9200, 9400, 9550, 9663, 9748, 9811, 9859, 9895,
                    9927, 9959, 9991, 10000
                },
                ChunkedWork.guidedBounds(10_000, 2, 32, 2000));
    }

    @Test
    void noItemsNoPieces() {
        assertArrayEquals(new long[] {0}, ChunkedWork.guidedBounds(0, 2, 32, 2000));
        assertThrows(IllegalArgumentException.class, () -> ChunkedWork.guidedBounds(10, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> ChunkedWork.guidedBounds(10, 2, 5, 4));
    }

    @Test
    void everyItemRunsOnceAndEachWorkerKeepsItsState() {
        ExecutorService pool = ChunkedWork.pool(3, "test");
        try {
            List<long[]> states = ChunkedWork.run(
                    pool,
                    3,
                    1000,
                    w -> new long[2],
                    (s, i) -> {
                        s[0] += i;
                        s[1]++;
                    },
                    "sum");
            assertEquals(3, states.size());
            assertEquals(999L * 1000 / 2, states.stream().mapToLong(s -> s[0]).sum());
            assertEquals(1000, states.stream().mapToLong(s -> s[1]).sum());
        } finally {
            pool.shutdownNow();
        }
    }
}
