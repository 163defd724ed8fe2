package io.puzzleatlas.jobs.explore;

/** What an explore engine found: states per depth, and how many distance rows it wrote. */
record ExploreOutcome(String engine, long[] histogram, long rows) {
    long reached() {
        long n = 0;
        for (long c : histogram) {
            n += c;
        }
        return n;
    }
}
