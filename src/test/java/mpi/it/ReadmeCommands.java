package mpi.it;

import java.util.ArrayList;
import java.util.List;

/**
 * The commands of README.md's fenced code blocks, as a reader copies them: lines ending in
 * {@code \} joined with the next, a comment ({@code #} starting a word outside quotes) cut off,
 * blank lines left out. A block with lines starting {@code $ } is a transcript: those lines,
 * without the prompt, are its commands and the rest is sample output.
 */
final class ReadmeCommands {
    /** The prompt that marks a command in a transcript block. */
    static final String PROMPT = "$ ";

    private ReadmeCommands() {
    }

    /**
     * One command.
     *
     * @param text  the command as bash runs it, continuations joined, comment cut off
     * @param block the index of its fenced block among README's blocks, from 0
     * @param line  the line of README where it starts, from 1
     */
    record Command(String text, int block, int line) {
    }

    /** A fenced block: its lines between the fences, and the README line of its first. */
    record Block(List<String> lines, int firstLine) {
    }

    /**
     * @param readme README's lines
     * @return its fenced code blocks, in order
     * @throws IllegalArgumentException if a block is not closed
     */
    static List<Block> blocks(List<String> readme) {
        List<Block> blocks = new ArrayList<>();
        List<String> current = null;
        int first = 0;
        for (int i = 0; i < readme.size(); i++) {
            String line = readme.get(i);
            if (line.startsWith("```")) {
                if (current == null) {
                    current = new ArrayList<>();
                    first = i + 2;
                } else {
                    blocks.add(new Block(List.copyOf(current), first));
                    current = null;
                }
            } else if (current != null) {
                current.add(line);
            }
        }
        if (current != null) {
            throw new IllegalArgumentException("the code block at line " + (first - 1)
                    + " is not closed");
        }
        return blocks;
    }

    /**
     * @param readme README's lines
     * @return every command of its fenced blocks, in order
     */
    static List<Command> commands(List<String> readme) {
        List<Command> commands = new ArrayList<>();
        List<Block> blocks = blocks(readme);
        for (int b = 0; b < blocks.size(); b++) {
            List<String> lines = blocks.get(b).lines();
            boolean transcript = lines.stream().anyMatch(l -> l.startsWith(PROMPT));
            for (int i = 0; i < lines.size(); i++) {
                int at = blocks.get(b).firstLine() + i;
                String line = lines.get(i);
                if (transcript) {
                    if (!line.startsWith(PROMPT)) {
                        continue;
                    }
                    line = line.substring(PROMPT.length());
                }
                StringBuilder joined = new StringBuilder();
                while (line.endsWith("\\") && i + 1 < lines.size()) {
                    joined.append(line.substring(0, line.length() - 1).stripTrailing()).append(' ');
                    line = lines.get(++i).strip();
                }
                joined.append(line);
                String text = withoutComment(joined.toString()).strip();
                if (!text.isEmpty()) {
                    commands.add(new Command(text, b, at));
                }
            }
        }
        return commands;
    }

    /**
     * @return {@code line} up to its comment: a {@code #} at the start of a word (at the start
     *         of the line or after a blank) outside single and double quotes, as bash reads it
     */
    static String withoutComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"') {
                    i++;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\') {
                i++;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }
}
