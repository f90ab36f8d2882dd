package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Optional;

/**
 * The MPI library the FFM backend calls, opened once per process: the file the system property
 * {@value #PROPERTY} names, or by default the one the launcher implies ({@code libmpi.so.40}
 * under Open MPI's {@code mpirun}, else the MPI-5 standard ABI's {@code libmpi_abi.so.1}, and
 * failing that {@code libmpi.so.40}), found as the dynamic linker finds any library
 * ({@code LD_LIBRARY_PATH}, the system's folders). A named file that is a GNU ld linker script
 * (MPICH 5's {@code libmpi_abi.so} is {@code INPUT(libmpi_abi.so.1)}) is followed to the shared
 * library it names, as the system linker would ({@link LinkerScript}).
 *
 * <p>It is opened with {@code RTLD_GLOBAL}: Open MPI opens its components with {@code dlopen},
 * and they need libmpi's symbols in the global scope ({@code System.load} and
 * {@link SymbolLookup#libraryLookup} open libraries locally). The signal guard is loaded first
 * and restores the JVM's handlers after the MPI library's constructors ran ({@link SignalGuard}).
 *
 * <p>Every downcall handle is made here, into a {@code static final} field of the class that
 * uses it, so that the JIT sees each as a constant.
 */
final class FfmLibrary {
    /** The system property naming the MPI library file the FFM backend opens. */
    static final String PROPERTY = "ombj.mpi";

    private static final Linker LINKER = Linker.nativeLinker();
    /** The system property that lets MPI call back into Java ({@link #UPCALLS}). */
    static final String UPCALLS_PROPERTY = "ombj.upcalls";
    /**
     * Whether MPI may call back into Java in this run (user-defined operations): then no
     * downcall is critical, each costing a thread-state transition more. Decided when the JVM
     * starts, as the handles are constants: a switch between the two forms for each handle
     * cost the backend's start-up a fifth.
     */
    static final boolean UPCALLS = Boolean.getBoolean(UPCALLS_PROPERTY);
    private static final int RTLD_NOW = 2, RTLD_GLOBAL = 0x100;
    private static final String OPEN_MPI = "libmpi.so.40", STANDARD_ABI = "libmpi_abi.so.1";

    /**
     * The file opened: as given (a path or a name the dynamic linker resolves), or the shared
     * library the linker script given names.
     */
    static final String FILE;
    private static final MemorySegment HANDLE;
    private static final MethodHandle DLSYM;
    /** The ABI of the library opened, found from its symbols. */
    static final FfmAbi ABI;

