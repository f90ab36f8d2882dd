package mpi;

import static mpi.Backends.ENVIRONMENT;
import static mpi.Backends.POINT_TO_POINT;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * Entry point of the binding: initialisation, the predefined communicators, datatypes and
 * operations, constants, timers and direct-buffer factories. Every member shared with Open
 * MPI's Java bindings has their name and signature; the package has a subset of their API
 * (docs/design.md lists what it lacks), so a program compiles here if it keeps to that subset.
 */
public final class MPI {
    /** Wildcards, the null process and the thread levels, as the native library defines them. */
    public static final int ANY_SOURCE = (int) constant("ANY_SOURCE");
    public static final int ANY_TAG = (int) constant("ANY_TAG");
    public static final int PROC_NULL = (int) constant("PROC_NULL");
    public static final int UNDEFINED = (int) constant("UNDEFINED");
    public static final int SUCCESS = (int) constant("SUCCESS");
    public static final int THREAD_SINGLE = (int) constant("THREAD_SINGLE");
    public static final int THREAD_FUNNELED = (int) constant("THREAD_FUNNELED");
    public static final int THREAD_SERIALIZED = (int) constant("THREAD_SERIALIZED");
    public static final int THREAD_MULTIPLE = (int) constant("THREAD_MULTIPLE");

    /**
     * The error classes, as the MPI library numbers them: what
     * {@link MPIException#getErrorClass} returns. {@code ERR_LASTCODE} is the largest code.
     */
    public static final int ERR_ACCESS = (int) constant("ERR_ACCESS"),
            ERR_AMODE = (int) constant("ERR_AMODE"),
            ERR_ARG = (int) constant("ERR_ARG"),
            ERR_ASSERT = (int) constant("ERR_ASSERT"),
            ERR_BAD_FILE = (int) constant("ERR_BAD_FILE"),
            ERR_BASE = (int) constant("ERR_BASE"),
            ERR_BUFFER = (int) constant("ERR_BUFFER"),
            ERR_COMM = (int) constant("ERR_COMM"),
            ERR_CONVERSION = (int) constant("ERR_CONVERSION"),
            ERR_COUNT = (int) constant("ERR_COUNT"),
            ERR_DIMS = (int) constant("ERR_DIMS"),
            ERR_DISP = (int) constant("ERR_DISP"),
            ERR_DUP_DATAREP = (int) constant("ERR_DUP_DATAREP"),
            ERR_FILE = (int) constant("ERR_FILE"),
            ERR_FILE_EXISTS = (int) constant("ERR_FILE_EXISTS"),
            ERR_FILE_IN_USE = (int) constant("ERR_FILE_IN_USE"),
            ERR_GROUP = (int) constant("ERR_GROUP"),
            ERR_INFO = (int) constant("ERR_INFO"),
            ERR_INFO_KEY = (int) constant("ERR_INFO_KEY"),
            ERR_INFO_NOKEY = (int) constant("ERR_INFO_NOKEY"),
            ERR_INFO_VALUE = (int) constant("ERR_INFO_VALUE"),
            ERR_INTERN = (int) constant("ERR_INTERN"),
            ERR_IN_STATUS = (int) constant("ERR_IN_STATUS"),
            ERR_IO = (int) constant("ERR_IO"),
            ERR_KEYVAL = (int) constant("ERR_KEYVAL"),
            ERR_LASTCODE = (int) constant("ERR_LASTCODE"),
            ERR_LOCKTYPE = (int) constant("ERR_LOCKTYPE"),
            ERR_NAME = (int) constant("ERR_NAME"),
            ERR_NOT_SAME = (int) constant("ERR_NOT_SAME"),
            ERR_NO_MEM = (int) constant("ERR_NO_MEM"),
            ERR_NO_SPACE = (int) constant("ERR_NO_SPACE"),
            ERR_NO_SUCH_FILE = (int) constant("ERR_NO_SUCH_FILE"),
            ERR_OP = (int) constant("ERR_OP"),
            ERR_OTHER = (int) constant("ERR_OTHER"),
            ERR_PENDING = (int) constant("ERR_PENDING"),
            ERR_PORT = (int) constant("ERR_PORT"),
            ERR_QUOTA = (int) constant("ERR_QUOTA"),
            ERR_RANK = (int) constant("ERR_RANK"),
            ERR_READ_ONLY = (int) constant("ERR_READ_ONLY"),
            ERR_REQUEST = (int) constant("ERR_REQUEST"),
            ERR_RMA_CONFLICT = (int) constant("ERR_RMA_CONFLICT"),
            ERR_RMA_SYNC = (int) constant("ERR_RMA_SYNC"),
            ERR_ROOT = (int) constant("ERR_ROOT"),
            ERR_SERVICE = (int) constant("ERR_SERVICE"),
            ERR_SIZE = (int) constant("ERR_SIZE"),
            ERR_SPAWN = (int) constant("ERR_SPAWN"),
            ERR_TAG = (int) constant("ERR_TAG"),
            ERR_TOPOLOGY = (int) constant("ERR_TOPOLOGY"),
            ERR_TRUNCATE = (int) constant("ERR_TRUNCATE"),
            ERR_TYPE = (int) constant("ERR_TYPE"),
            ERR_UNKNOWN = (int) constant("ERR_UNKNOWN"),
            ERR_UNSUPPORTED_DATAREP = (int) constant("ERR_UNSUPPORTED_DATAREP"),
            ERR_UNSUPPORTED_OPERATION = (int) constant("ERR_UNSUPPORTED_OPERATION"),
            ERR_WIN = (int) constant("ERR_WIN");

