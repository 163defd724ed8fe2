package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.puzzle.Puzzle;
import java.util.List;
import java.util.Locale;

/**
 * The atlas report as one static HTML page (no script, no server; it opens from disk): an overview table, then one card
 * per space side by side with its figures, its chart (SVG, with the PNG linked) and its deepest boards drawn as small
 * grids. The page is well-formed XML (XHTML syntax), so tests can check its DOM with the JDK's parser.
 */
public final class ReportPage {
    /** Boards drawn per space; the rest are counted and left to deepest.csv. */
    public static final int MAX_DRAWN = 48;

    private static final String STYLE = """
            body{font-family:DejaVu Sans,Arial,sans-serif;margin:1.5em;color:#222;background:#fafafa}
            table.overview{border-collapse:collapse;margin-bottom:1.5em}
            table.overview td,table.overview th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
            table.overview td:first-child,table.overview th:first-child{text-align:left}
            .spaces{display:grid;grid-template-columns:repeat(auto-fill,minmax(660px,1fr));gap:1.2em}
            section.space{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.8em}
            section.space h2{font-size:1.1em;margin:.2em 0}
            dl.figures{display:grid;grid-template-columns:auto auto auto auto;gap:.1em .8em;margin:.4em 0}
            dl.figures dt{color:#666}dl.figures dd{margin:0;font-weight:bold}
            img.chart{width:100%;max-width:640px;height:auto;border:1px solid #eee}
            .deepest{display:flex;flex-wrap:wrap;gap:.4em}
            table.board{border-collapse:collapse}
            table.board td{width:1.3em;height:1.3em;border:1px solid #888;text-align:center;font-size:.7em;padding:0}
            table.board td.blank{background:#333}table.board td.void{border:none}

            table.histogram td,table.histogram th{padding:0 .6em;text-align:right;font-size:.8em}
            """;

    private ReportPage() {}

