package mpi.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The Java APIs a comparison runs, as {@code -a} names them: {@code buffer} and {@code arrays}
 * (the benchmarks' {@code -a buffer|arrays}), and the objects API ({@code -a objects}, guide
 * 13.3) with a serializer and payload: {@code objects-java}, {@code objects-kryo} (a double[]),
 * {@code objects-java-records}, {@code objects-kryo-records}.
 */
public final class JavaApis {
    /** The APIs every binding runs without {@code -a}: its buffer and arrays columns. */
    public static final List<String> DEFAULT = List.of("buffer", "arrays");
    /** Every API {@code -a} takes, in the order listed by the usage. */
    public static final List<String> KNOWN = List.of("buffer", "arrays", "objects-java",
            "objects-kryo", "objects-java-records", "objects-kryo-records");
    private static final String OBJECTS = "objects-";
    private static final String RECORDS = "-records";

    private JavaApis() {
    }

    /**
     * @param list {@code -a}'s value, e.g. {@code buffer,objects-kryo}
     * @return the APIs in the order given
     * @throws BadArgumentException for an unknown or repeated name, naming it
     */
    public static List<String> parse(String list) throws BadArgumentException {
        List<String> apis = new ArrayList<>();
        for (String a : list.split(",", -1)) {
            String api = a.strip();
            if (!KNOWN.contains(api)) {
                throw new BadArgumentException("unknown API '" + api + "' (" + String.join(", ", KNOWN) + ")");
            }
            if (apis.contains(api)) {
                throw new BadArgumentException("API '" + api + "' given twice");
            }
            apis.add(api);
        }
        return apis;
    }

    /** @return whether {@code api} is one of the objects API's */
    public static boolean isObjects(String api) {
        return api.startsWith(OBJECTS);
    }

    /**
     * @return the benchmark's options for {@code api}, e.g. {@code -a objects -S kryo -O
     *         records}
     */
    public static List<String> args(String api) {
        if (!isObjects(api)) {
            return List.of("-a", api);
        }
        boolean records = api.endsWith(RECORDS);
        String serializer = api.substring(OBJECTS.length(), api.length() - (records ? RECORDS.length() : 0));
        return List.of("-a", "objects", "-S", serializer, "-O", records ? "records" : "doubles");
    }

    /**
     * The short name of the ratio and difference columns, distinct for every API: {@code buf},
     * {@code arr}, {@code obj-java}, {@code obj-kryo-rec}, ...
     */
    public static String shortName(String api) {
        if (!isObjects(api)) {
            return api.substring(0, 3);
        }
        return "obj-" + api.substring(OBJECTS.length()).replace(RECORDS, "-rec");
    }

    /** @return the API in CSV column names: {@code buffer}, {@code objects_kryo_records} */
    public static String csvName(String api) {
        return api.replace('-', '_');
    }
}