    /**
     * "Out of system resources", a name of Open MPI's Java bindings that no MPI standard has:
     * -2 here, Open MPI's internal code, which no library's error class equals (classes are 0
     * or more), so a test of an error class against it is false on every MPI. Open MPI
     * 4.1.4's bindings never set theirs: it reads 0, {@link #SUCCESS}'s value.
     */
    public static final int ERR_SYSRESOURCE = -2;

    /**
     * The predefined error handlers ({@link Comm#setErrhandler}): return errors, which the
     * binding throws as {@link MPIException} (every communicator and window the binding makes
     * has it), or abort the job on the first error.
     */
    public static final Errhandler ERRORS_RETURN = new Errhandler(constant("ERRORS_RETURN")),
            ERRORS_ARE_FATAL = new Errhandler(constant("ERRORS_ARE_FATAL"));

    /**
     * The root's own rank argument in an intercommunicator's rooted collective (for
     * reference: collectives with buffers on an {@link Intercomm} are not provided yet).
     */
    public static final int ROOT = (int) constant("ROOT");

    /** The version of the MPI standard of the library's header ({@code MPI_VERSION}). */
    public static final int VERSION = (int) constant("VERSION"),
            SUBVERSION = (int) constant("SUBVERSION");

    /** The largest lengths of info keys and values, object names and port names. */
    public static final int MAX_INFO_KEY = (int) constant("MAX_INFO_KEY"),
            MAX_INFO_VAL = (int) constant("MAX_INFO_VAL"),
            MAX_OBJECT_NAME = (int) constant("MAX_OBJECT_NAME"),
            MAX_PORT_NAME = (int) constant("MAX_PORT_NAME");

    /** What {@code MPI_Topo_test} says of a communicator's topology. */
    public static final int CART = (int) constant("CART"), GRAPH = (int) constant("GRAPH"),
            DIST_GRAPH = (int) constant("DIST_GRAPH");

    /**
     * The predefined attribute keys of communicators and windows, and the invalid key (the
     * binding has no attribute calls yet: the keys are MPI's values, for reference).
     */
    public static final int TAG_UB = (int) constant("TAG_UB"), HOST = (int) constant("HOST"),
            IO = (int) constant("IO"), WTIME_IS_GLOBAL = (int) constant("WTIME_IS_GLOBAL"),
            APPNUM = (int) constant("APPNUM"), UNIVERSE_SIZE = (int) constant("UNIVERSE_SIZE"),
            LASTUSEDCODE = (int) constant("LASTUSEDCODE"), WIN_BASE = (int) constant("WIN_BASE"),
            WIN_SIZE = (int) constant("WIN_SIZE"), WIN_DISP_UNIT = (int) constant("WIN_DISP_UNIT"),
            KEYVAL_INVALID = (int) constant("KEYVAL_INVALID");

