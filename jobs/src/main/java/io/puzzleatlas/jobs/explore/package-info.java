/**
 * The explore job: the in-process search and the Spark engine (rank ranges in memory-mapped files, frontier expansion,
 * merges, checkpoints), and the pattern-database build on Spark. May import the core, jobs, jobs.io and jobs.spark; not
 * the commands.
 */
package io.puzzleatlas.jobs.explore;
