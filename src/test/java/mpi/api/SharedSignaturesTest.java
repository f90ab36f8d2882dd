package mpi.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * This binding's public API against Open MPI's Java bindings: every member that both have
 * (same class, name and parameters) has the same signature (return or field type, static);
 * every other public member is a documented extension. The snapshot of Open MPI 4.1.4's API
 * ({@code openmpi-java-4.1.4.api}) is checked against the real jar by
 * {@code OpenMpiJavaIT}.
 */
class SharedSignaturesTest {
    static final String OPEN_MPI = "openmpi-java-4.1.4.api";
    static final String EXTENSIONS = "omb-j-extensions.api";

    static List<String> resource(String name) {
        try (InputStream in = SharedSignaturesTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static List<String> ours() throws URISyntaxException {
        Path classes = Path.of(mpi.MPI.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI());
        return ApiListing.ofClassFolder(classes, SharedSignaturesTest.class.getClassLoader());
    }

    private static Map<String, String> byKey(List<String> lines) {
        return lines.stream().collect(Collectors.toMap(ApiListing::key, Function.identity()));
    }

    @Test
    void everySharedMemberHasOpenMpisSignature() throws Exception {
        Map<String, String> openMpi = byKey(resource(OPEN_MPI));
        List<String> drifted = new ArrayList<>();
        for (String line : ours()) {
            String theirs = openMpi.get(ApiListing.key(line));
            if (theirs != null && !theirs.equals(line)) {
                drifted.add("ours:     " + line + "\nOpen MPI: " + theirs);
            }
        }
        assertEquals(List.of(), drifted, "signatures that differ from Open MPI's");
    }

    @Test
    void everyOtherMemberIsADeclaredExtension() throws Exception {
        Map<String, String> openMpi = byKey(resource(OPEN_MPI));
        List<String> extensions = resource(EXTENSIONS);
        List<String> undeclared = ours().stream()
                .filter(l -> !openMpi.containsKey(ApiListing.key(l)) && !extensions.contains(l))
                .toList();
        assertEquals(List.of(), undeclared, "public members that Open MPI's bindings lack and "
                + EXTENSIONS + " does not list");
    }

    @Test
    void everyDeclaredExtensionExistsAndOpenMpiLacksIt() throws Exception {
        Map<String, String> openMpi = byKey(resource(OPEN_MPI));
        List<String> ours = ours();
        for (String extension : resource(EXTENSIONS)) {
            assertTrue(ours.contains(extension), "not in the binding: " + extension);
            assertTrue(!openMpi.containsKey(ApiListing.key(extension)),
                    "Open MPI has it, so it is no extension: " + extension);
        }
    }

    @Test
    void theBindingSharesTheSuitesSubsetOfOpenMpisApi() throws Exception {
        // The calls a benchmark suite needs (the reference's subset), by key: present in both.
        Map<String, String> openMpi = byKey(resource(OPEN_MPI));
        Map<String, String> ours = byKey(ours());
        for (String key : List.of("mpi.MPI Init(java.lang.String[])",
                "mpi.MPI InitThread(java.lang.String[],int)", "mpi.MPI Finalize()",
                "mpi.Comm send(java.lang.Object,int,mpi.Datatype,int,int)",
                "mpi.Comm recv(java.lang.Object,int,mpi.Datatype,int,int)",
                "mpi.Comm iSend(java.nio.Buffer,int,mpi.Datatype,int,int)",
                "mpi.Comm iBcast(java.nio.Buffer,int,mpi.Datatype,int)",
                "mpi.Request waitAll(mpi.Request[])", "mpi.MPI COMM_WORLD",
                "mpi.MPIException new(java.lang.String)")) {
            assertTrue(openMpi.containsKey(key), "Open MPI: " + key);
            assertEquals(openMpi.get(key), ours.get(key), key);
        }
    }
}
