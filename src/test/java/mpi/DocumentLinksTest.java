package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every link of the user and maintainer documents (README.md, docs/*.md, docs/figures/*.md)
 * leads somewhere: a linked file exists, and a {@code #heading} is a heading of the file it
 * points into, by GitHub's rule for heading anchors. So a heading renamed in performance.md
 * cannot leave README pointing at nothing. The dated notes of docs/notes are history and keep
 * the links they were written with.
 */
class DocumentLinksTest {
    /** {@code [text](target)} and {@code ![alt](target)}; the target up to a space or ')'. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern FENCE = Pattern.compile("^\\s*```");

    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md"), Path.of("CHANGES.md")));
        for (String folder : List.of("docs", "docs/figures")) {
            try (Stream<Path> files = Files.list(Path.of(folder))) {
                files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
            }
        }
        return docs;
    }

    /**
     * GitHub's anchor of a heading: lower case, every character that is not a letter, digit,
     * space, '-' or '_' dropped, spaces turned into '-'; a repeated anchor gets "-1", "-2", ...
     */
    static String anchor(String heading) {
        StringBuilder b = new StringBuilder();
        for (char c : heading.trim().toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                b.append(c);
            } else if (c == ' ') {
                b.append('-');
            }
        }
        return b.toString();
    }

    static Set<String> anchors(Path markdown) throws IOException {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inFence = false;
        for (String line : Files.readAllLines(markdown)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            } else if (!inFence && line.startsWith("#")) {
                String text = line.replaceFirst("^#+\\s*", "").replace("`", "");
                String a = anchor(text);
                int n = seen.merge(a, 1, Integer::sum);
                anchors.add(n == 1 ? a : a + "-" + (n - 1));
            }
        }
        return anchors;
    }

    @Test
    void anchorsFollowGitHubsRule() {
        assertEquals("java-against-c-point-to-point-and-collectives",
                anchor("Java against C: point-to-point and collectives"));
        assertEquals("jni-against-ffm-jdk-25", anchor("JNI against FFM (JDK 25)"));
        assertEquals("message-rate-at-8-b", anchor("Message rate at 8 B"));
        assertEquals("what-the-binding-lacks-of-open-mpis-api",
                anchor("What the binding lacks of Open MPI's API"));
    }

    @Test
    void everyLinkLeadsToAFileAndHeadingThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path doc : documents()) {
            List<String> lines = Files.readAllLines(doc);
            boolean inFence = false;
            for (int i = 0; i < lines.size(); i++) {
                if (FENCE.matcher(lines.get(i)).find()) {
                    inFence = !inFence;
                    continue;
                }
                if (inFence) {
                    continue;
                }
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*")) {
                        continue; // https:, mailto:: outside this repository
                    }
                    links++;
                    String problem = problem(doc, target);
                    if (problem != null) {
                        broken.add(doc + ":" + (i + 1) + ": " + target + ": " + problem);
                    }
                }
            }
        }
        assertTrue(links > 20, "only " + links + " links found: the pattern no longer reads them");
        assertEquals(List.of(), broken);
    }

    private static String problem(Path doc, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path into = file.isEmpty() ? doc : doc.resolveSibling(file).normalize();
        if (!Files.exists(into)) {
            return "no such file";
        }
        if (hash < 0) {
            return null;
        }
        if (!into.toString().endsWith(".md")) {
            return "a heading in a file that is not Markdown";
        }
        String anchor = target.substring(hash + 1);
        return anchors(into).contains(anchor) ? null : "no heading with that anchor in " + into;
    }
}
