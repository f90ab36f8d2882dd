package mpi.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * How much of Open MPI's Java API (4.1.4) this binding has, and what the documents say of it.
 * N is the number of members of {@code openmpi-java-4.1.4.api} that the binding has with the
 * identical signature (a member it has with another signature is {@link SharedSignaturesTest}'s
 * failure). README.md, the guide and docs/design.md state coverage as "N of TOTAL members"; the
 * missing members are counted by group in docs/design.md's table. The figures come from here:
 * when the binding grows, this test fails until the documents say the new numbers.
 */
class OpenMpiCoverageTest {
    static final List<Path> COVERAGE_DOCUMENTS = List.of(Path.of("README.md"),
            Path.of("README-OMB-J.txt"), Path.of("docs/design.md"));
    static final Path GROUP_TABLE_DOCUMENT = Path.of("docs/design.md");
    /** The heading of design.md's section whose first table counts the missing members. */
    static final String GROUP_TABLE_HEADING = "### What the binding lacks of Open MPI's API";
    /** How every document states coverage: "251 of 686 members". */
    static final Pattern COVERAGE = Pattern.compile("(\\d+) of (\\d+) members");

    /** One group of missing members: a name (the table's first cell) and the rule that takes a member. */
    record Group(String name, Predicate<Member> takes) {
    }

    /** A line of a listing, split into the parts the rules look at. */
    record Member(String owner, String name, String line) {
        static Member of(String line) {
            String[] words = line.split(" ");
            String owner = words[0].substring("mpi.".length()).replace("$Data", "");
            String last = words[words.length - 1];
            int paren = last.indexOf('(');
            return new Member(owner, paren < 0 ? last : last.substring(0, paren), line);
        }

        boolean in(String... owners) {
            return Set.of(owners).contains(owner);
        }

        boolean named(String regex) {
            return name.matches(regex);
        }
    }

    /** The groups, in order: a member goes to the first that takes it; "Other" takes the rest. */
    static final List<Group> GROUPS = List.of(
            new Group("MPI-IO", m -> m.in("File", "FileView")
                    || m.named("MODE_.*|SEEK_.*|DISPLACEMENT_CURRENT|MAX_DATAREP_STRING")),
            new Group("Error handlers and error classes", m -> m.named("ERR_.*|ERRORS_.*|.*Errhandler")),
            new Group("Intercommunicators and dynamic processes", m -> m.in("Intercomm")
                    || m.line().contains(" mpi.Intercomm ")
                    || m.named("isInter|disconnect|openPort|closePort|(un)?publishName|lookupName"
                            + "|MAX_PORT_NAME|APPNUM|UNIVERSE_SIZE")),
            new Group("Struct and other derived datatypes", m -> m.in("Struct")
                    || m.named("createHIndexed|createHVector|createResized|createStruct|ORDER_.*"
                            + "|DISTRIBUTE_.*|PACKED|pack|unpack|packSize")),
            new Group("MINLOC/MAXLOC pair types", m -> m.in("ShortInt", "LongInt", "Int2",
                    "FloatInt", "DoubleInt")
                    || m.named("SHORT_INT|LONG_INT|INT2|FLOAT_INT|DOUBLE_INT|shortInt|longInt"
                            + "|int2|floatInt|doubleInt|MINLOC|MAXLOC")),
            new Group("Complex numbers", m -> m.in("FloatComplex", "DoubleComplex")
                    || m.named("FLOAT_COMPLEX|DOUBLE_COMPLEX")),
            new Group("Attributes, names and Info", m -> m.in("Info")
                    || m.named("[gs]etAttr|deleteAttr|createKeyval|freeKeyval|[gs]etName|[gs]etInfo"
                            + "|dupWithInfo|KEYVAL_INVALID|TAG_UB|HOST|IO|WTIME_IS_GLOBAL"
                            + "|LASTUSEDCODE|WIN_BASE|WIN_SIZE|WIN_DISP_UNIT|MAX_INFO_KEY"
                            + "|MAX_INFO_VAL|MAX_OBJECT_NAME|INFO_ENV")),
            new Group("Probe and matched probe (Message)", m -> m.in("Message")
                    || m.named("probe|iProbe")),
            new Group("Buffered, synchronous and ready sends", m -> m.named(
                    "bSend|sSend|rSend|ibSend|isSend|irSend|bSendInit|attachBuffer|detachBuffer"
                            + "|BSEND_OVERHEAD")),
            new Group("Completion of some or any, cancel, status details", m -> m.in("Count")
                    || m.in("Request") && m.named("test.*|wait(Any|Some).*|cancel|getStatus")
                    || m.in("Status") && m.named("isCancelled|setCancelled|getIndex|[gs]etElementsX?")),
            new Group("Scans and local reduction", m -> m.named("scan|exScan|iScan|iExScan|reduceLocal")),
            new Group("User-defined operations", m -> m.in("UserFunction", "Op")
                    || m.named("NO_OP|REPLACE")),
            new Group("Graph topologies, map and sub", m -> m.in("GraphComm", "GraphParms")
                    || m.named("createGraph|map|sub|getTopology|CART|GRAPH|DIST_GRAPH")),
            new Group("Communicator and group management", m -> m.named(
                    "clone|dup|iDup|create|createGroup|splitType|compare|rangeIncl|rangeExcl"
                            + "|TYPE_SHARED|getRequest|isNull")),
            new Group("Other", m -> true));

