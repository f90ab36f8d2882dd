package mpi.it;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Ports, names and {@code spawnMultiple} end to end; each side prints what it checked, and any
 * difference is an exception and exit status 1.
 * <ul>
 * <li>{@code PortsProbe ports} (2 or 4 ranks): the world splits into halves; the first half's
 * root opens a port and publishes it, and sends it to the second half's root over
 * {@code COMM_WORLD} too, which looks the name up and checks that both agree (the name service
 * works within one job on Open MPI 4.1 and MPICH 5); the halves accept and connect, exchange
 * their world ranks over the intercommunicator, merge, disconnect; the port is unpublished and
 * closed. Bad arguments are refused first, on every rank.</li>
 * <li>{@code PortsProbe spawn} (1 rank): spawns two JVMs of this probe by two "commands" (the
 * same java, argv ending {@code child a} and {@code child b}); each child checks its rank
 * (the order of the commands) and answers the parent with it.</li>
 * </ul>
 */
public final class PortsProbe {
    private static final String SERVICE = "omb-j-ports-probe";
    private static final int TAG = 11;

    private PortsProbe() {
    }

    /** @param args {@code ports}, {@code spawn}, or {@code child LETTER} in a spawned child */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        switch (args[0]) {
            case "ports" -> ports();
            case "spawn" -> spawnTwo();
            case "child" -> child(args[1]);
            default -> throw new IllegalArgumentException(args[0]);
        }
        MPI.Finalize();
    }

    private static void ports() throws MPIException {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int half = world.getSize() / 2;
        boolean server = rank < half;
        Intracomm local = world.split(server ? 0 : 1, rank);
        refusals(local);
        String port = null;
        if (rank == 0) {
            port = Intracomm.openPort();
            require(!port.isEmpty() && port.length() < MPI.MAX_PORT_NAME, "a port: " + port);
            Intracomm.publishName(SERVICE, port);
            byte[] bytes = port.getBytes(StandardCharsets.UTF_8);
            world.send(bytes, bytes.length, MPI.BYTE, half, TAG);
        } else if (rank == half) {
            mpi.Status s = world.probe(0, TAG);
            byte[] bytes = new byte[s.getCount(MPI.BYTE)];
            world.recv(bytes, bytes.length, MPI.BYTE, 0, TAG);
            port = Intracomm.lookupName(SERVICE); // published before the send
            require(port.equals(new String(bytes, StandardCharsets.UTF_8)),
                    "looked up " + port + ", sent " + new String(bytes, StandardCharsets.UTF_8));
        }
        Intercomm inter = server ? local.accept(port, 0) : local.connect(port, 0);
        require(inter.isInter() && inter.getSize() == local.getSize()
                && inter.getRemoteSize() == world.getSize() - local.getSize(),
                "an intercommunicator of " + inter.getSize() + " and " + inter.getRemoteSize());
        // Each rank sends its world rank to the other side's rank of its own local rank.
        int peer = local.getRank();
        int[] mine = {rank};
        int[] theirs = {-1};
        inter.sendRecv(mine, 1, MPI.INT, peer, TAG, theirs, 1, MPI.INT, peer, TAG);
        int expected = server ? peer + half : peer;
        require(theirs[0] == expected, "received " + theirs[0] + ", expected " + expected);
        Intracomm merged = inter.merge(!server);
        require(merged.getSize() == world.getSize() && merged.getRank() == rank,
                "merged rank " + merged.getRank() + " of " + merged.getSize());
        int[] sum = {merged.getRank()};
        merged.allReduce(sum, 1, MPI.INT, MPI.SUM);
        merged.free();
        inter.disconnect();
        require(inter.isNull(), "a disconnected intercommunicator is null");
        if (rank == 0) {
            Intracomm.unpublishName(SERVICE, MPI.INFO_NULL, port);
            expectMpiError(() -> Intracomm.lookupName(SERVICE), MPI.ERR_NAME,
                    "an unpublished name");
            Intracomm.closePort(port);
        }
        local.free();
        System.out.println("rank " + rank + (server ? " accepted" : " connected")
                + ": exchanged, merged rank sum " + sum[0]);
    }

    /** Misuse, refused in Java before MPI sees it, on every rank alike. */
    private static void refusals(Intracomm local) throws MPIException {
        int size = local.getSize();
        int me = local.getRank(); // the root: elsewhere a null port is MPI's to ignore
        expect(NullPointerException.class, "port is null", () -> local.accept(null, me));
        expect(NullPointerException.class, "port is null", () -> local.connect(null, me));
        expect(IllegalArgumentException.class, "root -1", () -> local.accept("p", -1));
        expect(IllegalArgumentException.class, "root " + size,
                () -> local.connect("p", MPI.INFO_NULL, size));
        expect(NullPointerException.class, "info is null", () -> local.accept("p", null, 0));
        expect(NullPointerException.class, "info is null", () -> Intracomm.openPort(null));
        expect(NullPointerException.class, "port is null", () -> Intracomm.closePort(null));
        expect(NullPointerException.class, "service is null",
                () -> Intracomm.publishName(null, "p"));
        expect(NullPointerException.class, "port is null",
                () -> Intracomm.unpublishName("s", MPI.INFO_NULL, null));
        expect(NullPointerException.class, "service is null",
                () -> Intracomm.lookupName(null));
        expectMpiError(() -> Intracomm.lookupName("omb-j-never-published"), MPI.ERR_NAME,
                "a name never published");
        String[] one = {"java"};
        Info[] hints = {MPI.INFO_NULL};
        expect(IllegalArgumentException.class, "maxprocs has 2 entries for 1 commands",
                () -> local.spawnMultiple(one, null, new int[] {1, 1}, hints, 0, null));
        expect(IllegalArgumentException.class, "argv has 0 entries for 1 commands",
                () -> local.spawnMultiple(one, new String[0][], new int[] {1}, hints, 0, null));
        expect(IllegalArgumentException.class, "info has 2 entries",
                () -> local.spawnMultiple(one, null, new int[] {1}, new Info[2], 0, null));
        expect(IllegalArgumentException.class, "root " + size,
                () -> local.spawnMultiple(one, null, new int[] {1}, hints, size, null));
        expect(IllegalArgumentException.class, "errcodes has 1 entries for 2 processes",
                () -> local.spawnMultiple(one, null, new int[] {2}, hints, 0, new int[1]));
        expect(IllegalArgumentException.class, "maxprocs[0] 0 < 1",
                () -> local.spawnMultiple(one, null, new int[] {0}, hints, 0, null));
        expect(NullPointerException.class, "commands[0] is null",
                () -> local.spawnMultiple(new String[1], null, new int[] {1}, hints, 0, null));
        expect(NullPointerException.class, "info[0] is null",
                () -> local.spawnMultiple(one, null, new int[] {1}, new Info[1], 0, null));
        expect(NullPointerException.class, "argv[0][1] is null",
                () -> local.spawnMultiple(one, new String[][] {{"-version", null}},
                        new int[] {1}, hints, 0, null));
    }

    private static void spawnTwo() throws MPIException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> jvm = new ArrayList<>(
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        jvm.addAll(List.of("-cp", System.getProperty("java.class.path"),
                PortsProbe.class.getName(), "child"));
        String[][] argv = new String[2][];
        for (int i = 0; i < 2; i++) {
            List<String> a = new ArrayList<>(jvm);
            a.add(i == 0 ? "a" : "b");
            argv[i] = a.toArray(new String[0]);
        }
        int[] errcodes = {-1, -1};
        Intercomm children = MPI.COMM_SELF.spawnMultiple(new String[] {java, java}, argv,
                new int[] {1, 1}, new Info[] {MPI.INFO_NULL, MPI.INFO_NULL}, 0, errcodes);
        require(Arrays.stream(errcodes).allMatch(c -> c == MPI.SUCCESS),
                "error codes " + Arrays.toString(errcodes));
        require(children.getRemoteSize() == 2, "2 children: " + children.getRemoteSize());
        for (int child = 0; child < 2; child++) {
            int[] answer = {-1};
            children.recv(answer, 1, MPI.INT, child, TAG);
            require(answer[0] == 10 * child + child, "child " + child + " answered " + answer[0]);
        }
        children.disconnect();
        System.out.println("parent: spawned 2 of 2 commands, answered in their order");
    }

    /** A child of {@link #spawnTwo}: its rank follows its command's order, a then b. */
    private static void child(String letter) throws MPIException {
        Intercomm parent = Intercomm.getParent();
        int rank = MPI.COMM_WORLD.getRank();
        int command = letter.charAt(0) - 'a';
        require(!parent.isNull() && parent.getRemoteSize() == 1, "a parent of 1");
        require(MPI.COMM_WORLD.getSize() == 2 && rank == command,
                "child " + letter + " is rank " + rank + " of " + MPI.COMM_WORLD.getSize());
        parent.send(new int[] {10 * rank + command}, 1, MPI.INT, 0, TAG);
        parent.disconnect();
        System.out.println("child " + letter + ": rank " + rank + " of 2, answered");
    }

    private interface Call {
        void run() throws MPIException;
    }

    private static void expect(Class<? extends RuntimeException> type, String message,
            Call call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            require(type.isInstance(e) && e.getMessage() != null
                    && e.getMessage().contains(message),
                    "expected " + type.getSimpleName() + " '" + message + "', got " + e);
            return;
        }
        require(false, "not refused: expected " + type.getSimpleName() + " '" + message + "'");
    }

    private static void expectMpiError(Call call, int errorClass, String what) {
        try {
            call.run();
        } catch (MPIException e) {
            require(e.getErrorClass() == errorClass, what + ": error class " + e.getErrorClass());
            return;
        }
        require(false, what + " was found");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
