package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.SearchBudget;
import java.nio.file.Path;
import java.util.Set;

/**
 * What a {@code santa} run is asked: the competition's data (its zip or a directory), the incumbent submission (null:
 * the data's {@code sample_submission.csv} when it holds one, else none), the types searched (null: every type) and
 * each puzzle's budget, and whether an earlier run's checkpoint is continued.
 */
public record SantaSpec(Path data, Path incumbent, Set<String> types, SearchBudget budget, boolean resume) {}