    /** Distributions and orders of {@code MPI_Type_create_darray} and subarrays. */
    public static final int DISTRIBUTE_BLOCK = (int) constant("DISTRIBUTE_BLOCK"),
            DISTRIBUTE_CYCLIC = (int) constant("DISTRIBUTE_CYCLIC"),
            DISTRIBUTE_NONE = (int) constant("DISTRIBUTE_NONE"),
            DISTRIBUTE_DFLT_DARG = (int) constant("DISTRIBUTE_DFLT_DARG"),
            ORDER_C = (int) constant("ORDER_C"), ORDER_FORTRAN = (int) constant("ORDER_FORTRAN");

    static final long COMM_NULL_HANDLE = constant("COMM_NULL");
    static final long MESSAGE_NULL_HANDLE = constant("MESSAGE_NULL");
    static final long MESSAGE_NO_PROC_HANDLE = constant("MESSAGE_NO_PROC");

    /** The bytes a buffered send takes in the attached buffer beyond its data. */
    public static final int BSEND_OVERHEAD = (int) constant("BSEND_OVERHEAD");
    static final long REQUEST_NULL_HANDLE = constant("REQUEST_NULL");
    static final long INFO_NULL_HANDLE = constant("INFO_NULL");

    /** No hints, for the calls that take an {@link Info}. */
    public static final Info INFO_NULL = new Info(INFO_NULL_HANDLE);

    /** The hints of how the program was started ({@code MPI_INFO_ENV}): command, maxprocs, ... */
    public static final Info INFO_ENV = new Info(constant("INFO_ENV"));

    /**
     * The null request ({@code MPI_REQUEST_NULL}): complete, so a wait on it returns at once;
     * it cannot be reused for an operation.
     */
    public static final Request REQUEST_NULL = new Request(REQUEST_NULL_HANDLE, (Object) null);

    /** The communicator of all processes, and the one of this process alone. */
    public static final Intracomm COMM_WORLD = new Intracomm(constant("COMM_WORLD"));
    public static final Intracomm COMM_SELF = new Intracomm(constant("COMM_SELF"));

    /**
     * The datatypes, one per Java primitive type, each a fixed-width MPI type of the same
     * range: BYTE a signed 8-bit integer, CHAR an unsigned 16-bit one, and so on, so that
     * reductions compute on Java's values. What a reduction does on integer overflow is the
     * MPI library's choice: Open MPI 4.1's AVX reduction component saturates 8- and 16-bit
     * sums rather than wrapping them as Java does ({@code --mca op ^avx} turns it off).
     */
    public static final Datatype BYTE = type("BYTE", Datatype.BYTE, 1, "MPI.BYTE");
    public static final Datatype CHAR = type("CHAR", Datatype.CHAR, 2, "MPI.CHAR");
    public static final Datatype SHORT = type("SHORT", Datatype.SHORT, 2, "MPI.SHORT");
    public static final Datatype BOOLEAN = type("BOOLEAN", Datatype.BOOLEAN, 1, "MPI.BOOLEAN");
    public static final Datatype INT = type("INT", Datatype.INT, 4, "MPI.INT");
    public static final Datatype LONG = type("LONG", Datatype.LONG, 8, "MPI.LONG");
    public static final Datatype FLOAT = type("FLOAT", Datatype.FLOAT, 4, "MPI.FLOAT");
    public static final Datatype DOUBLE = type("DOUBLE", Datatype.DOUBLE, 8, "MPI.DOUBLE");

