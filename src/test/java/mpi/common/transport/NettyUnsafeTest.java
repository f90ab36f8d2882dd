package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the transport benchmarks turn Netty's sun.misc.Unsafe off (JEP 498's warning). */
class NettyUnsafeTest {
    @Test
    void offFromJdk24UnlessTheUserChose() {
        assertFalse(NettyLink.unsafeWarns(17, null, null), "JDK 17 does not warn");
        assertFalse(NettyLink.unsafeWarns(23, null, null));
        assertTrue(NettyLink.unsafeWarns(24, null, null));
        assertTrue(NettyLink.unsafeWarns(25, null, "warn"));
        assertFalse(NettyLink.unsafeWarns(25, "false", null), "-Dio.netty.noUnsafe=false");
        assertFalse(NettyLink.unsafeWarns(25, null, "allow"),
                "--sun-misc-unsafe-memory-access=allow silences the JVM");
    }
}
