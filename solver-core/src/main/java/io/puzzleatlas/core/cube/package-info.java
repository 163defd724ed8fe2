/**
 * The 2x2x2 pocket cube in the half-turn and quarter-turn metrics: cubie encoding, the ranked space, the distance-table
 * solver and the kind. May import the core's generic packages; never another puzzle kind, never Spark.
 */
package io.puzzleatlas.core.cube;
