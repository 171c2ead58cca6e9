package org.gcs.bench;

import java.util.Locale;
import org.gcs.tools.netns.LossModel;

/**
 * One point of the WAN scenarios' grid: a round-trip time between sites and a loss model, with the loss as the
 * user wrote it ({@code 0.5}, {@code ge}) for labels.
 *
 * @param rttMs the round-trip time between any two sites, in milliseconds
 * @param lossLabel the loss as written in {@code --loss}: a percentage or {@code ge}
 * @param loss the loss model of the router's delay line
 */
public record WanPoint(long rttMs, String lossLabel, LossModel loss) {
    /** @return e.g. {@code rtt=100ms loss=0.5%} or {@code rtt=100ms loss=ge} */
    public String label() {
        return String.format(Locale.ROOT, "rtt=%dms loss=%s", rttMs, lossLabel.equals("ge") ? "ge" : lossLabel + "%");
    }

    @Override
    public String toString() {
        return label();
    }
}
