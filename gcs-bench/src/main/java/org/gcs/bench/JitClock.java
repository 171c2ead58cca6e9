package org.gcs.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/** The time this JVM's JIT compilers have spent compiling, where the JVM tells it. */
final class JitClock {
    private JitClock() {
    }

    /** @return milliseconds spent in JIT compilation so far (all compiler threads), or -1 if unknown */
    static long compileMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return -1;
        }
        return jit.getTotalCompilationTime();
    }
}
