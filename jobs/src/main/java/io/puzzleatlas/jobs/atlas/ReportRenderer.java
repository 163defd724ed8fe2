package io.puzzleatlas.jobs.atlas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Renders an atlas report: {@code <output>/index.html} and {@code <output>/charts/<space>.png|svg}
 * for each space. Rendering works from the in-memory model only; where the model came from is the
 * {@link AtlasSource}'s business.
 */
public final class ReportRenderer {
    private ReportRenderer() {
    }

    /** Writes the report and returns the page's path. */
    public static Path render(List<AtlasSpace> spaces, Path output, boolean logScale) throws IOException {
        Path charts = output.resolve("charts");
        Files.createDirectories(charts);
        for (AtlasSpace s : spaces) {
            HistogramChart.write(HistogramChart.chart(s.space(), s.histogram(), "states", logScale), charts, s.space());
        }
        Path page = output.resolve("index.html");
        Files.writeString(page, ReportPage.render(spaces, logScale), StandardCharsets.UTF_8);
        return page;
    }
}
