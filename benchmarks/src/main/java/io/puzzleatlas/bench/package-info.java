/**
 * JMH benchmarks and benchmark mains of the core's kernels; docs/benchmarks.md gives their commands and figures. May
 * import the core; never the jobs.
 */
package io.puzzleatlas.bench;
