package io.puzzleatlas.jobs.atlas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.Main;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Renders a report from CSV and checks it the way a browser would see it: the page parsed into a DOM (it is well-formed
 * XHTML), every referenced chart present and decodable.
 */
class ReportTest {
    @TempDir
    static Path dir;

    static List<AtlasSpace> spaces;
    static Path report;

    @BeforeAll
    static void render() throws IOException {
        spaces = new ArrayList<>();
        InCoreAtlasEngine engine = new InCoreAtlasEngine();
        spaces.addAll(engine.compute(PuzzleHandle.resolve("eight-puzzle"), "classes", 2));
        spaces.addAll(engine.compute(PuzzleHandle.resolve("sliding-2x3"), null, 2));
        spaces.addAll(engine.compute(PuzzleHandle.resolve("magic-board"), null, 2));
        spaces.add(new AtlasSpace(
                "rotation-small",
                PuzzleHandle.resolve("rotation-game"),
                "",
                new long[] {38_610, 308_880, 1_000},
                List.of("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")));
        Path input = dir.resolve("in");
        for (AtlasSpace s : spaces) {
            AtlasFiles.write(input, s);
        }
        report = dir.resolve("report");
        assertEquals(0, Main.run("report", "--input", input.toString(), "--output", report.toString(), "--log-scale"));
    }

    /** An existing report is kept unless --overwrite (before: replaced silently). */
    @Test
    void anExistingReportIsReplacedOnlyWithOverwrite() throws IOException {
        Path again = dir.resolve("again");
        String in = dir.resolve("in").toString();
        assertEquals(0, Main.run("report", "--input", in, "--output", again.toString()));
        String page = Files.readString(again.resolve("index.html"));
        Files.writeString(again.resolve("index.html"), "kept");
        assertEquals(3, Main.run("report", "--input", in, "--output", again.toString()));
        assertEquals("kept", Files.readString(again.resolve("index.html")));
        assertEquals(0, Main.run("report", "--input", in, "--output", again.toString(), "--overwrite"));
        assertTrue(Files.readString(again.resolve("index.html")).startsWith(page.substring(0, 15)), "replaced");
    }

    @Test
    void csvRoundTripKeepsTheModel() throws IOException {
        List<AtlasSpace> back = AtlasFiles.load(dir.resolve("in"));
        Map<String, AtlasSpace> byName = new HashMap<>();
        back.forEach(s -> byName.put(s.space(), s));
        for (AtlasSpace s : spaces) {
            assertEquals(s, byName.get(s.space()));
        }
    }

    @Test
    void pageShowsEverySpaceWithItsFiguresChartAndBoards() throws Exception {
        Document doc = xml().parse(report.resolve("index.html").toFile());
        List<Element> sections = byClass(doc, "section", "space");
        assertEquals(spaces.size(), sections.size());
        Map<String, Element> byName = new HashMap<>();
        sections.forEach(e -> byName.put(e.getAttribute("data-space"), e));
        for (AtlasSpace s : spaces) {
            Element section = byName.get(s.space());
            assertNotNull(section, s.space());
            assertEquals(
                    String.valueOf(s.radius()),
                    byClass(section, "dd", "radius").get(0).getTextContent());
            Element img = byClass(section, "img", "chart").get(0);
            Path svg = report.resolve(img.getAttribute("src"));
            assertTrue(Files.isRegularFile(svg), svg.toString());
            List<Element> boards = byClass(section, "table", "board");
            assertEquals(Math.min(ReportPage.MAX_DRAWN, s.deepest().size()), boards.size(), s.space());
        }
        Element corner = byName.get("sliding-3x3-blank-0");
        assertEquals("31", byClass(corner, "dd", "radius").get(0).getTextContent());
        Element centre = byName.get("sliding-3x3-blank-4");
        assertEquals("148", byClass(centre, "dd", "at-radius").get(0).getTextContent());
        List<Element> boards = byClass(corner, "table", "board");
        assertEquals(2, boards.size());
        assertEquals(3, boards.get(0).getElementsByTagName("tr").getLength());
        assertEquals(1, byClass(boards.get(0), "td", "blank").size());
        Element rotation = byName.get("rotation-small");
        assertEquals(
                24,
                byClass(rotation, "td", "c1").size()
                        + byClass(rotation, "td", "c2").size()
                        + byClass(rotation, "td", "c3").size());
    }

    @Test
    void chartsAreDecodablePngAndSvg() throws Exception {
        for (AtlasSpace s : spaces) {
            BufferedImage png = ImageIO.read(
                    report.resolve("charts").resolve(s.space() + ".png").toFile());
            assertNotNull(png, s.space());
            assertEquals(HistogramChart.WIDTH, png.getWidth());
            Document svg = xml().parse(
                            report.resolve("charts").resolve(s.space() + ".svg").toFile());
            assertEquals("svg", svg.getDocumentElement().getTagName());
            assertEquals("0 0 640 400", svg.getDocumentElement().getAttribute("viewBox"));
            // XChart draws text as glyph outlines: title, axis titles, ticks and the series are paths
            assertTrue(svg.getElementsByTagName("path").getLength() > 20, s.space());
        }
    }

    /** A parser that never fetches a DTD (the SVG names one on the web). */
    static DocumentBuilder xml() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder();
    }

    static List<Element> byClass(Document doc, String tag, String cls) {
        return byClass(doc.getElementsByTagName(tag), cls);
    }

    static List<Element> byClass(Element root, String tag, String cls) {
        return byClass(root.getElementsByTagName(tag), cls);
    }

    private static List<Element> byClass(NodeList nodes, String cls) {
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            if (List.of(e.getAttribute("class").split(" ")).contains(cls)) {
                out.add(e);
            }
        }
        return out;
    }
}
