package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Direct buffers that start at a page boundary. Shared memory transports copy page by page
 * (Linux CMA pins the pages of the peer's buffer), so a buffer that straddles one more page
 * than it needs costs one more page per message: 6 % of a 64 KiB message. C OMB aligns its
 * buffers to the page size for the same reason.
 */
final class PageAligned {
    /** The page size of x86-64 and of most arm64 Linux systems. */
    static final int PAGE = 4096;

    private PageAligned() {
    }

    /**
     * @return a direct buffer of {@code bytes} bytes, page aligned, in native byte order; at
     *         most {@code Integer.MAX_VALUE - 4095} bytes (2 GiB less a page)
     */
    static ByteBuffer allocate(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative buffer size " + bytes);
        }
        if (bytes > Integer.MAX_VALUE - (PAGE - 1)) { // the capacity below must be an int
            throw new IllegalArgumentException("buffer size " + bytes + " too large to align");
        }
        ByteBuffer raw = ByteBuffer.allocateDirect(bytes + PAGE - 1);
        int start = (PAGE - raw.alignmentOffset(0, PAGE)) % PAGE;
        return raw.position(start).limit(start + bytes).slice().order(ByteOrder.nativeOrder());
    }
}
