package mpi;

import static mpi.Backends.ENVIRONMENT;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A control variable of the MPI library's tool information interface (MPI_T, MPI-3): a setting
 * the library exposes by name, read and, where its scope allows, written at run time. An
 * extension of Open MPI's Java API, which has none of MPI_T.
 *
 * <p>MPI_T starts at the first use of this class or {@link PerformanceSession} between
 * {@link MPI#Init} and {@link MPI#Finalize} ({@code MPI_T_init_thread} with the level MPI
 * provides) and ends at {@link MPI#Finalize} ({@code MPI_T_finalize}); outside that interval
 * every method throws {@link IllegalStateException}.
 *
 * <p>Each read or write goes through a handle of its own ({@code MPI_T_cvar_handle_alloc}, the
 * access, {@code MPI_T_cvar_handle_free}); a variable bound to a communicator
 * ({@link Binding#COMM}) needs one, the others take none. Open MPI re-reads many of its
 * variables (e.g. {@code coll_tuned_bcast_algorithm}) when a communicator is created: write,
 * then {@link Comm#dup}.
 *
 * <pre>{@code
 * ControlVariable v = ControlVariable.find("coll_tuned_bcast_algorithm").orElseThrow();
 * v.write(v.enumValue("binomial"));
 * Intracomm binomial = MPI.COMM_WORLD.dup();
 * }</pre>
 */
public final class ControlVariable {

    /** The C type of a variable's elements ({@code MPI_INT}, ..., {@code MPI_CHAR}). */
    public enum Type {
        /** {@code MPI_INT} */
        INT(4, "C_INT"),
        /** {@code MPI_UNSIGNED} */
        UNSIGNED(4, "C_UNSIGNED"),
        /** {@code MPI_UNSIGNED_LONG} */
        UNSIGNED_LONG(8, "C_UNSIGNED_LONG"),
        /** {@code MPI_UNSIGNED_LONG_LONG} */
        UNSIGNED_LONG_LONG(8, "C_UNSIGNED_LONG_LONG"),
        /** {@code MPI_LONG_LONG} */
        LONG_LONG(8, "C_LONG_LONG"),
        /** {@code MPI_COUNT} */
        COUNT(8, "C_COUNT"),
        /** {@code MPI_DOUBLE} */
        DOUBLE(8, "DOUBLE"),
        /** {@code MPI_CHAR}: a string */
        CHAR(1, "C_CHAR"),
        /** {@code MPI_C_BOOL}: Open MPI's switches, such as {@code coll_tuned_use_dynamic_rules} */
        BOOL(1, "BOOLEAN"),
        /** any other datatype: neither read nor written here */
        OTHER(0, null);

        private final int bytes;
        private final String constant;

        Type(int bytes, String constant) {
            this.bytes = bytes;
            this.constant = constant;
        }

        /** @return the size of one element in bytes (0 for {@link #OTHER}) */
        public int bytes() {
            return bytes;
        }

        /** @return whether elements are integers (read and written as {@code long}) */
        public boolean isInteger() {
            return this != DOUBLE && this != CHAR && this != BOOL && this != OTHER;
        }

        static Type of(long handle) {
            for (Type t : values()) {
                if (t.constant != null && MPI.constant(t.constant) == handle) {
                    return t;
                }
            }
            return OTHER;
        }
    }

    /** Who may change a variable, and whether processes must agree ({@code MPI_T_SCOPE_*}). */
    public enum Scope {
        /** never changes */
        CONSTANT,
        /** read-only: no write */
        READONLY,
        /** writable, per process */
        LOCAL,
        /** writable, by a group of processes together */
        GROUP,
        /** writable, the same value on a group */
        GROUP_EQ,
        /** writable, by all processes together */
        ALL,
        /** writable, the same value on all processes */
        ALL_EQ;

        /** @return whether the variable may be written */
        public boolean writable() {
            return this != CONSTANT && this != READONLY;
        }
    }

    /** For whom a variable is meant ({@code MPI_T_VERBOSITY_*}). */
    public enum Verbosity {
        /** basic information for end users */
        USER_BASIC,
        /** detailed information for end users */
        USER_DETAIL,
        /** all information for end users */
        USER_ALL,
        /** basic information for tuners */
        TUNER_BASIC,
        /** detailed information for tuners */
        TUNER_DETAIL,
        /** all information for tuners */
        TUNER_ALL,
        /** basic information for MPI developers */
        MPIDEV_BASIC,
        /** detailed information for MPI developers */
        MPIDEV_DETAIL,
        /** all information for MPI developers */
        MPIDEV_ALL
    }

    /** The object a variable's handle is bound to ({@code MPI_T_BIND_*}). */
    public enum Binding {
        /** none: read and written without an object */
        NO_OBJECT,
        /** a communicator: read and written with one */
        COMM,
        /** another kind of object (datatype, window, ...): neither read nor written here */
        OTHER
    }

    /** One name and value of a variable's enumeration ({@code MPI_T_enum_get_item}). */
    public static final class Item {
        private final String name;
        private final int value;

        Item(String name, int value) {
            this.name = name;
            this.value = value;
        }

        /** @return the item's name, e.g. {@code binomial} */
        public String name() {
            return name;
        }

        /** @return the item's value, what the variable holds when it is this item */
        public int value() {
            return value;
        }

        @Override
        public String toString() {
            return value + ":" + name;
        }
    }

    private final int index;
    private final String name;
    private final String description;
    private final Verbosity verbosity;
    private final Type type;
    private final Scope scope;
    private final Binding binding;
    private final String enumerationName;
    private final List<Item> enumeration;

    private ControlVariable(int index) throws MPIException {
        this.index = index;
        int[] info = new int[3];
        long[] handles = new long[2];
        String[] text = ENVIRONMENT.mpiTCvarInfo(index, info, handles);
        name = text[0];
        description = text[1];
        verbosity = of(Verbosity.values(), "T_VERBOSITY_", info[0], name);
        binding = binding(info[1]);
        scope = of(Scope.values(), "T_SCOPE_", info[2], name);
        type = Type.of(handles[0]);
        enumerationName = handles[1] == MPI.constant("T_ENUM_NULL") ? ""
                : ENVIRONMENT.mpiTEnumInfo(handles[1], new int[1]);
        enumeration = items(handles[1]);
    }

    static Binding binding(long bind) {
        return bind == MPI.constant("T_BIND_NO_OBJECT") ? Binding.NO_OBJECT
                : bind == MPI.constant("T_BIND_MPI_COMM") ? Binding.COMM : Binding.OTHER;
    }

    /** @return the items of an enumeration, none for {@code MPI_T_ENUM_NULL} */
    static List<Item> items(long enumeration) throws MPIException {
        if (enumeration == MPI.constant("T_ENUM_NULL")) {
            return List.of();
        }
        int[] count = new int[1];
        ENVIRONMENT.mpiTEnumInfo(enumeration, count);
        List<Item> items = new ArrayList<>();
        int[] value = new int[1];
        for (int i = 0; i < count[0]; i++) {
            String item = ENVIRONMENT.mpiTEnumItem(enumeration, i, value);
            items.add(new Item(item, value[0]));
        }
        return Collections.unmodifiableList(items);
    }

    /** @return the constant of {@code values} whose row {@code prefix + name} holds {@code raw} */
    static <E extends Enum<E>> E of(E[] values, String prefix, int raw, String variable) {
        for (E e : values) {
            if (MPI.constant(prefix + e.name()) == raw) {
                return e;
            }
        }
        throw new IllegalStateException("MPI_T variable " + variable + ": unknown " + prefix
                + " value " + raw);
    }

    /** @return the number of control variables of the library ({@code MPI_T_cvar_get_num}) */
    public static int count() throws MPIException {
        Tool.start();
        return ENVIRONMENT.mpiTCvarCount();
    }

    /**
     * @param index from 0 to {@link #count()} - 1
     * @return the control variable of that index ({@code MPI_T_cvar_get_info})
     * @throws IllegalArgumentException if {@code index} is out of range
     * @throws MPIException             ({@code MPI_T_ERR_INVALID_INDEX}) if the library has no
     *                                  variable of that index any more (Open MPI: one of a
     *                                  component it closed); {@link #all} leaves those out
     */
    public static ControlVariable get(int index) throws MPIException {
        int count = count();
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("index " + index + " is not a control variable's:"
                    + " the library has " + count + " (0 to " + (count - 1) + ")");
        }
        return new ControlVariable(index);
    }

    /**
     * @return every control variable the library describes, by index: those of indices the
     *         library calls invalid ({@code MPI_T_ERR_INVALID_INDEX}, or Open MPI's
     *         {@code MPI_T_ERR_INVALID}, for variables of components it closed) are left out
     */
    public static List<ControlVariable> all() throws MPIException {
        return Tool.described(count(), ControlVariable::new);
    }

    /**
     * @param name a variable's name, e.g. {@code coll_tuned_bcast_algorithm} (Open MPI) or
     *             {@code MPIR_CVAR_BCAST_INTRA_ALGORITHM} (MPICH)
     * @return the variable of that name ({@code MPI_T_cvar_get_index}), empty when the library
     *         has none
     * @throws NullPointerException if {@code name} is null
     */
    public static Optional<ControlVariable> find(String name) throws MPIException {
        Objects.requireNonNull(name, "name is null");
        Tool.start();
        int index = ENVIRONMENT.mpiTCvarIndex(name);
        return index < 0 ? Optional.empty() : Optional.of(new ControlVariable(index));
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
    public Verbosity verbosity() {
        return verbosity;
    }

    /** @return the C type of its elements */
    public Type type() {
        return type;
    }

    /** @return who may change it */
    public Scope scope() {
        return scope;
    }

    /** @return the object its handle is bound to */
    public Binding binding() {
        return binding;
    }

    /** @return the name of its enumeration, empty when it has none */
    public String enumerationName() {
        return enumerationName;
    }

    /** @return the items of its enumeration in the library's order, empty when it has none */
    public List<Item> enumeration() {
        return enumeration;
    }

    /**
     * @param item an item's name, e.g. {@code binomial}
     * @return that item's value
     * @throws IllegalArgumentException if the enumeration has no such item
     */
    public int enumValue(String item) {
        Objects.requireNonNull(item, "item is null");
        for (Item i : enumeration) {
            if (i.name().equals(item)) {
                return i.value();
            }
        }
        throw new IllegalArgumentException("control variable " + name + " has no item '" + item
                + "': its items are " + enumeration);
    }

    /** @return {@link #readLong()} as an {@code int}, for a variable bound to no object */
    public int readInt() throws MPIException {
        return readInt(null);
    }

    /**
     * @param comm the communicator, for a variable bound to one ({@link Binding#COMM})
     * @return the value of an integer variable of one element, as an {@code int}
     * @throws IllegalStateException if it does not fit an {@code int}
     */
    public int readInt(Comm comm) throws MPIException {
        long v = readLong(comm);
        if (v != (int) v) {
            throw new IllegalStateException("control variable " + name + " holds " + v
                    + ", more than an int holds: use readLong");
        }
        return (int) v;
    }

    /** @return the value of an integer variable bound to no object */
    public long readLong() throws MPIException {
        return readLong(null);
    }

    /**
     * @param comm the communicator, for a variable bound to one ({@link Binding#COMM})
     * @return the value of an integer variable of one element (unsigned types zero-extended)
     * @throws IllegalStateException if the variable is not an integer of one element
     */
    public long readLong(Comm comm) throws MPIException {
        if (!type.isInteger()) {
            throw new IllegalStateException("control variable " + name + " is of type " + type
                    + ", not an integer");
        }
        ByteBuffer b = scalar(comm, null);
        switch (type) {
            case INT:
                return b.getInt(0);
            case UNSIGNED:
                return b.getInt(0) & 0xffffffffL;
            default:
                return b.getLong(0);
        }
    }

    /** @return the value of a {@link Type#BOOL} or integer variable bound to no object */
    public boolean readBoolean() throws MPIException {
        return readBoolean(null);
    }

    /**
     * @param comm the communicator, for a variable bound to one ({@link Binding#COMM})
     * @return whether a {@link Type#BOOL} variable of one element is true (an integer one:
     *         whether it is not 0)
     */
    public boolean readBoolean(Comm comm) throws MPIException {
        if (type.isInteger()) {
            return readLong(comm) != 0;
        }
        if (type != Type.BOOL) {
            throw new IllegalStateException("control variable " + name + " is of type " + type
                    + ", not BOOL");
        }
        return scalar(comm, null).get(0) != 0;
    }

    /** @return the value of a {@link Type#DOUBLE} variable bound to no object */
    public double readDouble() throws MPIException {
        return readDouble(null);
    }

    /**
     * @param comm the communicator, for a variable bound to one ({@link Binding#COMM})
     * @return the value of a {@link Type#DOUBLE} variable of one element
     */
    public double readDouble(Comm comm) throws MPIException {
        if (type != Type.DOUBLE) {
            throw new IllegalStateException("control variable " + name + " is of type " + type
                    + ", not DOUBLE");
        }
        return scalar(comm, null).getDouble(0);
    }

    /** @return the value of a {@link Type#CHAR} variable bound to no object */
    public String readString() throws MPIException {
        return readString(null);
    }

    /**
     * @param comm the communicator, for a variable bound to one ({@link Binding#COMM})
     * @return the value of a {@link Type#CHAR} variable: its text up to the first NUL
     */
    public String readString(Comm comm) throws MPIException {
        if (type != Type.CHAR) {
            throw new IllegalStateException("control variable " + name + " is of type " + type
                    + ", not CHAR");
        }
        long handle = commHandle(comm);
        byte[] value = new byte[256];
        int count = access(handle, value, false);
        if (count > value.length) {
            value = new byte[count];
            access(handle, value, false);
        }
        int n = 0;
        while (n < value.length && n < count && value[n] != 0) {
            n++;
        }
        return new String(value, 0, n, StandardCharsets.UTF_8);
    }

    /**
     * Writes an integer variable bound to no object.
     *
     * @see #write(Comm, long)
     */
    public void write(long value) throws MPIException {
        write(null, value);
    }

    /**
     * Writes an integer variable of one element ({@code MPI_T_cvar_write}).
     *
     * @param comm  the communicator, for a variable bound to one ({@link Binding#COMM})
     * @param value its new value
     * @throws IllegalStateException    if the variable is read-only or not an integer
     * @throws IllegalArgumentException if {@code value} does not fit its type
     */
    public void write(Comm comm, long value) throws MPIException {
        writable();
        if (!type.isInteger()) {
            throw new IllegalStateException("control variable " + name + " is of type " + type
                    + ", not an integer");
        }
        if (!fits(type, value)) {
            throw new IllegalArgumentException("value " + value + " does not fit control variable "
                    + name + " of type " + type);
        }
        ByteBuffer b = ByteBuffer.allocate(type.bytes()).order(ByteOrder.nativeOrder());
        if (type.bytes() == 4) {
            b.putInt(0, (int) value);
        } else {
            b.putLong(0, value);
        }
        scalar(comm, b.array());
    }

    /** Writes a {@link Type#DOUBLE} variable bound to no object. */
    public void write(double value) throws MPIException {
        write(null, value);
    }

    /**
     * Writes a {@link Type#DOUBLE} variable of one element.
     *
     * @param comm  the communicator, for a variable bound to one ({@link Binding#COMM})
     * @param value its new value
     */
    public void write(Comm comm, double value) throws MPIException {
        writable();
        if (type != Type.DOUBLE) {
            throw new IllegalStateException("control variable " + name + " is of type " + type
                    + ", not DOUBLE");
        }
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
        b.putDouble(0, value);
        scalar(comm, b.array());
    }

    /** @return whether an integer variable of {@code type} holds {@code value} */
    static boolean fits(Type type, long value) {
        switch (type) {
            case INT:
                return value == (int) value;
            case UNSIGNED:
                return (value >>> 32) == 0;
            case UNSIGNED_LONG:
            case UNSIGNED_LONG_LONG:
                return value >= 0;
            default:
                return type.isInteger();
        }
    }

    private void writable() {
        if (!scope.writable()) {
            throw new IllegalStateException("control variable " + name + " is read-only (scope "
                    + scope + ")");
        }
    }

    /** A read (write null) or a write of one element, in native order. */
    private ByteBuffer scalar(Comm comm, byte[] write) throws MPIException {
        byte[] value = write != null ? write : new byte[type.bytes()];
        int count = access(commHandle(comm), value, write != null);
        if (count != 1) {
            throw new IllegalStateException("control variable " + name + " has " + count
                    + " elements, not one");
        }
        return ByteBuffer.wrap(value).order(ByteOrder.nativeOrder());
    }

    /** @return the handle to bind to: the communicator's if bound to one, else 0 */
    private long commHandle(Comm comm) {
        switch (binding) {
            case NO_OBJECT:
                return 0;
            case COMM:
                if (comm == null) {
                    throw new IllegalArgumentException("comm is null: control variable " + name
                            + " is bound to a communicator");
                }
                return comm.live();
            default:
                throw new UnsupportedOperationException("control variable " + name
                        + " is bound to an object other than a communicator");
        }
    }

    private int access(long comm, byte[] value, boolean write) throws MPIException {
        Tool.start();
        return ENVIRONMENT.mpiTCvarAccess(index, binding == Binding.COMM, comm, value,
                type.bytes(), write);
    }

    @Override
    public String toString() {
        return name + " (" + type + ", " + scope + ", " + binding
                + (enumeration.isEmpty() ? "" : ", " + enumeration) + ")";
    }
}
