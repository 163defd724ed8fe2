package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The codec gives the same words and the same new-state counts over a {@code long[]} and over a byte buffer (a range
 * file's words), and both equal a plain model of one code per entry; markers racing on one word count each entry once.
 */
class TwoBitWordsTest {
    private static final int WORDS = 40;
    private static final int ENTRIES = WORDS * 32;

    @Test
    void bothStoresMarkAndCountAlikeAndAsAModel() {
        long[] array = new long[WORDS];
        ByteBuffer bytes = ByteBuffer.allocateDirect(WORDS * 8).order(ByteOrder.LITTLE_ENDIAN);
        TwoBitWords a = TwoBitWords.of(array);
        TwoBitWords b = TwoBitWords.of(bytes);
        int[] model = new int[ENTRIES];
        TwoBitWords.Count countA = new TwoBitWords.Count();
        TwoBitWords.Count countB = new TwoBitWords.Count();
        long modelCount = 0;
        Random random = new Random(48);
        for (int step = 0; step < 20_000; step++) {
            int code = 1 + random.nextInt(2);
            int rank = random.nextInt(ENTRIES);
            int word = rank >>> 5;
            switch (random.nextInt(5)) {
                case 0 -> { // one entry, plainly
                    boolean changed = a.mark(rank, code, countA);
                    assertEquals(changed, b.mark(rank, code, countB));
                    assertEquals(model[rank] == 0, changed, "plain mark of " + rank);
                    if (changed) {
                        model[rank] = code;
                        modelCount++;
                    }
                }
                case 1 -> { // one entry, by compare-and-set
                    int changed = a.markShared(rank, code, countA) & 1;
                    assertEquals(changed, b.markShared(rank, code, countB) & 1);
                    assertEquals(model[rank] == 0 ? 1 : 0, changed, "shared mark of " + rank);
                    if (changed == 1) {
                        model[rank] = code;
                        modelCount++;
                    }
                }
                case 2 -> { // a word's entries, by an OR (atomic or plain)
                    long lowBits = random.nextLong() & 0x5555_5555_5555_5555L;
                    boolean shared = random.nextBoolean();
                    long fresh = a.markWord(word, lowBits, code, shared, countA);
                    assertEquals(fresh, b.markWord(word, lowBits, code, shared, countB));
                    for (int e = 0; e < 32; e++) {
                        boolean wanted = (lowBits >>> (2 * e) & 1) != 0;
                        int r = word * 32 + e;
                        assertEquals(wanted && model[r] == 0, (fresh >>> (2 * e) & 1) != 0, "word mark of " + r);
                        if (wanted && model[r] == 0) {
                            model[r] = code;
                            modelCount++;
                        }
                    }
                }
                case 3 -> { // retire the frontier of a level of this parity in one word
                    int level = code - 1; // frontier code 1: an even level, 2: an odd one
                    long hits = TwoBitLevel.frontierBits(a.word(word), level);
                    assertEquals(hits, TwoBitLevel.frontierBits(b.word(word), level));
                    boolean shared = random.nextBoolean();
                    a.retire(word, hits, level, shared);
                    b.retire(word, hits, level, shared);
                    for (int e = 0; e < 32; e++) {
                        if (model[word * 32 + e] == code) {
                            model[word * 32 + e] = TwoBitLevel.EXPANDED;
                        }
                    }
                }
                default -> { // a read of an entry
                    assertEquals(model[rank], a.code(rank));
                    assertEquals(model[rank], b.code(rank));
                    assertEquals(model[rank] == 0 ? 1 : 0, a.unseen(rank));
                    assertEquals(model[rank] == 0 ? 1 : 0, b.unseen(rank));
                }
            }
            assertEquals(modelCount, countA.count(), "count after step " + step);
            assertEquals(modelCount, countB.count(), "count after step " + step);
        }
        for (int i = 0; i < WORDS; i++) {
            assertEquals(array[i], bytes.getLong(i * 8), "word " + i);
            assertEquals(a.word(i), b.word(i));
        }
        for (int code = 0; code < 4; code++) {
            long inModel = 0;
            for (int c : model) {
                inModel += c == code ? 1 : 0;
            }
            assertEquals(inModel, a.count(0, WORDS, code), "entries of code " + code);
            assertEquals(inModel, b.count(0, WORDS, code), "entries of code " + code);
        }
    }

    @Test
    void twoThreadsRacingOnOneWordCountEachEntryOnce() throws Exception {
        for (int round = 0; round < 200; round++) {
            long[] array = new long[2];
            ByteBuffer bytes = ByteBuffer.allocateDirect(16).order(ByteOrder.LITTLE_ENDIAN);
            for (TwoBitWords words : new TwoBitWords[] {TwoBitWords.of(array), TwoBitWords.of(bytes)}) {
                long[] counts = race(words, round);
                assertEquals(32, counts[0] + counts[1], "round " + round + ": new states counted by the two threads");
                assertEquals(0xAAAA_AAAA_AAAA_AAAAL, words.word(1), "every entry of the word marked with code 2");
                assertEquals(0, words.word(0), "the other word untouched");
            }
            assertEquals(array[1], bytes.getLong(8));
        }
    }

    /**
     * Two threads mark all 32 entries of word 1 with code 2, at once: one entry by entry by compare-and-set (from the
     * top), the other by atomic ORs of a few entries (from the bottom). Returns what each counted.
     */
    private static long[] race(TwoBitWords words, int round) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        TwoBitWords.Count byEntry = new TwoBitWords.Count();
        TwoBitWords.Count byWord = new TwoBitWords.Count();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread one = new Thread(() -> {
            await(go, failed);
            for (int e = 31; e >= 0; e--) {
                words.markShared(32 + e, 2, byEntry);
            }
        });
        Thread other = new Thread(() -> {
            await(go, failed);
            int step = 1 + round % 5;
            for (int e = 0; e < 32; e += step) {
                long lowBits = 0;
                for (int k = e; k < Math.min(32, e + step); k++) {
                    lowBits |= 1L << (2 * k);
                }
                words.markWord(1, lowBits, 2, true, byWord);
            }
        });
        one.start();
        other.start();
        go.countDown();
        one.join();
        other.join();
        assertEquals(null, failed.get());
        return new long[] {byEntry.count(), byWord.count()};
    }

    private static void await(CountDownLatch go, AtomicReference<Throwable> failed) {
        try {
            go.await();
        } catch (InterruptedException e) {
            failed.set(e);
        }
    }
}
