package io.puzzleatlas.jobs.generate;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.RandomInstances;
import io.puzzleatlas.core.puzzle.WideBoards;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.Serializable;
import java.util.Collections;
import java.util.Locale;
import java.util.stream.LongStream;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Which instances to draw, as small values that travel to the executors (the puzzle as its handle); {@link #open} turns
 * it into a {@link Draw} there, once per partition.
 *
 * @param puzzle the puzzle, resolved
 * @param goalText the goal of every instance (null: the puzzle's default)
 * @param steps walk length of {@link Mode#SCRAMBLE}
 * @param count number of instances, ids 0..count-1
 */
public record GeneratorSpec(PuzzleHandle puzzle, String goalText, Mode mode, long seed, int steps, long count)
        implements Serializable {

    /** How boards are drawn. */
    public enum Mode {
        ALL,
        RANDOM,
        SCRAMBLE
    }

    /** The instances, {@link Schemas#INSTANCES} columns, made on the executors. */
    public Dataset<Row> instances(SparkSession spark, int partitions) {
        return ids(spark, partitions).mapPartitions(new InstanceRows(this), Encoders.row(Schemas.INSTANCES));
    }

    /** The instance ids 0..count-1, from {@code spark.range}. */
    public Dataset<Long> ids(SparkSession spark, int partitions) {
        return spark.range(0, count, 1, partitions);
    }

    /**
     * The instance ids 0..count-1 in order, in partitions that shrink towards the end
     * ({@link ChunkedWork#guidedBounds}: at most {@code largest} ids, at least {@code smallest}) for instances whose
     * cost varies: Spark runs tasks in partition order, so the last tasks on {@code slots} cores are short ones and no
     * long partition runs alone at the end.
     */
    public Dataset<Long> guidedIds(SparkSession spark, int slots, long smallest, long largest) {
        long[] bounds = ChunkedWork.guidedBounds(count, slots, smallest, largest);
        int parts = Math.max(1, bounds.length - 1);
        return spark.range(0, parts, 1, parts)
                .flatMap(
                        (FlatMapFunction<Long, Long>) part -> {
                            int i = (int) (long) part;
                            // no ids: one empty partition
                            return i + 1 < bounds.length
                                    ? LongStream.range(bounds[i], bounds[i + 1]).iterator()
                                    : Collections.emptyIterator();
                        },
                        Encoders.LONG());
    }

    /** Default partitioning: the cluster's parallelism, more for very large sets. */
    public int partitions(int parallelism) {
        return (int) Math.max(parallelism, Math.min(4096, count / 2_000_000));
    }

    /** Words for the console, e.g. "all 181,440 boards". */
    public String describe() {
        return switch (mode) {
            case ALL -> String.format(Locale.ROOT, "all %,d boards", count);
            case RANDOM -> String.format(Locale.ROOT, "%,d random boards (seed %d)", count, seed);
            case SCRAMBLE -> String.format(Locale.ROOT, "%,d random walks of %d moves (seed %d)", count, steps, seed);
        };
    }

    public Draw open() {
        return new Draw(this);
    }

    /**
     * Draws instance {@code id}'s board on an executor: the id-th board of the instance space, or a board from a
     * generator seeded by (seed, id), so rows never depend on partitioning.
     */
    public static final class Draw {
        private final Puzzle puzzle;
        private final GeneratorSpec spec;
        private final boolean goals;
        private final long fixed;
        private final String fixedText;
        private final WideBoards wide;

        Draw(GeneratorSpec spec) {
            this.spec = spec;
            this.puzzle = spec.puzzle().puzzle();
            this.goals = puzzle.enumeratesGoals();
            this.wide = puzzle.wide();
            if (wide != null) {
                // boards wider than a long are drawn as text, toward a fixed goal
                this.fixed = -1;
                this.fixedText = spec.goalText() == null ? wide.defaultGoal() : wide.canonical(spec.goalText());
                return;
            }
            // The fixed end of every instance: the goal, or for the magic board the start.
            this.fixed = goals
                    ? puzzle.defaultStart()
                    : spec.goalText() == null ? puzzle.defaultGoal() : puzzle.parse(spec.goalText());
            this.fixedText = puzzle.hasGoalBoard() ? puzzle.format(fixed) : null;
        }

        public Puzzle puzzle() {
            return puzzle;
        }

        /** The drawn board of instance {@code id}: its start, or its goal when the puzzle enumerates goals. */
        public long board(long id) {
            return switch (spec.mode()) {
                case ALL -> puzzle.board(id, fixed);
                case RANDOM -> RandomInstances.uniform(puzzle, fixed, spec.seed(), id);
                case SCRAMBLE -> RandomInstances.scramble(puzzle, fixed, spec.steps(), spec.seed(), id);
            };
        }

        /** Whether boards are drawn as text ({@link Puzzle#wide()}): then {@link #wideStart} and {@link #wideGoal}. */
        public boolean wide() {
            return wide != null;
        }

        /** The start text of instance {@code id} of a puzzle whose boards do not fit a long (random or scrambled). */
        public String wideStart(long id) {
            return switch (spec.mode()) {
                case ALL -> throw new IllegalStateException("--all: " + puzzle.name() + " boards are not numbered");
                case RANDOM -> RandomInstances.uniformText(wide, fixedText, spec.seed(), id);
                case SCRAMBLE -> RandomInstances.scrambleText(wide, fixedText, spec.steps(), spec.seed(), id);
            };
        }

        /** The goal text of every instance of a puzzle whose boards do not fit a long. */
        public String wideGoal() {
            return fixedText;
        }

        public long start(long board) {
            return goals ? fixed : board;
        }

        /** The goal of the instance of {@code board} (-1 without a goal board). */
        public long goal(long board) {
            return goals ? board : puzzle.hasGoalBoard() ? fixed : -1;
        }

        /** Text of the start of the instance of {@code board}. */
        public String startText(long board) {
            return goals ? fixedText : puzzle.format(board);
        }

        /** Text of the goal of the instance of {@code board} (null without a goal board). */
        public String goalText(long board) {
            return goals ? puzzle.format(board) : fixedText;
        }
    }
}
