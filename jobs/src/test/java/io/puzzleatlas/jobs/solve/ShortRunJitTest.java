package io.puzzleatlas.jobs.solve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A short local solve compiles only the core's kernels with C2: the directives reach this JVM's compilers, and come off
 * again for the default compilers. This test's JVM did not start with them.
 */
class ShortRunJitTest {
    private static String directives() throws Exception {
        return String.valueOf(ShortRunJit.diagnosticCommand("compilerDirectivesPrint"));
    }

    @Test
    void aShortSolveGetsTheDirectivesALongOneAndSparkTheDefault() throws Exception {
        assertFalse(ShortRunJit.startedWithDirectives());
        ShortRunJit.limitFor(ShortRunJit.MAX_POSITIONS + 1).join();
        ShortRunJit.limitFor(0).join();
        ShortRunJit.defaultCompilers().join();
        assertFalse(directives().contains("io/puzzleatlas/core/*.*"), "a long solve: the default compilers");
        ShortRunJit.limitFor(ShortRunJit.MAX_POSITIONS).join();
        String after = directives();
        try {
            assertTrue(after.contains("matching: io/puzzleatlas/core/*.*"), after);
            assertTrue(after.contains("matching: *.*"), after);
        } finally {
            assertTrue(ShortRunJit.clear()); // the default again, for the other tests of this JVM
        }
        String restored = directives();
        assertFalse(restored.contains("io/puzzleatlas/core/*.*"), restored);
    }
}