    /** The page for {@code spaces}, charts at {@code charts/<space>.svg|png}. */
    public static String render(List<AtlasSpace> spaces, boolean logScale) {
        StringBuilder h = new StringBuilder(1 << 16);
        h.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\"/>\n<title>Puzzle Atlas: state-space report</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>Puzzle Atlas: how deep each space goes</h1>\n")
                .append("<p class=\"intro\">")
                .append(spaces.size())
                .append(" spaces. Distances are optimal move counts; ")
                .append("charts show states per distance")
                .append(logScale ? " on a logarithmic axis" : "")
                .append(", the dashed line marks the radius.</p>\n");
        overview(h, spaces);
        h.append("<div class=\"spaces\">\n");
        for (AtlasSpace s : spaces) {
            card(h, s);
        }
        h.append("</div>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void overview(StringBuilder h, List<AtlasSpace> spaces) {
        h.append("<table class=\"overview\">\n<tr><th>space</th><th>puzzle</th><th>states</th><th>radius</th>")
                .append("<th>at radius</th><th>mean depth</th></tr>\n");
        for (AtlasSpace s : spaces) {
            h.append("<tr><td><a href=\"#space-")
                    .append(esc(s.space()))
                    .append("\">")
                    .append(esc(s.space()))
                    .append("</a></td><td>")
                    .append(esc(s.puzzle().name()))
                    .append("</td><td>")
                    .append(num(s.states()))
                    .append("</td><td>")
                    .append(s.radius())
                    .append("</td><td>")
                    .append(num(s.countAtRadius()))
                    .append("</td><td>")
                    .append(mean(s))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void card(StringBuilder h, AtlasSpace s) {
        String name = esc(s.space());
        h.append("<section class=\"space\" id=\"space-")
                .append(name)
                .append("\" data-space=\"")
                .append(name)
                .append("\">\n<h2>")
                .append(name)
                .append("</h2>\n<dl class=\"figures\">")
                .append("<dt>puzzle</dt><dd class=\"puzzle\">")
                .append(esc(s.puzzle().name()))
                .append("</dd>")
                .append("<dt>states</dt><dd class=\"states\">")
                .append(num(s.states()))
                .append("</dd>")
                .append("<dt>radius</dt><dd class=\"radius\">")
                .append(s.radius())
                .append("</dd>")
                .append("<dt>at radius</dt><dd class=\"at-radius\">")
                .append(num(s.countAtRadius()))
                .append("</dd>")
                .append("<dt>mean depth</dt><dd class=\"mean\">")
                .append(mean(s))
                .append("</dd>");
        if (!s.goal().isEmpty()) {
            h.append("<dt>from</dt><dd class=\"goal\">").append(esc(s.goal())).append("</dd>");
        }
        h.append("</dl>\n<img class=\"chart\" src=\"charts/")
                .append(name)
                .append(".svg\" alt=\"states per distance, ")
                .append(name)
                .append("\" width=\"")
                .append(HistogramChart.WIDTH)
                .append("\" height=\"")
                .append(HistogramChart.HEIGHT)
                .append("\"/>\n<p class=\"links\"><a href=\"charts/")
                .append(name)
                .append(".png\">PNG</a> <a href=\"charts/")
                .append(name)
                .append(".svg\">SVG</a></p>\n");
        histogramTable(h, s);
        h.append("<h3>Deepest boards: ")
                .append(num(s.countAtRadius()))
                .append(" at distance ")
                .append(s.radius())
                .append("</h3>\n<div class=\"deepest\">\n");
        Puzzle puzzle = s.puzzle().puzzle();
        BoardDrawing layout = s.puzzle().kind().drawing(puzzle);
        List<String> boards = s.deepest();
        for (int i = 0; i < Math.min(MAX_DRAWN, boards.size()); i++) {
            board(h, layout, boards.get(i));
        }
        h.append("</div>\n");
        if (s.countAtRadius() > Math.min(MAX_DRAWN, boards.size())) {
            h.append("<p class=\"more\">")
                    .append(num(s.countAtRadius() - Math.min(MAX_DRAWN, boards.size())))
                    .append(" more at the radius (see deepest.csv)</p>\n");
        }
        h.append("</section>\n");
    }

    private static void histogramTable(StringBuilder h, AtlasSpace s) {
        h.append("<details><summary>histogram</summary>\n<table "
                + "class=\"histogram\"><tr><th>distance</th><th>states</th></tr>");
        long[] hist = s.histogram();
        for (int d = 0; d < hist.length; d++) {
            h.append("<tr><td>")
                    .append(d)
                    .append("</td><td>")
                    .append(num(hist[d]))
                    .append("</td></tr>");
        }
        h.append("</table>\n</details>\n");
    }

    private static void board(StringBuilder h, BoardDrawing layout, String text) {
        String[] tokens = layout.tokens(text);
        h.append("<table class=\"board\" title=\"").append(esc(text)).append("\">");
        for (int r = 0; r < layout.rows(); r++) {
            h.append("<tr>");
            for (int c = 0; c < layout.cols(); c++) {
                int cell = layout.cell(r, c);
                if (cell < 0 || cell >= tokens.length) {
                    h.append("<td class=\"void\"></td>");
                } else if (!layout.colours().isEmpty()) {
                    h.append("<td class=\"c")
                            .append(esc(tokens[cell]))
                            .append("\" style=\"background:")
                            .append(esc(layout.colours().getOrDefault(tokens[cell], "#fff")))
                            .append("\">")
                            .append(esc(tokens[cell]))
                            .append("</td>");
                } else if (tokens[cell].equals(layout.blank())) {
                    h.append("<td class=\"blank\"></td>");
                } else {
                    h.append("<td>").append(esc(tokens[cell])).append("</td>");
                }
            }
            h.append("</tr>");
        }
        h.append("</table>\n");
    }

    private static String mean(AtlasSpace s) {
        return String.format(Locale.ROOT, "%.3f", s.meanDepth());
    }

    private static String num(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
