package mpi.common.objects;

import java.util.Locale;

import mpi.common.options.Labelled;
import mpi.common.options.UsageException;

/** The serializer of {@code -a objects} ({@code -S}): how an object graph becomes bytes. */
public enum SerializerKind implements Labelled {
    /** Java serialization: {@code ObjectOutputStream} and {@code ObjectInputStream}. */
    JAVA,
    /** Kryo 5, its classes registered up front ({@code registrationRequired}), as Spark advises. */
    KRYO;

    /** @return the name on the command line, e.g. {@code kryo} */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return a new serializer of this kind, for one thread */
    public ObjectSerializer create() {
        return this == JAVA ? new JavaObjectSerializer() : new KryoObjectSerializer();
    }

    /**
     * @param value the argument of {@code -S}
     * @return the kind it names
     * @throws UsageException unless it is {@code java} or {@code kryo}
     */
    public static SerializerKind parse(String value) throws UsageException {
        return Labelled.find(values(), value).orElseThrow(() -> new UsageException(
                "-S must be java or kryo, got '" + value + "'"));
    }
}
