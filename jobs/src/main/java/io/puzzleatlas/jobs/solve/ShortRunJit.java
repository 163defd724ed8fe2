package io.puzzleatlas.jobs.solve;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * <p>Set through HotSpot's compiler directives (the {@code Compiler.directives_add} diagnostic command, what
 * {@code jcmd} sends), from a daemon thread; another JVM, or a refusal, leaves the default compilers. Only where the
 * command owns its JVM ({@link io.puzzleatlas.jobs.Switches#ownsJvm}), not in a test's JVM, which runs many commands; a
 * solve on Spark keeps the default.
 */
public final class ShortRunJit {
    /** Up to this many positions a local solve compiles only the core with C2. */
    static final long MAX_POSITIONS = 500_000;

    /** The first directive a method matches applies: the core's packages keep C2, nothing else gets it. */
    static final String DIRECTIVES = "[{ match: \"io/puzzleatlas/core/*.*\", c2: { Exclude: false } },"
            + " { match: \"*.*\", c2: { Exclude: true } }]";

    private static final String DIAGNOSTIC_COMMAND = "com.sun.management:type=DiagnosticCommand";

    private ShortRunJit() {}

    /**
     * Starts the platform's management server on a daemon thread (a quarter of a second of a core), while the command
     * counts its positions, so that {@link #limitFor} sets the directives as the solve starts.
     */
    public static void prepare() {
        Thread t = new Thread(ManagementFactory::getPlatformMBeanServer, "solve-jit-prepare");
        t.setDaemon(true);
        t.start();
    }

    /**
     * For a solve of {@code positions} in this JVM (0: not known): sets the directives on a daemon thread when the
     * solve is short; returns that thread, or null.
     */
    static Thread limitFor(long positions) {
        if (positions <= 0 || positions > MAX_POSITIONS) {
            return null;
        }
        Thread t = new Thread(ShortRunJit::add, "solve-jit-directives");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Adds {@link #DIRECTIVES} to this JVM's compiler directives; whether they were added. */
    static boolean add() {
        try {
            Path file = Files.createTempFile("puzzle-atlas-jit", ".json");
            try {
                Files.writeString(file, DIRECTIVES);
                Object answer = diagnosticCommand("compilerDirectivesAdd", file.toString());
                return String.valueOf(answer).contains("added");
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException | JMException | RuntimeException | LinkageError e) {
            return false; // not HotSpot, or no management: the default compilers
        }
    }

    /** Runs a HotSpot diagnostic command (its operation name, as the MBean has it) with {@code args}. */
    static Object diagnosticCommand(String operation, String... args) throws JMException {
        return ManagementFactory.getPlatformMBeanServer()
                .invoke(new ObjectName(DIAGNOSTIC_COMMAND), operation, new Object[] {args}, new String[] {
                    String[].class.getName()
                });
    }
}
