/**
 * Spark sessions and settings: the embedded default, the Spark home for local clusters, configuration files, per-stage
 * metrics, and the fault seams the tests use. May import jobs and jobs.io; no puzzle logic.
 */
package io.puzzleatlas.jobs.spark;
