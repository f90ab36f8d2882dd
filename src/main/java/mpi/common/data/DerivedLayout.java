package mpi.common.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.common.options.UsageException;

/**
 * C OMB 7.4's {@code -D} derived datatype, as its {@code omb_ddt_assign} builds it for a
 * message of n elements, sent as one instance (count 1):
 * <ul>
 * <li>{@code cont}: contiguous(n): the n elements, as without {@code -D}.</li>
 * <li>{@code vect:STRIDE:BLOCK}: vector(n / STRIDE blocks of BLOCK elements, STRIDE apart).
 * C's defaults (stride 8, block 4) never apply: C requires both values.</li>
 * <li>{@code indx:FILE}: indexed(the blocks of FILE), the same at every size; FILE has one
 * {@code DISPLACEMENT, BLOCKLENGTH} line per block (in elements), {@code #} lines skipped.
 * C drops the file's last block unless the file ends with an empty line (it passes the lines
 * read minus one); this port keeps every block, on purpose.</li>
 * </ul>
 * Pure arithmetic, so it is unit-tested without MPI: the elements an instance carries, its
 * span (the elements from the first to past the last it reaches, what a buffer must hold)
 * and which elements it carries (for validation).
 */
public final class DerivedLayout {
    /** The kinds of {@code -D}. */
    public enum Kind {
        /** {@code cont}. */
        CONTIGUOUS,
        /** {@code vect:STRIDE:BLOCK}. */
        VECTOR,
        /** {@code indx:FILE}. */
        INDEXED
    }

    private final Kind kind;
    private final int stride;
    private final int block;
    private final int[] displacements;
    private final int[] blockLengths;
    private final String label;

    private DerivedLayout(Kind kind, int stride, int block, int[] displacements,
            int[] blockLengths, String label) {
        this.kind = kind;
        this.stride = stride;
        this.block = block;
        this.displacements = displacements;
        this.blockLengths = blockLengths;
        this.label = label;
    }

    /**
     * Reads {@code -D}'s value as C OMB 7.4 does: a case-insensitive kind ({@code cont},
     * {@code vect}, {@code indx}, matched on its first four letters) and its values after
     * colons.
     *
     * @param value the option's value
     * @return the layout
     * @throws UsageException naming what is wrong, in one line
     */
    public static DerivedLayout parse(String value) throws UsageException {
        String[] parts = value.split(":", -1);
        String kind = parts[0].length() >= 4 ? parts[0].substring(0, 4).toLowerCase(Locale.ROOT)
                : "";
        switch (kind) {
            case "cont":
                return new DerivedLayout(Kind.CONTIGUOUS, 1, 1, null, null, "cont");
            case "vect": {
                if (parts.length != 3) {
                    throw new UsageException("-D vect takes 2 values: vect:STRIDE:BLOCK, got '"
                            + value + "'");
                }
                int stride = number(parts[1], "stride", 1);
                int block = number(parts[2], "block length", 0);
                if (block > stride) {
                    // Blocks would overlap: a receive into overlapping elements is erroneous
                    // in MPI (C OMB would also write past its buffer at the largest size).
                    throw new UsageException("-D vect:" + stride + ":" + block + ": the block"
                            + " length may not exceed the stride (blocks would overlap)");
                }
                return new DerivedLayout(Kind.VECTOR, stride, block, null, null,
                        "vect:" + stride + ":" + block);
            }
            case "indx": {
                if (parts.length < 2 || parts[1].isEmpty()) {
                    throw new UsageException("-D indx takes a file: indx:FILE, got '" + value + "'");
                }
                String file = value.substring(value.indexOf(':') + 1);
                return indexed(Path.of(file));
            }
            default:
                throw new UsageException("-D needs cont, vect:STRIDE:BLOCK or indx:FILE, got '"
                        + value + "'");
        }
    }

