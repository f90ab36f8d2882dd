package mpi.common.objects;

/**
 * The settings of {@code -a objects}: the serializer ({@code -S}) and the payload
 * ({@code -O}). Held by every run; read only with {@code -a objects}.
 *
 * @param serializer how the payload becomes bytes
 * @param payload    the object graph each message carries
 */
public record ObjectOptions(SerializerKind serializer, Payload payload) {
    /** Java serialization of a {@code double[]}: what {@code -a objects} alone runs. */
    public static final ObjectOptions DEFAULT =
            new ObjectOptions(SerializerKind.JAVA, Payload.DOUBLES);

    /** @return the header line of a table of {@code -a objects} */
    public String headerLine() {
        return "# Objects: " + payload.label() + " (" + payload.description() + "), "
                + serializer.label() + " serialization; Size is the serialized size in bytes";
    }
}
