package org.gcs.internal.engine;

import java.util.Locale;
import org.gcs.cc.link.BackupBuffer;
import org.gcs.cc.link.LinkSettings;

/**
 * How data crosses the WAN ({@code wan.transport}): end to end (seeds 004 and 002: UDP along the tree, loss seen and
 * repaired end to end) or hop by hop (seeds 001 and 003: a reliable, back-pressured link per tree edge).
 *
 * @param hopByHop true for the hop-by-hop transport
 * @param link every link's settings (B_OUT, B_IN, windows, timers)
 * @param backupFailures r, the consecutive relay failures the backup buffer is sized for (seed 001 Theorem 2)
 * @param stallTimeoutNs how long a copy-out waits for a full next hop before dropping for it (spec §1.2: 2 s)
 */
public record TransportSettings(boolean hopByHop, LinkSettings link, int backupFailures, long stallTimeoutNs) {
    /** The end-to-end transport, the default. */
    public static final TransportSettings END_TO_END = new TransportSettings(false, LinkSettings.DEFAULTS, 1,
            2_000_000_000L);
    /** The hop-by-hop transport with seed 001's buffers (B_OUT = B_IN = 50) and r = 1. */
    public static final TransportSettings HOP_BY_HOP = new TransportSettings(true, LinkSettings.DEFAULTS, 1,
            2_000_000_000L);

    /** Rejects settings no transport can use. */
    public TransportSettings {
        if (link == null || backupFailures < 0 || stallTimeoutNs <= 0) {
            throw new IllegalArgumentException("need link settings, backupFailures >= 0 and stallTimeoutNs > 0");
        }
    }

    /**
     * @param name {@code end-to-end} or {@code hop-by-hop} (case and surrounding spaces ignored)
     * @return the transport's default settings
     * @throws IllegalArgumentException for any other name; the message lists the valid ones
     */
    public static TransportSettings parse(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "end-to-end" -> END_TO_END;
            case "hop-by-hop" -> HOP_BY_HOP;
            default -> throw new IllegalArgumentException("wan.transport must be end-to-end or hop-by-hop, got '"
                    + name + "'");
        };
    }

    /** @return the setting's value: {@code end-to-end} or {@code hop-by-hop} */
    public String name() {
        return hopByHop ? "hop-by-hop" : "end-to-end";
    }

    /** @return B_back, from r and the link buffers */
    public int backupPackets() {
        return BackupBuffer.capacityFor(backupFailures, link.inputCapacityPackets(), link.outputCapacityPackets());
    }
}
