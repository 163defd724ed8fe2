package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.LongList;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.core.table.TwoBitWords;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.spark.OwnSettings;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.Utils;
import scala.Tuple2;
import scala.collection.JavaConverters;
import scala.collection.Seq;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The driver's view of a search's range files ({@link RangeFile}): one per rank range, on the local disk of the
 * executor that made it (its first Spark local directory, under {@code puzzle-atlas-ranges-RUN/}), and the RDD of their
 * {@link RangeGroup}s, one partition per group, each asking to run on its files' host. Files are made from the driver's
 * first levels or from a checkpoint, and dropped at the end; a cluster manager also removes them with the application's
 * local directories (in {@code local-cluster} mode the workers live in the driver: a killed driver leaves them in the
 * temporary directory).
 */
final class RangeStore {
    private final JavaSparkContext jsc;
    private final RangeLayout layout;
    private final int groups;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private int generation;
    private JavaRDD<RangeGroup> rdd;
    private JavaRDD<RangeGroup> slotRdd;
    private RangeHandle[] handles;
    /** Where the groups go, from the check of the executors; null: wherever their tasks run. */
    private RangePlacement placement;

    RangeStore(JavaSparkContext jsc, RangeLayout layout) {
        this.jsc = jsc;
        this.layout = layout;
        this.groups = RangeGroup.groups(layout.parts(), jsc.sc().defaultParallelism());
    }

    int groups() {
        return groups;
    }

    RangeLayout layout() {
        return layout;
    }

    /** Makes the range files of every later seed or load where {@code placement} says ({@link ExecutorCheck}). */
    void place(RangePlacement placement) {
        this.placement = placement;
    }

    /** The host of each group's range files as made, comma-separated, in group order (range g is in group g). */
    String groupHosts() {
        return Arrays.stream(handles, 0, groups).map(RangeHandle::host).collect(Collectors.joining(","));
    }

    /** Bytes of the range files of group {@code g} of {@code groups}. */
    static long groupBytes(RangeLayout layout, int g, int groups) {
        long bytes = 0;
        for (int p = g; p < layout.parts(); p += groups) {
            bytes += RangeFile.HEADER_BYTES + TwoBitLevel.words(layout.length(p)) * 8;
        }
        return bytes;
    }

    /** The groups of ranges, one partition per group, each preferring its files' host. */
    JavaRDD<RangeGroup> groupsRdd() {
        return rdd;
    }

    /**
     * The ranges in {@code slots} groups (range p in group p mod slots), for a stage whose tasks all run at once
     * ({@link LevelBatch}): only where every range is on one host, so that any task may serve any group.
     */
    JavaRDD<RangeGroup> slotGroupsRdd(int slots) {
        if (slotRdd == null || slotRdd.getNumPartitions() != Math.min(slots, layout.parts())) {
            int n = Math.min(slots, layout.parts());
            List<RangeGroup> made = new ArrayList<>();
            for (int g = 0; g < n; g++) {
                List<RangeHandle> ranges = new ArrayList<>();
                for (int p = g; p < layout.parts(); p += n) {
                    ranges.add(handles[p]);
                }
                made.add(new RangeGroup(g, ranges, handles[0].host()));
            }
            slotRdd = jsc.parallelize(made, n);
        }
        return slotRdd;
    }

    /** Every range, by part: where its file is. */
    RangeHandle[] handles() {
        return handles;
    }

    /** Whether every range file is on one host (local mode, or a cluster of one machine). */
    boolean oneHost() {
        return Arrays.stream(handles).map(RangeHandle::host).distinct().count() == 1;
    }

    /**
     * New range files holding the driver's first levels: the last one, L, as the frontier of level L, every earlier one
     * expanded. Each task gets its range's ranks only.
     */
    void seed(List<long[]> levels) {
        int last = levels.size() - 1;
        // [part][0]: the expanded ranks, [part][1]: the frontier's; one pass over the levels
        LongList[][] lists = new LongList[layout.parts()][2];
        for (LongList[] part : lists) {
            part[0] = new LongList();
            part[1] = new LongList();
        }
        for (int d = 0; d <= last; d++) {
            for (long r : levels.get(d)) {
                lists[layout.owner(r)][d == last ? 1 : 0].add(r);
            }
        }
        long[][][] byPart = new long[layout.parts()][][];
        for (int p = 0; p < layout.parts(); p++) {
            byPart[p] = new long[][] {lists[p][0].toArray(), lists[p][1].toArray()};
        }
        // broadcast, not captured: each task takes its own range's ranks from it
        Broadcast<long[][][]> seeds = jsc.broadcast(byPart);
        RangeLayout l = layout;
        generation++;
        String dirName = dirName();
        make((root, part) -> {
            RangeHandle h = here(root, dirName, l, part);
            RangeFile f = RangeFile.create(h.path(), h.length(), last);
            long[][] seed = seeds.value()[part];
            long lo = h.lo();
            TwoBitWords words = f.codec();
            for (long r : seed[0]) {
                words.set(r - lo, TwoBitLevel.EXPANDED);
            }
            for (long r : seed[1]) {
                words.set(r - lo, TwoBitLevel.frontierCode(last));
                f.flag(last, (int) ((r - lo) >>> TwoBitLevel.CHUNK_RANK_BITS), true);
            }
            return h;
        });
        seeds.destroy();
    }

