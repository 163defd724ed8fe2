package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.durable.Sum;
import java.io.Serializable;

/**
 * What the task that wrote a streamed distance file reports of it, as Spark's writers report a task's files in their
 * commit messages: the file's name (in the checkpoint's {@code distances/}), its rows and its length and CRC32C. The
 * driver records these in the checkpoint's manifest and publishes exactly these files, never listing the directory nor
 * reading a footer.
 */
record DistanceCommit(String name, long rows, Sum sum) implements Serializable {}
