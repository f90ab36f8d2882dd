package mpi.common.collective;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import mpi.common.options.MessageSizes;
import mpi.common.options.Options;

/**
 * The message sizes a collective benchmark runs, from {@code -m}, {@code -T} and {@code -M}
 * on a number of processes: a size smaller than one element is not run; a size whose buffers
 * would exceed the memory limit per process ({@code -M}) is skipped, and so is a size with a
 * buffer larger than a Java array or ByteBuffer message holds ({@link MessageSizes#MAX_SIZE}:
 * a gather's receive buffer is the size times the processes), each with a message.
 *
 * @param run      the sizes to run, in order
 * @param skipped  the sizes skipped for memory, in order
 * @param tooLarge the sizes skipped because a buffer would be larger than
 *                 {@link MessageSizes#MAX_SIZE} bytes, in order
 * @param limit    the memory limit per process, in bytes
 */
public record SizePlan(int[] run, int[] skipped, int[] tooLarge, long limit) {
    /**
     * @param options    the benchmark's settings
     * @param collective the collective measured
     * @param processes  the number of processes
     * @return the plan; for a collective without data (a barrier), the one size 0
     */
    public static SizePlan of(Options options, Collective collective, int processes) {
        if (!collective.hasData()) {
            return new SizePlan(new int[] {0}, new int[0], new int[0], options.memoryLimit());
        }
        int typeSize = options.type().size();
        List<Integer> run = new ArrayList<>();
        List<Integer> skipped = new ArrayList<>();
        List<Integer> tooLarge = new ArrayList<>();
        for (int size : options.sizes().toArray()) {
            int elements = size / typeSize;
            if (elements == 0) {
                continue;
            }
            long bytes = collective.bufferBytes(elements, processes, options.inPlace(), typeSize);
            long largest = Math.max(collective.sendElements(elements, processes),
                    collective.receiveElements(elements, processes)) * typeSize;
            if (largest > MessageSizes.MAX_SIZE) {
                tooLarge.add(size);
            } else if (bytes > options.memoryLimit()) {
                skipped.add(size);
            } else {
                run.add(size);
            }
        }
        return new SizePlan(toArray(run), toArray(skipped), toArray(tooLarge),
                options.memoryLimit());
    }

    /** @return the largest size run, 0 if none */
    public int largest() {
        return run.length == 0 ? 0 : run[run.length - 1];
    }

    /**
     * @return the line rank 0 prints about sizes skipped for memory, e.g. {@code skipped
     *         message sizes 524288, 1048576: their buffers would exceed the memory limit of
     *         1048576 bytes per process (-M)}; "size ... its" for one
     */
    public String skipMessage() {
        boolean one = skipped.length == 1;
        return "skipped message size" + (one ? " " : "s ") + join(skipped) + ": "
                + (one ? "its" : "their") + " buffers would exceed the memory limit of "
                + limit + " bytes per process (-M)";
    }

    /**
     * @param processes the number of processes
     * @return the line rank 0 prints about sizes too large to express, e.g. {@code skipped
     *         message size 1073741824: on 4 processes it needs a buffer larger than the
     *         2147479552 bytes a Java array or ByteBuffer message holds}
     */
    public String tooLargeMessage(int processes) {
        boolean one = tooLarge.length == 1;
        return "skipped message size" + (one ? " " : "s ") + join(tooLarge) + ": on "
                + processes + " processes " + (one ? "it needs" : "they need") + " a buffer"
                + " larger than the " + MessageSizes.MAX_SIZE + " bytes a Java array or"
                + " ByteBuffer message holds";
    }

    /**
     * @param requested the sizes of {@code -m}
     * @param processes the number of processes
     * @return the usage error when no size is left to run, naming why
     */
    public String nothingToRun(MessageSizes requested, int processes) {
        String over = "every message size of " + requested.min() + ":" + requested.max()
                + " would need ";
        String memory = "buffers over the memory limit of " + limit + " bytes per process (-M)";
        String buffer = "a buffer larger than the " + MessageSizes.MAX_SIZE + " bytes a Java"
                + " array or ByteBuffer message holds (on " + processes + " processes)";
        if (tooLarge.length == 0) {
            return over + memory;
        }
        return skipped.length == 0 ? over + buffer : over + memory + " or " + buffer;
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String join(int[] sizes) {
        return java.util.Arrays.stream(sizes).mapToObj(Integer::toString)
                .collect(Collectors.joining(", "));
    }
}
