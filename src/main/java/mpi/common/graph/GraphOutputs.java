package mpi.common.graph;

import mpi.common.options.UsageException;

/**
 * What {@code -G} asks for, as C OMB 7.4's {@code --graph}: any of an ASCII plot in the
 * terminal ({@code tty}), PNG files ({@code png}) and one PDF ({@code pdf}), as a comma list.
 *
 * @param tty an ASCII plot per size on stdout, after the table
 * @param png a PNG per size and the overview PNGs, in the working directory
 * @param pdf one PDF with a page per size and the overview pages
 */
public record GraphOutputs(boolean tty, boolean png, boolean pdf) {
    /** No {@code -G}: no graph. */
    public static final GraphOutputs NONE = new GraphOutputs(false, false, false);

    /**
     * @param list the argument of {@code -G}: a comma list of {@code tty}, {@code png},
     *             {@code pdf}
     * @return the outputs asked for
     * @throws UsageException if an item is none of those
     */
    public static GraphOutputs parse(String list) throws UsageException {
        boolean tty = false;
        boolean png = false;
        boolean pdf = false;
        for (String item : list.split(",", -1)) {
            switch (item) {
                case "tty" -> tty = true;
                case "png" -> png = true;
                case "pdf" -> pdf = true;
                default -> throw new UsageException("-G needs tty, png or pdf separated by"
                        + " commas, e.g. -G png,tty, got '" + list + "'");
            }
        }
        return new GraphOutputs(tty, png, pdf);
    }

    /** @return whether any graph is drawn */
    public boolean any() {
        return tty || png || pdf;
    }

    /** @return whether charts are drawn into files (png or pdf) */
    public boolean files() {
        return png || pdf;
    }
}
