package org.gcs;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.gcs.cc.link.BackupBuffer;
import org.gcs.cc.link.LinkSender;
import org.gcs.cc.link.LinkSettings;

/**
 * How data crosses the WAN ({@code wan.transport}): end to end (seeds 004 and 002: UDP along the tree, loss seen and
 * repaired end to end) or hop by hop (seeds 001 and 003: a reliable, back-pressured link per tree edge), with the
 * hop-by-hop transport's settings (the {@code hop.*} keys, which the end-to-end transport ignores).
 *
 * @param hopByHop true for the hop-by-hop transport
 * @param link every link's settings (B_OUT, B_IN, windows, timers)
 * @param backupFailures r, the consecutive relay failures the backup buffer is sized for (seed 001 Theorem 2)
 * @param backupPacketsOverride B_back set directly, or 0 to size it from r (for experiments that need a backup of
 *     another size, such as one B_OUT too small)
 * @param stallTimeoutNs how long a copy-out waits for a next hop that acknowledges nothing before dropping for it
 *     (spec §1.2: 2 s); longer than the links' window-probe interval
 * @param endToEndRepair whether the sending delegate's NAK repair runs as a fallback behind the links
 * @param endToEndRepairDelayNs how long acknowledgements may lag on the hop-by-hop transport before the fallback asks
 *     a receiving delegate for its gaps (the links hold packets back by design)
 */
