package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.LocalDatasets;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code show DATASET}: the first rows of a Parquet dataset the project wrote ({@code results}, {@code errors},
 * {@code histogram}, {@code distances}, ...) as text, read with parquet-java directly (no Spark starts): a header of
 * the column names, one row per line in columns, and how many rows there are in all (from the files' footers).
 */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Print the rows of a Parquet dataset (a directory such as out/mine/results, errors, histogram or "
                + "distances, or one .parquet file): the column names, then one row per line, in file order; no Spark.")
public final class ShowCommand implements Callable<Integer> {
    /** The widest a column is padded to; longer values stay whole and push the next column right. */
    private static final int MAX_WIDTH = 40;

    @Parameters(index = "0", paramLabel = "DATASET", description = "a dataset directory or a .parquet file")
    String dataset;

    @Option(
            names = {"-n", "--limit"},
            paramLabel = "N",
            defaultValue = "20",
            description = "print at most N rows (default: ${DEFAULT-VALUE}; 0: every row)")
    long limit;

    @Option(names = "--tsv", description = "tab-separated values instead of aligned columns")
    boolean tsv;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (limit < 0) {
            throw new ParameterException(spec.commandLine(), "--limit must be 0 (every row) or positive, not " + limit);
        }
        List<Path> files = files(Paths.get(dataset));
        Configuration conf = new Configuration();
        List<String> names = new ArrayList<>(); // the first file's columns
        List<String[]> rows = new ArrayList<>();
        long wanted = limit == 0 ? Long.MAX_VALUE : limit;
        long total = 0;
        for (Path f : files) {
            try (ParquetFileReader r = open(conf, f)) {
                if (names.isEmpty()) {
                    for (Type t : r.getFooter().getFileMetaData().getSchema().getFields()) {
                        names.add(t.getName());
                    }
                }
                total += r.getRecordCount();
                if (rows.size() < wanted) {
                    ParquetDatasets.readRows(r, g -> {
                        rows.add(cells(g, names));
                        return rows.size() < wanted;
                    });
                }
            } catch (IOException e) {
                throw new RefusedException(f + ": cannot be read (" + firstLine(e) + ")", e);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        print(out, names, rows);
        out.println(String.format(
                Locale.ROOT,
                "(%,d of %,d rows, %d file%s)",
                rows.size(),
                total,
                files.size(),
                files.size() == 1 ? "" : "s"));
        out.flush();
        return ExitCode.OK.code();
    }

    /** The Parquet files of a dataset: the file itself, or those under the directory, sorted by path. */
    static List<Path> files(Path path) {
        if (!Files.exists(path)) {
            throw new RefusedException(path + ": no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            List<Path> files = walk.filter(
                            p -> Files.isRegularFile(p) && p.toString().endsWith(".parquet"))
                    .filter(p -> LocalDatasets.visible(path.relativize(p)))
                    .sorted()
                    .toList();
            if (files.isEmpty()) {
                throw new RefusedException(path + ": no Parquet files in the directory (a dataset directory, such as "
                        + "OUT/results, holds part-*.parquet files)");
            }
            return files;
        } catch (IOException e) {
            throw new RefusedException(path + ": cannot be read (" + firstLine(e) + ")", e);
        }
    }

    /** Parquet file {@code f} opened, its footer read; one line naming it when it is not a Parquet file. */
    private static ParquetFileReader open(Configuration conf, Path f) {
        try {
            return ParquetDatasets.open(conf, new org.apache.hadoop.fs.Path(f.toUri()));
        } catch (IOException | RuntimeException e) {
            throw new RefusedException(f + ": not a Parquet file (" + firstLine(e) + ")", e);
        }
    }

    /** A row's values as text, {@code null} for a missing one, columns by the first file's names. */
    private static String[] cells(Group g, List<String> names) {
        GroupType type = g.getType();
        String[] cells = new String[names.size()];
        for (int c = 0; c < cells.length; c++) {
            String name = names.get(c);
            if (!type.containsField(name) || g.getFieldRepetitionCount(name) == 0) {
                cells[c] = "null";
            } else {
                int i = type.getFieldIndex(name);
                cells[c] = type.getType(i).isPrimitive()
                        ? g.getValueToString(i, 0)
                        : g.getGroup(i, 0).toString();
            }
        }
        return cells;
    }

    private void print(PrintWriter out, List<String> names, List<String[]> rows) {
        if (tsv) {
            out.println(String.join("\t", names));
            for (String[] r : rows) {
                out.println(String.join("\t", r));
            }
            return;
        }
        int[] width = new int[names.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = names.get(c).length();
            for (String[] r : rows) {
                width[c] = Math.max(width[c], Math.min(MAX_WIDTH, r[c].length()));
            }
        }
        out.println(line(names.toArray(String[]::new), width));
        for (String[] r : rows) {
            out.println(line(r, width));
        }
    }

    private static String line(String[] cells, int[] width) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) {
                s.append("  ");
            }
            s.append(cells[c]);
            if (c < cells.length - 1) {
                s.append(" ".repeat(Math.max(0, width[c] - cells[c].length())));
            }
        }
        return s.toString();
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
