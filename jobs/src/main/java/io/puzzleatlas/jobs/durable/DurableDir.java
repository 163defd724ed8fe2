package io.puzzleatlas.jobs.durable;

import io.puzzleatlas.jobs.io.LocalDatasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A directory of checkpoint files whose truth is its latest manifest (docs/publishing.md): files are written first,
 * under names no committed manifest holds, then a {@link Manifest} listing each with its length and CRC32C is written
 * aside and renamed to a name of its own, so a checkpoint is whole (its manifest is there) or absent, on every file
 * system, with no rename over an existing file. Reading back goes through the manifest: {@link #verify} checks every
 * file before anything is resumed, {@link #read} and {@link #copy} check what they read again, and a file no manifest
 * lists (a kill between a file and its manifest, a stray copy) is never read. Every check that fails throws
 * {@link DamagedStateException} naming the file; nothing is deleted.
 */
public final class DurableDir {
    /** Files being written: never listed, removed when found. */
    static final String WRITING = "_writing-";
    /** The prefix of a checkpoint manifest, {@code meta-NNNNNN}. */
    static final String MANIFEST = "meta-";
    /** Whether this JVM wrote or found a checkpoint: what a command stopped by a signal may promise. */
    private static volatile boolean kept;

    private final FileSystem fs;
    private final Path root;

    public DurableDir(FileSystem fs, Path root) {
        this.fs = fs;
        this.root = fs.makeQualified(root);
    }

    /** A manifest as found: where, and what it says. */
    public record Stored(Path path, Manifest manifest) {}

    /** How the CRC32Cs of many files are read: one after another on this JVM, or spread over executors. */
    @FunctionalInterface
    public interface Crcs {
        /** For each file, "" when its bytes have the CRC32C of its sum, else "FILE: reason". */
        List<String> problems(List<Path> files, List<Sum> sums);
    }

    /** Whether this JVM has written or found a checkpoint (so one is kept when it stops). */
    public static boolean checkpointKept() {
        return kept;
    }

    public FileSystem fs() {
        return fs;
    }

    public Path root() {
        return root;
    }

    public Path path(String name) {
        return new Path(root, name);
    }

    /** Whether anything is in the directory (a checkpoint, or part of one). */
    public boolean present() {
        try {
            return fs.exists(root) && fs.listStatus(root).length > 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + root + " (" + e.getMessage() + ")", e);
        }
    }

    /** Removes the whole directory (a finished run's, or one discarded by --overwrite). */
    public void clear() {
        try {
            fs.delete(root, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + root + " (" + e.getMessage() + ")", e);
        }
    }

    /** Removes {@code name} (a file or a directory) when it is there. */
    public void delete(String name) {
        try {
            fs.delete(path(name), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + path(name) + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * The latest manifest among those matching {@code glob} (relative to the directory; latest by name: callers name
     * them so), or empty when there is none. Throws {@link DamagedStateException} when the latest one is damaged: an
     * older one is not silently taken instead.
     */
    public Optional<Stored> latest(String glob) {
        try {
            FileStatus[] found = fs.exists(root) ? fs.globStatus(new Path(root, glob)) : null;
            if (found == null || found.length == 0) {
                return Optional.empty();
            }
            Path last = Arrays.stream(found)
                    .map(FileStatus::getPath)
                    .filter(p -> !p.getName().startsWith(WRITING))
                    .max(Path::compareTo)
                    .orElse(null);
            if (last == null) {
                return Optional.empty();
            }
            Manifest m = Manifest.parse(last, readAll(last));
            kept = true;
            return Optional.of(new Stored(last, m));
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + root + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Writes {@code bytes} to {@code name} whole: aside, then renamed into place (replacing a file of that name, which
     * no committed manifest may list); returns the sum to record.
     */
    public Sum write(String name, byte[] bytes) {
        Path target = path(name);
        Path aside = new Path(target.getParent(), WRITING + target.getName());
        try {
            fs.mkdirs(target.getParent());
            try (OutputStream out = fs.create(aside, true)) {
                out.write(bytes);
            }
            fs.delete(target, false);
            rename(aside, target);
            return Sum.of(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + " (" + e.getMessage() + ")", e);
        }
    }

    /** {@link #write}s {@code o} as Java serialization writes it. */
    public Sum writeObject(String name, Serializable o) {
        return write(name, serialized(o));
    }

    /** {@code o} as Java serialization writes it. */
    public static byte[] serialized(Serializable o) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The sum of file {@code name} as it is now, read on this JVM (for files written by others: Parquet parts). */
    public Sum sum(String name) {
        try (InputStream in = fs.open(path(name))) {
            return Sum.of(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path(name) + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * The sums of every file under directory {@code dir} (relative; not its hidden {@code .crc} or
     * {@code _SUCCESS}-like files), by name relative to this directory.
     */
    public Map<String, Sum> sums(String dir) {
        Map<String, Sum> sums = new TreeMap<>();
        try {
            if (!fs.exists(path(dir))) {
                return sums;
            }
            for (FileStatus f : fs.listStatus(path(dir))) {
                String n = f.getPath().getName();
                if (f.isFile() && !LocalDatasets.hidden(n)) {
                    sums.put(dir + "/" + n, sum(dir + "/" + n));
                }
            }
            return sums;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path(dir) + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Makes {@code manifest} the checkpoint: written aside, then renamed to {@code name} (a name no manifest has yet:
     * the rename cannot replace one, so there is never a moment without a whole manifest). Returns where it is.
     */
    public Stored commit(String name, Manifest manifest) {
        Path target = path(name);
        Path aside = new Path(target.getParent(), WRITING + target.getName());
        try {
            fs.mkdirs(target.getParent());
            try (OutputStream out = fs.create(aside, true)) {
                out.write(manifest.toBytes());
            }
            if (fs.exists(target)) {
                throw new IOException(target + " exists already");
            }
            rename(aside, target);
            kept = true;
            return new Stored(target, manifest);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint " + target + " (" + e.getMessage() + ")", e);
        }
    }

    /** The first line that differs between two fingerprints of a run, for a resume's refusal. */
    public static String firstDifference(String earlier, String now) {
        String[] a = earlier.split("\n");
        String[] b = now.split("\n");
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "(none)";
            String y = i < b.length ? b[i] : "(none)";
            if (!x.equals(y)) {
                return "was " + x + ", now " + y;
            }
        }
        return "differs";
    }

    /** The generation of checkpoint manifest {@code stored} ({@code meta-NNNNNN}); 0 for none. */
    public static int generation(Stored stored) {
        if (stored == null) {
            return 0;
        }
        try {
            return Integer.parseInt(stored.path().getName().substring(MANIFEST.length()));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new DamagedStateException(stored.path(), "not a manifest name (meta-NNNNNN)");
        }
    }

    /**
     * Commits {@code manifest} as checkpoint generation {@code generation} ({@code meta-NNNNNN}, {@link #commit}) and
     * retires the older manifests and any unfinished write.
     */
    public Stored commitGeneration(int generation, Manifest manifest) {
        Stored stored = commit(String.format(Locale.ROOT, MANIFEST + "%06d", generation), manifest);
        retire(stored, n -> n.startsWith(MANIFEST) || n.startsWith(WRITING));
        return stored;
    }

    /**
     * Checks every file {@code stored} lists before anything of it is used: present and of its length here, and of its
     * CRC32C as {@code crcs} reads them. Throws {@link DamagedStateException} naming the first bad file (in name
     * order).
     */
    public void verify(Stored stored, Crcs crcs) {
        List<Path> files = new ArrayList<>();
        List<Sum> sums = new ArrayList<>();
        for (Map.Entry<String, Sum> e : stored.manifest().files().entrySet()) {
            Path file = path(e.getKey());
            long length;
            try {
                length = fs.getFileStatus(file).getLen();
            } catch (FileNotFoundException missing) {
                throw new DamagedStateException(file, "missing (recorded in " + stored.path() + ")");
            } catch (IOException io) {
                throw new DamagedStateException(file, "unreadable (" + firstLine(io) + ")");
            }
            if (length != e.getValue().length()) {
                throw new DamagedStateException(
                        file,
                        (length < e.getValue().length() ? "truncated: " : "too long: ") + length + " bytes, "
                                + e.getValue().length() + " recorded in " + stored.path());
            }
            files.add(file);
            sums.add(e.getValue());
        }
        crcs.problems(files, sums).stream()
                .filter(p -> !p.isEmpty())
                .sorted()
                .findFirst()
                .ifPresent(p -> {
                    throw new DamagedStateException(p);
                });
    }

    /** Checks the files one after another on this JVM. */
    public Crcs here() {
        return (files, sums) -> {
            List<String> problems = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                problems.add(check(fs, files.get(i), sums.get(i)));
            }
            return problems;
        };
    }

    /** "" when {@code file} has {@code sum}, else "FILE: reason"; for a {@link Crcs} on an executor too. */
    public static String check(FileSystem fs, Path file, Sum sum) {
        try (InputStream in = fs.open(file)) {
            String why = sum.mismatch(Sum.of(in));
            return why == null ? "" : file + ": " + why;
        } catch (IOException e) {
            return file + ": unreadable (" + firstLine(e) + ")";
        }
    }

    /**
     * The bytes of {@code name}, checked against {@code stored}: a file the manifest does not list, or one that is not
     * what it recorded, throws {@link DamagedStateException}.
     */
    public byte[] read(Stored stored, String name) {
        Sum sum = recorded(stored, name);
        Path file = path(name);
        byte[] bytes;
        try {
            bytes = readAll(file);
        } catch (FileNotFoundException e) {
            throw new DamagedStateException(file, "missing (recorded in " + stored.path() + ")");
        } catch (IOException e) {
            throw new DamagedStateException(file, "unreadable (" + firstLine(e) + ")");
        }
        String why = sum.mismatch(Sum.of(bytes));
        if (why != null) {
            throw new DamagedStateException(file, why);
        }
        return bytes;
    }

    /**
     * The object {@link #writeObject} wrote to {@code name}, of {@code type}, its bytes checked as {@link #read} does;
     * one this version cannot read throws {@link DamagedStateException}.
     */
    public <T> T readObject(Stored stored, String name, Class<T> type) {
        byte[] bytes = read(stored, name);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return type.cast(in.readObject());
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new DamagedStateException(path(name), "not readable by this version (" + e.getMessage() + ")");
        }
    }

    /** The sum {@code stored} records for {@code name}; {@link DamagedStateException} when it lists none. */
    public Sum recorded(Stored stored, String name) {
        Sum sum = stored.manifest().files().get(name);
        if (sum == null) {
            throw new DamagedStateException(path(name), "not recorded in " + stored.path());
        }
        return sum;
    }

    /**
     * Copies {@code name} to {@code target} (on this file system), checking the bytes against {@code stored} as they
     * are read: on a mismatch the copy is removed and {@link DamagedStateException} names the file. The checkpoint's
     * file stays: a copy, not a move, so a failure after it leaves the checkpoint whole.
     */
    public void copy(Stored stored, String name, Path target) {
        Sum sum = recorded(stored, name);
        Path file = path(name);
        CRC32C crc = new CRC32C();
        long length = 0;
        try (InputStream in = fs.open(file);
                OutputStream out = fs.create(target, false)) {
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
                out.write(buffer, 0, n);
                length += n;
            }
        } catch (FileNotFoundException e) {
            throw new DamagedStateException(file, "missing (recorded in " + stored.path() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + file + " to " + target + " (" + firstLine(e) + ")", e);
        }
        String why = sum.mismatch(new Sum(length, (int) crc.getValue()));
        if (why != null) {
            try {
                fs.delete(target, false);
            } catch (IOException ignored) {
                // the staged copy goes with its staging directory anyway
            }
            throw new DamagedStateException(file, why);
        }
    }

    /**
     * Removes what the latest manifest {@code stored} no longer needs among the entries directly under this directory
     * whose names {@code obsolete} accepts: older checkpoints' files and manifests, and leftovers of a write that was
     * killed.
     */
    public void retire(Stored stored, Predicate<String> obsolete) {
        try {
            for (FileStatus f : fs.listStatus(root)) {
                String n = f.getPath().getName();
                boolean used = f.getPath().equals(stored.path())
                        || stored.path().toString().startsWith(f.getPath() + "/")
                        || stored.manifest().files().keySet().stream()
                                .anyMatch(k -> k.equals(n) || k.startsWith(n + "/"));
                if (!used && obsolete.test(n)) {
                    fs.delete(f.getPath(), true);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean " + root + " (" + e.getMessage() + ")", e);
        }
    }

    /** Whether {@code name} is a path inside a directory: relative, no empty, "." or ".." parts. */
    static boolean isRelative(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.contains(":")) {
            return false;
        }
        for (String part : name.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private byte[] readAll(Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return in.readAllBytes();
        }
    }

    private void rename(Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("cannot rename " + from + " to " + to);
        }
    }

    private static String firstLine(IOException e) {
        return String.valueOf(e.getMessage())
                .lines()
                .findFirst()
                .orElse(e.getClass().getSimpleName());
    }
}
