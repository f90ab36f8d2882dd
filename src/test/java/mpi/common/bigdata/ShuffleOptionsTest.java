package mpi.common.bigdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.objects.Payload;
import mpi.common.objects.SerializerKind;
import mpi.common.options.Api;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.ProcessCountException;
import mpi.common.options.Usage;
import mpi.common.options.UsageException;

/** OSUShuffle's options: read through the harness's parser, and each refusal one line. */
class ShuffleOptionsTest {
    private static Options parse(String... args) throws UsageException {
        return new OptionParser(ShuffleSpec.SPEC).parse(args);
    }

    @Test
    void defaultsAndEveryOption() throws UsageException {
        Options d = parse();
        assertEquals(ShuffleOptions.DEFAULT, d.shuffle());
        assertEquals(Api.OBJECTS, d.api());
        assertEquals(Payload.RECORDS, d.objects().payload());
        assertEquals("50,99", d.tails().toString());
        Options o = parse("-t", "netty", "-S", "kryo", "-n", "3", "-e", "6", "-F", "2", "-j",
                "4", "-Z", "1.5", "-m", "512:2048", "-i", "7", "-x", "1", "-c", "-z", "90");
        assertEquals(new ShuffleOptions(3, 6, 2, 4, 1.5, ShuffleTransport.NETTY), o.shuffle());
        assertEquals(SerializerKind.KRYO, o.objects().serializer());
        assertEquals(7, o.iterations().iterations(1024));
        assertTrue(o.validate());
        Options longNames = parse("--transport=alltoallv", "--map-outputs", "2",
                "--partitions", "4", "--fetches-in-flight", "1", "--threads", "2", "--skew", "0");
        assertEquals(new ShuffleOptions(2, 4, 1, 2, 0, ShuffleTransport.ALLTOALLV),
                longNames.shuffle());
        assertEquals("# Shuffle: transport alltoallv, serializer java, M 2 map outputs per"
                + " rank, R 4 partitions, F 1 fetches in flight, T 2 threads, skew 0",
                longNames.shuffle().headerLine(SerializerKind.JAVA));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-t tcp|-t must be mpi, alltoallv or netty, got 'tcp'",
        "-S pickle|-S must be java or kryo, got 'pickle'",
        "-n 0|-n needs a positive integer, got '0'",
        "-e -1|-e needs a positive integer, got '-1'",
        "-F x|-F needs a positive integer, got 'x'",
        "-j 65|-j 65 is too many threads (at most 64)",
        "-Z -1|-Z needs a Zipf exponent from 0 to 10 (0: partitions of equal size), got '-1'",
        "-Z 11|-Z needs a Zipf exponent from 0 to 10 (0: partitions of equal size), got '11'",
        "-n 200 -e 200|-n 200 map outputs of -e 200 partitions make 40000 blocks per rank,"
                + " more than 32766 (a fetch's MPI tag names its block)",
        "-a buffer|-a buffer: a shuffle moves serialized records (-a objects; -S picks the"
                + " serializer)",
        "-O doubles|unknown option -O",
        "-T int|unknown option -T",
        "-W 4|unknown option -W",
    })
    void badInputIsOneLine(String args, String line) {
        UsageException e = assertThrows(UsageException.class, () -> parse(args.split(" ")));
        assertEquals(line, e.getMessage());
    }

    @Test
    void everyRankReducesAPartition() throws UsageException {
        ShuffleSpec.SPEC.checkOptions(parse("-e", "3"), 3);
        ProcessCountException e = assertThrows(ProcessCountException.class,
                () -> ShuffleSpec.SPEC.checkOptions(parse("-e", "3"), 4));
        assertEquals("-e 3 partitions for 4 ranks: every rank reduces a partition, so -e is at"
                + " least 4", e.getMessage());
        assertThrows(UsageException.class, () -> ShuffleSpec.SPEC.checkProcesses(1));
    }

    @Test
    void theUsageTextListsTheShufflesOptions() {
        String usage = Usage.text("OSUShuffle", ShuffleSpec.SPEC);
        for (String o : new String[] {"--transport", "--map-outputs", "--partitions",
            "--fetches-in-flight", "--threads", "--skew", "--serializer", "--validation"}) {
            assertTrue(usage.contains(o), o + " in\n" + usage);
        }
        assertTrue(!usage.contains("--object") && !usage.contains("--type"), usage);
    }
}
