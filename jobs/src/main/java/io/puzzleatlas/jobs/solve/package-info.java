/**
 * The solve job: inputs (CSV, judge text, Parquet, generated), partitions solved by the core's solvers, tables made
 * ready on the driver, results, errors, histogram and chart, on Spark or in this JVM. May import the core, jobs,
 * jobs.io, jobs.spark, jobs.generate and jobs.atlas (the chart); not the commands.
 */
package io.puzzleatlas.jobs.solve;
