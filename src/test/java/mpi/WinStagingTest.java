package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * When a window's staged arrays get their data back, and where their staging memory goes.
 * No MPI call: the test writes into the staging memory as MPI would.
 */
class WinStagingTest {
    @BeforeAll
    static void loadLibrary() {
        NativeLibrary.load(); // the array copies are native; they make no MPI call
    }

    @Test
    void anArrayMpiReadsIsCopiedAtOnceAndNeverBack() {
        WinStaging s = new WinStaging();
        byte[] origin = {1, 2, 3, 4};
        ByteBuffer copy = s.stageIn(origin, 4, 1);
        assertEquals(3, copy.get(2));
        copy.put(2, (byte) 99);
        s.settleAll();
        assertArrayEquals(new byte[] {1, 2, 3, 4}, origin);
        assertTrue(s.isEmpty());
    }

    @Test
    void aResultArrayGetsItsDataWhenItsRankIsSettledOnly() {
        WinStaging s = new WinStaging();
        int[] atOne = new int[2];
        int[] atTwo = new int[2];
        s.stageOut(atOne, 8, 1).asIntBuffer().put(new int[] {10, 11});
        s.stageOut(atTwo, 8, 2).asIntBuffer().put(new int[] {20, 21});
        s.settle(1);
        assertArrayEquals(new int[] {10, 11}, atOne);
        assertArrayEquals(new int[] {0, 0}, atTwo);
        assertEquals(1, s.mark());
        s.settle(2);
        assertArrayEquals(new int[] {20, 21}, atTwo);
        assertTrue(s.isEmpty());
    }

    @Test
    void resultsIntoOneArrayLandInIssueOrder() {
        WinStaging s = new WinStaging();
        long[] result = new long[1];
        for (long v = 1; v <= 40; v++) { // more entries than the initial capacity
            s.stageOut(result, 8, 1).asLongBuffer().put(0, v);
        }
        s.settleAll();
        assertEquals(40, result[0]);
    }

    @Test
    void abandonedEntriesCopyNothingAndOnlyFromTheMark() {
        WinStaging s = new WinStaging();
        byte[] kept = new byte[1];
        byte[] dropped = {7};
        s.stageOut(kept, 1, 1).put(0, (byte) 5);
        int mark = s.mark();
        s.stageOut(dropped, 1, 1).put(0, (byte) 6);
        s.abandon(mark);
        assertEquals(1, s.mark());
        s.settleAll();
        assertEquals(5, kept[0]);
        assertEquals(7, dropped[0]);
    }

    @Test
    void everyPrimitiveArrayKindCopiesBothWays() {
        WinStaging s = new WinStaging();
        Object[] in = {new byte[] {1, 2}, new char[] {3, 4}, new short[] {5, 6},
            new boolean[] {true, false}, new int[] {7, 8}, new long[] {9, 10},
            new float[] {1.5f, 2.5f}, new double[] {3.5, 4.5}};
        Object[] out = {new byte[2], new char[2], new short[2], new boolean[2], new int[2],
            new long[2], new float[2], new double[2]};
        int[] sizes = {1, 2, 2, 1, 4, 8, 4, 8};
        for (int k = 0; k < in.length; k++) {
            ByteBuffer copy = s.stageIn(in[k], 2 * sizes[k], 1);
            ByteBuffer result = s.stageOut(out[k], 2 * sizes[k], 1);
            for (int i = 0; i < 2 * sizes[k]; i++) {
                result.put(i, copy.get(i)); // what MPI would do for a get of the same data
            }
        }
        s.settleAll();
        for (int k = 0; k < in.length; k++) {
            assertTrue(java.util.Objects.deepEquals(in[k], out[k]), "kind " + k);
        }
    }

    @Test
    void stagingMemoryGoesBackToThePool() {
        WinStaging s = new WinStaging();
        // A size class of its own, so other users of the pool do not interfere.
        byte[] array = new byte[40_000];
        ByteBuffer first = s.stageOut(array, array.length, 1);
        s.settle(1);
        ByteBuffer second = s.stageOut(array, array.length, 1);
        assertSame(first, second);
        s.abandon(0);
        assertTrue(s.isEmpty());
    }

    @Test
    void aSmallStagingBufferIsTheWindowsOwnForItsNextOperation() {
        WinStaging s = new WinStaging();
        byte[] array = new byte[8];
        ByteBuffer first = s.stageIn(array, 8, 1);
        s.settle(1);
        // Taken from the window's idle buffers, not from the pool: another window, which
        // asks the pool for the same size class meanwhile, does not get it.
        ByteBuffer other = new WinStaging().stageIn(array, 8, 1);
        ByteBuffer second = s.stageIn(array, 8, 1);
        assertSame(first, second);
        assertNotSame(first, other);
        s.settleAll();
    }

    @Test
    void aFreedWindowGivesItsIdleBuffersBackToThePool() {
        WinStaging s = new WinStaging();
        // A size class no other test stages (2 KiB), so that only this window's buffer can be
        // on top of the thread's pool.
        byte[] array = new byte[2000];
        ByteBuffer idle = s.stageOut(array, array.length, 1);
        s.settle(1);
        s.releaseIdle();
        assertSame(idle, StagingPool.acquire(array.length));
    }
}
