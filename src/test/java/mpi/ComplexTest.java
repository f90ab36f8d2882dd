package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** {@link DoubleComplex} and {@link FloatComplex}: views that read and write their storage. */
class ComplexTest {

    @Test
    void aDoubleComplexIsTheRealAndImaginaryPartsAtItsIndex() {
        double[] z = {1, 2, 3, 4};
        DoubleComplex second = DoubleComplex.get(z, 1);
        assertEquals(3, second.getReal());
        assertEquals(4, second.getImag());
        second.putReal(-5);
        second.putImag(6);
        assertEquals(-5, z[2]);
        assertEquals(6, z[3]);
        assertEquals(2, second.getBuffer().remaining());
        assertEquals(-5, second.getBuffer().get(0));
    }

    @Test
    void aFloatComplexInAByteBufferUsesNativeOrder() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(16).order(ByteOrder.BIG_ENDIAN);
        FloatComplex first = FloatComplex.get(bytes);
        first.putReal(1.5f);
        first.putImag(-2.5f);
        ByteBuffer nativeOrder = bytes.duplicate().order(ByteOrder.nativeOrder());
        assertEquals(1.5f, nativeOrder.getFloat(0));
        assertEquals(-2.5f, nativeOrder.getFloat(4));
        assertEquals(-2.5f, FloatComplex.get(bytes, 0).getImag());
    }

    @Test
    void anIndexOutsideTheStorageIsRefused() {
        assertThrows(IndexOutOfBoundsException.class, () -> DoubleComplex.get(new double[3], 1));
        assertThrows(IndexOutOfBoundsException.class, () -> FloatComplex.get(new float[2], -1));
    }
}
