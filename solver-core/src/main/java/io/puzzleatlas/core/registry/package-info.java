/**
 * The one list of puzzle kinds, where a command resolves its puzzle's name once into the {@code PuzzleHandle} its job
 * carries, and the per-JVM shared solvers. The only core package that imports the puzzle kinds; never Spark.
 */
package io.puzzleatlas.core.registry;
