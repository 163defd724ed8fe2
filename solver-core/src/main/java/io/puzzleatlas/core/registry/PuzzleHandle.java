package io.puzzleatlas.core.registry;

import io.puzzleatlas.core.definition.DefinitionException;
import io.puzzleatlas.core.definition.DefinitionKind;
import io.puzzleatlas.core.definition.DefinitionReader;
import io.puzzleatlas.core.definition.Metric;
import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.kind.TableKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A puzzle resolved once, when a command reads {@code --puzzle}, and carried whole from there: to every job, every
 * function shipped to executors, every checkpoint and output. It holds what any JVM needs to rebuild the puzzle and its
 * kind, so no job looks a puzzle up by name again: for a built-in kind the puzzle's name (the kinds are compiled in
 * everywhere); for a definition file its content, read once where the command runs (executors on other hosts never read
 * the user's path), and the metric. The puzzle and kind are rebuilt once per JVM after deserialization.
 */
public final class PuzzleHandle implements Serializable {
    private static final long serialVersionUID = 2L;
    /** Definition puzzles rebuilt in this JVM, by {@link #key()}: one parse per executor, not one per task. */
    private static final ConcurrentHashMap<String, DefinitionKind> DEFINED = new ConcurrentHashMap<>();

    /** What joins a definition puzzle's name and its file's digest in {@link #key()}. */
    private static final String DIGEST = "@sha256:";

    private final String name;
    /** The definition file as the user named it, or null for a built-in puzzle. */
    private final String file;
    /** The definition file's bytes, or null. */
    private final byte[] definition;
    /** SHA-256 of {@link #definition} in hex, or null. */
    private final String digest;

    private transient volatile Puzzle puzzle;
    private transient volatile PuzzleKind kind;

    private PuzzleHandle(String name, String file, byte[] definition, Puzzle puzzle, PuzzleKind kind) {
        this.name = name;
        this.file = file;
        this.definition = definition;
        this.digest = definition == null ? null : sha256(definition);
        this.puzzle = puzzle;
        this.kind = kind;
    }

    /**
     * The puzzle {@code value} names: a definition file ({@link #isDefinitionFile}: refused with a
     * {@link DefinitionException} naming the line), or a built-in puzzle (an unknown name is an
     * {@link IllegalArgumentException} listing the known ones). The one lookup a command makes.
     */
    public static PuzzleHandle resolve(String value) {
        if (!PuzzleRegistry.knows(value) && isDefinitionFile(value)) {
            return definition(Path.of(value), null);
        }
        PuzzleKind kind = PuzzleRegistry.kind(value);
        Puzzle puzzle = kind.puzzle(value);
        return new PuzzleHandle(puzzle.name(), null, null, puzzle, kind);
    }

    /**
     * Whether {@code value} names a definition file: it ends in {@code .tws} or {@code .json}, or is a file (a built-in
     * puzzle's name is never taken for a file: {@link #resolve} asks the registry first).
     */
    public static boolean isDefinitionFile(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".tws") || lower.endsWith(".json")) {
            return true;
        }
        try {
            return Files.isRegularFile(Path.of(value));
        } catch (RuntimeException e) { // not a path on this file system
            return false;
        }
    }

    /**
     * The puzzle of definition file {@code path} in {@code metric} (null: the file's default metric), its content read
     * now; its name is the file's stem and the metric ({@code 2x2x2-powers}).
     */
    public static PuzzleHandle definition(Path path, Metric metric) {
        String file = path.toString();
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(DefinitionReader.MAX_FILE_BYTES + 1);
        } catch (IOException e) {
            throw new DefinitionException(file, 0, "cannot read: " + reason(e));
        }
        return definition(file, bytes, metric);
    }

    /**
     * The puzzle of a definition file's content {@code bytes} ({@code file} names it: its stem and extension), in
     * {@code metric} (null: the file's default): how written data that carries its definition is read back.
     */
    public static PuzzleHandle definition(String file, byte[] bytes, Metric metric) {
        DefinitionKind kind = DefinitionKind.of(file, bytes);
        Metric m = metric != null ? metric : kind.definition().defaultMetric();
        String name = kind.stem() + "-" + m.word();
        PuzzleHandle h = new PuzzleHandle(name, file, bytes, null, null);
        DefinitionKind shared = DEFINED.computeIfAbsent(h.key(), k -> kind);
        h.kind = shared; // the puzzle, the moves in this metric, is built on first use (a file may be unusable in it)
        return h;
    }

    /**
     * This puzzle in {@code metric}; {@code null} keeps it. Only definition files have a choice: for a built-in puzzle
     * an {@link IllegalArgumentException}.
     */
    public PuzzleHandle withMetric(Metric metric) {
        if (metric == null) {
            return this;
        }
        if (definition == null) {
            throw new IllegalArgumentException(
                    "--metric applies to definition files (.tws, .json); " + name + " has its own moves");
        }
        return definition(file, definition, metric);
    }

    /** The puzzle's name, as written in the {@code puzzle} column. */
    public String name() {
        return name;
    }

    /** Whether the puzzle comes from a definition file. */
    public boolean isDefinition() {
        return definition != null;
    }

    /** A copy of the definition file's content, or null for a built-in puzzle. */
    public byte[] definitionContent() {
        return definition == null ? null : definition.clone();
    }

    /** The definition file's name without its directories ({@code 2x2x2.tws}), or null for a built-in puzzle. */
    public String definitionFileName() {
        return file == null ? null : file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
    }

    /**
     * What identifies the puzzle across runs and JVMs: its name, and for a definition the SHA-256 of the file's content
     * (a checkpoint records it: a resume with a changed file is refused).
     */
    public String key() {
        return digest == null ? name : name + DIGEST + digest;
    }

    /** The puzzle name of a {@link #key()}: the key without its definition's digest. */
    public static String nameOf(String key) {
        int at = key.indexOf(DIGEST);
        return at < 0 ? key : key.substring(0, at);
    }

    /**
     * Null when {@code recordedKey} (a {@link #key()} a checkpoint recorded) is this puzzle's; else what differs, for a
     * refusal: another puzzle, or this definition's file with other content.
     */
    public String differenceFrom(String recordedKey) {
        if (recordedKey.equals(key())) {
            return null;
        }
        int at = recordedKey.indexOf(DIGEST);
        String recordedName = nameOf(recordedKey);
        if (recordedName.equals(name) && definition != null && at >= 0) {
            return "it was written for other content of " + file + " (SHA-256 "
                    + recordedKey.substring(
                            at + DIGEST.length(), Math.min(recordedKey.length(), at + DIGEST.length() + 12))
                    + "..., now "
                    + digest.substring(0, 12) + "...): the file changed since";
        }
        return "it was written for " + recordedName + ", not " + name;
    }

    public Puzzle puzzle() {
        Puzzle p = puzzle;
        if (p == null) {
            rebuild();
            p = puzzle;
        }
        return p;
    }

    public PuzzleKind kind() {
        PuzzleKind k = kind;
        if (k == null) {
            rebuild();
            k = kind;
        }
        return k;
    }

    /** The solver of this puzzle with {@code settings}, shared by every task and thread of this JVM. */
    public PuzzleSolver solver(SolverSettings settings) {
        return Solvers.shared(this, settings);
    }

    /**
     * How this puzzle is solved toward {@code goal} (text, null: the default) with {@code settings}: the plan a job
     * makes once, on its driver, and ships to every solver ({@link SolverSettings#withPlan}); null for a puzzle whose
     * solver reads no table files.
     */
    public SolvePlan plan(SolverSettings settings, String goal) {
        return kind() instanceof TableKind tables ? tables.plan(puzzle(), settings, goal) : null;
    }

    /** After deserialization in another JVM: the kind that owns the name (or the definition's), and its puzzle. */
    private synchronized void rebuild() {
        if (kind == null) {
            kind = definition == null
                    ? PuzzleRegistry.kind(name)
                    : DEFINED.computeIfAbsent(key(), x -> DefinitionKind.of(file, definition));
        }
        if (puzzle == null) {
            puzzle = kind.puzzle(name);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        return e instanceof NoSuchFileException ? "no such file" : m == null ? e.toString() : m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PuzzleHandle h && h.key().equals(key());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
