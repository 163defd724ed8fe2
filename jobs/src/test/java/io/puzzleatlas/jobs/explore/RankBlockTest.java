package io.puzzleatlas.jobs.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.core.table.TwoBitWords;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Both encodings of a block (deltas when sparse, also from a bit set; the bit set when dense) mark exactly the unseen
 * offsets.
 */
class RankBlockTest {
    @ParameterizedTest(name = "{0} ranks, {1} offsets, code {2}")
    @CsvSource({
        "1000, 10, 1",
        "1000, 900, 2",
        "100003, 50, 2",
        "100003, 60000, 1",
        "2000000, 1500000, 2",
        "2000000, 30, 1",
        "65, 65, 1",
        "4096, 3000, 2",
        "2000000, 20000, 2",
        "2000000, 200000, 1",
        "2000000, 6000, 1"
    })
    void blocksMarkExactlyTheUnseenOffsets(int length, int offsets, int code) {
        Random random = new Random(length * 31L + offsets);
        long[] words = new long[(int) TwoBitLevel.words(length)];
        TwoBitWords codes = TwoBitWords.of(words);
        for (int i = 0; i < length; i++) { // a mix of every code already there
            int c = random.nextInt(4);
            if (c != 0) {
                codes.set(i, c);
            }
        }
        long[] expected = words.clone();
        RankBlock block = new RankBlock(length);
        TwoBitWords.Count fresh = new TwoBitWords.Count();
        TwoBitWords marks = TwoBitWords.of(expected);
        for (int k = 0; k < offsets; k++) {
            int offset = random.nextInt(length);
            block.add(offset);
            marks.mark(offset, code, fresh);
        }
        long[] actual = words.clone();
        boolean[] chunks = new boolean[TwoBitLevel.chunks(words.length)];
        assertEquals(fresh.count(), RankBlock.markInto(block.encode(), TwoBitWords.of(actual), code, chunks));
        assertArrayEquals(expected, actual);
        for (int c = 0; c < chunks.length; c++) { // a chunk is flagged exactly when it got a new state
            boolean changed = false;
            for (int w = c * TwoBitLevel.CHUNK_WORDS;
                    w < Math.min(words.length, (c + 1) * TwoBitLevel.CHUNK_WORDS);
                    w++) {
                changed |= words[w] != actual[w];
            }
            assertEquals(changed, chunks[c], "chunk " + c);
        }
    }

    @ParameterizedTest(name = "{0} offsets below {1}")
    @CsvSource({
        "10, 100",
        "2047, 5000",
        "2048, 5000",
        "50000, 134217728",
        "70000, 2147483000",
        "100000, 2048",
        "3000, 2049"
    })
    void theRadixSortSortsAsAComparisonSortDoes(int n, int length) {
        Random random = new Random(n * 7L + length);
        int[] a = new int[n + 5];
        for (int i = 0; i < a.length; i++) {
            a[i] = random.nextInt(length);
        }
        int[] expected = a.clone();
        Arrays.sort(expected, 0, n);
        RankBlock.sort(a, n, length);
        assertArrayEquals(expected, a);
    }
}
