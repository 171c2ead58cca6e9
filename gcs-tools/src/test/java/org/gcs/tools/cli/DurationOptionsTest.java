package org.gcs.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gcs.tools.cli.Commands.parse;

import java.time.Duration;
import org.gcs.tools.cli.Commands.Bench;
import org.gcs.tools.cli.Commands.Node;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** {@code --duration} of a command that runs until stopped, and {@code --json}. */
class DurationOptionsTest {
    private static DurationOptions duration(String... args) {
        return parse(new Node(), args).duration;
    }

    @Test
    void shouldRunUntilStoppedUnlessGivenADuration() {
        assertThat(duration().duration()).isNull();
        assertThat(duration("--duration", "2m").duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(duration("--duration", "500ms").duration()).isEqualTo(Duration.ofMillis(500));
        assertThat(CommandRun.of(new Node(), "--help").out()).contains("--duration=TIME", "SIGTERM/SIGINT");
    }

    @Test
    void shouldRefuseADurationThatIsNotPositiveOrHasNoUnit() {
        assertThatThrownBy(() -> duration("--duration", "0s").duration()).isInstanceOf(ParameterException.class)
                .hasMessage("--duration must be positive, e.g. 10m");
        CommandRun run = CommandRun.of(new Node(), "--duration", "30");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("node: Invalid value for option '--duration': '30' has no unit; add one of"
                + " " + org.gcs.Quantities.timeUnits() + ", e.g. 20ms");
        assertThat(org.gcs.Quantities.timeUnits()).contains("m, min or h");
        assertThat(duration("--duration", "1h").duration()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void shouldEndWithJsonOnlyWhenAsked() {
        assertThat(parse(new Bench()).json.enabled()).isFalse();
        assertThat(parse(new Bench(), "--json").json.enabled()).isTrue();
        assertThat(CommandRun.of(new Bench(), "--help").out()).contains("--json", "JSON object");
    }
}
