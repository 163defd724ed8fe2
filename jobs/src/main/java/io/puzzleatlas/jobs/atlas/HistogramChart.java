package io.puzzleatlas.jobs.atlas;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A depth histogram drawn with XChart: states per distance as a step line with markers, labelled axes, the radius
 * marked by a vertical line and its count; linear or logarithmic count axis. Any histogram (an atlas space, or a
 * {@code solve} run's lengths) can be drawn this way.
 */
public final class HistogramChart {
    public static final int WIDTH = 640;
    public static final int HEIGHT = 400;

    private HistogramChart() {}

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /**
     * The chart of a space's {@code histogram} (index = distance), its radius marked; zero counts are left out on a log
     * axis.
     */
    public static XYChart chart(String title, long[] histogram, String yTitle, boolean logScale) {
        return chart(title, histogram, yTitle, logScale, "radius");
    }

    /**
     * The chart of {@code histogram} (index = distance), its last non-zero distance marked and labelled {@code marker}
     * ("radius" for a whole space; a sample's longest answer is not one).
     */
    public static XYChart chart(String title, long[] histogram, String yTitle, boolean logScale, String marker) {
        int radius = histogram.length - 1;
        while (radius > 0 && histogram[radius] == 0) {
            radius--;
        }
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle("distance (moves)")
                .yAxisTitle(yTitle + (logScale ? " (log scale)" : ""))
                .build();
        Styler.ChartTheme theme = Styler.ChartTheme.XChart;
        chart.getStyler().setTheme(theme.newInstance(theme));
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisLogarithmic(logScale);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax((double) Math.max(1, radius + 1));
        chart.getStyler().setDecimalPattern("#,###");
        int n = 0;
        for (int d = 0; d <= radius; d++) {
            if (!logScale || histogram[d] > 0) {
                n++;
            }
        }
        double[] x = new double[n];
        double[] y = new double[n];
        int i = 0;
        for (int d = 0; d <= radius; d++) {
            if (!logScale || histogram[d] > 0) {
                x[i] = d;
                y[i++] = histogram[d];
            }
        }
        XYSeries series = chart.addSeries("states", x, y);
        series.setMarker(SeriesMarkers.CIRCLE);
        series.setLineColor(new Color(0x1f77b4));
        series.setMarkerColor(new Color(0x1f77b4));
        AnnotationLine line = new AnnotationLine(radius, true, false);
        chart.getStyler().setAnnotationLineColor(new Color(0xd62728));
        chart.getStyler()
                .setAnnotationLineStroke(new BasicStroke(
                        2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        chart.getStyler().setAnnotationTextFontColor(new Color(0xd62728));
        chart.addAnnotation(line);
        AnnotationText label =
                new AnnotationText(marker + " " + radius + ": " + histogram[radius], WIDTH - 150, 70, true);
        chart.addAnnotation(label);
        return chart;
    }

    /** Writes {@code dir/name.png} and {@code dir/name.svg} through {@code fs}. */
    public static void write(XYChart chart, FileSystem fs, Path dir, String name) throws IOException {
        try (OutputStream png = fs.create(new Path(dir, name + ".png"), true)) {
            BitmapEncoder.saveBitmap(chart, png, BitmapEncoder.BitmapFormat.PNG);
        }
        try (OutputStream svg = fs.create(new Path(dir, name + ".svg"), true)) {
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        }
    }
}
