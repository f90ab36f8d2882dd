package mpi.common.objects;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.KryoBufferOverflowException;
import com.esotericsoftware.kryo.SerializerFactory.FieldSerializerFactory;
import com.esotericsoftware.kryo.io.ByteBufferInput;
import com.esotericsoftware.kryo.io.ByteBufferOutput;
import com.esotericsoftware.kryo.serializers.FieldSerializer.FieldSerializerConfig;

/**
 * Kryo 5. As Spark advises ({@code spark.kryo.registrationRequired}), every class a payload
 * holds is registered up front, so a message names a class by a small id rather than by its
 * name, and an unregistered class is an error rather than a silent slow path. The
 * {@link Kryo} instance and its {@code Output} and {@code Input} are made once and pointed at
 * each message buffer in turn ({@code setBuffer}): a message costs Kryo's own work only.
 *
 * <p>Records' int and long fields are written at fixed length (Kryo's default is variable
 * length), so that every message of a size has the same length whatever its values: the
 * receiver knows it, as it knows the message size of the other APIs, and validation's
 * changing values ({@code -c}) cannot change it. Kryo's defaults stand otherwise
 * (references off, the safe {@code ByteBufferOutput} and {@code ByteBufferInput}).
 *
 * <p>Kryo reads {@code sun.misc.Unsafe} for its field access unless its system property
 * {@value #NO_UNSAFE} is {@code false}; on JDK 24 and later that prints a JVM warning
 * (JEP 498). The property is set to {@code false} unless the user set it, on every JDK, so
 * that JDK 17 and JDK 25 measure the same code: fields are read and written by reflection.
 */
final class KryoObjectSerializer implements ObjectSerializer {
    /** Kryo's switch for its use of {@code sun.misc.Unsafe}. */
    static final String NO_UNSAFE = "kryo.unsafe";

    static {
        // Before any Kryo class reads it (com.esotericsoftware.kryo.util.Util's initializer).
        if (System.getProperty(NO_UNSAFE) == null) {
            System.setProperty(NO_UNSAFE, "false");
        }
    }

    private final Kryo kryo = new Kryo();
    private final ByteBufferOutput output = new ByteBufferOutput();
    private final ByteBufferInput input = new ByteBufferInput();

    KryoObjectSerializer() {
        kryo.setRegistrationRequired(true);
        FieldSerializerConfig fixed = new FieldSerializerConfig();
        fixed.setVariableLengthEncoding(false);
        kryo.setDefaultSerializer(new FieldSerializerFactory(fixed));
        kryo.register(double[].class);
        kryo.register(ArrayList.class);
        kryo.register(SampleRecord.class);
    }

    @Override
    public int write(Object value, ByteBuffer to) {
        to.clear();
        output.setBuffer(to);
        try {
            kryo.writeClassAndObject(output, value);
        } catch (KryoBufferOverflowException e) {
            throw new BufferOverflowException(); // the interface's, as Java serialization's
        }
        output.flush();
        return output.position();
    }

    @Override
    public Object read(ByteBuffer from, int length) {
        from.clear().limit(length);
        input.setBuffer(from);
        return kryo.readClassAndObject(input);
    }
}
