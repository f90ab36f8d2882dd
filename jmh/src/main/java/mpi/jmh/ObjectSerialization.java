package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import mpi.MPI;
import mpi.common.objects.ObjectSerializer;
import mpi.common.objects.Payload;
import mpi.common.objects.PayloadSizer;
import mpi.common.objects.SerializerKind;
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

/**
 * The serialization of {@code -a objects} (guide 13.3) alone, without MPI: what one message
 * of osu_latency's timed region costs its sender ({@link #serialize}) and its receiver
 * ({@link #deserialize}), with the serializers, payloads and payload sizing of the
 * benchmarks themselves ({@link SerializerKind#create()}, {@link PayloadSizer#closest(int)}),
 * into and out of a direct buffer as the benchmarks' message buffers are. A round trip of
 * osu_latency -a objects serializes and deserializes twice; the rest of its latency is the
 * buffer API's (the same byte messages).
 *
 * <p>{@code java -jar jmh/target/benchmarks.jar ObjectSerialization}; no MPI is initialised.
 */
// Every call's time, so that the median (p0.50) can be read: on a loaded machine a preempted
// call weighs on the mean, not on the median.
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ObjectSerialization {
    /** {@code -S}: java or kryo. */
    @Param({"java", "kryo"})
    public String serializer;

    /** {@code -O}: doubles or records. */
    @Param({"doubles", "records"})
    public String payload;

    /** The nominal message size in bytes; the payload is the one whose serialized size is nearest. */
    @Param({"8", "65536", "1048576"})
    public int bytes;

    private ObjectSerializer writer;
    private ObjectSerializer reader;
    private Object value;
    private ByteBuffer sent;
    private ByteBuffer received;
    private int length;

    @Setup
    public void setup() throws Exception {
        SerializerKind kind = SerializerKind.parse(serializer);
        Payload kindOfPayload = Payload.parse(payload);
        // Sender and receiver each have their own serializer and buffer, as two ranks do.
        writer = kind.create();
        reader = kind.create();
        PayloadSizer.Size size = new PayloadSizer(kindOfPayload, writer).closest(bytes);
        value = kindOfPayload.build(size.elements());
        // The benchmarks' own message buffers (MPI.newByteBuffer: page-aligned, native order).
        sent = MPI.newByteBuffer(size.bytes());
        received = MPI.newByteBuffer(size.bytes());
        length = writer.write(value, received);
        if (length != size.bytes()) {
            throw new IllegalStateException(length + " bytes serialized, " + size.bytes() + " sized");
        }
    }

    /** @return the serialized size (returned, so that the work is not dead code) */
    @Benchmark
    public int serialize() {
        return writer.write(value, sent);
    }

    /** @return the new object graph */
    @Benchmark
    public Object deserialize() {
        return reader.read(received, length);
    }
}
