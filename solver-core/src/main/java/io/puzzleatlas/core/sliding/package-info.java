/**
 * Sliding-tile puzzles of any R x C: the board, its goal classes and ranked spaces, IDA* (Korf 1985) with Manhattan
 * distance and linear conflicts or additive pattern databases (Korf and Felner 2002), the databases' builder, files and
 * cache. May import the core's generic packages; never another puzzle kind, never Spark.
 */
package io.puzzleatlas.core.sliding;
