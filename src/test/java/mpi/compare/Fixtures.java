package mpi.compare;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Test resources under mpi/compare, and settings for tests. */
final class Fixtures {
    private Fixtures() {
    }

    /** @return a resource's text, e.g. {@code osu_latency.out} (recorded from a real run) */
    static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the settings of an environment with only {@code vars} (name, value, ...) set */
    static Settings settings(String... vars) {
        return Settings.from(env(vars));
    }

    static Map<String, String> env(String... vars) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < vars.length; i += 2) {
            env.put(vars[i], vars[i + 1]);
        }
        return env;
    }

    static Binding binding(String spec) {
        try {
            return Binding.parse(spec, settings());
        } catch (BadArgumentException e) {
            throw new AssertionError(e);
        }
    }

    static List<Binding> bindings(String... specs) {
        return java.util.Arrays.stream(specs).map(Fixtures::binding).toList();
    }
}
