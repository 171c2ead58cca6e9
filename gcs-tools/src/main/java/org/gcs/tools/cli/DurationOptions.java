package org.gcs.tools.cli;

import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --duration} of the commands that run until they are stopped, {@code gcs node} and {@code gcs whiteboard} (a
 * picocli mixin). ({@code gcs demo}'s {@code --duration} is another option: how long its members send, 60 s unless
 * given, after which the demo checks the deliveries and ends.)
 */
public final class DurationOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Stop after this long, e.g. 10m (default: run until SIGTERM/SIGINT).")
    Duration duration;

    /**
     * @return how long the command runs, or null to run until SIGTERM/SIGINT
     * @throws ParameterException naming the option if the duration is not positive
     */
    public Duration duration() {
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw new ParameterException(command.commandLine(), "--duration must be positive, e.g. 10m");
        }
        return duration;
    }
}
