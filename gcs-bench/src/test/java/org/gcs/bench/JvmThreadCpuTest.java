package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Map;
import org.gcs.bench.JvmThreadCpu.Kind;
import org.gcs.bench.JvmThreadCpu.Snapshot;
import org.junit.jupiter.api.Test;

class JvmThreadCpuTest {
    @Test
    void shouldTellTheJitAndTheCollectorByTheirThreadsNames() {
        // HotSpot's names as Linux keeps them: the first 15 characters
        assertThat(Kind.of("C2 CompilerThre")).isEqualTo(Kind.JIT);
        assertThat(Kind.of("C1 CompilerThre")).isEqualTo(Kind.JIT);
        assertThat(Kind.of("GC Thread#0")).isEqualTo(Kind.GC);
        assertThat(Kind.of("G1 Main Marker")).isEqualTo(Kind.GC);
        assertThat(Kind.of("G1 Conc#0")).isEqualTo(Kind.GC);
        assertThat(Kind.of("G1 Refine#0")).isEqualTo(Kind.GC);
        assertThat(Kind.of("G1 Service")).isEqualTo(Kind.GC);
        assertThat(Kind.of("VM Thread")).isEqualTo(Kind.OTHER);
        assertThat(Kind.of("gcs-loop-a1-1-1")).isEqualTo(Kind.OTHER);
        assertThat(Kind.of("Sweeper thread")).isEqualTo(Kind.OTHER);
    }

    @Test
    void shouldReadTheTimeOnACpuFromSchedstat() {
        assertThat(JvmThreadCpu.onCpuNs("557064575 79476947 468\n")).isEqualTo(557_064_575L);
    }

    @Test
    void shouldCountWhatTheThreadsAliveAtTheEndSpentSinceTheStart() {
        Snapshot start = new Snapshot(Map.of("11", 1_000L, "12", 5_000L, "13", 7_000L), Map.of("20", 100L));
        // 11 went on, 12 ended within the phase (not counted), 14 started within it (all of its time counts)
        Snapshot end = new Snapshot(Map.of("11", 4_000L, "13", 7_000L, "14", 600L), Map.of("20", 150L));

        assertThat(end.cpuNsSince(start, Kind.JIT)).isEqualTo(3_000L + 0 + 600);
        assertThat(end.cpuNsSince(start, Kind.GC)).isEqualTo(50L);
    }

    @Test
    void shouldSeeThisJvmsCollectorAtWork() {
        assumeTrue(usesG1(), "G1 (the JVM's choice on 2 CPUs and 2 GB or more) collects on threads of its own");
        Snapshot before = JvmThreadCpu.now();
        assertThat(before).as("Linux tells each thread's time on a CPU").isNotNull();
        assertThat(before.jitNs()).as("this JVM's compiler threads").isNotEmpty();
        System.gc();
        Snapshot after = JvmThreadCpu.now();

        assertThat(after.cpuNsSince(before, Kind.GC)).as("a full collection by G1's workers").isPositive();
        assertThat(after.cpuNsSince(before, Kind.JIT)).isNotNegative();
    }

    /** @return whether this JVM collects with G1, whose workers are threads of their own (Serial's run in the VM's) */
    static boolean usesG1() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().anyMatch(gc -> gc.getName().startsWith("G1"));
    }
}
