package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.SantaPuzzle;
import io.puzzleatlas.core.santa.SantaSolver;
import io.puzzleatlas.core.santa.SearchBudget;
import io.puzzleatlas.jobs.durable.DurableDir;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * What a task needs to answer one puzzle, shipped by the driver: the puzzle (its type with it), the incumbent row that
 * reaches its goal (or null) and the budget. The answer is the core's ({@link SantaSolver#answer}).
 */
record SantaTask(SantaPuzzle puzzle, int[] kept, SearchBudget budget) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The puzzle searched and answered, in whatever JVM runs it. */
    SantaAnswer answer() {
        return SantaAnswer.of(SantaSolver.answer(puzzle, kept, true, budget));
    }

    /** In a Spark task: the task's bytes answered, the answer as bytes. */
    static byte[] answer(byte[] task) {
        return bytes(((SantaTask) object(task)).answer());
    }

    /** {@code o} as Java serialization writes it. */
    static byte[] bytes(Serializable o) {
        return DurableDir.serialized(o);
    }

    /** The object {@link #bytes} wrote. */
    static Object object(byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("santa: cannot read a shipped task or answer (" + e.getMessage() + ")", e);
        }
    }
}
