/**
 * Whole-space summaries (histogram, radius, deepest states), the census of abstractions by masks, and the control of
 * long searches (checkpoints, stop after a level). May import core.table and core.encoding; no puzzle kind, no Spark.
 */
package io.puzzleatlas.core.atlas;
