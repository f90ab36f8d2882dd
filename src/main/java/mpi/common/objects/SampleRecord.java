package mpi.common.objects;

import java.io.Serializable;

/**
 * One small record of the {@link Payload#RECORDS} payload, shaped like a row of a Spark
 * data set: a long key, a few primitive fields and a short string. Mutable, so that
 * validation ({@code -c}) can write each exchange's values into the records it sends
 * without building new ones.
 */
public final class SampleRecord implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The row's key. */
    public long key;
    /** A count, such as a row's quantity. */
    public int count;
    /** A measure, such as a row's price. */
    public double value;
    /** A flag, such as a row's status. */
    public boolean flag;
    /** A short label of fixed width, such as {@code row0000042}. */
    public String name;

    /** An empty record (the serializers' no-argument constructor). */
    public SampleRecord() {
    }
}
