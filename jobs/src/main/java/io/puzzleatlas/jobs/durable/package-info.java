/**
 * The state a job keeps beside its output to be continued later (checkpoints of {@code explore}, the in-core
 * {@code atlas} and {@code solve}), written and read back through one layer: every file is recorded with its length and
 * CRC32C in a manifest written last, and everything read back is checked against it first (docs/publishing.md). May
 * import jobs (refusals); no puzzle logic, no Spark.
 */
package io.puzzleatlas.jobs.durable;
