package mpi;

import static mpi.Backends.COMMUNICATORS;

/**
 * An intercommunicator: two groups of processes, each sending to the other's ranks, as
 * between a program and the processes it spawned ({@link Intracomm#spawn},
 * {@link #getParent}) or two groups joined by {@link Comm#createIntercomm}.
 */
public final class Intercomm extends Comm {
    Intercomm(long handle) {
        super(handle);
    }

    /**
     * @return the intercommunicator to the processes that spawned this one
     *         ({@code MPI_Comm_get_parent}), null ({@link #isNull}) in a process nobody
     *         spawned
     */
    public static Intercomm getParent() throws MPIException {
        MPI.check();
        return new Intercomm(COMMUNICATORS.commGetParent());
    }

    /** @return a duplicate of this intercommunicator ({@code MPI_Comm_dup}) */
    @Override
    public Intercomm dup() throws MPIException {
        return new Intercomm(COMMUNICATORS.commDup(live()));
    }

    /** @return a duplicate with these hints ({@code MPI_Comm_dup_with_info}) */
    public Intercomm dupWithInfo(Info info) throws MPIException {
        return new Intercomm(COMMUNICATORS.commDupWithInfo(live(), infoHandle(info)));
    }

    /**
     * @return a duplicate ({@code MPI_Comm_idup}), usable once {@link #getRequest()}
     *         completes
     */
    @Override
    public Intercomm iDup() throws MPIException {
        long[] started = new long[1];
        return pending(new Intercomm(COMMUNICATORS.commIdup(live(), started)), started[0]);
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public Intercomm clone() {
        return dup();
    }

    /** @return the number of processes in the other group ({@code MPI_Comm_remote_size}) */
    public int getRemoteSize() throws MPIException {
        return COMMUNICATORS.commRemoteSize(live());
    }

    /** @return the other group ({@code MPI_Comm_remote_group}) */
    public Group getRemoteGroup() throws MPIException {
        return new Group(COMMUNICATORS.commRemoteGroup(live()));
    }

    /**
     * Makes one intracommunicator of both groups ({@code MPI_Intercomm_merge}), collective.
     *
     * @param high whether this group's ranks come after the other's (when the groups say
     *             the same, the order is the MPI's choice)
     */
    public Intracomm merge(boolean high) throws MPIException {
        return new Intracomm(COMMUNICATORS.intercommMerge(live(), high));
    }
}
