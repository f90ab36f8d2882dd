package mpi;

import static mpi.Backends.ENVIRONMENT;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A performance variable of the MPI library's tool information interface (MPI_T, MPI-3): a
 * counter, level, timer or state the library keeps, read through a handle of a
 * {@link PerformanceSession}. An extension of Open MPI's Java API, which has none of MPI_T;
 * MPI_T starts and ends as {@link ControlVariable} says.
 */
public final class PerformanceVariable {

    /** What a variable measures ({@code MPI_T_PVAR_CLASS_*}). */
    public enum VarClass {
        /** a state, from an enumeration */
        STATE,
        /** a level of use of a resource */
        LEVEL,
        /** the size of a resource */
        SIZE,
        /** a fraction of a resource in use */
        PERCENTAGE,
        /** the highest level reached */
        HIGHWATERMARK,
        /** the lowest level reached */
        LOWWATERMARK,
        /** a count of events */
        COUNTER,
        /** a sum of values */
        AGGREGATE,
        /** time spent */
        TIMER,
        /** anything else */
        GENERIC
    }

    private final int index;
    private final String name;
    private final String description;
    private final ControlVariable.Verbosity verbosity;
    private final VarClass varClass;
    private final ControlVariable.Type type;
    private final ControlVariable.Binding binding;
    private final List<ControlVariable.Item> enumeration;
    private final boolean readOnly;
    private final boolean continuous;
    private final boolean atomic;

    private PerformanceVariable(int index) throws MPIException {
        this.index = index;
        int[] info = new int[6];
        long[] handles = new long[2];
        String[] text = ENVIRONMENT.mpiTPvarInfo(index, info, handles);
        name = text[0];
        description = text[1];
        verbosity = ControlVariable.of(ControlVariable.Verbosity.values(), "T_VERBOSITY_", info[0],
                name);
        varClass = ControlVariable.of(VarClass.values(), "T_PVAR_CLASS_", info[1], name);
        binding = ControlVariable.binding(info[2]);
        readOnly = info[3] != 0;
        continuous = info[4] != 0;
        atomic = info[5] != 0;
        type = ControlVariable.Type.of(handles[0]);
        enumeration = ControlVariable.items(handles[1]);
    }

    /** @return the number of performance variables of the library ({@code MPI_T_pvar_get_num}) */
    public static int count() throws MPIException {
        Tool.start();
        return ENVIRONMENT.mpiTPvarCount();
    }

    /**
     * @param index from 0 to {@link #count()} - 1
     * @return the performance variable of that index ({@code MPI_T_pvar_get_info})
     * @throws IllegalArgumentException if {@code index} is out of range
     * @throws MPIException             ({@code MPI_T_ERR_INVALID_INDEX}, Open MPI's
     *                                  {@code MPI_T_ERR_INVALID}) if the library has no variable
     *                                  of that index any more; {@link #all} leaves those out
     */
    public static PerformanceVariable get(int index) throws MPIException {
        int count = count();
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("index " + index + " is not a performance"
                    + " variable's: the library has " + count);
        }
        return new PerformanceVariable(index);
    }

    /**
     * @return every performance variable the library describes, by index: those it calls
     *         invalid ({@code MPI_T_ERR_INVALID_INDEX}, or Open MPI's {@code MPI_T_ERR_INVALID}
     *         for the variables of components it closed) are left out
     */
    public static List<PerformanceVariable> all() throws MPIException {
        return Tool.described(count(), PerformanceVariable::new);
    }

    /**
     * @param name a variable's name
     * @return the first variable of that name in {@link #all} (names are unique per class),
     *         empty when the library has none
     * @throws NullPointerException if {@code name} is null
     */
    public static Optional<PerformanceVariable> find(String name) throws MPIException {
        Objects.requireNonNull(name, "name is null");
        return all().stream().filter(v -> v.name.equals(name)).findFirst();
    }

    /** @return the variable's index */
    public int index() {
        return index;
    }

    /** @return the variable's name */
    public String name() {
        return name;
    }

    /** @return the library's description of the variable (may be empty) */
    public String description() {
        return description;
    }

    /** @return for whom the variable is meant */
    public ControlVariable.Verbosity verbosity() {
        return verbosity;
    }

    /** @return what it measures */
    public VarClass varClass() {
        return varClass;
    }

    /** @return the C type of its elements */
    public ControlVariable.Type type() {
        return type;
    }

    /** @return the object its handle is bound to */
    public ControlVariable.Binding binding() {
        return binding;
    }

    /** @return the items of its enumeration (a {@link VarClass#STATE}), empty when none */
    public List<ControlVariable.Item> enumeration() {
        return enumeration;
    }

    /** @return whether it may not be written or reset */
    public boolean isReadOnly() {
        return readOnly;
    }

    /** @return whether it runs from its handle's allocation on: no start or stop */
    public boolean isContinuous() {
        return continuous;
    }

    /** @return whether it may be read and reset atomically */
    public boolean isAtomic() {
        return atomic;
    }

    @Override
    public String toString() {
        return name + " (" + varClass + ", " + type + ", " + binding
                + (continuous ? ", continuous" : "") + ")";
    }
}