    /** Reads an indexed layout's blocks from {@code file}. */
    private static DerivedLayout indexed(Path file) throws UsageException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UsageException("-D indx: cannot read " + file + " ("
                    + e.getClass().getSimpleName() + ")");
        }
        List<int[]> blocks = new ArrayList<>();
        int n = 0;
        for (String line : lines) {
            n++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] fields = t.split(",");
            if (fields.length != 2) {
                throw new UsageException("-D indx: line " + n + " of " + file
                        + " is not 'DISPLACEMENT, BLOCKLENGTH': '" + t + "'");
            }
            blocks.add(new int[] {number(fields[0].strip(), "displacement (line " + n + ")", 0),
                number(fields[1].strip(), "block length (line " + n + ")", 0)});
        }
        if (blocks.isEmpty()) {
            throw new UsageException("-D indx: " + file + " has no 'DISPLACEMENT, BLOCKLENGTH'"
                    + " line");
        }
        int[] displs = new int[blocks.size()];
        int[] lengths = new int[blocks.size()];
        for (int i = 0; i < displs.length; i++) {
            displs[i] = blocks.get(i)[0];
            lengths[i] = blocks.get(i)[1];
        }
        boolean[] taken = new boolean[Math.toIntExact(maxEnd(displs, lengths))];
        for (int i = 0; i < displs.length; i++) {
            for (int e = displs[i]; e < displs[i] + lengths[i]; e++) {
                if (taken[e]) {
                    throw new UsageException("-D indx: the blocks of " + file + " overlap at"
                            + " element " + e + " (a receive into them is erroneous in MPI)");
                }
                taken[e] = true;
            }
        }
        return new DerivedLayout(Kind.INDEXED, 1, 1, displs, lengths, "indx:" + file);
    }

    private static long maxEnd(int[] displs, int[] lengths) {
        long end = 0;
        for (int i = 0; i < displs.length; i++) {
            if (lengths[i] > 0) {
                end = Math.max(end, (long) displs[i] + lengths[i]);
            }
        }
        return end;
    }

    private static int number(String s, String what, int least) throws UsageException {
        if (!s.matches("\\d{1,9}") || Integer.parseInt(s) < least) {
            throw new UsageException("-D: the " + what + " must be an integer of at least " + least
                    + ", got '" + s + "'");
        }
        return Integer.parseInt(s);
    }

    /** @return the kind */
    public Kind kind() {
        return kind;
    }

    /** @return the option's value as given, normalised, e.g. {@code vect:8:4} */
    public String label() {
        return label;
    }

    /** @return the vector's stride in elements (1 for the other kinds) */
    public int stride() {
        return stride;
    }

    /** @return the vector's block length in elements (1 for the other kinds) */
    public int block() {
        return block;
    }

    /** @return the vector's block count for a message of {@code n} elements: n / stride */
    public int blocks(int n) {
        return kind == Kind.VECTOR ? n / stride : kind == Kind.CONTIGUOUS ? 1 : blockLengths.length;
    }

    /** @return a copy of the indexed blocks' displacements in elements (null for the others) */
    public int[] displacements() {
        return displacements == null ? null : displacements.clone();
    }

    /** @return a copy of the indexed blocks' lengths in elements (null for the others) */
    public int[] blockLengths() {
        return blockLengths == null ? null : blockLengths.clone();
    }

    /**
     * @param n the elements of the message (size over the element size)
     * @return the elements one instance carries: C's transmit size over the element size
     */
    public long carried(int n) {
        switch (kind) {
            case CONTIGUOUS:
                return n;
            case VECTOR:
                return (long) (n / stride) * block;
            default:
                long sum = 0;
                for (int b : blockLengths) {
                    sum += b;
                }
                return sum;
        }
    }

    /**
     * @param n the elements of the message
     * @return the elements from the buffer's start to past the last element one instance
     *         reaches: {@code (n/STRIDE - 1) * STRIDE + BLOCK} for a vector (0 with no block),
     *         the end of the furthest block for indexed
     */
    public long span(int n) {
        switch (kind) {
            case CONTIGUOUS:
                return n;
            case VECTOR:
                int count = n / stride;
                return count == 0 || block == 0 ? 0 : (long) (count - 1) * stride + block;
            default:
                return maxEnd(displacements, blockLengths);
        }
    }

    /**
     * @param n       the elements of the message
     * @param element an element's index in the buffer
     * @return whether one instance carries that element
     */
    public boolean carries(int n, int element) {
        if (element < 0) {
            return false;
        }
        switch (kind) {
            case CONTIGUOUS:
                return element < n;
            case VECTOR:
                return element < (long) (n / stride) * stride && element % stride < block;
            default:
                for (int i = 0; i < displacements.length; i++) {
                    if (element >= displacements[i] && element < displacements[i] + blockLengths[i]) {
                        return true;
                    }
                }
                return false;
        }
    }

    /**
     * Builds and commits the MPI datatype of one message of {@code n} elements of
     * {@code base}, as C OMB's {@code omb_ddt_assign}; free it after the size.
     *
     * @param base the element type's predefined datatype
     * @param n    the elements of the message
     * @return the committed derived type
     * @throws mpi.MPIException if MPI refuses it
     */
    public mpi.Datatype create(mpi.Datatype base, int n) throws mpi.MPIException {
        mpi.Datatype t;
        switch (kind) {
            case CONTIGUOUS:
                t = mpi.Datatype.createContiguous(n, base);
                break;
            case VECTOR:
                t = mpi.Datatype.createVector(n / stride, block, stride, base);
                break;
            default:
                t = mpi.Datatype.createIndexed(blockLengths, displacements, base);
                break;
        }
        t.commit();
        return t;
    }

    @Override
    public String toString() {
        return label;
    }
}
