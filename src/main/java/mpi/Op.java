package mpi;

import static mpi.Backends.COLLECTIVES;

import java.lang.ref.Cleaner;

/**
 * A reduction operation: predefined ({@code MPI.SUM}, {@code MPI.MAX}, ..., {@code MPI.MINLOC})
 * or defined by a {@link UserFunction} ({@code MPI_Op_create}), which MPI calls back into Java
 * (a JNI callback, or an FFM upcall stub).
 */
public final class Op implements Freeable {
    /** Frees a user-defined operation's callback once the operation is unreachable. */
    private static final Cleaner CALLBACKS = Cleaner.create();

    final long handle;
    private final String name;
    /** The callback MPI calls, or null for a predefined operation. */
    private final UserOp user;
    private final boolean commute;
    private volatile boolean freed;

    Op(long handle, String name) {
        this.handle = handle;
        this.name = name;
        this.user = null;
        this.commute = true;
    }

    /**
     * Creates a user-defined operation ({@code MPI_Op_create}).
     *
     * @param function what MPI calls to reduce: {@code inout[i] = in[i] op inout[i]}
     * @param commute  whether the operation is commutative (MPI may then reorder operands);
     *                 it must be associative either way
     * @throws MPIException if MPI refuses it, or is not initialised
     * @throws UnsupportedOperationException on the FFM backend without
     *         {@code -Dombj.upcalls=true}
     */
    public Op(UserFunction function, boolean commute) throws MPIException {
        MPI.check();
        if (function == null) {
            throw new NullPointerException("function is null");
        }
        this.user = new UserOp(function);
        this.commute = commute;
        this.name = "Op(" + function.getClass().getName() + ")";
        // Blocking calls stop pinning Java arrays for good: a pinned array (a JNI critical
        // region) must not be held while MPI calls back into Java.
        MPI.stageArrays();
        this.handle = COLLECTIVES.opCreate(user, commute);
        // Not freed with MPI_Op_free: reductions started with the operation may still call
        // it, and they keep the Op reachable (Staged) until they complete.
        CALLBACKS.register(this, user::release);
    }

    /** @return whether MPI may reorder the operands ({@code MPI_Op_commutative}) */
    public boolean isCommutative() {
        return commute;
    }

    /** @return whether the operation was freed */
    public boolean isNull() {
        return freed;
    }

    /**
     * Frees a user-defined operation ({@code MPI_Op_free}); reductions already started with it
     * complete with it.
     *
     * @throws MPIException if it is predefined, or already freed
     */
    @Override
    public void free() throws MPIException {
        MPI.check();
        if (user == null) {
            throw new MPIException(name + " is predefined and cannot be freed", MPI.ERR_OP,
                    MPI.ERR_OP);
        }
        synchronized (this) {
            if (freed) {
                throw new MPIException(name + " was freed", MPI.ERR_OP, MPI.ERR_OP);
            }
            COLLECTIVES.opFree(handle);
            freed = true;
        }
    }

    /** @return whether this operation is user-defined */
    boolean isUserDefined() {
        return user != null;
    }

    /**
     * Before a reduction with this operation on {@code type}: refuses a freed operation and
     * tells the callback the call's datatype (MPI hands it only its handle).
     */
    void use(Datatype type) throws MPIException {
        if (freed) {
            throw new MPIException(name + " was freed", MPI.ERR_OP, MPI.ERR_OP);
        }
        if (user != null) {
            user.useType(type);
        }
    }

    /**
     * After a reduction with this operation returned or completed: throws what the
     * user function threw during it, if anything.
     */
    void rethrow() {
        if (user != null) {
            user.rethrow();
        }
    }

    /**
     * Whether MPI's one-sided accumulate defines this operation on elements of {@code type}:
     * MPI_MAX, MPI_MIN, MPI_SUM and MPI_PROD on numbers, the logical operations on integers
     * and {@link MPI#BOOLEAN}, the bitwise ones on integers, MINLOC and MAXLOC on the pair
     * types, MPI_REPLACE and MPI_NO_OP on any; never a user-defined one (MPI_Accumulate takes
     * predefined operations only). Open MPI's one-sided reductions would call a null function.
     */
    boolean reduces(Datatype type) {
        if (user != null) {
            return false;
        }
        if (this == MPI.REPLACE || this == MPI.NO_OP) {
            return true;
        }
        boolean pair = MPI.isPair(type);
        if (this == MPI.MINLOC || this == MPI.MAXLOC) {
            return pair;
        }
        if (pair) {
            return false;
        }
        boolean complex = type == MPI.FLOAT_COMPLEX || type == MPI.DOUBLE_COMPLEX;
        if (this == MPI.SUM || this == MPI.PROD) {
            return type != MPI.BOOLEAN;
        }
        boolean floating = type == MPI.FLOAT || type == MPI.DOUBLE || complex;
        boolean logical = type == MPI.BOOLEAN;
        if (this == MPI.MAX || this == MPI.MIN) {
            return !logical && !complex;
        }
        if (this == MPI.LAND || this == MPI.LOR || this == MPI.LXOR) {
            return !floating;
        }
        return !floating && !logical;
    }

    @Override
    public String toString() {
        return name;
    }
}
