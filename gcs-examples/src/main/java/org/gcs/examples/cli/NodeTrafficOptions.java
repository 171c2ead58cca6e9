package org.gcs.examples.cli;

import java.util.OptionalLong;
import org.gcs.GcsConfig;
import org.gcs.MemberId;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The generated-traffic options of {@code gcs node} (a picocli mixin): {@code --send-rate}, {@code --send-count},
 * {@code --send-when-members}, {@code --send-when-sites} and {@code --size}. {@link #check()} checks them alone,
 * before the node's file is read; {@link #settings} checks them against the file and turns them into the settings of
 * a {@link NodeTraffic}.
 */
final class NodeTrafficOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--send-rate", paramLabel = "N", defaultValue = "0",
            description = {"Also send N generated messages per second to the first group (default: none).",
                "Each payload starts with the check header 'gcs-check SITE/MEMBER SEQ ' (SEQ = 1, 2, 3... in this"
                        + " run) and is padded with '.' to --size bytes; generated messages are checked, not shown"
                        + " as chat."})
    double ratePerSec;

    /** {@code --send-count}; null when not given. */
    @Option(names = "--send-count", paramLabel = "N",
            description = "Stop generating after N messages and print 'sent-done count=N' once the last one was"
                    + " handed to send (default: no limit; needs --send-rate).")
    Long messageCount;

    /** {@code --send-when-members}; null when not given. */
    @Option(names = "--send-when-members", paramLabel = "N",
            description = "Start generating only once the view of the first group lists at least N members (this"
                    + " node included), then print 'send-start members=N' with the view's count (default: 0,"
                    + " start at once; needs --send-rate). Sending goes on if the view shrinks again.")
    Integer minMembers;

    /** {@code --send-when-sites}; null when not given. */
    @Option(names = "--send-when-sites", paramLabel = "N",
            description = "Likewise, wait until that view lists members of at least N sites; the start line then"
                    + " reads 'send-start members=N sites=M' (default: 0; needs --send-rate; combines with"
                    + " --send-when-members).")
    Integer minSites;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1000",
            description = "Total payload bytes of the generated messages, check header included (default:"
                    + " ${DEFAULT-VALUE}); must hold the header with the largest sequence number: with --send-count"
                    + " that is N, else a 19-digit number.")
    int messageBytes;

    /**
     * Checks the options on their own.
     *
     * @throws ParameterException if one is out of range or needs {@code --send-rate} without it
     */
    void check() {
        if (!(ratePerSec >= 0) || Double.isInfinite(ratePerSec)) {
            throw usage("--send-rate must be 0 or a positive number, got " + ratePerSec);
        }
        if (messageBytes < 0) {
            throw usage("--size must not be negative, got " + messageBytes);
        }
        if (messageCount != null && messageCount < 1) {
            throw usage("--send-count must be positive, got " + messageCount);
        }
        if (messageCount != null && ratePerSec == 0) {
            throw usage("--send-count needs --send-rate");
        }
        checkWait("--send-when-members", minMembers);
        checkWait("--send-when-sites", minSites);
    }

    /**
     * Checks the options against the node's file; call after {@link #check()}.
     *
     * @param file the node's file
     * @return what to generate, or null without {@code --send-rate}
     * @throws ParameterException if {@code --size} exceeds {@code max.message.bytes} or cannot hold the check
     *                            header, or if there is traffic but no group to send it to
     */
    NodeTraffic.Settings settings(NodeConfigFile file) {
        GcsConfig config = file.config();
        if (messageBytes > config.maxMessageBytes()) {
            throw usage("--size must be at most max.message.bytes (" + config.maxMessageBytes() + "), got "
                    + messageBytes);
        }
        if (ratePerSec == 0) {
            return null;
        }
        if (file.groups().isEmpty()) {
            throw usage("--send-rate needs a group: list one under 'groups' in " + file.file());
        }
        checkSizeHoldsHeader(new MemberId(config.site(), config.memberName()).toString());
        return new NodeTraffic.Settings(ratePerSec, messageBytes,
                messageCount == null ? OptionalLong.empty() : OptionalLong.of(messageCount),
                minMembers == null ? 0 : minMembers, minSites == null ? 0 : minSites);
    }

    /** @param self this node, {@code site/member} */
    private void checkSizeHoldsHeader(String self) {
        long largestSequence = messageCount == null ? Long.MAX_VALUE : messageCount;
        int headerBytes = CheckPayload.headerBytes(self, largestSequence);
        if (messageBytes < headerBytes) {
            throw usage("--size must be at least " + headerBytes + " bytes to hold the check header '"
                    + CheckPayload.PREFIX + self + " SEQ '"
                    + (messageCount == null ? " for any SEQ (a smaller --send-count lowers this)"
                            : " up to SEQ " + messageCount) + ", got " + messageBytes);
        }
    }

    /**
     * @param option the option's name
     * @param value its value, null when not given
     */
    private void checkWait(String option, Integer value) {
        if (value == null) {
            return;
        }
        if (value < 0) {
            throw usage(option + " must be 0 or more, got " + value);
        }
        if (ratePerSec == 0) {
            throw usage(option + " needs --send-rate");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(command.commandLine(), message);
    }
}
