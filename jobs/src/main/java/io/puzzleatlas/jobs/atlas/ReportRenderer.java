package io.puzzleatlas.jobs.atlas;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Renders an atlas report: {@code <output>/index.html} and {@code <output>/charts/<space>.png|svg} for each space.
 * Rendering works from the in-memory model only; where the model came from is the {@link AtlasSource}'s business.
 */
public final class ReportRenderer {
    /** The report's page in its output directory. */
    public static final String PAGE = "index.html";

    private ReportRenderer() {}

    /** Writes the report through {@code fs} and returns the page's path. */
    public static Path render(List<AtlasSpace> spaces, FileSystem fs, Path output, boolean logScale)
            throws IOException {
        Path charts = new Path(output, "charts");
        if (!fs.mkdirs(charts)) {
            throw new IOException("cannot create " + charts);
        }
        for (AtlasSpace s : spaces) {
            HistogramChart.write(
                    HistogramChart.chart(s.space(), s.histogram(), "states", logScale), fs, charts, s.space());
        }
        Path page = new Path(output, PAGE);
        try (OutputStream out = fs.create(page, true)) {
            out.write(ReportPage.render(spaces, logScale).getBytes(StandardCharsets.UTF_8));
        }
        return page;
    }
}
