/**
 * The rotation game (24 cells on a '#'-shaped board, eight each of three colours; the goal is the centre of one
 * colour): the puzzle, its one-colour abstraction and census, its solver and judge format. May import the core's
 * generic packages; never another puzzle kind, never Spark.
 */
package io.puzzleatlas.core.rotation;
