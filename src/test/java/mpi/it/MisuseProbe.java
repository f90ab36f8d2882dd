package mpi.it;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

import mpi.CartComm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.UserFunction;
import mpi.Win;

/**
 * Throws random arguments at the binding's public methods, under mpirun with -Xcheck:jni, and
 * checks that each call either works or throws a clear exception: an
 * IllegalArgumentException, an IndexOutOfBoundsException, an IllegalStateException, an
 * ArithmeticException (a size that overflows an int), an MPIException, or a
 * NullPointerException when an argument was null; each with a message. Anything else (a
 * ClassCastException, a BufferOverflowException, an Error...) is a FAIL line; a crash or a
 * hang fails the calling test. Run by {@link MisuseIT}.
 *
 * <p>Arguments: a seed and a number of cases per section. Every rank draws the same cases
 * from the seed. Calls that could block for a peer are made where no peer is needed:
 * point-to-point and collectives on {@code MPI.COMM_SELF} (or a duplicate of it per case, so
 * that a message left unmatched by a failed call never meets a later one), with the
 * counterpart of every message posted before the call, so that a call that works completes.
 * On {@code MPI.COMM_WORLD} only non-blocking collectives run, with the same arguments on
 * both ranks: when a call fails on one rank only (a too short receive buffer at the root),
 * the ranks agree on it first and nobody waits. Freed communicators, requests, persistent
 * requests, windows and groups are handed to every method that takes them.
 *
 * <p>Prints {@code FAIL ...} lines, then {@code MISUSE rank R: N calls, W worked, T threw}
 * with a count per exception class.
 */
