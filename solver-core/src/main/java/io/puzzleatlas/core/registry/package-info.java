/**
 * The one list of puzzle kinds, looked up by name by every command, and the per-JVM shared
 * solvers. The only core package that imports the puzzle kinds; never Spark.
 */
package io.puzzleatlas.core.registry;