    /** The lines of Open MPI's listing, and of those the ones this binding has identically. */
    private record Coverage(List<String> openMpi, List<String> shared, List<String> missing) {
        static Coverage measure() throws Exception {
            List<String> openMpi = SharedSignaturesTest.resource(SharedSignaturesTest.OPEN_MPI);
            Set<String> ours = new HashSet<>(SharedSignaturesTest.ours());
            List<String> shared = openMpi.stream().filter(ours::contains).toList();
            List<String> missing = openMpi.stream().filter(l -> !ours.contains(l)).toList();
            return new Coverage(openMpi, shared, missing);
        }

        Map<String, List<String>> missingByGroup() {
            Map<String, List<String>> groups = new LinkedHashMap<>();
            GROUPS.forEach(g -> groups.put(g.name(), new ArrayList<>()));
            for (String line : missing) {
                Member member = Member.of(line);
                String group = GROUPS.stream().filter(g -> g.takes().test(member)).findFirst()
                        .orElseThrow().name();
                groups.get(group).add(line);
            }
            groups.values().removeIf(List::isEmpty);
            return groups;
        }
    }

    private static String read(Path document) throws IOException {
        assertTrue(Files.isRegularFile(document), "run from the project folder: " + document);
        return Files.readString(document);
    }

    /**
     * With this system property true, the tests write what they measure into the documents
     * (the figure, the table's counts) instead of failing: the figures are the tool's, never
     * typed. {@value #UPDATE_COMMAND}.
     */
    static final String UPDATE_PROPERTY = "ombj.updateCoverage";
    static final String UPDATE_COMMAND = "mvn test -Dtest=OpenMpiCoverageTest -D" + UPDATE_PROPERTY
            + "=true writes them";

    private static boolean updating() {
        return Boolean.getBoolean(UPDATE_PROPERTY);
    }

    @Test
    void everyDocumentStatesTheMeasuredCoverage() throws Exception {
        Coverage coverage = Coverage.measure();
        String expected = coverage.shared().size() + " of " + coverage.openMpi().size() + " members";
        System.out.println("Open MPI's Java API here: " + expected);
        for (Path document : COVERAGE_DOCUMENTS) {
            if (updating()) {
                Files.writeString(document, COVERAGE.matcher(read(document)).replaceAll(expected));
            }
            Matcher m = COVERAGE.matcher(read(document));
            int found = 0;
            while (m.find()) {
                found++;
                assertEquals(expected, m.group(), document + " states coverage as measured here ("
                        + UPDATE_COMMAND + ")");
            }
            assertTrue(found > 0, document + " states coverage as \"" + expected + "\"");
        }
    }

    @Test
    void designCountsTheMissingMembersByGroup() throws Exception {
        Coverage coverage = Coverage.measure();
        Map<String, Integer> measured = new LinkedHashMap<>();
        coverage.missingByGroup().forEach((group, lines) -> measured.put(group, lines.size()));
        StringBuilder rows = new StringBuilder();
        measured.forEach((group, count) -> rows.append("| ").append(group).append(" | ")
                .append(count).append(" |\n"));
        System.out.print("Missing, by group:\n" + rows);
        if (updating()) {
            Files.writeString(GROUP_TABLE_DOCUMENT,
                    withCounts(read(GROUP_TABLE_DOCUMENT), measured));
        }
        assertEquals(measured, documentedGroups(read(GROUP_TABLE_DOCUMENT)),
                GROUP_TABLE_DOCUMENT + "'s table under \"" + GROUP_TABLE_HEADING
                        + "\" must have these rows (group, count; " + UPDATE_COMMAND + "):\n"
                        + rows);
    }

