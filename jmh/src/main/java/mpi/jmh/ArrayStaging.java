package mpi.jmh;

import java.util.concurrent.TimeUnit;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The cost of staging Java arrays through native memory in non-blocking calls, by element
 * type: each call copies its send array in and its receive array back when it completes
 * (one Get/Set&lt;Type&gt;ArrayRegion each). A {@code byte[]} and a {@code long[]} of the same
 * size differ only in the copies' element kind, so comparing them (and one build of the
 * binding with another) shows what finding that kind costs. Messages go to self on
 * {@code MPI.COMM_SELF}: no network.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// The binding loads its native library: without this, JDK 24+ warns in every fork (JEP 472).
@Fork(value = 1, jvmArgsPrepend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ArrayStaging {
    private static final int TAG = 2;

    /** Element type of the arrays. */
    @Param({"byte", "long"})
    public String type;

    /** Message size in bytes. */
    @Param({"8", "65536"})
    public int bytes;

    private Comm self;
    private Datatype datatype;
    private int count;
    private Object sendArray, recvArray;

    @Setup
    public void setup() throws MPIException {
        MpiRuntime.ensureInitialized();
        self = MPI.COMM_SELF;
        boolean longs = type.equals("long");
        datatype = longs ? MPI.LONG : MPI.BYTE;
        count = longs ? bytes / Long.BYTES : bytes;
        sendArray = longs ? new long[count] : new byte[count];
        recvArray = longs ? new long[count] : new byte[count];
    }

    /** iRecv + iSend + two waitFor: one copy in (the send), one copy back (the receive). */
    @Benchmark
    public void iSendIRecv(Blackhole bh) throws MPIException {
        Request r = self.iRecv(recvArray, count, datatype, 0, TAG);
        Request s = self.iSend(sendArray, count, datatype, 0, TAG);
        r.waitFor();
        s.waitFor();
        bh.consume(r);
        bh.consume(s);
    }

    /**
     * iAllReduce (bitwise or, valid for both types) + waitFor: the send array is copied in,
     * the receive array back, through a non-blocking collective's staging.
     */
    @Benchmark
    public Request iAllReduce() throws MPIException {
        Request r = self.iAllReduce(sendArray, recvArray, count, datatype, MPI.BOR);
        r.waitFor();
        return r;
    }
}