    /**
     * New range files read from a checkpoint's parts ({@code dir/part-NNNNN}) holding the frontier of {@code level}.
     */
    void load(HadoopConf conf, Path dir, int level) {
        RangeLayout l = layout;
        generation++;
        String dirName = dirName();
        String from = dir.toString();
        make((root, part) -> {
            RangeHandle h = here(root, dirName, l, part);
            RangeFile f = RangeFile.create(h.path(), h.length(), level);
            Path file = new Path(from, CheckpointChecksums.partName(part));
            readPart(NioLocalFileSystem.of(file, conf.get()), file, f);
            f.flagAll(level, true); // any chunk may hold the frontier
            return h;
        });
    }

    /** Writes every range's words to {@code dir/part-NNNNN}; returns {part, bytes, CRC32C} per range. */
    List<long[]> save(HadoopConf conf, Path dir, int level) {
        String to = dir.toString();
        return rdd.flatMap(g -> {
                    List<long[]> sums = new ArrayList<>();
                    for (RangeHandle h : g.ranges()) {
                        RangeFile f = h.open();
                        f.require(level, RangeFile.Phase.READY, "the checkpoint of level " + level);
                        Path file = new Path(to, CheckpointChecksums.partName(h.part()));
                        int crc = writePart(NioLocalFileSystem.of(file, conf.get()), file, f);
                        sums.add(new long[] {h.part(), (long) f.wordCount() * 8, crc & 0xFFFF_FFFFL});
                    }
                    return sums.iterator();
                })
                .collect();
    }

    /**
     * The first {@code cap} ranks of the frontier of {@code level}, ascending: the ranges are in rank order and each is
     * scanned in order, so each range sends at most {@code cap}.
     */
    long[] frontier(int level, int cap) {
        return inRankOrder(
                rdd.flatMap(g -> {
                            List<Tuple2<Integer, long[]>> out = new ArrayList<>();
                            long[] scratch = new long[TwoBitLevel.CHUNK_WORDS];
                            for (RangeHandle h : g.ranges()) {
                                RangeFile f = h.open();
                                LongList ranks = new LongList();
                                for (int c = 0; c < f.chunks() && ranks.size() < cap; c++) {
                                    if (f.flagged(level, c)) {
                                        int n = f.read(c, scratch);
                                        TwoBitLevel.forEachFrontier(
                                                scratch, 0, n, h.lo() + ((long) RangeFile.from(c) << 5), level, r -> {
                                                    if (ranks.size() < cap) {
                                                        ranks.add(r);
                                                    }
                                                });
                                    }
                                }
                                out.add(new Tuple2<>(h.part(), ranks.toArray()));
                            }
                            return out.iterator();
                        })
                        .collect(),
                cap);
    }

    /** The first {@code cap} ranks of the frontier the last expansion kept beside each range, ascending. */
    long[] lastFrontier(int cap) {
        return inRankOrder(
                rdd.flatMap(g -> {
                            List<Tuple2<Integer, long[]>> out = new ArrayList<>();
                            for (RangeHandle h : g.ranges()) {
                                out.add(new Tuple2<>(h.part(), RangeFile.readFrontier(h.path())));
                            }
                            return out.iterator();
                        })
                        .collect(),
                cap);
    }

    /** The first {@code cap} ranks of the ranges' lists, ranges in rank order. */
    private static long[] inRankOrder(List<Tuple2<Integer, long[]>> byRange, int cap) {
        return byRange.stream()
                .sorted((a, b) -> Integer.compare(a._1(), b._1()))
                .flatMapToLong(t -> Arrays.stream(t._2()))
                .limit(cap)
                .toArray();
    }

    /** Deletes every range file (where its host is still there); the store is empty after. */
    void drop() {
        if (rdd != null) {
            try {
                rdd.foreach(g -> g.ranges().forEach(h -> RangeFile.delete(h.path())));
            } catch (RuntimeException e) {
                // a lost host took its files with it; the cluster manager removes the rest with the application
            }
            rdd = null;
            slotRdd = null;
        }
    }

