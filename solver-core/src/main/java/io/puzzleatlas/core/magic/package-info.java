/**
 * The magic board (a 2x4 permutation puzzle with three moves): the puzzle, its ranked space, its table-descent solver,
 * judge format and atlas. May import the core's generic packages (puzzle, search, table, atlas, encoding, judge, kind,
 * concurrent); never another puzzle kind, never Spark.
 */
package io.puzzleatlas.core.magic;
