package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The project's documents keep their own rules: CHANGES.md is one line per change, each under
 * 200 characters (the story is in the commit), and CITATION.cff cites a release only when its
 * tag exists, else the version in pom.xml, unreleased. The tags are read from .git, so the test
 * runs in a git clone (as the tests and CI do).
 */
class DocumentsTest {
    private static final int MAX_CHANGE_LENGTH = 200;
    private static final Pattern TOP_LEVEL_KEY = Pattern.compile("^([a-z-]+):\\s*(.*)$");
    private static final Pattern POM_VERSION =
            Pattern.compile("<artifactId>omb-j</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void everyChangeIsOneLineUnder200Characters() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("CHANGES.md"));
        int first = 0;
        while (first < lines.size() && !lines.get(first).startsWith("## ")) {
            first++;
        }
        List<String> wrong = new ArrayList<>();
        int changes = 0;
        for (int i = first; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("## ") || line.startsWith("### ")) {
                continue;
            }
            // A change wrapped onto a second line would get past a length check line by line.
            if (!line.startsWith("- ")) {
                wrong.add("line " + (i + 1) + " is neither a heading nor a change: " + line);
            } else if (line.length() >= MAX_CHANGE_LENGTH) {
                wrong.add("line " + (i + 1) + " has " + line.length() + " characters: "
                        + line.substring(0, 60) + "...");
            }
            changes++;
        }
        assertTrue(changes > 0, "no change listed under a version heading in CHANGES.md");
        assertEquals(List.of(), wrong);
    }

    @Test
    void citationCitesATaggedReleaseOrSaysUnreleased() throws IOException {
        Map<String, String> cff = topLevelKeys(Path.of("CITATION.cff"));
        String version = cff.get("version");
        Set<String> tags = gitTags();
        if (cff.containsKey("date-released")) {
            assertTrue(tags.contains(version) || tags.contains("v" + version),
                    "CITATION.cff gives version " + version + " a date-released, but no tag "
                            + version + " or v" + version + " exists (tags: " + tags + ")");
        } else {
            Matcher m = POM_VERSION.matcher(Files.readString(Path.of("pom.xml")));
            assertTrue(m.find(), "no project version in pom.xml");
            String pomVersion = m.group(1);
            assertEquals(pomVersion + " (unreleased)", version,
                    "CITATION.cff without date-released cites pom.xml's version, unreleased");
            assertFalse(tags.contains(pomVersion) || tags.contains("v" + pomVersion),
                    "version " + pomVersion + " is tagged: CITATION.cff should give its"
                            + " date-released");
        }
        if (Files.readString(Path.of("CHANGES.md")).contains("no release is tagged")) {
            assertEquals(Set.of(), tags, "CHANGES.md says no release is tagged");
        }
    }

    /** CITATION.cff's top-level scalars (the keys that start a line), quotes taken off. */
    private static Map<String, String> topLevelKeys(Path cff) throws IOException {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : Files.readAllLines(cff)) {
            Matcher m = TOP_LEVEL_KEY.matcher(line);
            if (m.matches()) {
                String value = m.group(2).strip();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                keys.put(m.group(1), value);
            }
        }
        return keys;
    }

    /**
     * The repository's tags, from its refs: loose ones under refs/tags and packed ones. A
     * worktree's .git is a file naming its git directory, whose commondir holds the refs.
     */
    private static Set<String> gitTags() throws IOException {
        Path git = Path.of(".git");
        assertTrue(Files.exists(git), "no .git in " + Path.of("").toAbsolutePath()
                + ": the tags CITATION.cff is checked against are read from it");
        if (Files.isRegularFile(git)) {
            String pointer = Files.readString(git).strip();
            assertTrue(pointer.startsWith("gitdir:"), ".git is a file but not 'gitdir: PATH'");
            git = Path.of("").toAbsolutePath()
                    .resolve(pointer.substring("gitdir:".length()).strip());
        }
        Path commonDir = git.resolve("commondir");
        if (Files.isRegularFile(commonDir)) {
            git = git.resolve(Files.readString(commonDir).strip()).normalize();
        }
        assertTrue(Files.isDirectory(git.resolve("refs")), "no refs in " + git);
        Set<String> tags = new TreeSet<>();
        Path loose = git.resolve("refs").resolve("tags");
        if (Files.isDirectory(loose)) {
            try (Stream<Path> files = Files.walk(loose)) {
                files.filter(Files::isRegularFile)
                        .forEach(f -> tags.add(loose.relativize(f).toString().replace('\\', '/')));
            }
        }
        Path packed = git.resolve("packed-refs");
        if (Files.isRegularFile(packed)) {
            for (String line : Files.readAllLines(packed)) {
                String[] parts = line.split(" ", 2);
                if (parts.length == 2 && parts[1].startsWith("refs/tags/")) {
                    tags.add(parts[1].substring("refs/tags/".length()));
                }
            }
        }
        return tags;
    }
}
