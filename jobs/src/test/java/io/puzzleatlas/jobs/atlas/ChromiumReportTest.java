package io.puzzleatlas.jobs.atlas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.test.Hang;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads a rendered report in headless Chromium, when a {@code chromium} binary is on the PATH (Debian's package is not
 * installed by default; the test is skipped without it and {@link ReportTest} checks the DOM by parsing): the DOM after
 * Chromium's parse has every space, and a screenshot is a real picture, not a blank page.
 */
@Tag("slow")
@Tag("browser")
class ChromiumReportTest {
    @TempDir
    Path dir;

    @Test
    void chromiumRendersThePage() throws Exception {
        String chromium = findChromium();
        assumeTrue(chromium != null, "no chromium on the PATH");
        List<AtlasSpace> spaces = new InCoreAtlasEngine().compute(PuzzleHandle.resolve("eight-puzzle"), "classes", 2);
        Path page = AtlasFiles.render(spaces, dir.resolve("report"), false);
        Path dom = dir.resolve("dom.html");
        run(chromium, dom, "--dump-dom", page.toUri().toString());
        String html = Files.readString(dom, StandardCharsets.UTF_8);
        for (AtlasSpace s : spaces) {
            assertTrue(html.contains("data-space=\"" + s.space() + "\""), s.space());
        }
        Path shot = dir.resolve("shot.png");
        run(
                chromium,
                dir.resolve("log.txt"),
                "--screenshot=" + shot,
                "--window-size=1280,1400",
                page.toUri().toString());
        BufferedImage image = ImageIO.read(shot.toFile());
        assertNotNull(image);
        assertEquals(1280, image.getWidth());
        int inked = 0;
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                if (rgb != 0xFFFFFF && rgb != 0xFAFAFA) {
                    inked++;
                }
            }
        }
        assertTrue(inked > 2_000, "screenshot looks blank: " + inked + " inked samples");
    }

    private static void run(String chromium, Path stdout, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--allow-file-access-from-files",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory("chromium-profile")));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(stdout.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertEquals(0, Hang.exitOf(p), "chromium's exit status");
    }

    private static String findChromium() {
        for (String dirName : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : new String[] {"chromium", "chromium-browser"}) {
                File f = new File(dirName, name);
                if (f.canExecute()) {
                    return f.getPath();
                }
            }
        }
        return null;
    }
}
