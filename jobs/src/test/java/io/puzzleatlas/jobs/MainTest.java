package io.puzzleatlas.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {
    private static final List<String> ALL =
            List.of("generate", "solve", "explore", "atlas", "report", "tables", "cluster", "judge", "santa", "show");

    private static List<String> names(String... args) {
        return List.copyOf(
                Main.commandLine(Switches.defaults(), args).getSubcommands().keySet());
    }

    @Test
    void aRunBuildsOnlyTheCommandItNames() {
        assertEquals(List.of("solve"), names("solve", "--puzzle", "eight-puzzle", "--board", "1 2 3 4 5 6 7 8 0"));
        assertEquals(List.of("tables"), names("--debug", "tables", "build", "--puzzle", "pocket-cube"));
        assertEquals(ALL, names());
        assertEquals(ALL, names("--version"));
        assertEquals(ALL, names("solv", "--puzzle", "x")); // an unknown name gets every command's suggestions
    }

    @Test
    void aCommandBuiltAloneHasTheUsageItHasAmongAll() {
        Map<String, CommandLine> all =
                Main.commandLine(Switches.defaults(), new String[0]).getSubcommands();
        for (String name : ALL) {
            CommandLine alone = Main.commandLine(Switches.defaults(), new String[] {name})
                    .getSubcommands()
                    .get(name);
            assertEquals(all.get(name).getUsageMessage(), alone.getUsageMessage(), name);
            for (String sub : all.get(name).getSubcommands().keySet()) {
                assertEquals(
                        all.get(name).getSubcommands().get(sub).getUsageMessage(),
                        alone.getSubcommands().get(sub).getUsageMessage(),
                        name + " " + sub);
            }
        }
    }
}