public final class MisuseProbe {
    /** Kept above every generated message (65536 doubles), for the catch-all receives. */
    private static final int CATCH_ALL_BYTES = 1 << 20;
    /** The size of a marker ({@link #drain}): only a marker fills the catch-all receive. */
    private static final int MARKER_BYTES = CATCH_ALL_BYTES;
    /** Messages a receive is offered: small enough to go eagerly in every MPI library. */
    private static final int EAGER_BYTES = 256;
    private static final int[] LENGTHS = {0, 1, 2, 3, 7, 8, 16, 63, 64, 100, 1000, 4096,
        65536};
    private static final int[] ODD_INTS = {Integer.MIN_VALUE, -100, -2, -1, 0, 0, 0, 1, 1, 2,
        3, 4, 8, 64, 1000, 65536, 1 << 20, Integer.MAX_VALUE / 4 + 1, Integer.MAX_VALUE};
    private static final Datatype[] TYPES = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN,
        MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
    private static final Op[] OPS = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.LAND, MPI.BAND,
        MPI.LOR, MPI.BOR, MPI.LXOR, MPI.BXOR};
    /**
     * Never called at random: they end the process or the communicator, block for a peer or a
     * match or a peer group ({@code accept}, {@code connect}), start processes
     * ({@code spawn}, {@code spawnMultiple}: {@link #spawnRefusals} and
     * {@link #dynamicRefusals} have their cases), or would make the next error end the job
     * ({@code setErrhandler}).
     */
    private static final Set<String> NOT_AT_RANDOM = Set.of("abort", "send", "recv",
            "sendRecv", "iSend", "iRecv", "sendInit", "sSendInit", "rSendInit", "recvInit",
            "free", "disconnect", "createIntercomm", "spawn", "spawnMultiple", "accept",
            "connect", "setErrhandler", "sSend", "bSend", "rSend", "isSend", "ibSend", "irSend",
            "probe", "sendRecvReplace");

    private static final boolean TRACE = System.getenv("MISUSE_TRACE") != null;
    /**
     * MISUSE_GC=1: a full GC after every call, so that the direct buffers a call leaves
     * behind are freed at once and a heap corruption shows next to the call that caused it.
     */
    private static final boolean GC_EACH_CALL = System.getenv("MISUSE_GC") != null;

    private final SplittableRandom random;
    private final int rank;
    private final ByteBuffer catchAll = MPI.newByteBuffer(CATCH_ALL_BYTES);
    private final ByteBuffer eager = MPI.newByteBuffer(EAGER_BYTES);
    /** The last message of a tag ({@link #drain}): larger than any other, so told apart. */
    private final ByteBuffer marker = MPI.newByteBuffer(MARKER_BYTES);
    /** Where {@link #drain} receives what a case left unreceived. */
    private final ByteBuffer drained = MPI.newByteBuffer(MARKER_BYTES);
    private int calls;
    private int worked;
    private int failures;
    private final Map<String, Integer> thrown = new TreeMap<>();
    /** Groups handed to the methods that take one: live, empty, freed, null. */
    private Group[] groups = {null, MPI.GROUP_EMPTY};
    private int tag = 1;
    /** Whether the arguments of the current call include a null. */
    private boolean nullArgument;

    private MisuseProbe(long seed, int rank) {
        this.random = new SplittableRandom(seed);
        this.rank = rank;
    }

    public static void main(String[] args) throws Exception {
        long seed = Long.parseLong(args[0]);
        int cases = Integer.parseInt(args[1]);
        // Optional: the sections to run (to replay one), of all by default.
        List<String> sections = Arrays.asList((args.length > 2 ? args[2]
                : "p2p,requests,methods,groups,freed,window,world,ops").split(","));
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        MisuseProbe p = new MisuseProbe(seed, rank);
        for (int i = 0; sections.contains("p2p") && i < cases; i++) {
            p.pointToPoint(i);
        }
        for (int i = 0; sections.contains("requests") && i < cases; i++) {
            p.requests();
        }
        if (sections.contains("methods")) {
            p.everyMethod(MPI.COMM_SELF, cases);
            CartComm ring = MPI.COMM_SELF.createCart(new int[] {1}, new boolean[] {true},
                    false);
            p.everyMethod(ring, cases / 2);
            p.spawnRefusals(cases);
            p.dynamicRefusals(cases);
        }
        if (sections.contains("groups")) {
            p.groupsAndInfos(cases);
        }
        if (sections.contains("freed")) {
            p.freedObjects(cases);
        }
        for (int i = 0; sections.contains("window") && i < cases; i++) {
            p.window();
        }
        // The same draws on every rank from here: the world's collectives must match.
        MisuseProbe world = new MisuseProbe(seed + 1, rank);
        for (int i = 0; sections.contains("world") && i < cases; i++) {
            world.worldCollective();
        }
        p.calls += world.calls;
        p.worked += world.worked;
        p.failures += world.failures;
        world.thrown.forEach((k, v) -> p.thrown.merge(k, v, Integer::sum));
        // Last: a user-defined operation stops array pinning for the rest of the run.
        if (sections.contains("ops")) {
            p.reductions(cases);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("MISUSE rank " + rank + ": " + p.calls + " calls, " + p.worked
                + " worked, " + (p.calls - p.worked) + " threw " + p.thrown);
        System.out.flush();
        MPI.Finalize();
        System.exit(p.failures == 0 ? 0 : 1);
    }

    // ---- the oracle ----

    @FunctionalInterface
    private interface Call {
        Object run() throws Exception;
    }

    /**
     * Makes one call and judges how it ended.
     *
     * @return what the call returned, or null if it threw
     */
    private Object attempt(String what, Call call) {
        calls++;
        if (TRACE) { // to find the call a crash came from: MISUSE_TRACE=1
            System.out.println("call " + calls + ": " + what);
            System.out.flush();
        }
        boolean hadNull = nullArgument;
        nullArgument = false;
        try {
            Object result = call.run();
            worked++;
            return result;
        } catch (InvocationTargetException e) {
            judge(what, e.getCause(), hadNull);
        } catch (Throwable t) {
            judge(what, t, hadNull);
        } finally {
            if (GC_EACH_CALL) {
                System.gc();
            }
        }
        return null;
    }

    private void judge(String what, Throwable t, boolean hadNull) {
        thrown.merge(t.getClass().getSimpleName(), 1, Integer::sum);
        // An ArrayIndexOutOfBoundsException is the JVM's, from a bug: the binding's own
        // checks throw IndexOutOfBoundsException itself, naming the count and the buffer.
        boolean clear = t instanceof IllegalArgumentException
                || t.getClass() == IndexOutOfBoundsException.class
                || t instanceof IllegalStateException
                || t instanceof ArithmeticException || t instanceof MPIException
                || t instanceof NullPointerException && hadNull;
        String message = t.getMessage();
        if (!clear || message == null || message.isBlank()) {
            failures++;
            StringBuilder trace = new StringBuilder();
            for (StackTraceElement e : t.getStackTrace()) {
                trace.append("\n    at ").append(e);
            }
            System.out.println("FAIL rank " + rank + " " + what + ": " + t + trace);
        }
    }

    // ---- random arguments ----

    private <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    private int pick(int[] values) {
        return values[random.nextInt(values.length)];
    }

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    private Datatype type() {
        if (chance(6)) {
            nullArgument = true;
            return null;
        }
        return pick(TYPES);
    }

    private Op op() {
        if (chance(6)) {
            nullArgument = true;
            return null;
        }
        return pick(OPS);
    }

    private int length() {
        return LENGTHS[random.nextInt(LENGTHS.length)];
    }

    /**
     * A buffer of any kind: a direct buffer (plain, page-aligned, read-only, a typed view, a
     * slice at an offset, with its position moved), a heap or read-only heap buffer, a Java
     * array of every primitive type (mostly of {@code type}'s), null, or no buffer at all.
     */
    private Object buffer(Datatype type) {
        int n = length();
        switch (random.nextInt(20)) {
            case 0:
                nullArgument = true;
                return null;
            case 1:
                return ByteBuffer.allocateDirect(n).order(ByteOrder.nativeOrder());
            case 2:
                return MPI.newByteBuffer(n);
            case 3:
                return ByteBuffer.allocate(n);
            case 4:
                return ByteBuffer.allocateDirect(n).asReadOnlyBuffer();
            case 5:
                return ByteBuffer.allocate(n).asReadOnlyBuffer();
            case 6: {
                ByteBuffer b = ByteBuffer.allocateDirect(n * 8).order(ByteOrder.nativeOrder());
                switch (random.nextInt(6)) {
                    case 0: return b.asCharBuffer();
                    case 1: return b.asShortBuffer();
                    case 2: return b.asIntBuffer();
                    case 3: return b.asLongBuffer();
                    case 4: return b.asFloatBuffer();
                    default: return b.asDoubleBuffer();
                }
            }
            case 7: {
                ByteBuffer b = MPI.newByteBuffer(n + 16);
                return MPI.slice(b, random.nextInt(17));
            }
            case 8: {
                ByteBuffer b = ByteBuffer.allocateDirect(n);
                return b.position(random.nextInt(n + 1));
            }
            case 9:
                return chance(50) ? "not a buffer" : new int[2][2];
            default:
                return array(chance(60) && type != null ? type : pick(TYPES), n);
        }
    }

    private static Object array(Datatype type, int n) {
        if (type == MPI.BYTE) {
            return new byte[n];
        } else if (type == MPI.CHAR) {
            return new char[n];
        } else if (type == MPI.SHORT) {
            return new short[n];
        } else if (type == MPI.BOOLEAN) {
            return new boolean[n];
        } else if (type == MPI.INT) {
            return new int[n];
        } else if (type == MPI.LONG) {
            return new long[n];
        } else if (type == MPI.FLOAT) {
            return new float[n];
        }
        return new double[n];
    }

    /** Elements of {@code type} that {@code buf} holds, or 0 for what is no buffer. */
    private static int capacity(Object buf, Datatype type) {
        if (type == null || buf == null) {
            return 0;
        }
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            int unit = b instanceof ByteBuffer ? 1 : b.getClass().getSimpleName()
                    .matches(".*(Long|Double).*") ? 8 : b.getClass().getSimpleName()
                    .matches(".*(Int|Float).*") ? 4 : 2;
            return (int) ((long) b.capacity() * unit / type.getSize());
        }
        if (buf.getClass().isArray() && buf.getClass().getComponentType().isPrimitive()) {
            return java.lang.reflect.Array.getLength(buf);
        }
        return 0;
    }

    /** A count: mostly one that fits {@code buf}, else anything. */
    private int count(Object buf, Datatype type) {
        int fits = capacity(buf, type);
        switch (random.nextInt(6)) {
            case 0:
            case 1:
                return fits;
            case 2:
                return fits == 0 ? 0 : random.nextInt(fits + 1);
            case 3:
                return fits + 1;
            default:
                return pick(ODD_INTS);
        }
    }

    private int[] ints() {
        if (chance(8)) {
            nullArgument = true;
            return null;
        }
        int[] a = new int[random.nextInt(4)];
        for (int i = 0; i < a.length; i++) {
            a[i] = chance(70) ? random.nextInt(4) : pick(ODD_INTS);
        }
        return a;
    }

    private Object argument(Class<?> p, Datatype type) {
        if (p == int.class) {
            return chance(50) ? random.nextInt(3) : pick(ODD_INTS);
        } else if (p == long.class) {
            return (long) pick(ODD_INTS);
        } else if (p == boolean.class) {
            return random.nextBoolean();
        } else if (p == Datatype.class) {
            return chance(70) ? type : type();
        } else if (p == Op.class) {
            return op();
        } else if (p == int[].class) {
            return ints();
        } else if (p == boolean[].class) {
            if (chance(10)) {
                nullArgument = true;
                return null;
            }
            return new boolean[random.nextInt(3)];
        } else if (p == Datatype[].class) {
            if (chance(8)) {
                nullArgument = true;
                return null;
            }
            Datatype[] t = new Datatype[random.nextInt(4)];
            for (int i = 0; i < t.length; i++) {
                t[i] = chance(80) ? type : type();
            }
            return t;
        } else if (p == Info.class) {
            if (chance(10)) {
                nullArgument = true;
                return null;
            }
            return MPI.INFO_NULL;
        } else if (p == Group.class) {
            Group g = pick(groups);
            nullArgument |= g == null;
            return g;
        } else if (p == String.class) {
            if (chance(10)) {
                nullArgument = true;
                return null;
            }
            return pick(new String[] {"", "key", "no_locks", "accumulate_ordering", "é\u0000x",
                "k".repeat(300), "v".repeat(5000), " "});
        } else if (p == Request.class) {
            nullArgument = true;
            return null;
        } else if (p == Object.class || Buffer.class.isAssignableFrom(p)) {
            Object b = buffer(type);
            if (b != null && !p.isInstance(b)) {
                b = ByteBuffer.allocateDirect(length()); // a Buffer parameter gets a buffer
            }
            return b;
        }
        nullArgument = true; // a parameter type this probe does not know: null
        return null;
    }

    private static String describe(Object a) {
        if (a == null) {
            return "null";
        }
        if (a instanceof Buffer) {
            Buffer b = (Buffer) a;
            return a.getClass().getSimpleName() + "[" + b.capacity()
                    + (b.isReadOnly() ? ",ro" : "") + "]";
        }
        if (a.getClass().isArray()) {
            if (a instanceof int[]) {
                return Arrays.toString((int[]) a);
            }
            if (a instanceof Object[]) {
                return Arrays.toString((Object[]) a);
            }
            return a.getClass().getComponentType() + "[" + java.lang.reflect.Array.getLength(a)
                    + "]";
        }
        return String.valueOf(a);
    }

    // ---- point-to-point on a communicator of its own ----

    /**
     * One point-to-point call with random arguments on a fresh duplicate of COMM_SELF. The
     * message it may send is caught by a receive posted before; the message it may receive
     * is sent before (eagerly, so that it completes whatever happens to it). Whatever the
     * call leaves unmatched dies with the communicator.
     */
    private void pointToPoint(int i) throws MPIException {
        nullArgument = false;
        Intracomm self = MPI.COMM_SELF.dup();
        // Sends of the call go with one tag, its receives with another, so that the message
        // offered to its receives never meets the receive posted for its sends.
        int sendTag = tag++;
        int recvTag = tag++;
        Datatype type = type();
        Object buf = buffer(type);
        int count = count(buf, type);
        int peer = chance(75) ? 0 : pick(new int[] {MPI.PROC_NULL, MPI.ANY_SOURCE, 1, -7,
            Integer.MAX_VALUE});
        int sTag = chance(85) ? sendTag : pick(new int[] {MPI.ANY_TAG, -5, -1000});
        int rTag = chance(75) ? recvTag : pick(new int[] {MPI.ANY_TAG, -5, -1000});
        String args = describe(buf) + ", " + count + ", " + type + ", peer " + peer;
        String sArgs = args + ", tag " + sTag;
        String rArgs = args + ", tag " + rTag;
        // The counterparts carry the call's type: MPI requires the types of a send and its
        // receive to match (MPICH aborts on a message that is not a whole number of its
        // receive's elements; Open MPI takes it).
        Datatype typed = type != null ? type : MPI.BYTE;
        int size = typed.getSize();
        Request caught = self.iRecv(catchAll, CATCH_ALL_BYTES / size, typed, 0, sendTag);
        Request offered = self.iSend(eager, random.nextInt(EAGER_BYTES / size + 1), typed, 0,
                recvTag);
        Request reuse = chance(20) ? finishedRequest(self) : null;
        switch (random.nextInt(12)) {
            case 0 -> attempt("send(" + sArgs + ")", () -> {
                self.send(buf, count, type, peer, sTag);
                return null;
            });
            case 1 -> attempt("recv(" + rArgs + ")", () -> self.recv(buf, count, type, peer,
                    rTag));
            case 2 -> waitFor("iSend(" + sArgs + ")", attempt("iSend(" + sArgs + ")",
                    () -> self.iSend(buf, count, type, peer, sTag, reuse)));
            case 3 -> waitFor("iRecv(" + rArgs + ")", attempt("iRecv(" + rArgs + ")",
                    () -> self.iRecv(buf, count, type, peer, rTag, reuse)));
            case 4 -> {
                Object buf2 = buffer(type);
                int count2 = count(buf2, type);
                int source = chance(70) ? 0 : pick(new int[] {MPI.ANY_SOURCE, MPI.PROC_NULL,
                    2, -9});
                attempt("sendRecv(" + sArgs + ", " + describe(buf2) + ", " + count2
                        + ", source " + source + ", tag " + rTag + ")",
                        () -> self.sendRecv(buf, count, type, peer, sTag, buf2, count2, type,
                                source, rTag));
            }
            case 5 -> persistent("sendInit(" + sArgs + ")", attempt("sendInit(" + sArgs + ")",
                    () -> self.sendInit(buf, count, type, peer, sTag)));
            case 6 -> persistent("recvInit(" + rArgs + ")", attempt("recvInit(" + rArgs + ")",
                    () -> self.recvInit(buf, count, type, peer, rTag)));
            case 7 -> {
                if (buf == null || buf instanceof Buffer) {
                    persistent("sSendInit(" + sArgs + ")", attempt("sSendInit(" + sArgs + ")",
                            () -> self.sSendInit((Buffer) buf, count, type, peer, sTag)));
                }
            }
            case 8 -> {
                if (buf == null || buf instanceof Buffer) {
                    persistent("rSendInit(" + sArgs + ")", attempt("rSendInit(" + sArgs + ")",
                            () -> self.rSendInit((Buffer) buf, count, type, peer, sTag)));
                }
            }
            case 9 -> {
                if (buf == null || buf instanceof Buffer) {
                    waitFor("iSend(Buffer " + sArgs + ")", attempt("iSend(Buffer " + sArgs
                            + ")", () -> self.iSend((Buffer) buf, count, type, peer, sTag)));
                }
            }
            case 10 -> {
                if (buf == null || buf instanceof Buffer) {
                    waitFor("iRecv(Buffer " + rArgs + ")", attempt("iRecv(Buffer " + rArgs
                            + ")", () -> self.iRecv((Buffer) buf, count, type, peer, rTag)));
                }
            }
            default -> attempt("status.getCount(" + type + ")",
                    () -> self.recv(catchAll, 0, MPI.BYTE, MPI.PROC_NULL, rTag).getCount(type));
        }
        // Complete the counterparts, whatever the call did: the catch-all receive gets the
        // call's message or a marker; the offered message is received here if the call did not.
        Request marked = self.iSend(marker, MARKER_BYTES / size, typed, 0, sendTag);
        if (caught.waitStatus().getCount(typed) != MARKER_BYTES / size) {
            drain(self, typed, sendTag, marked);
        }
        marked.waitFor();
        drain(self, typed, recvTag, self.iSend(marker, MARKER_BYTES / size, typed, 0, recvTag));
        offered.waitFor();
        self.free();
    }

    /**
     * Receives every message to itself with {@code tag} still unreceived on {@code self}, up
     * to the {@link #marker} that {@code marked} sends last (all of {@code type}), then
     * completes {@code marked}.
     * MPI does not promise that a send completes before it is received (Open MPI's small
     * sends do, MPICH's to itself wait for their receive), but it matches the messages of one
     * sender, communicator and tag in the order they were sent: once the marker is received,
     * so is every message before it, and their sends complete.
     */
    private void drain(Comm self, Datatype type, int tag, Request marked) throws MPIException {
        int markerCount = MARKER_BYTES / type.getSize();
        while (self.recv(drained, markerCount, type, 0, tag).getCount(type) != markerCount) {
            // a message the case left unreceived
        }
        marked.waitFor();
    }

    /** @return a request that has completed: a null one, to pass as {@code reuse} */
    private Request finishedRequest(Comm c) throws MPIException {
        Request r = c.iSend(eager, 0, MPI.BYTE, MPI.PROC_NULL, 0);
        r.waitFor();
        return r;
    }

    private void waitFor(String what, Object request) {
        if (request instanceof Request) {
            attempt("waitFor of " + what, () -> {
                ((Request) request).waitFor();
                return null;
            });
        }
    }

    /** Starts a persistent request twice, completing each start, then frees it. */
    private void persistent(String what, Object request) {
        if (!(request instanceof Prequest)) {
            return;
        }
        Prequest p = (Prequest) request;
        attempt("start of " + what, () -> {
            p.start();
            p.waitFor();
            return null;
        });
        attempt("test of " + what, () -> p.test());
        attempt("free of " + what, () -> {
            p.free();
            return null;
        });
    }

    // ---- requests: freed, completed, persistent, duplicated ----

    /**
     * Requests in every state (completed, freed, active and completable, persistent inactive,
     * active or freed) handed to every request method, and to waitAll and startAll in random
     * arrays with nulls and duplicates.
     */
    private void requests() throws MPIException {
        nullArgument = false;
        Intracomm self = MPI.COMM_SELF.dup();
        int t = tag++;
        // Plenty of eager messages for every receive below, never too few.
        List<Request> sends = new ArrayList<>();
        for (int k = 0; k < 24; k++) {
            sends.add(self.iSend(eager, 2, MPI.INT, 0, t)); // as every receive below takes
        }
        Request completed = finishedRequest(self);
        Request freed = self.iRecv(new byte[8], 8, MPI.BYTE, 0, t + 20_000);
        freed.free();
        Request active = self.iRecv(chance(50) ? new int[2] : MPI.newByteBuffer(8), 2, MPI.INT,
                0, t);
        Prequest inactive = self.recvInit(new int[2], 2, MPI.INT, 0, t);
        Prequest started = self.sendInit(new long[1], 1, MPI.LONG, MPI.PROC_NULL, t);
        started.start();
        Prequest freedPersistent = self.sendInit(eager, 2, MPI.INT, 0, t);
        freedPersistent.free();
        Request[] all = {completed, freed, active, inactive, started, freedPersistent, null};
        for (int k = 0; k < 6; k++) {
            Request r = pick(all);
            String what = describe(r == null ? null : r.getClass().getSimpleName()) + " "
                    + (r == completed ? "completed" : r == freed ? "freed" : r == active
                    ? "active" : r == inactive ? "inactive" : r == started ? "started"
                    : r == freedPersistent ? "freed persistent" : "null");
            nullArgument = r == null; // for the calls on r itself; the arrays reset it
            switch (random.nextInt(10)) {
                case 0 -> attempt("waitFor " + what, () -> {
                    r.waitFor();
                    return null;
                });
                case 1 -> attempt("waitStatus " + what, () -> r.waitStatus());
                case 2 -> attempt("test " + what, () -> r.test());
                case 3 -> attempt("isNull " + what, () -> r.isNull());
                case 4 -> attempt("free " + what, () -> {
                    r.free();
                    return null;
                });
                case 5, 6 -> {
                    nullArgument = false; // null entries are skipped, as MPI_REQUEST_NULL
                    Request[] some = new Request[random.nextInt(5)];
                    for (int j = 0; j < some.length; j++) {
                        some[j] = pick(all);
                    }
                    boolean withStatus = random.nextBoolean();
                    attempt((withStatus ? "waitAllStatus " : "waitAll ") + describe(some), () -> {
                        if (withStatus) {
                            return Request.waitAllStatus(some);
                        }
                        Request.waitAll(some);
                        return null;
                    });
                }
                case 7 -> {
                    nullArgument = false;
                    Prequest[] some = new Prequest[random.nextInt(4)];
                    for (int j = 0; j < some.length; j++) {
                        some[j] = pick(new Prequest[] {inactive, started, freedPersistent,
                            null});
                        nullArgument |= some[j] == null;
                    }
                    attempt("startAll " + describe(some), () -> {
                        Prequest.startAll(some);
                        return null;
                    });
                }
                case 8 -> {
                    if (r instanceof Prequest) {
                        attempt("start " + what, () -> {
                            ((Prequest) r).start();
                            return null;
                        });
                    }
                }
                default -> attempt("iSend reusing " + what, () -> self.iSend(eager, 0,
                        MPI.BYTE, MPI.PROC_NULL, 0, r));
            }
        }
        // Whatever is still active completes: its messages were sent above (the eager sends,
        // or a started send to MPI.PROC_NULL).
        for (Request r : new Request[] {active, inactive, started}) {
            attempt("final waitFor", () -> {
                r.waitFor();
                return null;
            });
            attempt("final free", () -> {
                r.free();
                return null;
            });
        }
        // The eager sends no receive took complete once received here (MPICH's wait for it).
        drain(self, MPI.INT, t, self.iSend(marker, MARKER_BYTES / Integer.BYTES, MPI.INT, 0, t));
        Request.waitAll(sends.toArray(new Request[0]));
        self.free();
    }

    // ---- every public method of a communicator, at random ----

    /**
     * Calls every public method of the communicator's class (but those that end the process or
     * wait for a message: point-to-point has its own cases above), {@code times} each, with
     * random arguments of the parameters' types; requests returned are waited for.
     */
    private void everyMethod(Comm comm, int times) {
        for (Method m : methods(comm.getClass())) {
            if (NOT_AT_RANDOM.contains(m.getName())) {
                continue;
            }
            for (int k = 0; k < times; k++) {
                invoke(comm, m, true);
            }
        }
    }

    /**
     * {@code spawn} with one argument the binding refuses before MPI sees it (a null command,
     * argument or info, a count below 1, too few error codes): each call must throw, as a
     * spawn that worked would start processes.
     */
    private void spawnRefusals(int times) {
        for (int k = 0; k < times; k++) {
            int kind = random.nextInt(5);
            String command = kind == 0 ? null : "java";
            String[] argv = kind == 1 ? new String[] {"-version", null} : new String[] {"-version"};
            Info info = kind == 2 ? null : MPI.INFO_NULL;
            int procs = kind == 3 ? pick(new int[] {Integer.MIN_VALUE, -1, 0}) : 2;
            int[] errcodes = kind == 4 ? new int[random.nextInt(2)] : null;
            String what = "spawn(" + command + ", " + Arrays.toString(argv) + ", " + procs + ", "
                    + info + ", 0, " + (errcodes == null ? null : errcodes.length + " codes") + ")";
            nullArgument = kind <= 2;
            int before = worked;
            attempt(what, () -> MPI.COMM_SELF.spawn(command, argv, procs, info, 0, errcodes));
            if (worked != before) {
                failures++;
                System.out.println("FAIL rank " + rank + " " + what + " worked");
            }
        }
    }

    /**
     * Local and self reductions with the pair and complex types and the operations made for
     * them, a user-defined operation (one whose function throws, one freed) and random
     * buffers: each refused or done, never a crash.
     */
    private void reductions(int times) throws MPIException {
        Datatype[] types = {MPI.INT2, MPI.SHORT_INT, MPI.LONG_INT, MPI.FLOAT_INT, MPI.DOUBLE_INT,
            MPI.FLOAT_COMPLEX, MPI.DOUBLE_COMPLEX, MPI.PACKED, MPI.INT, MPI.DOUBLE, MPI.BYTE};
        UserFunction throwing = new UserFunction() {
            @Override
            public void call(java.nio.ByteBuffer in, java.nio.ByteBuffer inOut, int count,
                    Datatype datatype) {
                throw new IllegalStateException("a user function's exception");
            }
        };
        Op[] ops = {MPI.MINLOC, MPI.MAXLOC, MPI.REPLACE, MPI.NO_OP, MPI.SUM, null, null, null};
        try {
            Op freed = new Op(throwing, false);
            freed.free();
            ops[6] = freed;
            ops[5] = new Op(throwing, true);
        } catch (UnsupportedOperationException e) {
            // The FFM backend without -Dombj.upcalls=true (UserOpIT checks the refusal).
            ops = Arrays.copyOf(ops, 6);
        }
        for (int k = 0; k < times; k++) {
            Datatype type = pick(types);
            Op op = pick(ops);
            // Half the time direct buffers that fit: the operations then meet every type.
            boolean fits = chance(50);
            int count = fits ? random.nextInt(4) : chance(50) ? random.nextInt(3) : pick(ODD_INTS);
            int bytes = Math.max(1, count * type.getExtent());
            Object in = fits ? MPI.newByteBuffer(bytes) : buffer(type);
            Object inout = fits ? MPI.newByteBuffer(bytes) : buffer(type);
            nullArgument |= op == null;
            String what = "reduce(" + describe(in) + ", " + describe(inout) + ", " + count + ", "
                    + type + ", " + op + ")";
            switch (random.nextInt(3)) {
                case 0 -> attempt("reduceLocal " + what, () -> {
                    Comm.reduceLocal(in, inout, count, type, op);
                    return null;
                });
                case 1 -> attempt("COMM_SELF.allReduce " + what, () -> {
                    MPI.COMM_SELF.allReduce(in, inout, count, type, op);
                    return null;
                });
                default -> attempt("COMM_SELF.iAllReduce " + what, () -> {
                    MPI.COMM_SELF.iAllReduce(in, inout, count, type, op).waitFor();
                    return null;
                });
            }
        }
    }

    /**
     * {@code spawnMultiple}, {@code accept} and {@code connect} with one argument the binding
     * refuses before MPI sees it (a null array, element or port at the root, arrays of
     * different lengths, a count below 1, too few error codes, a root not in the
     * communicator): each call must throw, as one that worked would start processes or wait
     * for a peer.
     */
    private void dynamicRefusals(int times) {
        Intracomm self = MPI.COMM_SELF;
        for (int k = 0; k < times; k++) {
            int kind = random.nextInt(11);
            String[] commands = kind == 0 ? null : kind == 1 ? new String[] {null}
                    : new String[] {"java"};
            String[][] argv = kind == 2 ? new String[2][] : null;
            int[] maxprocs = kind == 3 ? new int[] {1, 1} : kind == 4 ? new int[] {0}
                    : new int[] {2};
            Info[] info = kind == 5 ? new Info[1] : kind == 6 ? new Info[0]
                    : new Info[] {MPI.INFO_NULL};
            int[] errcodes = kind == 7 ? new int[1] : null;
            int root = kind == 8 ? pick(new int[] {Integer.MIN_VALUE, -1, 1, Integer.MAX_VALUE})
                    : 0;
            String what = "spawnMultiple(kind " + kind + ", root " + root + ")";
            nullArgument = kind <= 1 || kind == 5;
            int before = worked;
            if (kind == 9 || kind == 10) { // a null port at the root, or a root out of range
                String port = kind == 9 ? null : "omb-j-port";
                int r = kind == 9 ? 0 : pick(new int[] {Integer.MIN_VALUE, -1, 1});
                boolean accept = random.nextBoolean();
                what = (accept ? "accept(" : "connect(") + port + ", " + r + ")";
                nullArgument = kind == 9;
                attempt(what, () -> accept ? self.accept(port, r) : self.connect(port, r));
            } else {
                attempt(what, () -> self.spawnMultiple(commands, argv, maxprocs, info, root,
                        errcodes));
            }
            if (worked != before) {
                failures++;
                System.out.println("FAIL rank " + rank + " " + what + " worked");
            }
        }
    }

    /** Public methods declared by the binding's classes, in a stable order. */
    private static List<Method> methods(Class<?> c) {
        List<Method> found = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (m.getDeclaringClass().getPackageName().equals("mpi")
                    && !Modifier.isStatic(m.getModifiers())) {
                found.add(m);
            }
        }
        found.sort(Comparator.comparing(Method::toGenericString));
        return found;
    }

    private void invoke(Object target, Method m, boolean waitForRequests) {
        nullArgument = false;
        Datatype type = chance(90) ? pick(TYPES) : type();
        Class<?>[] params = m.getParameterTypes();
        Object[] args = new Object[params.length];
        StringBuilder what = new StringBuilder(m.getDeclaringClass().getSimpleName() + "."
                + m.getName() + "(");
        for (int j = 0; j < params.length; j++) {
            args[j] = argument(params[j], type);
            what.append(j > 0 ? ", " : "").append(describe(args[j]));
        }
        what.append(")");
        Object result = attempt(what.toString(), () -> {
            try {
                return m.invoke(target, args);
            } catch (IllegalArgumentException e) { // reflection's own: the probe's mistake
                throw new AssertionError("arguments do not fit " + m, e);
            }
        });
        if (waitForRequests && result instanceof Request) {
            waitFor(what.toString(), result);
        }
    }

    // ---- groups and hints ----

    /**
     * Every method of a live group and a live Info, and the static group operations, with
     * random ranks, keys, values and groups (live, empty, freed or null).
     */
    private void groupsAndInfos(int times) throws Exception {
        Group live = MPI.COMM_SELF.getGroup();
        Group freed = MPI.COMM_WORLD.getGroup();
        freed.free();
        groups = new Group[] {null, MPI.GROUP_EMPTY, live, freed};
        Info info = new Info();
        for (Object target : List.<Object>of(live, info)) {
            for (Method m : methods(target.getClass())) {
                if (!m.getName().equals("free")) {
                    for (int k = 0; k < Math.max(1, times / 4); k++) {
                        invoke(target, m, false);
                    }
                }
            }
        }
        for (Method m : Group.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                for (int k = 0; k < Math.max(1, times / 4); k++) {
                    invoke(null, m, false);
                }
            }
        }
        info.free();
    }

    // ---- freed communicators, groups, windows, infos ----

    /**
     * A duplicate of COMM_WORLD and of COMM_SELF, freed, then every method of the
     * communicator (point-to-point too: a freed communicator fails before anything is sent
     * or awaited); a freed group, info and window likewise.
     */
    private void freedObjects(int times) throws MPIException {
        Intracomm world = MPI.COMM_WORLD.dup();
        world.free();
        Intracomm self = MPI.COMM_SELF.dup();
        self.free();
        for (Intracomm freed : List.of(world, self)) {
            for (Method m : methods(freed.getClass())) {
                if (m.getName().equals("abort")) {
                    continue;
                }
                for (int k = 0; k < Math.max(1, times / 4); k++) {
                    invoke(freed, m, false);
                }
            }
        }
        Group group = MPI.COMM_SELF.getGroup();
        group.free();
        Info info = new Info();
        info.free();
        Win win = new Win(64, 1, MPI.INFO_NULL, MPI.COMM_SELF, null, Win.FLAVOR_PRIVATE);
        win.free();
        for (Object freed : List.<Object>of(group, info, win)) {
            for (Method m : methods(freed.getClass())) {
                for (int k = 0; k < Math.max(1, times / 4); k++) {
                    invoke(freed, m, false);
                }
            }
        }
    }

    // ---- one-sided: a window of this process alone ----

    /**
     * A window on COMM_SELF (created over a buffer, or allocated), a lock, random one-sided
     * operations (origin buffers, counts, datatypes, target ranks, displacements and counts),
     * random synchronization calls, then an unlock and free.
     */
    private void window() throws MPIException {
        int bytes = 8 * (1 + random.nextInt(64));
        Win win = attempt("new Win", () -> chance(50)
                ? new Win(MPI.newByteBuffer(bytes), bytes, 1, MPI.INFO_NULL, MPI.COMM_SELF)
                : new Win(bytes, 1, MPI.INFO_NULL, MPI.COMM_SELF, null, Win.FLAVOR_PRIVATE))
                instanceof Win w ? w : null;
        if (win == null) {
            return;
        }
        win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
        for (int k = 0; k < 4; k++) {
            nullArgument = false;
            Datatype type = chance(90) ? pick(TYPES) : type();
            Object origin = buffer(type);
            int elements = type == null ? 0 : bytes / type.getSize();
            // Mostly inside the window; else anywhere, past its end too, which the binding
            // must refuse (MPI leaves it undefined; shared-memory windows copy blindly).
            boolean anywhere = chance(25);
            int count = anywhere ? count(origin, type) : Math.min(count(origin, type), elements);
            int target = chance(80) ? 0 : pick(new int[] {MPI.PROC_NULL, 1, -3});
            long disp = anywhere ? new long[] {-1, elements, elements + 1L, bytes,
                Integer.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE}[random.nextInt(7)]
                    : random.nextInt(Math.max(1, elements - Math.max(count, 1) + 1));
            Object result = buffer(type);
            String what = describe(origin) + ", " + count + ", " + type + ", target " + target
                    + ", disp " + disp + ", result " + describe(result);
            Op op = op();
            switch (random.nextInt(8)) {
                case 0 -> attempt("put(" + what + ")", () -> {
                    win.put(origin, count, type, target, disp, count, type);
                    return null;
                });
                case 1 -> attempt("get(" + what + ")", () -> {
                    win.get(origin, count, type, target, disp, count, type);
                    return null;
                });
                case 2 -> attempt("accumulate(" + what + ")", () -> {
                    win.accumulate(origin, count, type, target, disp, count, type, op);
                    return null;
                });
                case 3 -> attempt("getAccumulate(" + what + ")", () -> {
                    win.getAccumulate(origin, count, type, result, count, type, target, disp,
                            count, type, op);
                    return null;
                });
                case 4 -> attempt("fetchAndOp(" + what + ")", () -> {
                    win.fetchAndOp(origin, result, type, target, disp, op);
                    return null;
                });
                case 5 -> {
                    Object compare = buffer(type);
                    attempt("compareAndSwap(" + what + ", compare " + describe(compare) + ")",
                            () -> {
                                win.compareAndSwap(origin, compare, result, type, target, disp);
                                return null;
                            });
                }
                case 6 -> {
                    if (origin == null || origin instanceof Buffer) {
                        waitFor("rPut", attempt("rPut(" + what + ")", () -> win.rPut(
                                (Buffer) origin, count, type, target, (int) disp, count, type)));
                    }
                }
                default -> {
                    int sync = random.nextInt(5);
                    attempt("sync " + sync, () -> {
                        switch (sync) {
                            case 0 -> win.flush(target);
                            case 1 -> win.flushAll();
                            case 2 -> win.flushLocal(target);
                            case 3 -> win.fence(0);
                            default -> win.sync();
                        }
                        return null;
                    });
                }
            }
        }
        attempt("unlock", () -> {
            win.unlock(0);
            return null;
        });
        attempt("free", () -> {
            win.free();
            return null;
        });
    }

    // ---- non-blocking collectives on COMM_WORLD ----

    /**
     * One non-blocking collective on a duplicate of COMM_WORLD, with the same random
     * arguments on every rank (one count and one datatype for both sides, so that the ranks'
     * calls match). Where the call failed on some rank only, the others never wait for it.
     */
    private void worldCollective() throws MPIException {
        nullArgument = false;
        Intracomm world = MPI.COMM_WORLD.dup();
        int size = world.getSize();
        Datatype type = chance(95) ? pick(TYPES) : type();
        Object send = buffer(type);
        Object recv = buffer(type);
        int count = count(chance(50) ? send : recv, type) / (chance(50) ? size : 1);
        int root = chance(85) ? random.nextInt(size) : pick(new int[] {-1, size});
        Op op = chance(80) ? pick(OPS) : op();
        String what = describe(send) + ", " + describe(recv) + ", " + count + ", " + type
                + ", root " + root + ", " + op;
        Object request;
        switch (random.nextInt(8)) {
            case 0 -> request = attempt("iBcast(" + what + ")",
                    () -> world.iBcast(recv, count, type, root));
            case 1 -> request = attempt("iAllReduce(" + what + ")",
                    () -> world.iAllReduce(send, recv, count, type, op));
            case 2 -> request = attempt("iReduce(" + what + ")",
                    () -> world.iReduce(send, recv, count, type, op, root));
            case 3 -> request = attempt("iGather(" + what + ")",
                    () -> world.iGather(send, count, type, recv, count, type, root));
            case 4 -> request = attempt("iScatter(" + what + ")",
                    () -> world.iScatter(send, count, type, recv, count, type, root));
            case 5 -> request = attempt("iAllGather(" + what + ")",
                    () -> world.iAllGather(send, count, type, recv, count, type));
            case 6 -> request = attempt("iAllToAll(" + what + ")",
                    () -> world.iAllToAll(send, count, type, recv, count, type));
            default -> request = attempt("iBarrier", () -> world.iBarrier());
        }
        int[] started = {request instanceof Request ? 1 : 0};
        MPI.COMM_WORLD.allReduce(started, 1, MPI.INT, MPI.MIN);
        if (started[0] == 1) {
            waitFor(what, request);
            world.free();
        }
        // Otherwise the call that started on some rank never completes: its communicator is
        // left alone, never freed (freeing is collective) nor used again.
    }
}
