package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.registry.PuzzleRegistry;
import java.util.Iterator;

/**
 * The puzzle names every {@code --puzzle} option lists in its help ({@code ${COMPLETION-CANDIDATES}}): the registry's,
 * so that a new kind appears in every command without editing one.
 */
public final class PuzzleNames implements Iterable<String> {
    /** What every {@code --puzzle} help says: the built-in names, or a definition file. */
    static final String HELP = "a built-in puzzle: ${COMPLETION-CANDIDATES}; or a definition file's path "
            + "(twsearch's .tws, a generator list .json: docs/definitions.md)";

    @Override
    public Iterator<String> iterator() {
        return PuzzleRegistry.names().iterator();
    }
}
