package io.puzzleatlas.jobs.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.table.TwoBitLevel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * A level's tasks on a range file run again as Spark runs them again: a merge that finished, a merge cut off half-way,
 * an expansion asked of a range that has moved on. The file must end as one clean merge leaves it, with the same count
 * of new ranks, or the task must fail.
 */
class RangeFileRetryTest {
    private static final int LENGTH = 3 * (1 << TwoBitLevel.CHUNK_RANK_BITS) + 1234; // four chunks, the last short
    private static final int LEVEL = 5;

    @TempDir
    Path dir;

    /**
     * A range holding the frontier of {@link #LEVEL} (some ranks expanded, some in the frontier), and the level's
     * blocks.
     */
    private List<byte[]> prepare(String name) {
        RangeFile f = RangeFile.create(dir.resolve(name).toString(), LENGTH, LEVEL);
        Random random = new Random(7);
        for (int k = 0; k < 200_000; k++) {
            int r = random.nextInt(LENGTH);
            int w = r >>> 5;
            long word = f.words().get(w);
            if ((TwoBitLevel.unseenBits(word) & (1L << ((r & 31) << 1))) != 0) {
                int code = k % 3 == 0 ? TwoBitLevel.frontierCode(LEVEL) : TwoBitLevel.EXPANDED;
                f.words().put(w, word | TwoBitLevel.codeBits(1L << ((r & 31) << 1), code));
            }
        }
        f.flagAll(LEVEL, true);
        f.setPhase(RangeFile.Phase.EXPANDED);
        List<byte[]> blocks = new ArrayList<>();
        Random ranks = new Random(11);
        for (int b = 0; b < 6; b++) { // six senders, lists and bit sets
            RankBlock block = new RankBlock(LENGTH);
            int n = b % 2 == 0 ? 3_000 : 400_000;
            for (int k = 0; k < n; k++) {
                block.add(ranks.nextInt(LENGTH));
            }
            blocks.add(block.encode());
        }
        return blocks;
    }

    private static long merge(RangeHandle h, Iterator<byte[]> blocks) {
        Iterator<Tuple2<Integer, byte[]>> tuples = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return blocks.hasNext();
            }

            @Override
            public Tuple2<Integer, byte[]> next() {
                return new Tuple2<>(h.part(), blocks.next());
            }
        };
        return new LevelMerge(LEVEL)
                .call(List.of(new RangeGroup(0, List.of(h), "localhost")).iterator(), tuples)
                .next()[1];
    }

    private RangeHandle handle(String name) {
        return new RangeHandle(0, 0, LENGTH, dir.resolve(name).toString(), "localhost");
    }

    @Test
    void aMergeRunAgainAfterItFinishedChangesNothingAndCountsTheSame() throws IOException {
        List<byte[]> blocks = prepare("once");
        RangeHandle h = handle("once");
        long fresh = merge(h, blocks.iterator());
        assertTrue(fresh > 100_000, "the blocks found new ranks: " + fresh);
        byte[] after = Files.readAllBytes(Path.of(h.path()));
        assertEquals(fresh, merge(h, blocks.iterator()));
        assertArrayEquals(after, Files.readAllBytes(Path.of(h.path())));
        assertEquals(LEVEL + 1, h.open().level());
    }

    @Test
    void aMergeCutOffHalfWayAndRunAgainEndsAsOneCleanMerge() throws IOException {
        List<byte[]> blocks = prepare("clean");
        long fresh = merge(handle("clean"), blocks.iterator());
        byte[] clean = Files.readAllBytes(dir.resolve("clean"));

        prepare("cut");
        RangeHandle cut = handle("cut");
        Iterator<byte[]> dying = new Iterator<>() { // the executor dies after three blocks
                    private int given;

                    @Override
                    public boolean hasNext() {
                        return true;
                    }

                    @Override
                    public byte[] next() {
                        if (given == 3) {
                            throw new IllegalStateException("executor lost");
                        }
                        return blocks.get(given++);
                    }
                };
        assertThrows(IllegalStateException.class, () -> merge(cut, dying));
        assertEquals(RangeFile.Phase.MERGING, cut.open().phase(), "the cut-off merge is recorded");
        assertEquals(fresh, merge(cut, blocks.iterator()), "the count is taken again by a scan");
        assertArrayEquals(clean, Files.readAllBytes(Path.of(cut.path())));
    }

    @Test
    void anExpansionOfARangeThatMovedOnFails() {
        RangeFile f = RangeFile.create(dir.resolve("moved").toString(), 360, 3);
        f.setLevel(4);
        ExploreSpec spec = ExploreSpec.of(PuzzleHandle.resolve("sliding-2x3"), null);
        RangeHandle h = new RangeHandle(0, 0, 360, f.path(), "localhost");
        FrontierExpansion expand =
                new FrontierExpansion(spec, new RangeLayout(360, 1), new RangeHandle[] {h}, true, 3, null);
        StaleRangeException e = assertThrows(
                StaleRangeException.class,
                () -> expand.call(
                        List.of(new RangeGroup(0, List.of(h), "localhost")).iterator()));
        assertTrue(e.getMessage().contains("holds level 4"), e.getMessage());
        assertThrows(
                StaleRangeException.class,
                () -> RangeFile.open(dir.resolve("absent").toString(), 360));
    }

    /**
     * An expansion retires its frontier as it goes and its marks meet others' in the files: one that finished, or one
     * cut off half-way, is never run again on the range (the driver goes back to a checkpoint instead).
     */
    @Test
    void anExpansionIsNotRunTwice() throws Exception {
        ExploreSpec spec = ExploreSpec.of(PuzzleHandle.resolve("sliding-2x3"), null);
        RangeFile f = RangeFile.create(dir.resolve("twice").toString(), 360, 0);
        long goal = spec.space().rank(spec.space().goal());
        f.words().put((int) (goal >>> 5), (long) TwoBitLevel.frontierCode(0) << ((goal & 31) << 1));
        f.flagAll(0, true);
        RangeHandle h = new RangeHandle(0, 0, 360, f.path(), "localhost");
        RangeGroup group = new RangeGroup(0, List.of(h), "localhost");
        FrontierExpansion expand =
                new FrontierExpansion(spec, new RangeLayout(360, 1), new RangeHandle[] {h}, true, 0, null);
        long fresh = expand.direct().call(group);
        assertEquals(spec.ranker().neighbours(goal, new long[8]), fresh, "the goal's neighbours are the next level");
        assertEquals(1, f.level());
        assertThrows(StaleRangeException.class, () -> expand.direct().call(group), "a finished expansion");
        f.setLevel(0);
        f.setPhase(RangeFile.Phase.EXPANDING);
        StaleRangeException e =
                assertThrows(StaleRangeException.class, () -> expand.direct().call(group), "a cut-off expansion");
        assertTrue(e.getMessage().contains("expanding"), e.getMessage());
    }
}
