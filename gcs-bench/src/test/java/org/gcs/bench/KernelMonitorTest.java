package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link KernelMonitor} over a copy of the sysfs and proc files it reads, as this machine's kernel writes them. */
class KernelMonitorTest {
    @TempDir
    Path root;

    private KernelMonitor monitor() {
        return new KernelMonitor(root.resolve("damon"), root.resolve("proc"));
    }

    private void kdamond(int index, String state, int pid) throws IOException {
        Path dir = root.resolve("damon/kdamonds/" + index);
        write(dir.resolve("state"), state + "\n");
        write(dir.resolve("pid"), pid + "\n");
        write(dir.resolve("contexts/0/schemes/0/action"), "pageout\n");
        write(dir.resolve("contexts/0/monitoring_attrs/intervals/sample_us"), "500000\n");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @Test
    void noDamonMeansOffWithoutWarning() {
        assertThat(monitor().running()).isEmpty();
        assertThat(monitor().state()).isEqualTo("off");
        assertThat(monitor().cpuMillis()).isEqualTo(-1);
        assertThat(monitor().warning()).isEmpty();
    }

    @Test
    void aMonitorTurnedOffIsNotRunning() throws IOException {
        kdamond(0, "off", -1);
        assertThat(monitor().state()).isEqualTo("off");
        assertThat(monitor().warning()).isEmpty();
    }

    @Test
    void aRunningMonitorIsDescribedCountedAndNamedWithTheCommandThatStopsIt() throws IOException {
        kdamond(0, "on", 79);
        write(root.resolve("proc/79/stat"),
                "79 (kdamond.0) S 2 0 0 0 -1 2129984 0 0 0 0 1234 5678 0 0 20 0 1 0 107 0 0 18446744073709551615\n");
        assertThat(monitor().state()).isEqualTo("kdamond 0 (pid 79): pageout, a look every 500 ms");
        assertThat(monitor().cpuMillis()).isEqualTo((1234 + 5678) * 10L);
        assertThat(monitor().warning()).hasValueSatisfying(text -> assertThat(text)
                .contains("DAMON monitor is on (kdamond 0 (pid 79)")
                .contains("echo off > " + root.resolve("damon/kdamonds/0/state"))
                .contains("echo on afterwards"));
    }

    @Test
    void pauseTurnsTheRunningMonitorsOffAndCloseTurnsThemOnAgainOnce() throws IOException {
        kdamond(0, "on", 79);
        kdamond(1, "off", -1);
        Path state0 = root.resolve("damon/kdamonds/0/state");
        Path state1 = root.resolve("damon/kdamonds/1/state");

        KernelMonitor.Paused paused = monitor().pause();

        assertThat(paused.monitors()).extracting(KernelMonitor.Running::index).containsExactly(0);
        assertThat(Files.readString(state0).trim()).isEqualTo("off");
        assertThat(monitor().warning()).isEmpty();
        paused.close();
        assertThat(Files.readString(state0).trim()).isEqualTo("on");
        assertThat(Files.readString(state1).trim()).as("a monitor that was off stays off").isEqualTo("off");
        Files.writeString(state0, "off\n");
        paused.close();
        assertThat(Files.readString(state0).trim()).as("closed once").isEqualTo("off");
    }

    @Test
    void pausingWithoutMonitorsChangesNothing() throws IOException {
        try (KernelMonitor.Paused paused = monitor().pause()) {
            assertThat(paused.monitors()).isEmpty();
        }
        assertThat(root.resolve("damon")).doesNotExist();
    }

    @Test
    void cpuTicksReadsUtimeAndStimeEvenWhenTheCommandHasSpacesAndParentheses() {
        assertThat(KernelMonitor.cpuTicks("5 (a (b) c) R 1 0 0 0 -1 0 0 0 0 0 7 8 0 0 20 0 1 0 1 0 0")).isEqualTo(15);
        assertThat(KernelMonitor.cpuTicks("garbage")).isZero();
        assertThat(KernelMonitor.cpuTicks("5 (x) R 1 2")).isZero();
    }
}
