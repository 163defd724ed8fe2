/**
 * Local files written whole or not at all ({@link io.puzzleatlas.core.io.AtomicFiles}). Imports nothing of the project;
 * no Spark.
 */
package io.puzzleatlas.core.io;
