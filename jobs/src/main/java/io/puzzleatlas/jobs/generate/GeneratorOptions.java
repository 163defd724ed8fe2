package io.puzzleatlas.jobs.generate;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.jobs.io.Schemas;
import java.util.Collections;
import java.util.Locale;
import java.util.stream.LongStream;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Option;

/**
 * Which instances to make ({@code --all}, {@code --random N --seed S}, {@code --scramble K}),
 * shared by {@code generate} and by {@code solve}, which can solve generated instances without
 * writing them first. Rows are made on the executors from {@code spark.range}.
 */
public final class GeneratorOptions {
    /** Largest space --all enumerates (3x4: 239,500,800 boards fits; the rotation game does not). */
    static final long ALL_LIMIT = 1_000_000_000L;

    @Option(names = "--all", description = "every board of the instance space, instance_id = its rank")
    boolean all;

    @Option(names = "--random", paramLabel = "N", description = "N uniformly random boards, instance_id 0..N-1")
    Long random;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "seed of --random/--scramble; the same seed gives the same rows on any partitioning (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--scramble", paramLabel = "K",
            description = "with --random: each board is a random walk of K moves from the goal instead")
    Integer scramble;

    /** Whether any generator option was given. */
    public boolean present() {
        return all || random != null || scramble != null;
    }

    /** Why these options cannot make instances of {@code puzzle}, or null when they can. */
    public String problem(Puzzle puzzle) {
        if (all == (random != null)) {
            return "give exactly one of --all and --random N";
        }
        if (scramble != null && (random == null || scramble < 0)) {
            return "--scramble K needs --random N and K >= 0";
        }
        if (random != null && random < 0) {
            return "--random N needs N >= 0";
        }
        if (all && puzzle.boardCount() > ALL_LIMIT) {
            return String.format(Locale.ROOT, "--all: %s has %,d boards, more than %,d; use --random N",
                    puzzle.name(), puzzle.boardCount(), ALL_LIMIT);
        }
        if (scramble != null && !puzzle.hasGoalBoard()) {
            return puzzle.name() + " has no goal board to scramble from";
        }
        return null;
    }

    /** Number of instances. */
    public long count(Puzzle puzzle) {
        return all ? puzzle.boardCount() : random;
    }

    /** The instances, {@link Schemas#INSTANCES} columns, made on the executors. */
    public Dataset<Row> instances(SparkSession spark, Puzzle puzzle, String goal, int partitions) {
        return ids(spark, puzzle, partitions).mapPartitions(new InstanceRows(spec(puzzle, goal)), Encoders.row(Schemas.INSTANCES));
    }

    /** The instance ids 0..count-1, from {@code spark.range}. */
    public Dataset<Long> ids(SparkSession spark, Puzzle puzzle, int partitions) {
        return spark.range(0, count(puzzle), 1, partitions);
    }

    /**
     * The instance ids 0..count-1 in order, in partitions that shrink towards the end
     * ({@link ChunkedWork#guidedBounds}: at most {@code largest} ids, at least {@code smallest}) for
     * instances whose cost varies: Spark runs tasks in partition order, so the last tasks on
     * {@code slots} cores are short ones and no long partition runs alone at the end.
     */
    public Dataset<Long> guidedIds(SparkSession spark, Puzzle puzzle, int slots, long smallest, long largest) {
        long[] bounds = ChunkedWork.guidedBounds(count(puzzle), slots, smallest, largest);
        int parts = Math.max(1, bounds.length - 1);
        return spark.range(0, parts, 1, parts).flatMap((FlatMapFunction<Long, Long>) part -> {
            int i = (int) (long) part;
            // no ids: one empty partition
            return i + 1 < bounds.length ? LongStream.range(bounds[i], bounds[i + 1]).iterator() : Collections.emptyIterator();
        }, Encoders.LONG());
    }

    /** What to draw, for the executors. */
    public GeneratorSpec spec(Puzzle puzzle, String goal) {
        GeneratorSpec.Mode mode = all ? GeneratorSpec.Mode.ALL
                : scramble != null ? GeneratorSpec.Mode.SCRAMBLE : GeneratorSpec.Mode.RANDOM;
        return new GeneratorSpec(puzzle.name(), goal, mode, seed, scramble == null ? 0 : scramble);
    }

    /** Default partitioning: the cluster's parallelism, more for very large sets. */
    public int partitions(Puzzle puzzle, int parallelism) {
        return (int) Math.max(parallelism, Math.min(4096, count(puzzle) / 2_000_000));
    }

    /** Words for the console, e.g. "all 181,440 boards". */
    public String describe(Puzzle puzzle) {
        if (all) {
            return String.format(Locale.ROOT, "all %,d boards", count(puzzle));
        }
        return scramble == null ? String.format(Locale.ROOT, "%,d random boards (seed %d)", random, seed)
                : String.format(Locale.ROOT, "%,d random walks of %d moves (seed %d)", random, scramble, seed);
    }
}