    /**
     * The document with the count cell of each row of the table under the heading set to the
     * measured one; a row of a group with none missing is dropped, and a group without a row
     * gets one, its example cell empty (for a person to fill).
     */
    static String withCounts(String document, Map<String, Integer> measured) {
        int at = document.indexOf(GROUP_TABLE_HEADING + "\n");
        assertTrue(at >= 0, "no heading \"" + GROUP_TABLE_HEADING + "\" in " + GROUP_TABLE_DOCUMENT);
        List<String> lines = new ArrayList<>(document.substring(at).lines().toList());
        Map<String, Integer> left = new LinkedHashMap<>(measured);
        int last = -1;
        boolean inTable = false;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            last = i;
            String[] cells = line.split("\\|", -1);
            if (cells.length > 3 && cells[2].strip().matches("\\d+")) {
                Integer count = left.remove(cells[1].strip());
                if (count == null) {
                    lines.remove(i--);
                    last--;
                } else {
                    cells[2] = " " + count + " ";
                    lines.set(i, String.join("|", cells));
                }
            }
        }
        for (Map.Entry<String, Integer> e : left.entrySet()) {
            lines.add(++last, "| " + e.getKey() + " | " + e.getValue() + " |  |");
        }
        return document.substring(0, at) + String.join("\n", lines)
                + (document.endsWith("\n") ? "\n" : "");
    }

    /** The rows of the first table after the heading: first cell, second cell as a number. */
    private static Map<String, Integer> documentedGroups(String document) {
        int at = document.indexOf(GROUP_TABLE_HEADING + "\n");
        assertTrue(at >= 0, "no heading \"" + GROUP_TABLE_HEADING + "\" in " + GROUP_TABLE_DOCUMENT);
        Map<String, Integer> rows = new LinkedHashMap<>();
        boolean inTable = false;
        for (String line : document.substring(at).lines().skip(1).toList()) {
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            String[] cells = line.split("\\|");
            String count = cells.length > 2 ? cells[2].strip() : "";
            if (count.matches("\\d+")) {
                rows.put(cells[1].strip(), Integer.parseInt(count));
            }
        }
        return rows;
    }

    @Test
    void theGroupsSplitTheMissingMembersWithoutLoss() throws Exception {
        // The rules must not be so loose that "Other" hides what a named group should show.
        Coverage coverage = Coverage.measure();
        assertEquals(coverage.openMpi().size(), coverage.shared().size() + coverage.missing().size());
        Map<String, List<String>> groups = coverage.missingByGroup();
        assertEquals(coverage.missing().size(),
                groups.values().stream().mapToInt(List::size).sum());
        List<String> other = groups.getOrDefault("Other", List.of());
        assertTrue(other.size() * 10 < coverage.missing().size(),
                "more than a tenth of the missing members fell to Other: " + other);
    }

    @Test
    void theRulesTakeWhatTheirNamesSay() {
        // A few members named in the documents, each to the group the table names for it.
        Map<String, String> expected = Map.of(
                "mpi.File void close()", "MPI-IO",
                "mpi.MPI static int ERR_ARG", "Error handlers and error classes",
                "mpi.Comm mpi.Errhandler getErrhandler()", "Error handlers and error classes",
                "mpi.Intercomm mpi.Intracomm merge(boolean)", "Intercommunicators and dynamic processes",
                "mpi.Struct$Data java.nio.ByteBuffer getBuffer()", "Struct and other derived datatypes",
                "mpi.DoubleInt$Data double getValue()", "MINLOC/MAXLOC pair types",
                "mpi.Comm mpi.Status probe(int,int)", "Probe and matched probe (Message)",
                "mpi.Comm void sSend(java.lang.Object,int,mpi.Datatype,int,int)",
                "Buffered, synchronous and ready sends",
                "mpi.Request static int waitAny(mpi.Request[])",
                "Completion of some or any, cancel, status details",
                "mpi.Intracomm void scan(java.lang.Object,int,mpi.Datatype,mpi.Op)",
                "Scans and local reduction");
        expected.forEach((line, group) -> {
            Member member = Member.of(line);
            assertEquals(group, GROUPS.stream().filter(g -> g.takes().test(member)).findFirst()
                    .orElseThrow().name(), line);
        });
        assertFalse(GROUPS.get(0).takes().test(Member.of("mpi.Comm void send(java.lang.Object,"
                + "int,mpi.Datatype,int,int)")), "send is no MPI-IO");
    }
}
