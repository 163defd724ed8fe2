/**
 * The atlas job (whole-space histograms and deepest states, in core or as a Spark census), its CSV and Parquet files,
 * the chart and the HTML report. May import the core, jobs, jobs.io and jobs.explore (checkpoints of in-core searches);
 * not the commands.
 */
package io.puzzleatlas.jobs.atlas;
