package io.puzzleatlas.core.search;

import java.io.Serializable;
import java.util.List;

/**
 * How a puzzle is solved, decided once (on a job's driver) and used as is by every solver given it: the method, the
 * projections searched with, the table files read, and the memory budget and table cap they were chosen for. A solver
 * given a plan never looks at its own heap: a driver and executors with different heaps solve with the same tables.
 *
 * @param method the method in words ({@code table descent}, {@code IDA* with pattern databases})
 * @param projections what each pattern database follows ({@code CORNER: all}); empty for table descent
 * @param tables the table files solving toward the plan's goal reads, each with the SHA-256 of what it holds
 * @param memoryBytes the bytes the tables were chosen to fit (the {@code --tables-memory} given, else a quarter of the
 *     driver's heap)
 * @param tableCap the most ranks of one projection's table the projections were cut for (0 without projections)
 * @param why one line: why this method, with the expected build time (empty when there was no choice to explain); not
 *     part of the {@link #fingerprint()}
 */
public record SolvePlan(
        String method, List<String> projections, List<Table> tables, long memoryBytes, long tableCap, String why)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * One table file of a plan.
     *
     * @param file its name in the table directory
     * @param keyDigest the SHA-256 (hex) of the description the file holds (what the table is of)
     */
    public record Table(String file, String keyDigest) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    public SolvePlan {
        projections = List.copyOf(projections);
        tables = List.copyOf(tables);
        why = why == null ? "" : why;
    }

    /** A plan with nothing to explain. */
    public SolvePlan(String method, List<String> projections, List<Table> tables, long memoryBytes, long tableCap) {
        this(method, projections, tables, memoryBytes, tableCap, "");
    }

    /** The same plan with {@code line} as its {@link #why()}. */
    public SolvePlan because(String line) {
        return new SolvePlan(method, projections, tables, memoryBytes, tableCap, line);
    }

    /** The plan's table file names, in order. */
    public List<String> files() {
        return tables.stream().map(Table::file).toList();
    }

    /** The plan on one line, as a checkpoint records it: a resume with another plan is refused naming both. */
    public String fingerprint() {
        StringBuilder s =
                new StringBuilder("plan ").append(method).append(", memory ").append(memoryBytes);
        if (tableCap > 0) {
            s.append(", cap ").append(tableCap);
        }
        if (!projections.isEmpty()) {
            s.append(", projections ").append(String.join("; ", projections));
        }
        // a file's name holds the start of its key's digest
        return s.append(", tables ").append(String.join(" ", files())).toString();
    }
}
