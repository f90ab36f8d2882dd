package mpi.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The order of the variants within each round: a permutation per round, drawn from a seed.
 * Shuffled, so that no variant always runs first (after the previous round's last, or on a
 * machine still settling) and a drift within a round falls on every variant alike over the
 * rounds; seeded, so that a comparison can be repeated in the same order. The permutations
 * come from {@link Random} and {@link Collections#shuffle(List, Random)}, whose algorithms
 * their specifications fix, so a seed gives the same orders on every JDK.
 */
final class RunOrder {
    /** Seeds drawn are below this: nine digits at most, to type again easily. */
    static final long SEED_BOUND = 1_000_000_000L;

    private final Random random;

    /** @param seed the seed, as {@code --seed} gives it or {@link #drawSeed} drew it */
    RunOrder(long seed) {
        this.random = new Random(seed);
    }

    /** @return a seed for a comparison that was given none */
    static long drawSeed() {
        return ThreadLocalRandom.current().nextLong(SEED_BOUND);
    }

    /**
     * @param variants every variant of the round, in the table's order (including those not
     *                 launched, so that a binding's n/a does not change the later orders)
     * @return the next round's order: a permutation of {@code variants}
     */
    <T> List<T> next(List<T> variants) {
        List<T> order = new ArrayList<>(variants);
        Collections.shuffle(order, random);
        return order;
    }
}