    /** Runs {@code maker} once per range, one task per group (a group's files on one host), and keeps the groups. */
    private void make(Function2<File, Integer, RangeHandle> maker) {
        drop();
        List<Integer> ids = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            ids.add(g);
        }
        int parts = layout.parts();
        int n = groups;
        RangeLayout l = layout;
        String dirName = dirName();
        RangePlacement placed = placement;
        List<RangeGroup> made = new ArrayList<>(locatedRdd(
                        jsc, ids, g -> placed == null ? List.of() : placed.preferred(g), Integer.class)
                .map(g -> {
                    File planned = placed == null
                            ? null
                            : placed.root(SparkEnv.get()
                                    .blockManager()
                                    .blockManagerId()
                                    .host());
                    File root = planned != null ? planned : rangeRoot(groupBytes(l, g, n));
                    RangeFile.deleteAbandoned(root, PREFIX, dirName);
                    List<RangeHandle> ranges = new ArrayList<>();
                    for (int p = g; p < parts; p += n) {
                        ranges.add(maker.call(root, p));
                    }
                    return new RangeGroup(
                            g,
                            ranges,
                            SparkEnv.get().blockManager().blockManagerId().host());
                })
                .collect());
        made.sort((a, b) -> Integer.compare(a.group(), b.group()));
        handles = new RangeHandle[parts];
        for (RangeGroup g : made) {
            for (RangeHandle h : g.ranges()) {
                handles[h.part()] = h;
            }
        }
        // local mode has one executor, the driver: no host to prefer
        boolean local = jsc.sc().isLocal();
        rdd = locatedRdd(jsc, made, g -> local ? List.of() : List.of(g.host()), RangeGroup.class);
    }

    /** One partition per item, each asking to run where {@code where} says (Spark location preferences). */
    static <T> JavaRDD<T> locatedRdd(
            JavaSparkContext jsc, List<T> items, Function<T, List<String>> where, Class<T> type) {
        List<Tuple2<T, Seq<String>>> located = new ArrayList<>();
        for (T item : items) {
            located.add(new Tuple2<>(
                    item, JavaConverters.asScalaBuffer(where.apply(item)).toSeq()));
        }
        ClassTag<T> tag = ClassTag$.MODULE$.apply(type);
        return new JavaRDD<>(
                jsc.sc().makeRDD(JavaConverters.asScalaBuffer(located).toSeq(), tag), tag);
    }

    private static final String PREFIX = "puzzle-atlas-ranges-";

    /**
     * The directory of this generation of range files: each seed or load makes new files under a new name, so no
     * executor can take a file it mapped before for the new one of the same range.
     */
    private String dirName() {
        return PREFIX + run + "-" + generation;
    }

    /** The handle of range {@code part} made on this executor, its file under {@code root}. */
    private static RangeHandle here(File root, String dirName, RangeLayout layout, int part) {
        File dir = new File(root, dirName);
        String path = new File(dir, String.format(Locale.ROOT, "part-%05d.2bit", part)).getAbsolutePath();
        return new RangeHandle(
                part,
                layout.lo(part),
                layout.length(part),
                path,
                SparkEnv.get().blockManager().blockManagerId().host());
    }

    /**
     * Where a group of {@code bytes} of range files goes on an executor whose host the check before the search did not
     * see ({@link ExecutorCheck} places the others by the same rule, for the whole host): the directory
     * {@value #RANGE_DIR} names; else a memory file system ({@code /dev/shm}) while the group fits in it with a quarter
     * of it left free, since files there are never written back to a disk, whose writeback of pages changed in place
     * (and the faults that follow it) costs more than the search; else the executor's first Spark local directory, a
     * disk, for spaces larger than memory.
     */
    static File rangeRoot(long bytes) {
        SparkEnv env = SparkEnv.get();
        String configured = env.conf().get(RANGE_DIR, null);
        if (configured != null) {
            return new File(configured);
        }
        File shm = ExecutorReport.SHM;
        if (shm.isDirectory() && shm.canWrite() && fitsInMemory(bytes, shm.getUsableSpace(), shm.getTotalSpace())) {
            return shm;
        }
        String[] dirs = Utils.getConfiguredLocalDirs(env.conf());
        return new File(dirs.length > 0 ? dirs[0] : System.getProperty("java.io.tmpdir"));
    }

    /**
     * Whether {@code bytes} of range files go to a memory file system of {@code free} of {@code total} bytes: with a
     * quarter of it left free.
     */
    static boolean fitsInMemory(long bytes, long free, long total) {
        return total > 0 && free - bytes >= total / 4;
    }

    /** The Spark setting that places the range files (a local directory on every executor's host). */
    static final String RANGE_DIR = OwnSettings.RANGE_DIR;

    /** Writes the words of {@code f} as a raw little-endian file ({@link WordFiles}); returns their CRC32C. */
    private static int writePart(FileSystem fs, Path file, RangeFile f) throws IOException {
        return WordFiles.write(fs, file, f.words(), 0, f.wordCount());
    }

    /** Reads a checkpoint part into {@code f}'s words (its length and CRC32C are checked before a resume). */
    private static void readPart(FileSystem fs, Path file, RangeFile f) throws IOException {
        WordFiles.read(fs, file, f.words());
    }
}
