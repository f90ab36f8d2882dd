package mpi.it;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import mpi.ControlVariable;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.PerformanceSession;
import mpi.PerformanceVariable;

/**
 * MPI_T's control variables ({@link ControlVariable}) on every rank: the count, each variable's
 * information, a read of each readable one (an {@code MPIException} is allowed, a crash is
 * not), the library's bcast variable read, written and read back (chosen by
 * MPI_Get_library_version: {@code coll_tuned_bcast_algorithm} on Open MPI,
 * {@code MPIR_CVAR_BCAST_INTRA_ALGORITHM} on MPICH; Intel MPI 2021 has MPICH's names but not
 * that one, so there {@code MPIR_CVAR_BCAST_NODE_KNOMIAL_RADIX}), then misuse (a bad index, a
 * null name, a write of a read-only variable, a variable bound to a communicator read without
 * one) as exceptions; then every performance variable ({@link PerformanceVariable}) of one
 * element through a {@link PerformanceSession}, and its misuse. Rank 0 prints
 * {@code enumeration NAME: v:item,...} of the bcast variable; each rank prints
 * {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class ToolProbe {
    private ToolProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        expect(IllegalStateException.class, "not initialized", ControlVariable::count);
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int count = ControlVariable.count();
        require(count > 0, "count " + count);
        ControlVariable readOnly = null;
        int read = 0, failed = 0;
        List<ControlVariable> all = ControlVariable.all();
        require(!all.isEmpty() && all.size() <= count, all.size() + " of " + count);
        for (ControlVariable v : all) {
            require(!v.name().isEmpty(), "variable " + v.index() + ": " + v);
            require(ControlVariable.get(v.index()).name().equals(v.name()), "get " + v);
            if (readOnly == null && !v.scope().writable() && v.type().isInteger()
                    && v.binding() == ControlVariable.Binding.NO_OBJECT) {
                readOnly = v;
            }
            try {
                readAny(v, world);
                read++;
            } catch (MPIException | IllegalStateException e) {
                failed++; // several elements, or the library refuses: an exception, no crash
            }
        }
        require(read > 0, "no variable could be read (" + failed + " failed)");

        String library = MPI.getLibVersion();
        String name = library.contains("Open MPI") ? "coll_tuned_bcast_algorithm"
                : "MPIR_CVAR_BCAST_INTRA_ALGORITHM";
        if (library.contains("Intel")) { // MPICH's names, but no MPIR_CVAR_BCAST_INTRA_ALGORITHM
            name = "MPIR_CVAR_BCAST_NODE_KNOMIAL_RADIX";
        }
        Optional<ControlVariable> found = ControlVariable.find(name);
        require(found.isPresent(), name + " not found in " + library);
        ControlVariable bcast = found.get();
        require(bcast.name().equals(name) && bcast.type().isInteger(), "found " + bcast);
        require(ControlVariable.get(bcast.index()).name().equals(name), "get(find().index())");
        if (rank == 0) {
            System.out.println("enumeration " + name + ": " + bcast.enumeration().stream()
                    .map(ControlVariable.Item::toString).collect(Collectors.joining(",")));
        }
        long before = bcast.readLong(world);
        if (bcast.scope().writable()) {
            long value = bcast.enumeration().isEmpty() ? before + 1
                    : bcast.enumeration().get(bcast.enumeration().size() - 1).value();
            bcast.write(world, value);
            require(bcast.readLong(world) == value, "read back " + bcast.readLong(world) + ", wrote "
                    + value);
            bcast.write(world, before);
            require(bcast.readLong(world) == before, "restored " + bcast.readLong(world));
            world.dup().free(); // the library re-reads it for a new communicator
        }

        performanceVariables(world, rank);
        require(ControlVariable.find("ombj_no_such_variable").isEmpty(), "a missing variable");
        expect(IllegalArgumentException.class, "index", () -> ControlVariable.get(-1));
        expect(IllegalArgumentException.class, "index", () -> ControlVariable.get(count));
        expect(NullPointerException.class, "name", () -> ControlVariable.find(null));
        expect(IllegalArgumentException.class, "no item", () -> bcast.enumValue("ombj-none"));
        expect(IllegalStateException.class, "not CHAR", () -> bcast.readString(world));
        for (ControlVariable v : all) { // one bound to a communicator, read without one
            if (v.binding() == ControlVariable.Binding.COMM && v.type().isInteger()) {
                expect(IllegalArgumentException.class, "comm is null", () -> v.readLong(null));
                break;
            }
        }
        if (readOnly != null) {
            ControlVariable ro = readOnly;
            expect(IllegalStateException.class, "read-only", () -> ro.write(ro.readLong()));
        }
        if (rank == 0) {
            System.out.println("read " + read + " of " + count + " control variables (" + failed
                    + " refused)");
        }
        MPI.Finalize(); // MPI_T_finalize first
        expect(IllegalStateException.class, "finalized", PerformanceSession::create);
        System.out.println("rank " + rank + " ok");
    }

    /**
     * Every performance variable of one element bound to no object or a communicator: a handle
     * in one session, started (unless continuous), read around a barrier, stopped, freed; then
     * misuse of a freed session and handle.
     */
    private static void performanceVariables(Intracomm world, int rank) throws Exception {
        int count = PerformanceVariable.count();
        List<PerformanceVariable> all = PerformanceVariable.all();
        require(all.size() <= count, all.size() + " of " + count);
        PerformanceSession session = PerformanceSession.create();
        int read = 0, refused = 0;
        PerformanceSession.Handle kept = null;
        PerformanceVariable continuous = null;
        for (PerformanceVariable v : all) {
            require(!v.name().isEmpty(), "performance variable " + v.index());
            if (v.binding() == ControlVariable.Binding.OTHER
                    || v.type() == ControlVariable.Type.OTHER
                    || v.type() == ControlVariable.Type.CHAR
                    // Open MPI 4.1 registers mtl/psm2's counters whichever MTL runs, and a
                    // read of one without PSM2 dereferences its null queue: a crash in libpsm2
                    || v.name().startsWith("mtl_psm2_")) {
                continue;
            }
            try {
                PerformanceSession.Handle h = session.allocate(v, world);
                if (h.count() == 1) {
                    if (!v.isContinuous()) {
                        h.start();
                    }
                    world.barrier();
                    if (v.type() == ControlVariable.Type.DOUBLE) {
                        h.readDouble();
                    } else {
                        h.readLong();
                    }
                    if (!v.isContinuous()) {
                        h.stop();
                    }
                    read++;
                }
                if (kept == null) {
                    kept = h;
                } else {
                    h.free();
                }
                if (continuous == null && v.isContinuous()) {
                    continuous = v;
                }
            } catch (MPIException e) {
                refused++; // the library refuses: an exception, no crash
            }
        }
        if (rank == 0) {
            System.out.println("read " + read + " of " + count + " performance variables ("
                    + refused + " refused)");
        }
        if (continuous != null) {
            PerformanceSession.Handle h = session.allocate(continuous, world);
            expect(IllegalStateException.class, "continuous", h::start);
            h.free();
            expect(IllegalStateException.class, "freed", h::readLong);
        }
        expect(IllegalArgumentException.class, "variable", () -> session.allocate(null));
        session.free();
        require(session.isNull(), "a freed session");
        if (kept != null) {
            PerformanceSession.Handle h = kept;
            require(h.isNull(), "a handle of a freed session");
            expect(IllegalStateException.class, "freed", h::readLong);
        }
        if (!all.isEmpty()) {
            PerformanceVariable v = all.get(0);
            expect(IllegalStateException.class, "freed", () -> session.allocate(v, world));
        }
        session.free(); // a second free does nothing
        expect(IllegalArgumentException.class, "index", () -> PerformanceVariable.get(-1));
        expect(NullPointerException.class, "name", () -> PerformanceVariable.find(null));
    }

    private static void readAny(ControlVariable v, Intracomm world) throws MPIException {
        if (v.binding() == ControlVariable.Binding.OTHER) {
            return;
        }
        switch (v.type()) {
            case CHAR:
                v.readString(world);
                break;
            case DOUBLE:
                v.readDouble(world);
                break;
            case OTHER:
                break;
            default:
                v.readLong(world);
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expect(Class<? extends Exception> type, String text, Call call)
            throws Exception {
        try {
            call.run();
        } catch (Exception e) {
            if (type.isInstance(e) && String.valueOf(e.getMessage()).contains(text)) {
                return;
            }
            throw new IllegalStateException("expected " + type.getSimpleName() + " (" + text
                    + "), got " + e, e);
        }
        throw new IllegalStateException("expected " + type.getSimpleName() + " (" + text + ")");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
