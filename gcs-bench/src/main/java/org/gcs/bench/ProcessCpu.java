package org.gcs.bench;

import java.lang.management.ManagementFactory;

/** The CPU time (user and system, all threads) this process has used, where the JVM can tell. */
@FunctionalInterface
interface ProcessCpu {
    /** @return CPU nanoseconds used by this process so far */
    long nanos();

    /** @return this process's CPU clock, or null if the JVM does not offer one */
    static ProcessCpu current() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0) {
            return os::getProcessCpuTime;
        }
        return null;
    }
}