    /**
     * The MINLOC/MAXLOC pair types, C's {@code struct {value; int index}}: {@code MPI_2INT} on
     * {@code int[]} (value, index, value, ...), the mixed ones on bytes (a direct buffer or
     * {@code byte[]}) laid out as C lays out an array of the struct, padding included
     * ({@code MPI_DOUBLE_INT}: 12 bytes in 16).
     */
    public static final Datatype INT2 = Datatype.predefined(constant("INT2"), Datatype.INT, 4,
            8, 8, "MPI.INT2"),
            SHORT_INT = Datatype.predefined(constant("SHORT_INT"), Datatype.BYTE, 1, 6, 8,
                    "MPI.SHORT_INT"),
            LONG_INT = Datatype.predefined(constant("LONG_INT"), Datatype.BYTE, 1, 12, 16,
                    "MPI.LONG_INT"),
            FLOAT_INT = Datatype.predefined(constant("FLOAT_INT"), Datatype.BYTE, 1, 8, 8,
                    "MPI.FLOAT_INT"),
            DOUBLE_INT = Datatype.predefined(constant("DOUBLE_INT"), Datatype.BYTE, 1, 12, 16,
                    "MPI.DOUBLE_INT");

    /**
     * Views of the pair types' instances in a buffer ({@link Struct#getData}), their
     * {@code getType()} the pair type: {@code MPI.doubleInt.getData(buf, i).getValue()}.
     */
    public static final DoubleInt doubleInt = new DoubleInt();
    /** The pairs of {@link #FLOAT_INT}. */
    public static final FloatInt floatInt = new FloatInt();
    /** The pairs of {@link #INT2}. */
    public static final Int2 int2 = new Int2();
    /** The pairs of {@link #LONG_INT}. */
    public static final LongInt longInt = new LongInt();
    /** The pairs of {@link #SHORT_INT}. */
    public static final ShortInt shortInt = new ShortInt();

    /**
     * Complex numbers, C's {@code float _Complex} and {@code double _Complex}
     * ({@code MPI_C_FLOAT_COMPLEX}, {@code MPI_C_DOUBLE_COMPLEX}): on {@code float[]} and
     * {@code double[]} (real, imaginary, real, ...) or direct buffers; {@link FloatComplex}
     * and {@link DoubleComplex} read and write them in buffers.
     */
    public static final Datatype FLOAT_COMPLEX = Datatype.predefined(constant("FLOAT_COMPLEX"),
            Datatype.FLOAT, 4, 8, 8, "MPI.FLOAT_COMPLEX"),
            DOUBLE_COMPLEX = Datatype.predefined(constant("DOUBLE_COMPLEX"), Datatype.DOUBLE, 8,
                    16, 16, "MPI.DOUBLE_COMPLEX");

    /** {@code MPI_PACKED}: bytes of {@code MPI_Pack}. */
    public static final Datatype PACKED = type("PACKED", Datatype.BYTE, 1, "MPI.PACKED");

    /** {@code MPI_DATATYPE_NULL}: no datatype; MPI refuses it in communication. */
    public static final Datatype DATATYPE_NULL = type("DATATYPE_NULL", Datatype.BYTE, 1,
            "MPI.DATATYPE_NULL");

    /** The predefined reduction operations. */
    public static final Op MAX = op("MAX", "MPI.MAX"), MIN = op("MIN", "MPI.MIN"),
            SUM = op("SUM", "MPI.SUM"), PROD = op("PROD", "MPI.PROD"),
            LAND = op("LAND", "MPI.LAND"), BAND = op("BAND", "MPI.BAND"),
            LOR = op("LOR", "MPI.LOR"), BOR = op("BOR", "MPI.BOR"),
            LXOR = op("LXOR", "MPI.LXOR"), BXOR = op("BXOR", "MPI.BXOR"),
            MINLOC = op("MINLOC", "MPI.MINLOC"), MAXLOC = op("MAXLOC", "MPI.MAXLOC");

    /**
     * One-sided operations: {@code MPI_REPLACE} (accumulate that writes the origin's data)
     * and {@code MPI_NO_OP} (get-accumulate that only reads).
     */
    public static final Op REPLACE = op("REPLACE", "MPI.REPLACE"), NO_OP = op("NO_OP", "MPI.NO_OP");

