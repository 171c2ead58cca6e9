package org.gcs.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gcs.tools.cli.Commands.parse;

import org.gcs.tools.cli.Commands.Demo;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** {@code --size} and {@code --rate}: 1000 bytes, the command's own rate, each command's range. */
class WorkloadOptionsTest {
    private static WorkloadOptions workload(String... args) {
        return parse(new Demo(), args).workload;
    }

    @Test
    void shouldTakeTheDefaultSizeAndTheCommandsRate() {
        WorkloadOptions options = workload();

        assertThat(options.size(0, 1 << 20)).isEqualTo(1000);
        assertThat(options.rate()).isEqualTo(50);
        assertThat(CommandRun.of(new Demo(), "--help").out()).contains("(default: 1000)", "(default: 50)");
    }

    @Test
    void shouldTakeSizesAndRatesInTheCommandsRange() {
        WorkloadOptions options = workload("--size", "17", "--rate", "12.5");

        assertThat(options.size(17, 60_000)).isEqualTo(17);
        assertThat(options.rate(100)).isEqualTo(12.5);
    }

    @Test
    void shouldRefuseSizesAndRatesOutOfRangeNamingTheOption() {
        assertThatThrownBy(() -> workload("--size", "16").size(17, 60_000, "a header takes 17"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("--size must be in 17..60000 bytes (a header takes 17), got 16");
        assertThatThrownBy(() -> workload("--size", "-1").size(0, 100))
                .hasMessage("--size must be in 0..100 bytes, got -1");
        assertThatThrownBy(() -> workload("--rate", "0").rate())
                .hasMessage("--rate must be a positive number of messages per second, got 0.0");
        assertThatThrownBy(() -> workload("--rate", "Infinity").rate()).hasMessageStartingWith("--rate must be");
        assertThatThrownBy(() -> workload("--rate", "NaN").rate()).hasMessageStartingWith("--rate must be");
        assertThatThrownBy(() -> workload("--rate", "2000000").rate(1_000_000))
                .hasMessage("--rate must be a positive number of messages per second up to 1000000, got 2000000.0");
    }

    @Test
    void shouldExitWithTwoForAValueThatIsNoNumber() {
        CommandRun run = CommandRun.of(new Demo(), "--rate", "fast");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("demo: Invalid value for option '--rate'");
    }
}
