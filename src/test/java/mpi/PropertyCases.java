package mpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Random cases for property tests, from a seed: a fixed one by default, so that every run (CI's
 * too) checks the same cases and a failure comes back on the next run; another with
 * {@code -Dombj.property.seed=N}. Each case carries the seed and its number, and
 * {@link Case#context()} puts both in a failure's message with the command that replays it.
 * The generators ({@link Gen}) are the few a property test needs: a value from a list, one of
 * several generators, weighted choices, lists.
 */
public final class PropertyCases {
    /** The system property that replaces the default seed. */
    public static final String SEED_PROPERTY = "ombj.property.seed";
    /** The seed unless {@link #SEED_PROPERTY} says otherwise. */
    public static final long DEFAULT_SEED = 20261128L;

    private PropertyCases() {
    }

    /**
     * The seed of this run.
     *
     * @return {@link #SEED_PROPERTY}'s value, or {@link #DEFAULT_SEED} when it is not set
     * @throws IllegalArgumentException when the property is set but is not a whole number:
     *     silently using the default would "replay" the wrong cases
     */
    public static long seed() {
        String value = System.getProperty(SEED_PROPERTY);
        if (value == null) {
            return DEFAULT_SEED;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "-D" + SEED_PROPERTY + "=" + value + ": not a whole number", e);
        }
    }

    /**
     * {@code count} cases drawn from this run's {@link #seed()}.
     *
     * @param count how many cases
     * @param gen draws one case
     * @param <T> a case's value
     * @return the cases in order, numbered from 1; the same seed gives the same cases
     */
    public static <T> Stream<Case<T>> cases(int count, Gen<T> gen) {
        long seed = seed();
        SplittableRandom random = new SplittableRandom(seed);
        // A case's own generator, split off in order: a case's values do not depend on how
        // many draws the cases before it made, only on its number.
        return IntStream.rangeClosed(1, count).mapToObj(
                i -> new Case<>(seed, i, gen.next(random.split())));
    }

    /**
     * One drawn case.
     *
     * @param seed the run's seed
     * @param number the case's number in the run, from 1
     * @param value what was drawn
     * @param <T> the value's type
     */
    public record Case<T>(long seed, int number, T value) {
        /**
         * For a failure's message.
         *
         * @return the seed, the case's number, the option that replays the run and the value
         */
        public String context() {
            return "seed " + seed + ", case " + number + " (replay: -D" + SEED_PROPERTY + "="
                    + seed + "): " + value;
        }

        /** The value alone: a parameterized test's display name. */
        @Override
        public String toString() {
            return String.valueOf(value);
        }
    }

    /**
     * Draws a value from a random generator.
     *
     * @param <T> the value's type
     */
    @FunctionalInterface
    public interface Gen<T> {
        /**
         * Draws one value.
         *
         * @param random the source of randomness
         * @return the value
         */
        T next(RandomGenerator random);

        /**
         * This generator's values, changed by {@code f}.
         *
         * @param f the change
         * @param <U> the changed value's type
         * @return the generator of changed values
         */
        default <U> Gen<U> map(Function<? super T, ? extends U> f) {
            return r -> f.apply(next(r));
        }

        /**
         * Lists of this generator's values.
         *
         * @param min the fewest values
         * @param max the most values
         * @return a generator of lists whose size is uniform in [min, max]
         */
        default Gen<List<T>> list(int min, int max) {
            return r -> {
                int size = r.nextInt(min, max + 1);
                List<T> values = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    values.add(next(r));
                }
                return values;
            };
        }

        /**
         * One of the given values, each as likely.
         *
         * @param values the values
         * @param <T> their type
         * @return the generator
         */
        @SafeVarargs
        static <T> Gen<T> of(T... values) {
            return of(List.of(values));
        }

        /**
         * One of the given values, each as likely.
         *
         * @param values the values
         * @param <T> their type
         * @return the generator
         */
        static <T> Gen<T> of(List<T> values) {
            List<T> copy = List.copyOf(values);
            return r -> copy.get(r.nextInt(copy.size()));
        }

        /**
         * A value of one of the given generators, each as likely.
         *
         * @param gens the generators
         * @param <T> their values' type
         * @return the generator
         */
        @SafeVarargs
        static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
            List<Gen<? extends T>> copy = List.of(gens);
            return r -> copy.get(r.nextInt(copy.size())).next(r);
        }

        /**
         * A value of one of the given generators, each drawn as often as its weight says.
         *
         * @param choices each generator with its weight (a positive whole number)
         * @param <T> their values' type
         * @return the generator
         */
        @SafeVarargs
        static <T> Gen<T> frequency(Map.Entry<Integer, ? extends Gen<? extends T>>... choices) {
            List<Map.Entry<Integer, ? extends Gen<? extends T>>> copy = List.of(choices);
            int total = copy.stream().mapToInt(Map.Entry::getKey).sum();
            return r -> {
                int pick = r.nextInt(total);
                for (Map.Entry<Integer, ? extends Gen<? extends T>> c : copy) {
                    pick -= c.getKey();
                    if (pick < 0) {
                        return c.getValue().next(r);
                    }
                }
                throw new IllegalStateException("a pick past the total weight " + total);
            };
        }
    }
}
