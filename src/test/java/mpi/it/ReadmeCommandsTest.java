package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** How {@link ReadmeCommands} reads the commands out of a README's code blocks. */
class ReadmeCommandsTest {

    private static List<String> texts(String... readme) {
        return ReadmeCommands.commands(List.of(readme)).stream()
                .map(ReadmeCommands.Command::text).toList();
    }

    @Test
    void commentsAndBlankLinesAreNotPartOfACommand() {
        assertEquals(List.of("scripts/quickstart.sh", "scripts/test.sh",
                "eval \"$(scripts/install-mpi.sh mpich5)\""),
                texts("prose `not a command`", "```", "scripts/quickstart.sh        # runs it", "",
                        "# only a comment", "scripts/test.sh", "```", "more prose", "```",
                        "eval \"$(scripts/install-mpi.sh mpich5)\"     # MPICH 5", "```"));
    }

    @Test
    void aHashInsideAWordOrQuotesIsKept() {
        assertEquals(List.of("echo a#b '# not' \"# nor\" \\# this"),
                texts("```", "echo a#b '# not' \"# nor\" \\# this # but this", "```"));
    }

    @Test
    void continuationsAreJoinedWithOneBlank() {
        assertEquals(List.of("mpirun -np 2 java -cp a.jar:b.jar Main", "next"),
                texts("```", "mpirun -np 2 java \\", "    -cp a.jar:b.jar Main", "next", "```"));
    }

    @Test
    void aTranscriptHasItsPromptedLinesAsCommandsAndTheRestAsOutput() {
        List<ReadmeCommands.Command> commands = ReadmeCommands.commands(List.of("# Title", "",
                "```", "$ mpirun -np 2 java -jar target/omb-j.jar osu_latency", "",
                "# OSU MPI-Java Latency Test v7.4 (buffer API)", "1     0.15", "...", "```"));
        assertEquals(List.of(new ReadmeCommands.Command(
                "mpirun -np 2 java -jar target/omb-j.jar osu_latency", 0, 4)), commands);
    }

    @Test
    void blocksAreNumberedAndLinesCountedFromOne() {
        List<ReadmeCommands.Command> commands = ReadmeCommands.commands(List.of("```", "a", "```",
                "", "```", "b", "c", "```"));
        assertEquals(List.of(new ReadmeCommands.Command("a", 0, 2),
                new ReadmeCommands.Command("b", 1, 6), new ReadmeCommands.Command("c", 1, 7)),
                commands);
    }

    @Test
    void anUnclosedBlockIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReadmeCommands.commands(List.of("text", "```", "a")));
        assertEquals("the code block at line 2 is not closed", e.getMessage());
    }
}
