package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;

class PhaseMeterTest {
    private static final int CHUNK_BYTES = 1 << 20;
    private static final int CHUNKS = 64;

    /** Keeps the allocations reachable until the phase ends, so that the JIT cannot remove them. */
    private final List<byte[]> kept = new ArrayList<>();

    @Test
    void measuresThePhasesAllocationAndCollections() {
        PhaseMeter meter = PhaseMeter.forThisProcess();
        assertThat(meter).as("this JVM tells its CPU time").isNotNull();

        meter.markStart();
        for (int i = 0; i < CHUNKS; i++) {
            kept.add(new byte[CHUNK_BYTES]);
        }
        kept.clear();
        System.gc();
        meter.markEnd();
        meter.markStart(); // a second mark changes nothing
        Map<String, String> fields = new LinkedHashMap<>();
        meter.addFigures(fields);

        assertThat(Long.parseLong(fields.get(PhaseMeter.ALLOCATED_BYTES)))
                .isBetween((long) CHUNKS * CHUNK_BYTES, (long) CHUNKS * CHUNK_BYTES + 8 * CHUNK_BYTES);
        assertThat(Long.parseLong(fields.get(PhaseMeter.GC_COLLECTIONS))).isPositive();
        long pausedMicros = Long.parseLong(fields.get(PhaseMeter.GC_PAUSED_MICROS));
        long longestMicros = Long.parseLong(fields.get(PhaseMeter.GC_LONGEST_PAUSE_MICROS));
        assertThat(longestMicros).isPositive().isLessThanOrEqualTo(pausedMicros);
        assertThat(Long.parseLong(fields.get(PhaseMeter.CPU_MICROS))).isPositive();
        assertThat(fields).containsKey(PhaseMeter.COMPILE_MILLIS);
        if (JvmThreadCpuTest.usesG1()) {
            assertThat(Long.parseLong(fields.get(PhaseMeter.GC_CPU_MICROS))).as("the collector's threads' CPU")
                    .isPositive();
        }
        assertThat(Long.parseLong(fields.get(PhaseMeter.JIT_CPU_MICROS))).as("the JIT's threads' CPU")
                .isNotNegative().isLessThanOrEqualTo(Long.parseLong(fields.get(PhaseMeter.CPU_MICROS)));
    }

    @Test
    void collectionsBeforeAndAfterThePhaseDoNotCount() {
        PhaseMeter meter = PhaseMeter.forThisProcess();
        System.gc();
        meter.markStart();
        meter.markEnd();
        System.gc();
        Map<String, String> fields = new LinkedHashMap<>();
        meter.addFigures(fields);

        assertThat(fields).containsEntry(PhaseMeter.GC_COLLECTIONS, "0").containsEntry(PhaseMeter.GC_PAUSED_MICROS, "0")
                .containsEntry(PhaseMeter.GC_LONGEST_PAUSE_MICROS, "0");
    }

    @Test
    void countsCollectionsBesideARecordingThatGoesToDisk() {
        try (Recording other = new Recording()) {
            other.setToDisk(true);
            other.enable("jdk.ObjectAllocationSample");
            other.start();
            PhaseMeter meter = PhaseMeter.forThisProcess();
            meter.markStart();
            System.gc();
            meter.markEnd();
            Map<String, String> fields = new LinkedHashMap<>();
            meter.addFigures(fields);

            assertThat(Long.parseLong(fields.get(PhaseMeter.GC_COLLECTIONS))).isPositive();
        }
    }

    @Test
    void aPhaseThatNeverEndedReportsNothing() {
        PhaseMeter meter = PhaseMeter.forThisProcess();
        meter.markStart();
        Map<String, String> fields = new LinkedHashMap<>();
        meter.addFigures(fields);
        assertThat(fields).isEmpty();
    }
}
