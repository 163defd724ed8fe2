package io.puzzleatlas.jobs.explore;

/**
 * What an explore engine found: states per depth, how many distance rows it wrote, and the ranks of the deepest states
 * (ascending; every one up to {@code SparkExplorer.DEEPEST_CAP}).
 */
record ExploreOutcome(String engine, long[] histogram, long rows, long[] deepest) {
    long reached() {
        long n = 0;
        for (long c : histogram) {
            n += c;
        }
        return n;
    }
}
