package org.gcs.bench;

import java.lang.management.ManagementFactory;

/**
 * The bytes this JVM has allocated on its heap, all threads (ended ones included), where the JVM can tell: the
 * counter of {@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}, the same one JFR's
 * {@code jdk.ThreadAllocationStatistics} reads per thread.
 */
@FunctionalInterface
interface HeapAllocation {
    /** @return bytes allocated by this JVM so far */
    long totalBytes();

    /** @return this JVM's allocation counter, or null if the JVM does not offer one */
    static HeapAllocation current() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported()) {
            if (!threads.isThreadAllocatedMemoryEnabled()) {
                threads.setThreadAllocatedMemoryEnabled(true);
            }
            if (threads.getTotalThreadAllocatedBytes() >= 0) {
                return threads::getTotalThreadAllocatedBytes;
            }
        }
        return null;
    }
}
