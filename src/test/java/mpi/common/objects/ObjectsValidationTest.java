package mpi.common.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Validation (-c) finds a wrong field of a deserialized graph, and only a wrong one. */
class ObjectsValidationTest {
    @Test
    void aChangedDoubleIsOneWrongField() {
        double[] d = (double[]) Payload.DOUBLES.build(10);
        Payload.DOUBLES.fill(d, 2, 1, 7);
        assertEquals(0, Payload.DOUBLES.wrongFields(d, 10, 2, 1, 7));
        d[4] += 1;
        assertEquals(1, Payload.DOUBLES.wrongFields(d, 10, 2, 1, 7));
        assertEquals(10, Payload.DOUBLES.wrongFields(d, 10, 3, 1, 7), "another sender's");
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachFieldOfARecordIsChecked() {
        List<SampleRecord> rows = (List<SampleRecord>) Payload.RECORDS.build(4);
        Payload.RECORDS.fill(rows, 1, 0, 3);
        assertEquals(0, Payload.RECORDS.wrongFields(rows, 4, 1, 0, 3));
        rows.get(0).key++;
        rows.get(1).count++;
        rows.get(2).value++;
        rows.get(3).flag = !rows.get(3).flag;
        rows.get(3).name = "row9999999";
        assertEquals(5, Payload.RECORDS.wrongFields(rows, 4, 1, 0, 3));
    }

    @Test
    void aMissingOrShortPayloadIsWrong() {
        assertEquals(10, Payload.DOUBLES.wrongFields(null, 10, 0, 0, 0));
        assertEquals(10, Payload.DOUBLES.wrongFields(new double[9], 10, 0, 0, 0));
        assertEquals(20, Payload.RECORDS.wrongFields(Payload.RECORDS.build(3), 4, 0, 0, 0));
    }

    @Test
    void namesHaveOneWidth() {
        assertEquals("row0000000", Payload.name(0));
        assertEquals("row1234567", Payload.name(1234567));
        assertEquals(Payload.name(1).length(), Payload.name(9_999_999).length());
    }
}
