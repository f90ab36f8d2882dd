package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The verdicts on simulated machines: whole comparisons (latency at 8 B, 15 rounds of C, Java
 * buffer and Java arrays in the seed's order) on a fake launcher whose values are noisy as
 * measurements are. Each launch's value is C's 50 us times the variant's true factor, times the
 * round's drift (lognormal, 5 %, shared by the round's runs: the machine's state that the
 * pairing cancels), times the launch's own noise (lognormal, 2 %), and 1 launch in 20 is an
 * outlier, 1.2 to 2 times slower. Java arrays has C's distribution exactly; Java buffer is 5 %
 * slower. Twenty simulations, each from its own seed, the same on every run of the test.
 */
class VerdictSimulationTest {
    private static final int SIMULATIONS = 20;
    private static final int ROUNDS = 15;

    /** The fake machine: a round is 3 launches, as the runner makes it. */
    private static final class NoisyMachine implements Launcher {
        private final Random random;
        private int launches;
        private double drift;

        NoisyMachine(long seed) {
            random = new Random(seed);
        }

        @Override
        public Output run(List<String> command) {
            if (command.get(command.size() - 1).equals("true")) {
                return new Output(0, "", ""); // the launcher's probe of --bind-to core
            }
            if (launches++ % 3 == 0) {
                drift = Math.exp(0.05 * random.nextGaussian());
            }
            int api = command.indexOf("-a");
            double factor = api >= 0 && command.get(api + 1).equals("buffer") ? 1.05 : 1.0;
            double value = 50 * factor * drift * Math.exp(0.02 * random.nextGaussian());
            if (random.nextDouble() < 0.05) {
                value *= 1.2 + 0.8 * random.nextDouble();
            }
            return new Output(0, String.format(Locale.ROOT, "# Size  Avg Latency(us)\n8    %.2f\n", value), "");
        }
    }

    /** @return per Java column (buffer, arrays), how often each verdict came at 95 % */
    private static List<Map<Verdict, Integer>> simulate() throws Exception {
        Settings settings = Fixtures.settings("MPIRUN", "mpirun");
        List<Map<Verdict, Integer>> counts = List.of(new EnumMap<>(Verdict.class), new EnumMap<>(Verdict.class));
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, "UTF-8");
        for (int s = 1; s <= SIMULATIONS; s++) {
            CompareOptions options = CompareArgs.parse(new String[] {"-n", Integer.toString(ROUNDS), "-s", "8",
                "--seed", Integer.toString(s), "latency"}, settings);
            Measurements m = Compare.measure(settings, options, new NoisyMachine(1000 + s), quiet);
            List<Summary.Cell> cells = Summary.of(m, options.javaVariants(), options.level()).get(0).cells();
            for (int i = 0; i < 2; i++) {
                assertEquals(ROUNDS, cells.get(i).runs().size());
                counts.get(i).merge(cells.get(i).comparison().verdict(), 1, Integer::sum);
            }
        }
        return counts;
    }

    @Test
    void identicalVariantsShowNoDifferenceAndFivePerCentSlowerIsFoundSlower() throws Exception {
        List<Map<Verdict, Integer>> counts = simulate();
        Map<Verdict, Integer> buffer = counts.get(0);
        Map<Verdict, Integer> arrays = counts.get(1);
        assertTrue(arrays.getOrDefault(Verdict.NO_DIFFERENCE, 0) >= 19, "arrays, as C: " + arrays);
        assertTrue(buffer.getOrDefault(Verdict.SLOWER, 0) >= 18, "buffer, 5 % slower: " + buffer);
        assertEquals(0, buffer.getOrDefault(Verdict.FASTER, 0), "buffer: " + buffer);
    }
}
