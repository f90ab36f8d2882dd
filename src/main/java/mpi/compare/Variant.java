package mpi.compare;

/**
 * One column of measurements: the C twin, or one binding's buffer, arrays or objects API.
 *
 * @param binding the binding, null for the C twin
 * @param api     {@code buffer}, {@code arrays}, {@code objects-kryo}, ... (see {@link
 *                JavaApis}), null for the C twin
 */
public record Variant(Binding binding, String api) {
    /** The C twin, the reference every ratio is taken against. */
    public static final Variant C = new Variant(null, null);

    /** @return whether this is the C twin */
    public boolean isC() {
        return binding == null;
    }

    /**
     * @return whether this is an objects API's column, whose rows are the serialized sizes
     *         nearest to the table's sizes
     */
    public boolean isObjects() {
        return !isC() && JavaApis.isObjects(api);
    }

    /** @return the distinct short name of the ratio and difference columns: {@code buf}, {@code obj-kryo} */
    public String shortApi() {
        return JavaApis.shortName(api);
    }

    /**
     * @param prefixed whether to name the binding too (more than one binding)
     * @return e.g. {@code c}, {@code buffer}, {@code ompi.arrays}
     */
    public String name(boolean prefixed) {
        if (isC()) {
            return "c";
        }
        return prefixed ? binding.label() + "." + api : api;
    }

    /**
     * @param prefixed whether to name the binding (more than one binding)
     * @return the column's name in the table and the chart's legend, e.g. {@code C}, {@code
     *         Java buffer}, {@code ompi arrays}
     */
    public String title(boolean prefixed) {
        if (isC()) {
            return "C";
        }
        return (prefixed ? binding.label() : "Java") + " " + api;
    }
}
