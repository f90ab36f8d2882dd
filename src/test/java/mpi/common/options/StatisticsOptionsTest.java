package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.BenchmarkSpec;
import mpi.common.bigdata.ShuffleSpec;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.onesided.OneSidedKind;
import mpi.common.pt2pt.FanKind;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.stats.TukeyFences;
import mpi.common.threads.MultiThreadSpec;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportSpec;

/** {@code --stats} and {@code --level}: every family's, but the shuffle's. */
class StatisticsOptionsTest {
    private static StatisticsOptions parse(BenchmarkSpec spec, String... args)
            throws UsageException {
        return new OptionParser(spec).parse(args).statistics();
    }

    private static String error(BenchmarkSpec spec, String... args) {
        return assertThrows(UsageException.class, () -> new OptionParser(spec).parse(args))
                .getMessage();
    }

    @Test
    void everyFamilyTakesThemWithTheDefaultLevel() throws UsageException {
        for (BenchmarkSpec spec : List.of(PointToPointKind.LATENCY,
                PointToPointKind.MULTI_BANDWIDTH, FanKind.values()[0], OneSidedKind.PUT_LATENCY,
                MultiThreadSpec.values()[0],
                CollectiveSpec.blocking(Collective.BARRIER),
                CollectiveSpec.nonBlocking(Collective.ALLREDUCE),
                CollectiveSpec.blocking(Collective.NEIGHBOR_ALLGATHER),
                new TransportSpec(PointToPointKind.BANDWIDTH, Transport.values()[0]))) {
            assertEquals(StatisticsOptions.DEFAULT, parse(spec), spec.title());
            assertEquals(new StatisticsOptions(true, 0.95), parse(spec, "--stats"), spec.title());
            assertEquals(new StatisticsOptions(true, 0.99), parse(spec, "--stats", "--level",
                    "0.99"), spec.title());
            OptionParser parser = new OptionParser(spec);
            assertTrue(parser.takes("--stats") && parser.takes("--level"), spec.title());
            assertEquals(Optional.of("--stats"), parser.shortForm("--stats"));
            assertTrue(Usage.text("OSUProgram", spec).contains("--stats"), spec.title());
        }
        assertFalse(PointToPointKind.LATENCY.statisticsRefusal().isPresent());
    }

    @Test
    void theLevelAloneSetsTheFilesLevelAndTheLastOneCounts() throws UsageException {
        assertEquals(new StatisticsOptions(false, 0.9), parse(PointToPointKind.LATENCY,
                "--level=0.9"));
        assertEquals(new StatisticsOptions(false, 0.5), parse(PointToPointKind.LATENCY,
                "--level", "0.8", "--level", ".5"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "1.0", "95", "-0.5", "0.", "1e-3", "NaN", "Infinity",
        "0x1", "0,95", "", " 0.9", "abc"})
    void aLevelOutsideZeroToOneIsOneLine(String level) {
        assertEquals("--level needs a confidence level between 0 and 1, e.g. --level 0.99, got '"
                + level + "'", error(PointToPointKind.LATENCY, "--stats", "--level", level));
    }

    @Test
    void aMissingLevelOrAPrefixIsRefused() {
        assertEquals("--level needs a value (L)", error(PointToPointKind.LATENCY, "--level"));
        assertEquals("unknown option --stat", error(PointToPointKind.LATENCY, "--stat"));
    }

    @Test
    void theShuffleRefusesThemSayingWhy() throws UsageException {
        String why = ShuffleSpec.SPEC.statisticsRefusal().orElseThrow();
        assertEquals("--stats: " + why, error(ShuffleSpec.SPEC, "--stats"));
        assertEquals("--level: " + why, error(ShuffleSpec.SPEC, "--level", "0.9"));
        assertFalse(new OptionParser(ShuffleSpec.SPEC).takes("--stats"));
        assertFalse(Usage.text("OSUShuffle", ShuffleSpec.SPEC).contains("--stats"));
        assertEquals(StatisticsOptions.DEFAULT, parse(ShuffleSpec.SPEC));
    }

    @Test
    void theOutlierFilterBringsTheColumns() throws UsageException {
        assertEquals(new StatisticsOptions(true, 0.95, null, new TukeyFences(1.5)),
                parse(PointToPointKind.LATENCY, "--outliers", "tukey"));
        assertEquals(new StatisticsOptions(true, 0.9, null, new TukeyFences(3)),
                parse(PointToPointKind.LATENCY, "--outliers=tukey:3", "--level", "0.9"));
        assertEquals(new TukeyFences(0.75), parse(PointToPointKind.LATENCY, "--precision",
                "0.95:0.02", "--outliers", "tukey:.75").outliers());
        assertEquals("--outliers: " + ShuffleSpec.SPEC.statisticsRefusal().orElseThrow(),
                error(ShuffleSpec.SPEC, "--outliers", "tukey"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"iqr", "tukey:", "tukey:0", "tukey:-1", "tukey:1:2", "tukey:1e3",
        "tukey:NaN", "TUKEY", "", "tukey:1.", "tukey:.0"})
    void aBadOutlierFilterIsOneLine(String value) {
        assertEquals("--outliers needs tukey or tukey:K with K a positive number of"
                + " interquartile ranges, e.g. --outliers tukey:3, got '" + value + "'",
                error(PointToPointKind.LATENCY, "--outliers", value));
    }

    @Test
    void aSuiteGroupPassesThemOnByTheirLongNames() throws UsageException {
        assertEquals(List.of(List.of("--stats"), List.of("--level", "0.9"), List.of("-c")),
                OptionParser.split("--stats", "--level=0.9", "-c"));
    }
}
