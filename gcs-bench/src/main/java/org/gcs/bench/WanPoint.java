package org.gcs.bench;

import java.util.Locale;
import org.gcs.tools.netns.LossModel;

/**
 * One point of the WAN scenarios' grid: a round-trip time between sites and a loss model, with the loss as the
 * user wrote it ({@code 0.5}, {@code ge}) for labels; in {@code wan-fairness} also the kernel TCP flows that share
 * the sender's uplink.
 *
 * @param rttMs the round-trip time between any two sites, in milliseconds
 * @param lossLabel the loss as written in {@code --loss}: a percentage or {@code ge}
 * @param loss the loss model of the router's delay line
 * @param tcpFlows wan-fairness: the competing TCP connections (0 otherwise)
 * @param tcpCongestionControl wan-fairness: their congestion control ({@code ""} otherwise)
 */
public record WanPoint(long rttMs, String lossLabel, LossModel loss, int tcpFlows, String tcpCongestionControl) {
    /**
     * A point without competing TCP flows.
     *
     * @param rttMs the round-trip time between any two sites, in milliseconds
     * @param lossLabel the loss as written in {@code --loss}
     * @param loss the loss model of the router's delay line
     */
    public WanPoint(long rttMs, String lossLabel, LossModel loss) {
        this(rttMs, lossLabel, loss, 0, "");
    }

    /** @return e.g. {@code rtt=100ms loss=0.5%}, {@code rtt=100ms loss=ge} or {@code rtt=100ms tcp=4xreno} */
    public String label() {
        if (tcpFlows > 0) {
            return String.format(Locale.ROOT, "rtt=%dms tcp=%dx%s", rttMs, tcpFlows, tcpCongestionControl);
        }
        return String.format(Locale.ROOT, "rtt=%dms loss=%s", rttMs, lossLabel.equals("ge") ? "ge" : lossLabel + "%");
    }

    @Override
    public String toString() {
        return label();
    }
}
