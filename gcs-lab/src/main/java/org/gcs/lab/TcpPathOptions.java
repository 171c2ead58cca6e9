package org.gcs.lab;

import java.util.List;
import java.util.Locale;

/**
 * The path options of {@code gcs lab tcp-friendliness}: {@code --rtt-ms}, the base round-trip time the router's delay
 * line adds (half in each direction), and {@code --tcp}, the kernel TCP's congestion control in the sender namespace.
 * Other scenarios refuse them.
 *
 * @param rttMs base RTT in milliseconds: even (the delay line adds whole milliseconds each way), in
 *     [{@value #MIN_RTT_MS}, {@value #MAX_RTT_MS}]
 * @param tcpCongestionControl one of {@link #TCP_CONGESTION_CONTROLS}
 */
public record TcpPathOptions(int rttMs, String tcpCongestionControl) {
    /** The option's name for the RTT. */
    public static final String RTT_OPTION = "--rtt-ms";
    /** The option's name for the TCP's congestion control. */
    public static final String TCP_OPTION = "--tcp";
    /** Smallest base RTT, ms. */
    public static final int MIN_RTT_MS = 2;
    /** Largest base RTT, ms. */
    public static final int MAX_RTT_MS = 1000;
    /**
     * The TCPs the lab offers: Reno, the TCP Eq. 1 models (the default), and CUBIC, Linux's usual default. Reno is
     * the sender namespace's default; another is set on its route ({@code congctl}), since a namespace may default
     * only to the host's {@code tcp_allowed_congestion_control}; the kernel must offer it
     * ({@code tcp_available_congestion_control}).
     */
    public static final List<String> TCP_CONGESTION_CONTROLS = List.of("reno", "cubic");
    /** The defaults: a 60 ms base RTT against Reno. */
    public static final TcpPathOptions DEFAULTS = new TcpPathOptions(60, "reno");

    /** Rejects values out of range, naming the option and its unit. */
    public TcpPathOptions {
        if (rttMs < MIN_RTT_MS || rttMs > MAX_RTT_MS || rttMs % 2 != 0) {
            throw new IllegalArgumentException(RTT_OPTION + " must be an even number of milliseconds in ["
                    + MIN_RTT_MS + ", " + MAX_RTT_MS + "] (half is added in each direction), got " + rttMs);
        }
        if (!TCP_CONGESTION_CONTROLS.contains(tcpCongestionControl)) {
            throw new IllegalArgumentException(TCP_OPTION + " must be one of " + String.join(", ",
                    TCP_CONGESTION_CONTROLS) + " (the kernel TCP's congestion control), got '"
                    + tcpCongestionControl + "'");
        }
    }

    /**
     * Parses the options as given on the command line.
     *
     * @param rttText the {@code --rtt-ms} value, or null for the default
     * @param tcpText the {@code --tcp} value, or null for the default
     * @return the options
     * @throws IllegalArgumentException naming the option, its unit and the accepted values
     */
    public static TcpPathOptions parse(String rttText, String tcpText) {
        int rtt = DEFAULTS.rttMs;
        if (rttText != null) {
            try {
                rtt = Integer.parseInt(rttText.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(RTT_OPTION + " must be a whole number of milliseconds, e.g. "
                        + RTT_OPTION + " 100, got '" + rttText + "'");
            }
        }
        String tcp = tcpText == null ? DEFAULTS.tcpCongestionControl : tcpText.trim().toLowerCase(Locale.ROOT);
        return new TcpPathOptions(rtt, tcp);
    }

    /** @return the delay the router adds in each direction, ms */
    public long oneWayDelayMs() {
        return rttMs / 2;
    }
}
