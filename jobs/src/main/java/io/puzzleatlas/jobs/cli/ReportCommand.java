package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.atlas.AtlasCsv;
import io.puzzleatlas.jobs.atlas.AtlasSource;
import io.puzzleatlas.jobs.atlas.AtlasSpace;
import io.puzzleatlas.jobs.atlas.ReportRenderer;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.io.OutputExistsException;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code report --input DIR --output DIR}: charts and one static HTML page for an atlas (no Spark). */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Render every space under INPUT/atlas/ as charts (PNG, SVG) and one static HTML page.")
public final class ReportCommand implements Callable<Integer> {
    @Option(
            names = "--input",
            required = true,
            paramLabel = "DIR",
            description = "directory holding atlas/<space>/histogram.csv and deepest.csv")
    String input;

    @Option(
            names = "--output",
            required = true,
            paramLabel = "DIR",
            description = "where index.html and charts/ are written (any Hadoop file system URI)")
    String output;

    @Option(names = "--log-scale", description = "logarithmic count axis")
    boolean logScale;

    @Option(names = "--overwrite", description = "replace an existing report in the output directory")
    boolean overwrite;

    @Spec
    CommandSpec spec;

    /** The source the report reads; a Parquet source replaces it once the Spark job writes Parquet. */
    AtlasSource source = new AtlasCsv();

    @Override
    public Integer call() {
        PrintWriter console = spec.commandLine().getOut();
        try {
            Configuration conf = SparkSessions.hadoopConfiguration();
            Path in = new Path(input);
            Path out = new Path(output);
            // A publish of this atlas interrupted by a kill is finished first: all old or all new spaces.
            AtomicOutput.recoverForReading(conf, in);
            List<AtlasSpace> spaces = source.load(NioLocalFileSystem.of(in, conf), in);
            if (!overwrite && NioLocalFileSystem.of(out, conf).exists(new Path(out, ReportRenderer.PAGE))) {
                throw new OutputExistsException(
                        new Path(out, ReportRenderer.PAGE) + " already exists; use --overwrite to replace it");
            }
            Path page = ReportRenderer.render(spaces, NioLocalFileSystem.of(out, conf), out, logScale);
            console.println("report: " + spaces.size() + " spaces -> " + page);
            console.flush();
            return ExitCode.OK.code();
        } catch (IOException e) {
            throw new RefusedException(e.getMessage() == null ? "cannot read " + input : e.getMessage(), e);
        }
    }
}