    /** The predefined datatypes a user-defined operation's callback can be handed. */
    private static final Datatype[] PREDEFINED = {BYTE, CHAR, SHORT, BOOLEAN, INT, LONG, FLOAT,
        DOUBLE, INT2, SHORT_INT, LONG_INT, FLOAT_INT, DOUBLE_INT, FLOAT_COMPLEX, DOUBLE_COMPLEX,
        PACKED};

    private static final int NOT_INITIALIZED = 0, INITIALIZED = 1, FINALIZED = 2;

    /**
     * Whether MPI runs with {@code MPI_THREAD_MULTIPLE}: blocking calls on Java arrays then
     * never hold an array pinned while they wait ({@link ThreadStaging}). Written once, before
     * the volatile write of {@link #state} that every call reads first ({@link #check}).
     */
    static boolean threadMultiple;
    /**
     * Whether blocking calls never hold a Java array pinned (a JNI critical region, an FFM
     * critical downcall): under {@code MPI_THREAD_MULTIPLE} ({@link ThreadStaging}), and once
     * a user-defined {@link Op} exists, as MPI may call back into Java from any call that
     * progresses a reduction. Set before the first call that needs it, never reset.
     */
    static boolean neverPin;
    private static volatile int state = NOT_INITIALIZED;

    /**
     * Open MPI's class has an implicit public constructor, and so has this one, for programs
     * that call it; every member is static, so an instance serves nothing.
     */
    public MPI() {
    }

    /** @return the value of a constant of the table ({@link MpiConstants}) in the run's MPI */
    static long constant(String name) {
        return MpiConstants.value(name);
    }

    private static Datatype type(String constant, int kind, int size, String name) {
        return new Datatype(constant(constant), kind, size, name);
    }

    private static Op op(String constant, String name) {
        return new Op(constant(constant), name);
    }

    /** @return whether {@code type} is one of the MINLOC/MAXLOC pair types */
    static boolean isPair(Datatype type) {
        return type == INT2 || type == SHORT_INT || type == LONG_INT || type == FLOAT_INT
                || type == DOUBLE_INT;
    }

    /** @return the predefined datatype of a handle, or null */
    static Datatype predefinedType(long handle) {
        for (Datatype type : PREDEFINED) {
            if (type.handle == handle) {
                return type;
            }
        }
        return null;
    }

    /**
     * Before the first user-defined {@link Op}: from now on blocking calls never pin a Java
     * array ({@link #neverPin}), as MPI will call back into Java.
     *
     * @throws UnsupportedOperationException if the backend cannot take callbacks in this run
     *         (FFM without {@code -Dombj.upcalls=true})
     */
    static void stageArrays() {
        ENVIRONMENT.allowUpcalls();
        neverPin = true;
    }

    /**
     * Initialises MPI ({@code MPI_Init}) and makes the predefined communicators return errors
     * (as {@link MPIException}) instead of aborting.
     *
     * <p><b>Signal handlers.</b> The JVM relies on its own handlers for SIGSEGV, SIGBUS, SIGILL
     * and SIGFPE (JIT-compiled code faults on purpose: implicit null checks, safepoint polls)
     * and for SIGPIPE, SIGXFSZ, SIGHUP, SIGINT, SIGTERM, SIGQUIT and SIGUSR2. MPI and network
     * libraries may install handlers of their own when they are loaded or initialised; UCX
     * (MPICH over UCX, Open MPI's pml/ucx) does, and then aborts the process at the JVM's first
     * deliberate fault. So the binding, before any MPI library is loaded, sets
     * {@code UCX_ERROR_SIGNALS=""} and {@code UCX_DEBUG_SIGNO=0} unless they are set (UCX then
     * installs none) and records the JVM's handlers; after the MPI library is loaded and again
     * after {@code MPI_Init} it puts back any of them that a library replaced, whatever that
     * library is. The library's own crash reports for these signals are lost; the JVM's
     * ({@code hs_err_pid*.log}) remain.
     *
     * @param args the program's arguments
     * @return the arguments left for the program (all of them: mpirun passes its own through
     *         the environment)
     */
    public static String[] Init(String[] args) throws MPIException {
        checkNotStarted();
        try {
            ENVIRONMENT.mpiInit(-1);
        } finally {
            SignalGuard.restore(); // even after a failed MPI_Init: the JVM still has to exit
        }
        state = INITIALIZED;
        return args;
    }

