package mpi.common.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;

import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.options.Api;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

class LoadedBindingTest {
    @Test
    void libraryIsTheFirstLineUpToTheFirstComma() {
        assertEquals("Open MPI v4.1.4", LoadedBinding.library(
                "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022"));
        assertEquals("MPICH Version: 4.0.2", LoadedBinding.library(
                "MPICH Version:\t4.0.2\nMPICH Release date:\tThu Apr  7 12:34:45 CDT 2022\n"));
        assertEquals("unknown MPI library", LoadedBinding.library(""));
    }

    @Test
    void aJarWithATitleIsNamedByIt() {
        assertEquals("OMB-J JNI binding 0.2.0",
                LoadedBinding.name("OMB-J JNI binding", "0.2.0", "omb-j.jar", "Open MPI v4.1.4", true));
        assertEquals("Some binding", LoadedBinding.name("Some binding", null, "x.jar", "MPICH", false));
    }

    @Test
    void aJarWithoutATitleIsNamedByWhatItIs() {
        assertEquals("Open MPI Java bindings (mpi.jar)",
                LoadedBinding.name(null, null, "mpi.jar", "Open MPI v4.1.4", false));
        assertEquals("MVAPICH2-J (mvapich2-j.jar)",
                LoadedBinding.name(null, null, "mvapich2-j.jar", "MVAPICH2 Version 2.3.7", true));
        assertEquals("Java MPI binding (mpi.jar)",
                LoadedBinding.name(null, null, "mpi.jar", "Open MPI v4.1.4", true));
        assertEquals("Java MPI binding (classes)",
                LoadedBinding.name("", "", "classes", "MPICH Version: 4.0.2", false));
    }

    @Test
    void thisBindingIsNamedByItsBackendAndFfmAddsTheAbiToTheLibrary() {
        // No manifest under target/classes: no version, as a build without the jar.
        LoadedBinding jni = LoadedBinding.detect(mpi.MPI.class, mpi.Comm.class,
                "Open MPI v4.1.4, package: Debian", "JNI");
        assertEquals("# Binding: OMB-J JNI binding, Open MPI v4.1.4", jni.headerLine());
        LoadedBinding ffm = LoadedBinding.detect(mpi.MPI.class, mpi.Comm.class,
                "MPICH Version:\t5.0.2\nMPICH Release date: ...", "FFM (MPI-5 standard ABI)");
        assertEquals("# Binding: OMB-J FFM binding, MPICH Version: 5.0.2 (MPI-5 standard ABI)",
                ffm.headerLine());
        assertEquals("OMB-J FFM binding 0.2.0",
                LoadedBinding.BackendName.parse("FFM (Open MPI ABI)").bindingName("0.2.0"));
        assertEquals(new LoadedBinding.BackendName("FFM", "Open MPI ABI"),
                LoadedBinding.BackendName.parse("FFM (Open MPI ABI)"));
        assertEquals(new LoadedBinding.BackendName("JNI", null),
                LoadedBinding.BackendName.parse("JNI"));
    }

    /** A binding's MPI class that says how it reaches MPI, as this project's does. */
    static class MpiWithBackend {
        public static String getBackend() {
            return "FFM (Open MPI ABI)";
        }
    }

    @Test
    void theBackendIsAskedOfMpiOnlyWhereTheBindingHasTheCall() {
        assertEquals("FFM (Open MPI ABI)", LoadedBinding.backend(MpiWithBackend.class));
        assertEquals(null, LoadedBinding.backend(OpenMpiLikeComm.class)); // Open MPI's MPI lacks it
    }

    /** A binding that has only Open MPI's calls: its Comm lacks every extension. */
    static class OpenMpiLikeComm {
        public void send(Object buf, int count, mpi.Datatype type, int dest, int tag) {
        }
    }

