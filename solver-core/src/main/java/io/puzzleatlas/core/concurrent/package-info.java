/**
 * Small concurrency helpers of the core: work cut into chunks that threads take in turn, and lazily built values shared
 * by threads. Imports only the JDK.
 */
package io.puzzleatlas.core.concurrent;
