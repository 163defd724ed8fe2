package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.registry.PuzzleHandle;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --puzzle} (and {@code judge}'s PUZZLE) the same way in every command: the name resolved once, here, into
 * the {@link PuzzleHandle} the command hands to its job. An unknown name is a usage error listing the known ones; a
 * definition file that cannot be used passes its {@code DefinitionException} on (exit 3, {@code FILE:LINE: why}).
 */
public final class PuzzleConverter implements ITypeConverter<PuzzleHandle> {
    @Override
    public PuzzleHandle convert(String value) {
        try {
            return PuzzleHandle.resolve(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
