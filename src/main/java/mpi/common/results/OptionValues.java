package mpi.common.results;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;

import mpi.common.collective.algorithms.AlgorithmOption;
import mpi.common.options.IterationPolicy;
import mpi.common.options.Options;

/**
 * Every setting of a run, as JSON-ready values: one entry per component of {@link Options}
 * (so that an option added there appears here without more code), by its component name.
 * A value is kept as a number, boolean or string; an option type with a {@code label()} (such
 * as {@code -a}'s {@code buffer}) gives that; a record that prints as every record does (such
 * as {@code -m}'s sizes) gives a map of its components; the iteration policy ({@code -i},
 * {@code -x}) its counts; anything else what it prints (such as {@code -z}'s
 * {@code 50,90,99}, or {@code -k}'s {@code rotate}). Besides them, a run of one algorithm of
 * {@code --algorithm} has {@code algorithmVariable} and {@code algorithmValue}: the MPI's
 * control variable and its number for the algorithm that {@code algorithm} names.
 */
public final class OptionValues {
    private OptionValues() {
    }

    /**
     * @param options a run's settings
     * @return each setting by name, in the order of {@link Options}'s components
     */
    public static Map<String, Object> of(Options options) {
        Map<String, Object> values = components(options);
        // --algorithm's value is the name; the MPI's number for it goes beside it, since a
        // tuning file (Open MPI's rules) names algorithms by number (mpi.study.Tune reads it).
        AlgorithmOption algorithm = options.algorithm();
        if (algorithm != null && algorithm.variable() != null) {
            values.put("algorithmVariable", algorithm.variable());
            values.put("algorithmValue", algorithm.value());
        }
        return values;
    }

    private static Map<String, Object> components(Record r) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            try {
                values.put(c.getName(), value(c.getAccessor().invoke(r)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + c.getName() + " of "
                        + r.getClass().getSimpleName(), e);
            }
        }
        return values;
    }

    /**
     * @param v a setting's value
     * @return the value as JSON takes it (see the class comment)
     */
    static Object value(Object v) {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof IterationPolicy p) {
            Map<String, Object> counts = new LinkedHashMap<>();
            int large = IterationPolicy.LARGE_MESSAGE + 1;
            counts.put("iterations", p.iterations(1));
            counts.put("warmup", p.warmup(1));
            counts.put("largeAbove", IterationPolicy.LARGE_MESSAGE);
            counts.put("iterationsLarge", p.iterations(large));
            counts.put("warmupLarge", p.warmup(large));
            return counts;
        }
        Method label = publicMethod(v.getClass(), "label");
        if (label != null && label.getReturnType() == String.class) {
            try {
                return label.invoke(v);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read the label of " + v.getClass(), e);
            }
        }
        if (v instanceof Record r && generatedToString(r)) {
            return components(r);
        }
        return v.toString();
    }

    /** Whether a record prints as every record does unless told, {@code Name[a=1, b=2]}. */
    private static boolean generatedToString(Record r) {
        return r.toString().startsWith(r.getClass().getSimpleName() + "[");
    }

    private static Method publicMethod(Class<?> c, String name) {
        try {
            Method m = c.getMethod(name);
            return Modifier.isStatic(m.getModifiers()) ? null : m;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