    /**
     * Initialises MPI with a thread level ({@code MPI_Init_thread}); the JVM's signal handlers
     * are kept as {@link #Init} describes.
     *
     * @return the thread level the library provides
     */
    public static int InitThread(String[] args, int required) throws MPIException {
        checkNotStarted();
        int provided;
        try {
            provided = ENVIRONMENT.mpiInit(required);
        } finally {
            SignalGuard.restore();
        }
        threadMultiple = provided >= THREAD_MULTIPLE;
        neverPin |= threadMultiple;
        state = INITIALIZED;
        return provided;
    }

    /** @return the thread level the library provides ({@code MPI_Query_thread}) */
    public static int queryThread() throws MPIException {
        check();
        return ENVIRONMENT.mpiQueryThread();
    }

    /** @return whether this is the thread that started MPI ({@code MPI_Is_thread_main}) */
    public static boolean isThreadMain() throws MPIException {
        check();
        return ENVIRONMENT.mpiIsThreadMain();
    }

    /**
     * Tells a profiling library attached to MPI what to profile ({@code MPI_Pcontrol}): 0
     * off, 1 on, 2 flush, other levels the profiler's own; without one, nothing happens.
     *
     * @param level the profiling level
     * @param obj   ignored: MPI's further arguments are the profiler's, which Java cannot
     *              pass as C's; Open MPI's bindings ignore it too
     */
    public static void pControl(int level, Object obj) throws MPIException {
        check();
        ENVIRONMENT.mpiPcontrol(level);
    }

    /** Finalises MPI ({@code MPI_Finalize}); no MPI call may follow. */
    public static void Finalize() throws MPIException {
        check();
        Tool.end();
        state = FINALIZED;
        ENVIRONMENT.mpiFinalize();
    }

    /** @return whether {@link #Init} has been called */
    public static boolean isInitialized() throws MPIException {
        return state != NOT_INITIALIZED;
    }

    /** @return whether {@link #Finalize} has been called */
    public static boolean isFinalized() throws MPIException {
        return state == FINALIZED;
    }

    /** @return wall-clock time in seconds ({@code MPI_Wtime}) */
    public static double wtime() throws MPIException {
        check();
        return ENVIRONMENT.mpiWtime();
    }

    /** @return the resolution of {@link #wtime()} in seconds */
    public static double wtick() throws MPIException {
        check();
        return ENVIRONMENT.mpiWtick();
    }

    /** @return the name of this processor ({@code MPI_Get_processor_name}) */
    public static String getProcessorName() throws MPIException {
        check();
        return ENVIRONMENT.mpiProcessorName();
    }

    /** @return the MPI library's version string ({@code MPI_Get_library_version}) */
    public static String getLibVersion() throws MPIException {
        return ENVIRONMENT.mpiLibVersion();
    }

    /**
     * OMB-J extension (Open MPI's Java bindings have no such call): how this binding reaches
     * the MPI library, for the benchmarks' binding line. Callable before {@code MPI.Init}.
     *
     * @return {@code "JNI"} (through the binding's JNI library, built against the MPI library's
     *         {@code mpi.h}), or {@code "FFM (<ABI>)"} (through {@code java.lang.foreign},
     *         straight into the library, whose ABI it found at run time), e.g.
     *         {@code "FFM (MPI-5 standard ABI)"} or {@code "FFM (Open MPI ABI)"}
     */
    public static String getBackend() {
        return ENVIRONMENT.name();
    }

    /**
     * @return the MPI standard version the library implements ({@code MPI_Get_version}, which
     *         may be called before {@code MPI.Init}), read at run time, not at build time
     */
    public static Version getVersion() throws MPIException {
        int[] v = new int[2];
        ENVIRONMENT.mpiVersion(v);
        return new Version(v[0], v[1]);
    }

