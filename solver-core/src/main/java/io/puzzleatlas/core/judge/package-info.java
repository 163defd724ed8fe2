/**
 * The judge text format: tokens read from a stream, instances with their step limits, and the
 * per-kind judge contract. May import core.puzzle and core.search; no puzzle kind, no Spark.
 */
package io.puzzleatlas.core.judge;
