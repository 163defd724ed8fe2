package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.io.AtomicFiles;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.core.table.TwoBitWords;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One rank range's two-bit codes ({@link TwoBitLevel}) in a memory-mapped file on the executor's local disk, changed in
 * place level by level: the codes live in the page cache, not in the executor's heap, so a range may be many times
 * larger than the heap, and a level touches only the pages it reads or marks (no copy of the range).
 *
 * <p>The file starts with a header of {@value #HEADER_BYTES} bytes: a magic number, the level whose frontier the range
 * holds, the {@link Phase} of that level's work on the range, the new states the last merge found, and two flag bytes
 * per chunk of {@link TwoBitLevel#CHUNK_WORDS} words (one set per level parity: the chunks that may hold that level's
 * frontier). The header makes a level's tasks safe to run again: a merge that finished returns its recorded count, one
 * that was cut off is finished and its count taken by a scan, and an expansion asked of a range that has moved on (or
 * whose expansion was begun before) fails ({@link StaleRangeException}), so the driver goes back to the last checkpoint
 * instead of computing a wrong level.
 *
 * <p>Mapped files are kept open once per JVM, by path. The executors of one host may map the same file: their marks
 * meet in the page cache, by the atomic operations of the words' codec ({@link #codec}, {@link TwoBitWords}); this
 * class keeps the file's own concerns (header, phase, level, chunk flags, preallocation, mapping, ownership).
 */
final class RangeFile {
    /** Header bytes before the words: a multiple of the page size. */
    static final int HEADER_BYTES = 16 << 10;

    private static final long MAGIC = 0x5041_5232_4249_5431L; // "PAR2BIT1"
    private static final int LEVEL = 8;
    private static final int PHASE = 16;
    private static final int FRESH = 24;
    private static final int FLAGS = 64;
    /** Chunks of the largest range (2^31 ranks): 2^31 / 2^19. */
    private static final int MAX_CHUNKS = 1 << 12;

    private static final ConcurrentHashMap<String, RangeFile> OPEN = new ConcurrentHashMap<>();
    /**
     * The name of the lock file every JVM using a directory of range files holds shared: a directory whose lock is free
     * is stale.
     */
    static final String OWNER = ".owner";

    private static final ConcurrentHashMap<String, FileLock> OWNED = new ConcurrentHashMap<>();

    private final String path;
    private final MappedByteBuffer header;
    private final LongBuffer words;
    /** The same words, read and marked by the two-bit codec. */
    private final TwoBitWords codec;

    private final int wordCount;
    private final int chunks;

    private RangeFile(String path, MappedByteBuffer map, int wordCount) {
        this.path = path;
        this.header = map;
        this.wordCount = wordCount;
        this.chunks = TwoBitLevel.chunks(wordCount);
        ByteBuffer wordBytes = map.slice(HEADER_BYTES, wordCount * 8).order(ByteOrder.LITTLE_ENDIAN);
        this.words = wordBytes.asLongBuffer();
        this.codec = TwoBitWords.of(wordBytes);
    }

    /**
     * Creates (or replaces) the file of a range of {@code length} ranks, every rank unseen, holding the frontier of
     * {@code level} (no chunk flagged), and keeps it open in this JVM.
     */
    static RangeFile create(String path, int length, int level) {
        int wordCount = (int) TwoBitLevel.words(length);
        if (TwoBitLevel.chunks(wordCount) > MAX_CHUNKS) {
            throw new IllegalArgumentException("a range holds at most 2^31 ranks: " + length);
        }
        OPEN.remove(path);
        Path file = Path.of(path);
        try {
            Files.createDirectories(file.getParent());
            own(file.getParent());
            Files.deleteIfExists(file);
            try (FileChannel ch = FileChannel.open(
                    file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                long bytes = HEADER_BYTES + (long) wordCount * 8;
                preallocate(ch, bytes, path);
                RangeFile f = new RangeFile(path, ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes), wordCount);
                f.header.putLong(0, MAGIC);
                f.setLevel(level);
                OPEN.put(path, f);
                return f;
            }
        } catch (IOException e) {
            boolean named = e instanceof FileSystemException f && f.getReason() != null;
            String reason = named ? ((FileSystemException) e).getReason() : e.getMessage();
            throw new UncheckedIOException("cannot create the range file " + path + ": " + reason, e);
        }
    }

    /**
     * Writes every byte of a new file of {@code bytes} zero bytes, so that its disk (or {@code /dev/shm}'s memory) is
     * taken now: a full device then fails here, at seeding, in one line naming the file, never later as a fault on a
     * page of the mapping (SIGBUS, an {@link InternalError} in the middle of a level), which a sparse file would give.
     */
    private static void preallocate(FileChannel ch, long bytes, String path) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect((int) Math.min(bytes, PREALLOCATE_BLOCK));
        try {
            for (long at = 0; at < bytes; ) {
                FaultSeam.diskFull("explore-seed");
                zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
                at += ch.write(zeros, at);
            }
        } catch (IOException | UncheckedIOException e) {
            String reason = e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage();
            throw new FileSystemException(path, null, reason);
        }
    }

    /** Bytes written at a time by {@link #preallocate}. */
    private static final int PREALLOCATE_BLOCK = 1 << 20;

    /** The open file at {@code path}, mapped once per JVM; fails when it is not on this host. */
    static RangeFile open(String path, int length) {
        return OPEN.computeIfAbsent(path, p -> {
            int wordCount = (int) TwoBitLevel.words(length);
            long bytes = HEADER_BYTES + (long) wordCount * 8;
            Path file = Path.of(p);
            own(file.getParent());
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                if (ch.size() != bytes) {
                    throw new StaleRangeException(p + ": " + ch.size() + " bytes, expected " + bytes);
                }
                RangeFile f = new RangeFile(p, ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes), wordCount);
                if (f.header.getLong(0) != MAGIC) {
                    throw new StaleRangeException(p + ": not a range file (bad magic number)");
                }
                return f;
            } catch (NoSuchFileException e) {
                throw new StaleRangeException(p + ": missing on this host (its executor's disk was lost, or the task "
                        + "ran on another host)");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the range file " + p + ": " + e.getMessage(), e);
            }
        });
    }

    /** Holds {@code dir}'s owner lock, shared, for the life of this JVM (once per directory). */
    private static void own(Path dir) {
        if (!OWNED.containsKey(dir.toString())) {
            forgetOtherGenerations(dir);
        }
        OWNED.computeIfAbsent(dir.toString(), d -> {
            try {
                FileChannel ch = FileChannel.open(
                        dir.resolve(OWNER),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                return ch.lock(0, Long.MAX_VALUE, true);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lock " + dir.resolve(OWNER) + ": " + e.getMessage(), e);
            }
        });
    }

    /**
     * When this JVM first uses the directory {@code dir}: forgets the files it mapped that were deleted since (on
     * another executor, by the end of a search or a return to a checkpoint; their memory goes with the mapping, at the
     * next collection), and the locks it holds on earlier generations of the same run ({@code PREFIX-RUN-GENERATION}),
     * made again under a new name when the search went back to a checkpoint.
     */
    private static void forgetOtherGenerations(Path dir) {
        String name = dir.getFileName().toString();
        String stem = name.substring(0, name.lastIndexOf('-') + 1);
        OPEN.keySet().removeIf(k -> !Files.exists(Path.of(k)));
        OWNED.entrySet().removeIf(e -> {
            Path d = Path.of(e.getKey());
            boolean other = !d.equals(dir)
                    && Objects.equals(d.getParent(), dir.getParent())
                    && d.getFileName().toString().startsWith(stem);
            if (other) {
                try {
                    e.getValue().channel().close();
                } catch (IOException ignored) {
                    // the lock goes with the channel either way
                }
            }
            return other;
        });
    }

    /**
     * Deletes the directories named {@code prefix*} under {@code root} that no live JVM holds (their searches' drivers
     * and executors were killed): range files left in a memory file system would hold memory until the machine
     * restarts. Returns how many it deleted.
     */
    static int deleteAbandoned(File root, String prefix, String keep) {
        File[] dirs = root.listFiles(f -> f.isDirectory()
                && f.getName().startsWith(prefix)
                && !f.getName().equals(keep));
        int deleted = 0;
        for (File dir : dirs == null ? new File[0] : dirs) {
            Path owner = dir.toPath().resolve(OWNER);
            try (FileChannel ch = FileChannel.open(owner, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                FileLock lock = ch.tryLock();
                if (lock == null) {
                    continue; // a live search's
                }
                lock.release();
            } catch (OverlappingFileLockException e) {
                continue; // this JVM's own
            } catch (IOException e) {
                continue; // not ours to judge
            }
            File[] files = dir.listFiles();
            for (File f : files == null ? new File[0] : files) {
                f.delete();
            }
            if (dir.delete()) {
                deleted++;
            }
        }
        return deleted;
    }

    /** Forgets and deletes the file at {@code path} (and its directory, once empty); true if it was there. */
    static boolean delete(String path) {
        OPEN.remove(path); // the mapping goes with the buffer; Linux keeps a deleted mapped file until then
        File file = new File(path);
        new File(path + ".frontier").delete();
        boolean deleted = file.delete();
        File dir = file.getParentFile();
        String[] left = dir == null ? null : dir.list();
        if (left != null && left.length == 1 && left[0].equals(OWNER)) {
            FileLock lock = OWNED.remove(dir.toString());
            try {
                if (lock != null) {
                    lock.channel().close();
                }
            } catch (IOException e) {
                // the directory goes anyway
            }
            new File(dir, OWNER).delete();
            dir.delete();
        }
        return deleted;
    }

    /**
     * Keeps {@code ranks} (a level's first frontier ranks) beside the range file at {@code path}, replacing the last
     * level's.
     */
    static void writeFrontier(String path, long[] ranks) {
        ByteBuffer bytes = ByteBuffer.allocate(ranks.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asLongBuffer().put(ranks);
        try {
            AtomicFiles.write(Path.of(path + ".frontier"), bytes.array());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path + ".frontier: " + e.getMessage(), e);
        }
    }

    /** The ranks {@link #writeFrontier} kept beside the range file at {@code path}. */
    static long[] readFrontier(String path) {
        try {
            byte[] bytes = Files.readAllBytes(Path.of(path + ".frontier"));
            long[] ranks = new long[bytes.length / 8];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(ranks);
            return ranks;
        } catch (NoSuchFileException e) {
            throw new StaleRangeException(path + ".frontier: missing on this host");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ".frontier: " + e.getMessage(), e);
        }
    }

    String path() {
        return path;
    }

    LongBuffer words() {
        return words;
    }

    int wordCount() {
        return wordCount;
    }

    int chunks() {
        return chunks;
    }

    int level() {
        return (int) header.getLong(LEVEL);
    }

    void setLevel(int level) {
        header.putLong(LEVEL, level);
    }

    /** Where the work of a level on a range stands. */
    enum Phase {
        /** The frontier of the header's level, not yet expanded. */
        READY,
        /** Its expansion began (and may have been cut off): the frontier is partly retired. */
        EXPANDING,
        /** Expanded, waiting for the merge of the blocks other hosts sent it. */
        EXPANDED,
        /** The merge began (and may have been cut off). */
        MERGING
    }

    Phase phase() {
        return Phase.values()[(int) header.getLong(PHASE)];
    }

    void setPhase(Phase phase) {
        header.putLong(PHASE, phase.ordinal());
    }

    /** Fails unless the range holds the frontier of {@code level} in {@code phase}. */
    void require(int level, Phase phase, String task) {
        if (level() != level || phase() != phase) {
            throw new StaleRangeException(
                    path + " holds level " + level() + " (" + phase().name().toLowerCase(Locale.ROOT)
                            + "), not level " + level + " (" + phase.name().toLowerCase(Locale.ROOT) + ") for " + task
                            + ": the range moved on, or this task ran on it before");
        }
    }

    /** The words' codec: reads and marks (by atomic operations, safe while other markers of the host mark). */
    TwoBitWords codec() {
        return codec;
    }

    /**
     * Flags the chunk of the entry at {@code offset} for {@code level}, after a mark gave it that level's code: a store
     * only when the flag is not set yet.
     */
    void flagMarked(long offset, int level) {
        int c = (int) (offset >>> TwoBitLevel.CHUNK_RANK_BITS);
        if (!flagged(level, c)) {
            flag(level, c, true);
        }
    }

    /**
     * Marks the frontier of {@code level} expanded in chunk {@code c}, whose words {@code scratch} holds as read before
     * its expansion (the frontier's entries do not change meanwhile), by one atomic OR per word that holds some: safe
     * while others mark unseen entries of the chunk.
     */
    void retireShared(int c, long[] scratch, int level) {
        int from = from(c);
        int n = to(c) - from;
        for (int i = 0; i < n; i++) {
            codec.retire(from + i, TwoBitLevel.frontierBits(scratch[i], level), level, true);
        }
    }

    long fresh() {
        return header.getLong(FRESH);
    }

    void setFresh(long fresh) {
        header.putLong(FRESH, fresh);
    }

    /** Whether chunk {@code c} may hold the frontier of a level of parity {@code level & 1}. */
    boolean flagged(int level, int c) {
        return header.get(FLAGS + (level & 1) * MAX_CHUNKS + c) != 0;
    }

    void flag(int level, int c, boolean on) {
        header.put(FLAGS + (level & 1) * MAX_CHUNKS + c, (byte) (on ? 1 : 0));
    }

    /** Flags every chunk (or none) for the frontier of {@code level}. */
    void flagAll(int level, boolean on) {
        for (int c = 0; c < chunks; c++) {
            flag(level, c, on);
        }
    }

    /** Words of chunk {@code c}: {@code [from(c), to(c))}. */
    static int from(int c) {
        return c * TwoBitLevel.CHUNK_WORDS;
    }

    int to(int c) {
        return Math.min(wordCount, (c + 1) * TwoBitLevel.CHUNK_WORDS);
    }

    /**
     * Copies chunk {@code c}'s words into {@code scratch} (at least {@link TwoBitLevel#CHUNK_WORDS} long); returns how
     * many.
     */
    int read(int c, long[] scratch) {
        int n = to(c) - from(c);
        words.get(from(c), scratch, 0, n);
        return n;
    }

    /** Writes {@code scratch}'s first words back as chunk {@code c}. */
    void write(int c, long[] scratch) {
        words.put(from(c), scratch, 0, to(c) - from(c));
    }
}
