package org.gcs.tools.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The messages of {@code gcs demo} and {@code gcs bench} (a picocli mixin): {@code --size} and {@code --rate}. Each
 * command names its default rate in its {@link OptionDefaults} and gives the sizes and rates it can run
 * ({@link #size(int, int)}, {@link #rate(double)}).
 */
public final class WorkloadOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1000",
            description = "Payload bytes of every message (default: ${DEFAULT-VALUE}).")
    int size;

    /**
     * @param minBytes the smallest size the command takes
     * @param maxBytes the largest size the command takes
     * @return the size of every message's payload
     * @throws ParameterException naming the option if the size is out of range
     */
    public int size(int minBytes, int maxBytes) {
        return size(minBytes, maxBytes, null);
    }

    /**
     * @param minBytes the smallest size the command takes
     * @param maxBytes the largest size the command takes
     * @param why why the range is what it is, for the error message, or null
     * @return the size of every message's payload
     * @throws ParameterException naming the option if the size is out of range
     */
    public int size(int minBytes, int maxBytes, String why) {
        if (size < minBytes || size > maxBytes) {
            throw new ParameterException(command.commandLine(), "--size must be in " + minBytes + ".." + maxBytes
                    + " bytes" + (why == null ? "" : " (" + why + ")") + ", got " + size);
        }
        return size;
    }

    @Option(names = "--rate", paramLabel = "N",
            description = "Messages per second that every sender offers (default: ${DEFAULT-VALUE}).")
    double rate;

    /**
     * @return the messages per second every sender offers
     * @throws ParameterException naming the option unless the rate is a positive number
     */
    public double rate() {
        return rate(Double.MAX_VALUE);
    }

    /**
     * @param maxPerSec the highest rate the command takes
     * @return the messages per second every sender offers
     * @throws ParameterException naming the option unless the rate is a positive number up to {@code maxPerSec}
     */
    public double rate(double maxPerSec) {
        if (!(rate > 0) || rate > maxPerSec) {
            throw new ParameterException(command.commandLine(), "--rate must be a positive number of messages per"
                    + " second" + (maxPerSec == Double.MAX_VALUE ? "" : " up to " + (long) maxPerSec) + ", got "
                    + rate);
        }
        return rate;
    }
}
