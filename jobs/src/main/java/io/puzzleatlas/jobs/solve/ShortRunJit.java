package io.puzzleatlas.jobs.solve;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The JIT of a short solve in this JVM: the optimizing compiler (C2) only for the core's kernels, the quick one (C1)
 * for everything else (the JDK, Parquet, Hadoop, this module). A local solve of a few hundred thousand positions spends
 * more of its cores in C2 compiling library code (2.5 s of a core for 100,000 2x2x2 scrambles, most of it the JDK's
 * class generator and Parquet's row writer) than that code then saves; the kernels still pay for their compile.
 * Measured on two cores (docs/benchmarks.md), directives from the JVM's start: 100,000 2x2x2 scrambles 0.71 of the wall
 * time, 400,000 0.90, the 8-puzzle's 181,440 boards 0.86; at 1,000,000 C1's slower Parquet writer costs more than the
 * compiles (1.11), so larger solves keep the default.
 *
 * <p>HotSpot's compiler directives ({@code puzzle-atlas-jit.json}, one file: a resource of this class and, copied
 * beside the jar, the {@code -XX:CompilerDirectivesFile} of the build's options file). A JVM started with them (the
 * README's command) has them from its first compile; a command that is not a short local solve takes them off at its
 * start. A JVM started without them gets them when its solve turns out short. Both through the
 * {@code Compiler.directives_*} diagnostic commands (what {@code jcmd} sends), on a daemon thread; another JVM, or a
 * refusal, leaves the compilers as they are. Only where the command owns its JVM
 * ({@link io.puzzleatlas.jobs.Switches#ownsJvm}), not in a test's JVM, which runs many commands.
 */
public final class ShortRunJit {
    /** Up to this many positions a local solve compiles only the core with C2. */
    static final long MAX_POSITIONS = 500_000;

    /**
     * The directives' file, beside this class: the first directive a method matches applies, so the core's packages
     * keep C2 and nothing else gets it.
     */
    static final String DIRECTIVES = "puzzle-atlas-jit.json";

    /** Commands that keep the directives the JVM started with: short ones, or ones that decide for themselves. */
    private static final Set<String> KEEPING = Set.of("solve", "show", "report", "judge");

    private static final String DIAGNOSTIC_COMMAND = "com.sun.management:type=DiagnosticCommand";

    private static final String STARTED_WITH = "-XX:CompilerDirectivesFile=";

    private ShortRunJit() {}

    /**
     * For a command about to run in a JVM it owns: the default compilers back (on a daemon thread) unless it is one of
     * {@link #KEEPING}. {@code null} (no command named: the usage) keeps them.
     */
    public static void forCommand(String name) {
        if (name != null && !KEEPING.contains(name)) {
            defaultCompilers();
        }
    }

    /**
     * Starts the platform's management server on a daemon thread (a quarter of a second of a core), while the command
     * counts its positions, so that {@link #limitFor} sets the directives as the solve starts; nothing where the JVM
     * started with them.
     */
    public static void prepare() {
        daemon("solve-jit-prepare", () -> {
            if (!startedWithDirectives()) {
                ManagementFactory.getPlatformMBeanServer();
            }
        });
    }

    /**
     * For a solve of {@code positions} in this JVM (0: not known, or not a local solve): on a daemon thread, the
     * directives added when the solve is short and the JVM did not start with them, else {@link #defaultCompilers};
     * returns that thread.
     */
    static Thread limitFor(long positions) {
        if (positions <= 0 || positions > MAX_POSITIONS) {
            return defaultCompilers();
        }
        return daemon("solve-jit-directives", () -> {
            if (!startedWithDirectives()) {
                add();
            }
        });
    }

    /** The default compilers back where the JVM started with the directives (a job on Spark), on a daemon thread. */
    public static Thread defaultCompilers() {
        return daemon("jit-default", () -> {
            if (startedWithDirectives()) {
                clear();
            }
        });
    }

    /** Whether this JVM's command line gave it a directives file (read once: the command line does not change). */
    static boolean startedWithDirectives() {
        return StartedWith.DIRECTIVES;
    }

    /** Holds the answer of {@link #startedWithDirectives}, worked out on first use. */
    private static final class StartedWith {
        static final boolean DIRECTIVES = read();

        private static boolean read() {
            try {
                return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                        .anyMatch(a -> a.startsWith(STARTED_WITH));
            } catch (RuntimeException | LinkageError e) {
                return false;
            }
        }
    }

    /** Adds {@link #DIRECTIVES} to this JVM's compiler directives; whether they were added. */
    static boolean add() {
        try (InputStream in = ShortRunJit.class.getResourceAsStream(DIRECTIVES)) {
            Path file = Files.createTempFile("puzzle-atlas-jit", ".json");
            try {
                Files.write(file, in.readAllBytes());
                Object answer = diagnosticCommand("compilerDirectivesAdd", file.toString());
                return String.valueOf(answer).contains("added");
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException | JMException | RuntimeException | LinkageError e) {
            return false; // not HotSpot, or no management: the default compilers
        }
    }

    /** Takes every added directive off: the default compilers; whether the command ran. */
    static boolean clear() {
        try {
            diagnosticCommand("compilerDirectivesClear");
            return true;
        } catch (JMException | RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Runs a HotSpot diagnostic command (its operation name, as the MBean has it) with {@code args}. */
    static Object diagnosticCommand(String operation, String... args) throws JMException {
        return ManagementFactory.getPlatformMBeanServer()
                .invoke(new ObjectName(DIAGNOSTIC_COMMAND), operation, new Object[] {args}, new String[] {
                    String[].class.getName()
                });
    }
}
