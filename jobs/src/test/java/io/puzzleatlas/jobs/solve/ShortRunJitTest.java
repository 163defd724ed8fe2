package io.puzzleatlas.jobs.solve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A short local solve compiles only the core's kernels with C2: the directives reach this JVM's compilers. */
class ShortRunJitTest {
    @Test
    void aShortSolveGetsTheDirectivesAndALongOneKeepsTheDefault() throws Exception {
        assertNull(ShortRunJit.limitFor(ShortRunJit.MAX_POSITIONS + 1), "a long solve: the default compilers");
        assertNull(ShortRunJit.limitFor(0), "positions not known: the default compilers");
        String before = String.valueOf(ShortRunJit.diagnosticCommand("compilerDirectivesPrint"));
        assertFalse(before.contains("io/puzzleatlas/core/*.*"), before);
        Thread t = ShortRunJit.limitFor(ShortRunJit.MAX_POSITIONS);
        t.join();
        String after = String.valueOf(ShortRunJit.diagnosticCommand("compilerDirectivesPrint"));
        try {
            assertTrue(after.contains("matching: io/puzzleatlas/core/*.*"), after);
            assertTrue(after.contains("matching: *.*"), after);
        } finally {
            // the two directives off again, for the other tests of this JVM
            ShortRunJit.diagnosticCommand("compilerDirectivesRemove");
            ShortRunJit.diagnosticCommand("compilerDirectivesRemove");
        }
        String restored = String.valueOf(ShortRunJit.diagnosticCommand("compilerDirectivesPrint"));
        assertFalse(restored.contains("io/puzzleatlas/core/*.*"), restored);
    }
}
