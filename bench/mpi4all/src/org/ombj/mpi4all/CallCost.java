package org.ombj.mpi4all;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import org.mpi.Mpi;
import org.mpi.Mpi.C_int;
import org.mpi.Mpi.C_pointer;

/**
 * What one call through mpi4all's generated code costs beside a plain FFM downcall, on a call
 * that never waits: MPI_Comm_rank, in one process (no mpirun needed: a singleton MPI_Init).
 * Prints ns per call and bytes allocated per call for (a) mpi4all's {@code Mpi.MPI_Comm_rank},
 * (b) a downcall handle to the same function through {@code invokeExact}, and (c) the same
 * with {@code Linker.Option.critical(false)}. Alternating rounds; the last round's figures.
 *
 * <p>Usage: {@code CallCost [CALLS_PER_ROUND]}
 */
public final class CallCost {
    private static final int ROUNDS = 7;

    private CallCost() {
    }

    public static void main(String[] args) throws Throwable {
        long calls = args.length > 0 ? Long.parseLong(args[0]) : 20_000_000L;
        Omb omb = new Omb(new Omb.Program("CallCost", "", "", 0, 0, 0, 0, 0, false, false), new String[0]);
        C_int out = C_int.alloc(omb.arena);
        C_pointer<C_int> outPtr = out.pointer();
        Linker linker = Linker.nativeLinker();
        MemorySegment fn = SymbolLookup.loaderLookup().find("MPI_Comm_rank").orElseThrow();
        FunctionDescriptor fd = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
        MethodHandle plain = linker.downcallHandle(fn, fd);
        MethodHandle critical = linker.downcallHandle(fn, fd, Linker.Option.critical(false));
        // The handle's value, read once (mpi4all reads it from its C library's variable per call).
        MemorySegment world = Mpi.MPI_COMM_WORLD.ms.get(ValueLayout.ADDRESS, 0);
        MemorySegment outSeg = out.ms;
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().threadId();
        String[] names = {"mpi4all Mpi.MPI_Comm_rank", "downcall invokeExact", "downcall critical(false)"};
        double[] ns = new double[3];
        double[] bytes = new double[3];
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < 3; k++) {
                long a0 = mx.getThreadAllocatedBytes(tid);
                long t0 = System.nanoTime();
                int sink = 0;
                for (long i = 0; i < calls; i++) {
                    switch (k) {
                        case 0 -> Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, outPtr);
                        case 1 -> sink += (int) plain.invokeExact(world, outSeg);
                        default -> sink += (int) critical.invokeExact(world, outSeg);
                    }
                }
                ns[k] = (double) (System.nanoTime() - t0) / calls;
                bytes[k] = (double) (mx.getThreadAllocatedBytes(tid) - a0) / calls;
                if (sink != 0) {
                    omb.fail("MPI_Comm_rank returned an error");
                }
            }
        }
        for (int k = 0; k < 3; k++) {
            System.out.printf("%-28s %8.2f ns/call %8.2f bytes allocated/call%n", names[k], ns[k], bytes[k]);
        }
        omb.finish();
    }
}
