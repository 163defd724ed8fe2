/**
 * Instances drawn by id on the executors (GeneratorSpec) and the generate job that writes them. May import the core,
 * jobs and jobs.io.
 */
package io.puzzleatlas.jobs.generate;
