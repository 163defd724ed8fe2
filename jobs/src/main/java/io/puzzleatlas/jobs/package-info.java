/**
 * The entry point (Main), the skeleton every job follows (Job: session, inputs checked, staged output, publish,
 * report), the engine choice, exit codes and the one-line failure messages. May import the core and the jobs' io and
 * spark packages; Main alone imports the commands of jobs.cli.
 */
package io.puzzleatlas.jobs;