    /** The array of {@link #attachBuffer}, and the native memory attached in its stead. */
    private static byte[] attachedArray;
    private static ByteBuffer attachedMemory;

    /**
     * Attaches a buffer for buffered sends ({@code MPI_Buffer_attach}; {@link Comm#bSend}).
     * MPI needs memory that does not move while it is attached, which a Java array is not:
     * as the array's stand-in the binding attaches native memory of its length, and the
     * array's contents are not used. Each message takes its size plus
     * {@link #BSEND_OVERHEAD} bytes of it until it has left.
     *
     * @throws IllegalStateException if a buffer is attached already
     */
    public static synchronized void attachBuffer(byte[] buffer) throws MPIException {
        check();
        if (buffer == null) {
            throw new NullPointerException("buffer is null");
        }
        if (attachedArray != null) {
            throw new IllegalStateException("a buffer is attached already: detachBuffer() first");
        }
        ByteBuffer memory = ENVIRONMENT.newByteBuffer(buffer.length);
        POINT_TO_POINT.bufferAttach(memory, buffer.length);
        attachedArray = buffer;
        attachedMemory = memory;
    }

    /**
     * Detaches the buffer of {@link #attachBuffer} ({@code MPI_Buffer_detach}), once every
     * message buffered in it has left.
     *
     * @return the array given to {@link #attachBuffer}
     * @throws IllegalStateException if no buffer is attached
     */
    public static synchronized byte[] detachBuffer() throws MPIException {
        check();
        if (attachedArray == null) {
            throw new IllegalStateException("no buffer is attached");
        }
        POINT_TO_POINT.bufferDetach();
        byte[] array = attachedArray;
        attachedArray = null;
        attachedMemory = null;
        return array;
    }

    /**
     * @return a direct buffer of {@code bytes} bytes in native byte order, starting at a page
     *         boundary, as C OMB aligns its buffers
     */
    public static ByteBuffer newByteBuffer(int bytes) {
        return ENVIRONMENT.newByteBuffer(bytes);
    }

    /** @return a direct buffer of {@code n} chars */
    public static CharBuffer newCharBuffer(int n) {
        return newByteBuffer(Math.multiplyExact(n, 2)).asCharBuffer();
    }

    /** @return a direct buffer of {@code n} shorts */
    public static ShortBuffer newShortBuffer(int n) {
        return newByteBuffer(Math.multiplyExact(n, 2)).asShortBuffer();
    }

    /** @return a direct buffer of {@code n} ints */
    public static IntBuffer newIntBuffer(int n) {
        return newByteBuffer(Math.multiplyExact(n, 4)).asIntBuffer();
    }

    /** @return a direct buffer of {@code n} longs */
    public static LongBuffer newLongBuffer(int n) {
        return newByteBuffer(Math.multiplyExact(n, 8)).asLongBuffer();
    }

    /** @return a direct buffer of {@code n} floats */
    public static FloatBuffer newFloatBuffer(int n) {
        return newByteBuffer(Math.multiplyExact(n, 4)).asFloatBuffer();
    }

    /** @return a direct buffer of {@code n} doubles */
    public static DoubleBuffer newDoubleBuffer(int n) {
        return newByteBuffer(Math.multiplyExact(n, 8)).asDoubleBuffer();
    }