public record TransportSettings(boolean hopByHop, LinkSettings link, int backupFailures, int backupPacketsOverride,
                                long stallTimeoutNs, boolean endToEndRepair, long endToEndRepairDelayNs) {
    /** The {@code wan.transport} value of the end-to-end transport. */
    public static final String END_TO_END_NAME = "end-to-end";
    /** The {@code wan.transport} value of the hop-by-hop transport. */
    public static final String HOP_BY_HOP_NAME = "hop-by-hop";
    /** The properties keys of the transport and its links. */
    public static final Set<String> KEYS = Set.of("wan.transport", "hop.output.packets", "hop.input.packets",
            "hop.backup.failures", "hop.backup.packets", "hop.stall.timeout", "hop.e2e.repair", "hop.e2e.repair.delay");
    /** The default wait before the fallback repair asks a lagging receiving delegate for its gaps. */
    public static final long DEFAULT_REPAIR_DELAY_NS = 5_000_000_000L;

    /** The end-to-end transport, the default. */
    public static final TransportSettings END_TO_END = new TransportSettings(false, LinkSettings.DEFAULTS, 1, 0,
            2_000_000_000L, true, DEFAULT_REPAIR_DELAY_NS);
    /** The hop-by-hop transport with seed 001's buffers (B_OUT = B_IN = 50), r = 1 and the fallback repair on. */
    public static final TransportSettings HOP_BY_HOP = END_TO_END.withHopByHop(true);

    /** Rejects settings no transport can use; the message names the key to change. */
    public TransportSettings {
        if (link == null) {
            throw new IllegalArgumentException("need link settings");
        }
        if (backupFailures < 0) {
            throw new IllegalArgumentException("hop.backup.failures (r) must be >= 0, got " + backupFailures
                    + ": give 0 or more, or leave it out for the default 1");
        }
        if (backupPacketsOverride < 0) {
            throw new IllegalArgumentException("hop.backup.packets must be >= 0 (0: r(B_in + B_out) + B_out), got "
                    + backupPacketsOverride + ": give 0 or more, or leave it out to size it from r");
        }
        if (stallTimeoutNs <= LinkSender.MAX_PROBE_INTERVAL_NS) {
            throw new IllegalArgumentException("hop.stall.timeout must be longer than the links' window-probe interval"
                    + " (" + LinkSender.MAX_PROBE_INTERVAL_NS / 1_000_000 + " ms), got " + stallTimeoutNs / 1_000_000
                    + " ms; the default is 2s");
        }
        if (endToEndRepairDelayNs <= 0) {
            throw new IllegalArgumentException("hop.e2e.repair.delay must be positive, got "
                    + Quantities.format(java.time.Duration.ofNanos(endToEndRepairDelayNs))
                    + ": give a duration such as 5s (the default)");
        }
    }

    /**
     * @param name {@code end-to-end} or {@code hop-by-hop} (case and surrounding spaces ignored)
     * @return the transport's default settings
     * @throws IllegalArgumentException for any other name; the message lists the valid ones
     */
    public static TransportSettings parse(String name) {
        return END_TO_END.withHopByHop(isHopByHop(name));
    }

    private static boolean isHopByHop(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case END_TO_END_NAME -> false;
            case HOP_BY_HOP_NAME -> true;
            default -> throw new IllegalArgumentException("wan.transport must be end-to-end or hop-by-hop, got '"
                    + name + "'");
        };
    }

    /**
     * A copy with one setting changed, given as in a node's properties file.
     *
     * @param key one of {@link #KEYS}
     * @param value its value ({@code 256}, {@code 2s}, {@code false}, ...)
     * @return the copy
     * @throws IllegalArgumentException if the key is not one of {@link #KEYS} or the value is invalid; the message
     *     names the key
     */
    public TransportSettings with(String key, String value) {
        String v = value.strip();
        return switch (key) {
            case "wan.transport" -> withHopByHop(isHopByHop(v));
            case "hop.output.packets" -> withLink(link.withBuffers(packets(key, v), link.inputCapacityPackets()));
            case "hop.input.packets" -> withLink(link.withBuffers(link.outputCapacityPackets(), packets(key, v)));
            case "hop.backup.failures" -> new TransportSettings(hopByHop, link, count(key, v, 0),
                    backupPacketsOverride, stallTimeoutNs, endToEndRepair, endToEndRepairDelayNs);
            case "hop.backup.packets" -> new TransportSettings(hopByHop, link, backupFailures, count(key, v, 0),
                    stallTimeoutNs, endToEndRepair, endToEndRepairDelayNs);
            case "hop.stall.timeout" -> new TransportSettings(hopByHop, link, backupFailures, backupPacketsOverride,
                    durationNs(key, v), endToEndRepair, endToEndRepairDelayNs);
            case "hop.e2e.repair" -> new TransportSettings(hopByHop, link, backupFailures, backupPacketsOverride,
                    stallTimeoutNs, bool(key, v), endToEndRepairDelayNs);
            case "hop.e2e.repair.delay" -> new TransportSettings(hopByHop, link, backupFailures,
                    backupPacketsOverride, stallTimeoutNs, endToEndRepair, durationNs(key, v));
            default -> throw new IllegalArgumentException("'" + key + "' is not a transport setting; they are "
                    + new java.util.TreeSet<>(KEYS));
        };
    }

    /** @return a copy on the given transport, every other setting kept */
    public TransportSettings withHopByHop(boolean hop) {
        return new TransportSettings(hop, link, backupFailures, backupPacketsOverride, stallTimeoutNs, endToEndRepair,
                endToEndRepairDelayNs);
    }

    /** @return a copy with other link settings */
    public TransportSettings withLink(LinkSettings newLink) {
        return new TransportSettings(hopByHop, newLink, backupFailures, backupPacketsOverride, stallTimeoutNs,
                endToEndRepair, endToEndRepairDelayNs);
    }

    /** @return the setting's value: {@code end-to-end} or {@code hop-by-hop} */
    public String name() {
        return hopByHop ? HOP_BY_HOP_NAME : END_TO_END_NAME;
    }

    /** @return B_back: set directly, else from r and the link buffers (seed 001 Theorem 2) */
    public int backupPackets() {
        return backupPacketsOverride > 0 ? backupPacketsOverride : BackupBuffer.capacityFor(backupFailures, link.inputCapacityPackets(), link.outputCapacityPackets());
    }

    /**
     * The built-in congestion controllers this transport runs with (spec §1.1): TFRC and ORMCC measure end-to-end
     * loss, which the hop-by-hop links hide (they would see p = 0 and never slow down), so the hop-by-hop transport
     * takes {@code none} (back-pressure only) and {@code cost-benefit} (seed 000: it prices the links' output
     * buffers, which only the hop-by-hop transport has).
     *
     * @return the names, the default first
     */
    public List<String> builtInControllers() {
        return hopByHop ? List.of("none", "cost-benefit") : List.of("tfrc", "ormcc", "none");
    }

    /**
     * Checks that a controller may run on this transport. Class names of custom controllers are the user's choice
     * and pass on both.
     *
     * @param controller the {@code congestion.control} value
     * @throws IllegalArgumentException if a built-in controller does not run on this transport; the message names the
     *     valid pairs
     */
    public void requireController(String controller) {
        String name = controller.strip().toLowerCase(Locale.ROOT);
        boolean builtIn = !name.contains(".");
        if (builtIn && !builtInControllers().contains(name)) {
            throw new IllegalArgumentException("congestion.control = " + controller + " does not run on wan.transport = "
                    + name() + ": end-to-end takes " + String.join(", ", END_TO_END.builtInControllers())
                    + "; hop-by-hop takes " + String.join(", ", HOP_BY_HOP.builtInControllers())
                    + " (its links hide the end-to-end loss TFRC and ORMCC measure, and only its links have the output"
                    + " buffers cost-benefit prices)");
        }
    }

    private static int packets(String key, String value) {
        return count(key, value, 1);
    }

    private static int count(String key, String value, int min) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + value + "'");
        }
        if (n < min || n > 1_000_000) {
            throw new IllegalArgumentException(key + " must be between " + min + " and 1000000, got " + n
                    + ": give a value in that range");
        }
        return n;
    }

    private static boolean bool(String key, String value) {
        try {
            return Quantities.bool(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
        }
    }

    private static long durationNs(String key, String value) {
        return Quantities.duration(key, value).toNanos();
    }
}
