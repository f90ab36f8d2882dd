package mpi.common.onesided;

import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;
import mpi.common.binding.OneSidedCalls;

/**
 * The window of one message size, as C OMB makes it (§3.1 of the catalogue): created on the
 * communicator of both ranks with a displacement unit of 1 byte, by {@code MPI_Win_create}
 * over the rank's own memory, by {@code MPI_Win_allocate}, or by
 * {@code MPI_Win_create_dynamic} with the rank's memory attached. A dynamic window's target
 * displacements are absolute addresses, so the ranks swap theirs (rank 0 first, tag 1, as C
 * OMB): {@link #base()} is where the peer's window starts, 0 for the other kinds.
 */
public final class Window {
    /** The tag of the address exchange of a dynamic window, C OMB's. */
    static final int ADDRESS_TAG = 1;

    private final Win win;
    private final WindowCreation creation;
    private final ByteBuffer own;
    private final long base;

    private Window(Win win, WindowCreation creation, ByteBuffer own, long base) {
        this.win = win;
        this.creation = creation;
        this.own = own;
        this.base = base;
    }

    /**
     * Creates the window; collective over {@code comm}.
     *
     * @param creation how
     * @param memory   the rank's memory for {@code create} and {@code dynamic}, at least
     *                 {@code bytes} long, page-aligned
     * @param baseSlot an 8-byte direct buffer for {@code allocate}, into which MPI writes the
     *                 allocated memory's address (Open MPI's signature)
     * @param bytes    the window's size in bytes
     * @param comm     the communicator of both ranks
     * @param peer     the other rank
     * @param first    whether this rank sends its address first (rank 0)
     * @param address  room for one address, a {@code long[1]}
     * @return the window
     * @throws MPIException if a call fails
     */
    public static Window open(WindowCreation creation, ByteBuffer memory, ByteBuffer baseSlot,
            int bytes, Comm comm, int peer, boolean first, long[] address) throws MPIException {
        switch (creation) {
            case CREATE:
                return new Window(new Win(memory, bytes, 1, MPI.INFO_NULL, comm), creation,
                        memory, 0);
            case ALLOCATE:
                return new Window(new Win(bytes, 1, MPI.INFO_NULL, comm, baseSlot,
                        Win.FLAVOR_PRIVATE), creation, null, 0);
            case DYNAMIC:
                Win win = new Win(MPI.INFO_NULL, comm);
                win.attach(memory, bytes);
                long mine = OneSidedCalls.address(memory);
                if (first) {
                    address[0] = mine;
                    comm.send(address, 1, MPI.LONG, peer, ADDRESS_TAG);
                    comm.recv(address, 1, MPI.LONG, peer, ADDRESS_TAG);
                } else {
                    comm.recv(address, 1, MPI.LONG, peer, ADDRESS_TAG);
                    long theirs = address[0];
                    address[0] = mine;
                    comm.send(address, 1, MPI.LONG, peer, ADDRESS_TAG);
                    address[0] = theirs;
                }
                return new Window(win, creation, memory, address[0]);
            default:
                throw new AssertionError(creation);
        }
    }

    /** @return the MPI window */
    public Win win() {
        return win;
    }

    /** @return the target displacement of the peer window's first byte */
    public long base() {
        return base;
    }

    /**
     * @return this rank's window memory: its own buffer, or for {@code allocate} MPI's
     *         memory ({@link mpi.common.binding.Extension#ALLOCATED_WINDOW_MEMORY})
     */
    public ByteBuffer memory() {
        return own != null ? own : OneSidedCalls.allocatedMemory(win);
    }

    /**
     * Frees the window (detaching a dynamic window's memory first); collective.
     *
     * @throws MPIException if a call fails
     */
    public void close() throws MPIException {
        if (creation == WindowCreation.DYNAMIC) {
            win.detach(own);
        }
        win.free();
    }
}
