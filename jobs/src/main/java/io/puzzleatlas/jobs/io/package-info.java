/**
 * Output that is published whole or not at all (staging, journal, recovery), Parquet and CSV through Hadoop file
 * systems, schemas, and the reconciliation report. May import jobs (exit codes, refusals); no puzzle logic.
 */
package io.puzzleatlas.jobs.io;
