package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Checks every file of a Parquet input on the driver, by its footer only (a few KB per file), before a job starts: each
 * must be a Parquet file, and each column {@code solve} reads must have the same type in every file that has it. Spark
 * would otherwise fail inside a task, with the type of one file taken for all, long after the output was prepared.
 */
final class ParquetInputCheck {
    private ParquetInputCheck() {}

    static void check(Configuration conf, String input, List<Path> files) {
        Map<String, String> typeOf = new LinkedHashMap<>();
        Map<String, Path> firstFile = new LinkedHashMap<>();
        for (Path file : files) {
            MessageType schema;
            try (ParquetFileReader reader = ParquetDatasets.open(conf, file)) {
                schema = reader.getFooter().getFileMetaData().getSchema();
            } catch (IOException | RuntimeException e) {
                throw new RefusedException(
                        "--input " + input + ": " + file + " is not a Parquet file (" + firstLine(e)
                                + "); keep other files out of a Parquet input directory",
                        e);
            }
            for (String column : List.of("puzzle", "instance_id", "start", "goal", "step_limit")) {
                if (!schema.containsField(column)) {
                    continue;
                }
                String type = describe(schema.getType(column));
                String before = typeOf.putIfAbsent(column, type);
                firstFile.putIfAbsent(column, file);
                if (before != null && !before.equals(type)) {
                    throw new RefusedException("--input " + input + ": column '" + column + "' is " + before + " in "
                            + firstFile.get(column).getName() + " but " + type + " in " + file.getName());
                }
            }
        }
    }

    private static String describe(Type type) {
        if (!type.isPrimitive()) {
            return "a group";
        }
        String physical = type.asPrimitiveType().getPrimitiveTypeName().name().toLowerCase(Locale.ROOT);
        return type.getLogicalTypeAnnotation() == null
                ? physical
                : physical + " (" + type.getLogicalTypeAnnotation() + ")";
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null
                ? e.getClass().getSimpleName()
                : e.getMessage().strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
