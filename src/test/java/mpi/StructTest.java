package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** {@link Struct}'s layout and views, and the pair classes', without MPI (no type is built). */
class StructTest {

    /** C's {@code struct {int i; double d; char c[3];}}. */
    static final class Sample extends Struct {
        final int i = addInt();
        final int d = addDouble();
        final int c = addChar(3);

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int i() {
                return getInt(i);
            }

            double d() {
                return getDouble(d);
            }

            char c(int k) {
                return getChar(c, k);
            }

            void put(int iv, double dv, String cv) {
                putInt(i, iv);
                putDouble(d, dv);
                for (int k = 0; k < 3; k++) {
                    putChar(c, k, cv.charAt(k));
                }
            }
        }
    }

    @Test
    void fieldsAreAlignedAndTheExtentRoundedAsInC() {
        Sample s = new Sample();
        assertEquals(0, s.i);
        assertEquals(8, s.d);
        assertEquals(16, s.c);
        assertEquals(24, s.getExtent());
    }

    @Test
    void smallFieldsPackAndSetOffsetMovesTheNext() {
        Struct s = new Struct() {
            @Override
            protected Data newData() {
                return null;
            }
        };
        assertEquals(0, s.addByte());
        assertEquals(2, s.addShort());
        assertEquals(4, s.addByte(3));
        assertEquals(12, s.setOffset(10).addFloat());
        assertThrows(IllegalArgumentException.class, () -> s.setOffset(15));
        assertThrows(IllegalArgumentException.class, () -> s.addInt(-1));
        assertEquals(16, s.getExtent());
        assertThrows(IllegalStateException.class, () -> s.addInt());
    }

    @Test
    void aNestedStructIsAlignedToItsLargestField() {
        Sample inner = new Sample();
        Struct outer = new Struct() {
            @Override
            protected Data newData() {
                return null;
            }
        };
        assertEquals(0, outer.addByte());
        assertEquals(8, outer.addStruct(inner, 2));
        assertEquals(56, outer.addChar());
        assertEquals(64, outer.getExtent());
        assertThrows(IllegalStateException.class, () -> inner.addInt());
        assertThrows(IllegalArgumentException.class, () -> outer.addStruct(outer));
    }

    @Test
    void aDataViewReadsAndWritesOneInstanceOfAnArray() {
        Sample s = new Sample();
        byte[] bytes = new byte[48];
        Sample.Data second = s.getData(bytes, 1);
        second.put(7, 2.5, "abc");
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        assertEquals(7, b.getInt(24));
        assertEquals(2.5, b.getDouble(32));
        assertEquals('c', b.getChar(44));
        Sample.Data again = s.getData(ByteBuffer.wrap(bytes), 1);
        assertEquals(7, again.i());
        assertEquals(2.5, again.d());
        assertEquals('b', again.c(1));
        assertEquals(24, second.getBuffer().remaining());
        assertThrows(IndexOutOfBoundsException.class, () -> s.getData(bytes, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> s.getData(bytes, -1));
        assertThrows(IndexOutOfBoundsException.class, () -> s.getData(new byte[23]));
        assertThrows(NullPointerException.class, () -> s.getData((ByteBuffer) null));
    }

    @Test
    void eachPairClassHasItsPredefinedTypesExtentAndCsLayout() {
        assertEquals(MPI.DOUBLE_INT.getExtent(), MPI.doubleInt.getExtent());
        assertEquals(MPI.FLOAT_INT.getExtent(), MPI.floatInt.getExtent());
        assertEquals(MPI.INT2.getExtent(), MPI.int2.getExtent());
        assertEquals(MPI.LONG_INT.getExtent(), MPI.longInt.getExtent());
        assertEquals(MPI.SHORT_INT.getExtent(), MPI.shortInt.getExtent());
        ByteBuffer b = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
        b.putDouble(16, -1.25).putInt(24, 9);
        DoubleInt.Data pair = MPI.doubleInt.getData(b, 1);
        assertEquals(-1.25, pair.getValue());
        assertEquals(9, pair.getIndex());
        ShortInt.Data s = MPI.shortInt.getData(new byte[16], 1);
        s.putValue((short) 3);
        s.putIndex(4);
        assertEquals(3, s.getValue());
        assertEquals(4, s.getIndex());
        assertEquals(4, s.getBuffer().getInt(4));
    }
}
