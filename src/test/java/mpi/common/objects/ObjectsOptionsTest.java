package mpi.common.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.BenchmarkSpec;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.options.Api;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

/** -a objects, -S and -O as the parser reads and refuses them. */
class ObjectsOptionsTest {
    private static Options parse(BenchmarkSpec spec, String... args) throws UsageException {
        return new OptionParser(spec).parse(args);
    }

    private static String refusal(BenchmarkSpec spec, String... args) {
        return assertThrows(UsageException.class, () -> parse(spec, args)).getMessage();
    }

    @Test
    void serializerAndPayloadAreRead() throws UsageException {
        Options o = parse(PointToPointKind.BANDWIDTH, "-a", "objects", "-S", "kryo", "-O",
                "records");
        assertEquals(Api.OBJECTS, o.api());
        assertEquals(new ObjectOptions(SerializerKind.KRYO, Payload.RECORDS), o.objects());
        assertEquals(ObjectOptions.DEFAULT,
                parse(CollectiveSpec.blocking(Collective.ALLTOALLV), "-a", "objects").objects());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "-a objects -S foo       | -S must be java or kryo, got 'foo'",
        "-a objects -O rows      | -O must be doubles or records, got 'rows'",
        "-S kryo                 | -S needs -a objects",
        "-a arrays -O records    | -O needs -a objects",
        "-a objects -T int       | -T with -a objects",
        "-a objects -b multiple  | -b with -a objects",
        "-a object               | -a must be buffer, arrays or objects, got 'object'",
    })
    void badInputIsOneLine(String args, String line) {
        assertTrue(refusal(PointToPointKind.LATENCY, args.trim().split(" +")).startsWith(line),
                args);
    }

    @Test
    void reductionsAndOthersRefuseObjectsWithTheirReason() {
        assertTrue(refusal(CollectiveSpec.blocking(Collective.ALLREDUCE), "-a", "objects")
                .contains("mpi4py's lower-case reductions pickle"));
        assertTrue(refusal(CollectiveSpec.nonBlocking(Collective.BCAST), "-a", "objects")
                .contains("non-blocking"));
        assertTrue(refusal(PointToPointKind.LATENCY_PERSISTENT, "-a", "objects")
                .startsWith("-a objects: this benchmark sends no serialized objects"));
        assertTrue(refusal(CollectiveSpec.blocking(Collective.BARRIER), "-a", "objects")
                .startsWith("-a objects: "));
    }

    @Test
    void aBenchmarkWithoutObjectsDoesNotTakeSOrO() {
        assertTrue(refusal(CollectiveSpec.blocking(Collective.REDUCE), "-S", "java")
                .contains("unknown option -S"));
    }
}