    @Test
    void thisBindingHasEveryExtensionAndOpenMpisHasNone() {
        LoadedBinding ours = LoadedBinding.detect(mpi.MPI.class, mpi.Comm.class, "Open MPI v4.1.4",
                "JNI");
        for (Extension e : Extension.values()) {
            assertTrue(ours.has(e), e.toString());
        }
        LoadedBinding theirs = LoadedBinding.detect(mpi.MPI.class, OpenMpiLikeComm.class,
                "Open MPI v4.1.4, package: Debian", null);
        for (Extension e : Extension.values()) {
            assertFalse(theirs.has(e), e.toString());
        }
        assertEquals("the binding in use, " + theirs.name() + ", has no non-blocking calls on "
                + "Java arrays; run with -a buffer", theirs.lacks(Extension.NON_BLOCKING_ARRAYS));
        assertEquals("# Binding: " + theirs.name() + ", Open MPI v4.1.4", theirs.headerLine());
    }

    private static Options parse(mpi.common.BenchmarkSpec spec, String... args)
            throws UsageException {
        return new OptionParser(spec).parse(args);
    }

    @Test
    void benchmarksDeclareTheExtensionsTheirOptionsNeed() throws UsageException {
        Set<Extension> none = Set.of();
        Set<Extension> arrays = Set.of(Extension.NON_BLOCKING_ARRAYS);
        PointToPointKind bw = PointToPointKind.BANDWIDTH;
        assertEquals(none, bw.extensions(parse(bw)));
        assertEquals(arrays, bw.extensions(parse(bw, "-a", "arrays")));
        assertEquals(arrays, PointToPointKind.BI_BANDWIDTH.extensions(
                parse(PointToPointKind.BI_BANDWIDTH, "-a", "arrays")));
        assertEquals(none, PointToPointKind.LATENCY.extensions(
                parse(PointToPointKind.LATENCY, "-a", "arrays")));

        CollectiveSpec ibcast = CollectiveSpec.nonBlocking(Collective.BCAST);
        assertEquals(arrays, ibcast.extensions(parse(ibcast, "-a", Api.ARRAYS.label())));
        assertEquals(none, ibcast.extensions(parse(ibcast)));
        CollectiveSpec ibarrier = CollectiveSpec.nonBlocking(Collective.BARRIER);
        assertEquals(none, ibarrier.extensions(parse(ibarrier, "-a", "arrays")));
        CollectiveSpec bcast = CollectiveSpec.blocking(Collective.BCAST);
        assertEquals(none, bcast.extensions(parse(bcast, "-a", "arrays")));

        CollectiveSpec alltoall = CollectiveSpec.blocking(Collective.ALLTOALL);
        assertEquals(Set.of(Extension.IN_PLACE_ALL_TO_ALL), alltoall.extensions(parse(alltoall, "-l")));
        assertEquals(none, alltoall.extensions(parse(alltoall)));
        CollectiveSpec ialltoallv = CollectiveSpec.nonBlocking(Collective.ALLTOALLV);
        assertEquals(Set.of(Extension.IN_PLACE_ALL_TO_ALL, Extension.NON_BLOCKING_ARRAYS),
                ialltoallv.extensions(parse(ialltoallv, "-l", "-a", "arrays")));
        CollectiveSpec allgather = CollectiveSpec.blocking(Collective.ALLGATHER);
        assertEquals(none, allgather.extensions(parse(allgather, "-l")));

        CollectiveSpec alltoallw = CollectiveSpec.blocking(Collective.ALLTOALLW);
        assertEquals(Set.of(Extension.ALL_TO_ALLW_ARRAYS),
                alltoallw.extensions(parse(alltoallw, "-a", "arrays")));
        assertEquals(none, alltoallw.extensions(parse(alltoallw)));
        CollectiveSpec ialltoallw = CollectiveSpec.nonBlocking(Collective.ALLTOALLW);
        assertEquals(arrays, ialltoallw.extensions(parse(ialltoallw, "-a", "arrays")));
        assertEquals(none, ialltoallw.extensions(parse(ialltoallw)));
    }
}