    static {
        String file = System.getProperty(PROPERTY);
        NativeLibrary.loadSignalGuard(); // records the JVM's handlers before MPI can replace them
        SymbolLookup libc = LINKER.defaultLookup();
        MethodHandle dlopen = LINKER.downcallHandle(libc.find("dlopen").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
        DLSYM = LINKER.downcallHandle(libc.find("dlsym").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        MethodHandle dlerror = LINKER.downcallHandle(libc.find("dlerror").orElseThrow(),
                FunctionDescriptor.of(ADDRESS));
        MemorySegment handle = MemorySegment.NULL;
        try (Arena arena = Arena.ofConfined()) {
            String why = null;
            for (String candidate : candidates(opened(file))) {
                handle = (MemorySegment) dlopen.invokeExact(arena.allocateFrom(candidate),
                        RTLD_NOW | RTLD_GLOBAL);
                if (!handle.equals(MemorySegment.NULL)) {
                    file = candidate;
                    break;
                }
                MemorySegment error = (MemorySegment) dlerror.invokeExact();
                String reason = error.equals(MemorySegment.NULL) ? "unknown reason"
                        : error.reinterpret(4096).getString(0);
                why = why == null ? reason : why + "; " + reason;
            }
            if (handle.equals(MemorySegment.NULL)) {
                throw new UnsatisfiedLinkError((file == null || file.isEmpty()
                        ? "no MPI library found (" + why + ")"
                        : "-D" + PROPERTY + "=" + file + ": cannot open it (" + why + ")")
                        + "; name the MPI library file with -D" + PROPERTY + "=PATH");
            }
        } catch (UnsatisfiedLinkError e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        FILE = file;
        HANDLE = handle;
        SignalGuard.restore(); // the MPI library's constructors may have replaced handlers
        ABI = FfmAbi.of(file, FfmLibrary::find);
    }

    private FfmLibrary() {
    }

    /**
     * @param file the property's value, or null
     * @return the file to open for it: the ELF shared library a linker script names (as the
     *         system linker follows it, and {@code dlopen} does not), else {@code file} itself
     * @throws UnsatisfiedLinkError in one line, if it is a linker script that cannot be
     *         followed: which script, why, and what to name instead
     */
    private static String opened(String file) {
        if (file == null || file.isEmpty()) {
            return file;
        }
        try {
            return LinkerScript.resolve(file,
                    LinkerScript.libraryPath(System.getenv("LD_LIBRARY_PATH")));
        } catch (LinkerScript.CannotFollowException e) {
            throw new UnsatisfiedLinkError("-D" + PROPERTY + "=" + file + ": " + e.getMessage()
                    + "; name the MPI library file with -D" + PROPERTY + "=PATH");
        }
    }

    /**
     * @param file the file named (the property's value, a linker script followed), or null
     * @return the files to try, in order: the one named; else under Open MPI's launcher its
     *         libmpi; else the standard ABI's library, then Open MPI's (a singleton, e.g. a JMH
     *         fork started without a launcher)
     */
    private static List<String> candidates(String file) {
        if (file != null && !file.isEmpty()) {
            return List.of(file);
        }
        return System.getenv("OMPI_COMM_WORLD_SIZE") != null ? List.of(OPEN_MPI)
                : List.of(STANDARD_ABI, OPEN_MPI);
    }

    /** @return the address of a symbol of the MPI library, if it has it */
    static Optional<MemorySegment> find(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment address = (MemorySegment) DLSYM.invokeExact(HANDLE, arena.allocateFrom(name));
            return address.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(address);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static MemorySegment symbol(String name) {
        return find(name).orElseThrow(() -> new UnsatisfiedLinkError(FILE + " has no " + name
                + ": is it an MPI library?"));
    }

    /**
     * A downcall to an MPI function that may wait (a blocking call, a wait, a collective): the
     * thread stays safepoint-safe while it runs, so the garbage collector and the JVM's other
     * threads never wait for it.
     */
    static MethodHandle downcall(String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(symbol(name), descriptor);
    }

    /**
     * A downcall to a variadic MPI function ({@code MPI_Pcontrol}) with its fixed arguments
     * only: the C calling convention of a variadic call differs (on x86-64, the count of
     * vector registers in {@code al}).
     */
    static MethodHandle variadic(String name, FunctionDescriptor fixed) {
        return LINKER.downcallHandle(symbol(name), fixed,
                Linker.Option.firstVariadicArg(fixed.argumentLayouts().size()));
    }

    /**
     * A downcall in critical state ({@code Linker.Option.critical(true)}): no thread-state
     * transition, and heap segments may be passed, zero-copy. Only for a call that never waits
     * (starting a non-blocking operation, a rank or size query): while it runs no safepoint
     * can be reached, so every other thread of the JVM and the garbage collector wait for it.
     * A plain downcall in a run that allows upcalls ({@link #UPCALLS}).
     */
    static MethodHandle critical(String name, FunctionDescriptor descriptor) {
        return UPCALLS ? LINKER.downcallHandle(symbol(name), descriptor)
                : LINKER.downcallHandle(symbol(name), descriptor, Linker.Option.critical(true));
    }

    /**
     * Refuses a user-defined {@link Op} unless this run makes no critical downcall
     * ({@link #UPCALLS}): MPI calls an operation back from whatever call progresses a
     * reduction, and a function in critical state must never call back into Java.
     *
     * @throws UnsupportedOperationException in one line saying what to add to the command
     */
    static void allowUpcalls() {
        if (!UPCALLS) {
            throw new UnsupportedOperationException("user-defined operations on the FFM backend"
                    + " need -D" + UPCALLS_PROPERTY + "=true (MPI calls them back, and its calls"
                    + " that start or test operations are made in critical state otherwise)");
        }
    }
}
