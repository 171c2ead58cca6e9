package org.gcs.bench;

/**
 * Tells when a JVM's JIT compilers have gone quiet, so that the measured phase does not share the CPU with them.
 * With four node JVMs on two cores the compilers are behind for a minute or more: after 600 000 warm-up messages
 * each node JVM had spent 40 to 75 s in compilation, and methods of the hot path that were hot early (the order's
 * {@code TotalOrderGroup.progress}, the LAN's {@code LanSender.send}) reached C2 only in the measured phase, a
 * minute after C1 (JFR, docs/performance.md). Fed with the JVM's accumulated compilation time while the warm-up
 * traffic goes on, it answers quiet once the compilation time that grew in each of {@link #QUIET_WINDOWS}
 * consecutive windows of at least {@link #WINDOW_NS} stays under {@link #QUIET_SHARE} of the window. Pure: the
 * caller samples.
 */
final class QuietWatch {
    /** Length of one sampling window. */
    static final long WINDOW_NS = 1_000_000_000L;
    /** Consecutive quiet windows needed. */
    static final int QUIET_WINDOWS = 3;
    /** A window is quiet when the compilers spent less than this share of it compiling. */
    static final double QUIET_SHARE = 0.10;

    private long windowStartNs = -1;
    private long windowStartBusyNs;
    private int quietWindows;

    /**
     * @param busyNs the time spent so far in the activity watched (here: JIT compilation)
     * @param nowNs a monotonic clock
     * @return true once the activity has been quiet for {@link #QUIET_WINDOWS} windows in a row
     */
    boolean sample(long busyNs, long nowNs) {
        if (windowStartNs < 0) {
            windowStartNs = nowNs;
            windowStartBusyNs = busyNs;
            return false;
        }
        long windowNs = nowNs - windowStartNs;
        if (windowNs < WINDOW_NS) {
            return quietWindows >= QUIET_WINDOWS;
        }
        double share = (double) (busyNs - windowStartBusyNs) / windowNs;
        quietWindows = share < QUIET_SHARE ? quietWindows + 1 : 0;
        windowStartNs = nowNs;
        windowStartBusyNs = busyNs;
        return quietWindows >= QUIET_WINDOWS;
    }
}
