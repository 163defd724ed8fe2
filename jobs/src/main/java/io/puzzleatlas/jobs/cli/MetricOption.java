package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.definition.DefinitionException;
import io.puzzleatlas.core.definition.Metric;
import io.puzzleatlas.core.registry.PuzzleHandle;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Spec.Target;

/**
 * {@code --metric powers|generators|listed} of the commands that search: what one move of a definition file's puzzle is
 * (docs/definitions.md). Built-in puzzles have their own moves and refuse it.
 */
public final class MetricOption {
    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            converter = MetricConverter.class,
            description = "definition files: powers (every power of a move is one move; the default for .tws) or "
                    + "generators (each move and its inverse; the default for .json) or listed (each move alone, "
                    + "no inverse: a directed graph; the default for CayleyPy's central_state/generators .json)")
    Metric metric;

    @Spec(Target.MIXEE)
    CommandSpec spec;

    /**
     * {@code puzzle} in the metric asked for (unchanged without {@code --metric}), its moves built: a definition file
     * unusable in that metric is refused here, as a malformed one is ({@code FILE:LINE: why}, exit 3).
     */
    public PuzzleHandle apply(PuzzleHandle puzzle) {
        if (puzzle == null) {
            return null;
        }
        PuzzleHandle chosen;
        try {
            chosen = puzzle.withMetric(metric);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            chosen.puzzle();
        } catch (DefinitionException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        return chosen;
    }

    /** {@code powers}, {@code generators} or {@code listed}, any case. */
    static final class MetricConverter implements ITypeConverter<Metric> {
        @Override
        public Metric convert(String value) {
            try {
                return Metric.of(value);
            } catch (IllegalArgumentException e) { // picocli would show the exception's class before the message
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