    /** @return a buffer that starts {@code offset} elements into {@code buf} and shares its memory */
    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice().order(buf.order());
    }

    /** @see #slice(ByteBuffer, int) */
    public static CharBuffer slice(CharBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice();
    }

    /** @see #slice(ByteBuffer, int) */
    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice();
    }

    /** @see #slice(ByteBuffer, int) */
    public static IntBuffer slice(IntBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice();
    }

    /** @see #slice(ByteBuffer, int) */
    public static LongBuffer slice(LongBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice();
    }

    /** @see #slice(ByteBuffer, int) */
    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice();
    }

    /** @see #slice(ByteBuffer, int) */
    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        return buf.duplicate().position(offset).slice();
    }

    /**
     * @return a buffer view of {@code buf} from element {@code offset} on, sharing its
     *         elements, in native byte order (Open MPI's). A heap buffer: this binding's calls
     *         take arrays or direct buffers, so pass the array with its count instead
     * @throws IndexOutOfBoundsException if {@code offset} is outside the array
     */
    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, offset, rest(buf.length, offset)).slice()
                .order(ByteOrder.nativeOrder());
    }

    /** @see #slice(byte[], int) */
    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, offset, rest(buf.length, offset)).slice();
    }

    /** @see #slice(byte[], int) */
    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, offset, rest(buf.length, offset)).slice();
    }

    /** @see #slice(byte[], int) */
    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, offset, rest(buf.length, offset)).slice();
    }

    /** @see #slice(byte[], int) */
    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, offset, rest(buf.length, offset)).slice();
    }

    /** @see #slice(byte[], int) */
    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, offset, rest(buf.length, offset)).slice();
    }

    /** @see #slice(byte[], int) */
    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, offset, rest(buf.length, offset)).slice();
    }

    /** @return the elements of an array of {@code length} from {@code offset} on, checked */
    private static int rest(int length, int offset) {
        if (offset < 0 || offset > length) {
            throw new IndexOutOfBoundsException("offset " + offset + " is outside an array of "
                    + length + " elements");
        }
        return length - offset;
    }

    // ---- one-sided communication (mpi.Win, mpi.Group) ----

    /** Lock types of {@link Win#lock}: shared or exclusive access to the target's window. */
    public static final int LOCK_SHARED = (int) constant("LOCK_SHARED"),
            LOCK_EXCLUSIVE = (int) constant("LOCK_EXCLUSIVE");

    /** Assertions of the window synchronization calls ({@code MPI_MODE_*}), to combine with |. */
    public static final int MODE_NOCHECK = (int) constant("MODE_NOCHECK"),
            MODE_NOSTORE = (int) constant("MODE_NOSTORE"),
            MODE_NOPUT = (int) constant("MODE_NOPUT"),
            MODE_NOPRECEDE = (int) constant("MODE_NOPRECEDE"),
            MODE_NOSUCCEED = (int) constant("MODE_NOSUCCEED");

    /** Results of {@link Group#compare}. */
    public static final int IDENT = (int) constant("IDENT"),
            CONGRUENT = (int) constant("CONGRUENT"),
            SIMILAR = (int) constant("SIMILAR"),
            UNEQUAL = (int) constant("UNEQUAL");

    static final long WIN_NULL_HANDLE = constant("WIN_NULL");
    static final long GROUP_NULL_HANDLE = constant("GROUP_NULL");

    /** The group with no members. */
    public static final Group GROUP_EMPTY = new Group(constant("GROUP_EMPTY"));

    /**
     * The address of a direct buffer's first byte ({@code MPI_Get_address}), as a dynamic
     * window's target displacement expects it (see {@link Win#Win(Info, Comm)}).
     *
     * <p><b>Extension</b>: Open MPI's Java bindings have no {@code getAddress}, so a Java
     * program cannot compute displacements into a dynamic window with them.
     *
     * @param buf a direct buffer
     * @return its base address, as MPI computes it ({@code MPI_Aint})
     */
    public static long getAddress(Buffer buf) throws MPIException {
        check();
        if (buf == null) {
            throw new NullPointerException("buffer is null");
        }
        if (!buf.isDirect()) {
            throw new IllegalArgumentException("MPI.getAddress needs a direct buffer");
        }
        return ENVIRONMENT.mpiGetAddress(buf);
    }

    /** Throws unless MPI is between Init and Finalize: native MPI calls outside that crash. */
    static void check() {
        if (state != INITIALIZED) {
            throw new IllegalStateException(state == NOT_INITIALIZED
                    ? "MPI is not initialized: call MPI.Init first"
                    : "MPI is finalized: no MPI call may follow MPI.Finalize");
        }
    }

    private static void checkNotStarted() {
        if (state != NOT_INITIALIZED) {
            throw new IllegalStateException(state == INITIALIZED
                    ? "MPI is already initialized" : "MPI is finalized and cannot be initialized again");
        }
    }

}
