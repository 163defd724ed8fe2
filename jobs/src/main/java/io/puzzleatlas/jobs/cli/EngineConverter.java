package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.jobs.Engine;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --engine} the same way in every command: auto, local or spark, in any case. */
public final class EngineConverter implements ITypeConverter<Engine> {
    @Override
    public Engine convert(String value) {
        try {
            return Engine.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("must be auto, local or spark, not '" + value + "'");
        }
    }
}
