package org.gcs.bench;

import java.util.ArrayList;
import java.util.List;
import org.gcs.tools.netns.LossModel;

/**
 * The points the WAN scenarios run: every RTT of {@code --rtt-ms} with every loss of {@code --loss}, RTT first.
 * The emulated WAN ({@link org.gcs.tools.netns.WanNetwork}) gives each site a 50 Mbit/s uplink and downlink.
 *
 * @param rttsMs the round-trip times, in milliseconds
 * @param losses the losses as written: percentages, or {@code ge} for
 *        {@link LossModel#GILBERT_ELLIOTT_1_PERCENT}
 * @param seed the loss models' seed
 * @param latencyRatePerSec the offered load of {@code wan-latency}, messages per second
 * @param tcpFlows wan-fairness: how many kernel TCP flows compete, each count a point ({@code --tcp-flows})
 * @param tcpCongestionControls wan-fairness: their congestion controls, each a point ({@code --tcp})
 * @param siteTcp the TCP congestion control of every site's route to the others, so of the JGroups bridges'
 *        connections
 *        ({@code --site-tcp})
 */
public record WanGrid(List<Long> rttsMs, List<String> losses, long seed, double latencyRatePerSec,
                      List<Integer> tcpFlows, List<String> tcpCongestionControls, String siteTcp) {
    /** The competing TCP flows of wan-fairness by default: 1 and 4. */
    public static final List<Integer> DEFAULT_TCP_FLOWS = List.of(1, 4);
    /** Their congestion controls by default: Reno (the TCP of RFC 5348's Eq. 1) and CUBIC (Linux's default). */
    public static final List<String> DEFAULT_TCP_CONGESTION_CONTROLS = List.of("reno", "cubic");
    /** The default grid: RTT 20, 100, 200 ms, loss 0, 0.5, 2 % and the bursty profile. */
    public static final WanGrid DEFAULT = new WanGrid(List.of(20L, 100L, 200L), List.of("0", "0.5", "2", "ge"), 1,
            WanWorkload.LATENCY_RATE_PER_SEC);

    /**
     * The sites' TCP by default: CUBIC, Linux's stock default and loss-based like the TCP of RFC 5348's Eq. 1. A
     * namespace otherwise takes the host's default, BBR on these machines, which ignores random loss: over it RELAY2's
     * bridges moved about 8× one loss-based flow's rate at 100 ms and 0.5 % (docs/performance.md).
     */
    public static final String DEFAULT_SITE_TCP = "cubic";

    /** A grid with wan-fairness's default TCP flows and the sites' default TCP. */
    public WanGrid(List<Long> rttsMs, List<String> losses, long seed, double latencyRatePerSec) {
        this(rttsMs, losses, seed, latencyRatePerSec, DEFAULT_TCP_FLOWS, DEFAULT_TCP_CONGESTION_CONTROLS,
                DEFAULT_SITE_TCP);
    }
    /** Every site's uplink and downlink. */
    public static final long SITE_RATE_BITS_PER_SEC = 50_000_000;
    /** The largest RTT {@code --rtt-ms} takes. */
    public static final long MAX_RTT_MS = 2_000;
    /** The largest loss percentage {@code --loss} takes. */
    public static final double MAX_LOSS_PERCENT = 50;

    /** Copies the lists. */
    public WanGrid {
        rttsMs = List.copyOf(rttsMs);
        losses = List.copyOf(losses);
        tcpFlows = List.copyOf(tcpFlows);
        tcpCongestionControls = List.copyOf(tcpCongestionControls);
    }

    /**
     * @param loss a loss as written in {@code --loss}
     * @return its model
     * @throws IllegalArgumentException if it is neither {@code ge} nor a percentage in 0..{@value #MAX_LOSS_PERCENT}
     */
    public static LossModel lossModel(String loss) {
        if (loss.equals("ge")) {
            return LossModel.GILBERT_ELLIOTT_1_PERCENT;
        }
        double percent;
        try {
            percent = Double.parseDouble(loss);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + loss + "' is neither a percentage nor ge");
        }
        if (!(percent >= 0 && percent <= MAX_LOSS_PERCENT)) {
            throw new IllegalArgumentException("'" + loss + "' is not a percentage in 0.." + MAX_LOSS_PERCENT);
        }
        return LossModel.random(percent / 100);
    }

    /**
     * @return wan-fairness's points: every RTT without loss (the competing flows make the loss, at the shared
     *         queue), each with every count of TCP flows and every congestion control
     */
    public List<WanPoint> fairnessPoints() {
        List<WanPoint> points = new ArrayList<>();
        for (long rtt : rttsMs) {
            for (int flows : tcpFlows) {
                for (String cc : tcpCongestionControls) {
                    points.add(new WanPoint(rtt, "0", LossModel.NONE, flows, cc));
                }
            }
        }
        return points;
    }

    /** @return the points, RTT by RTT, each with every loss */
    public List<WanPoint> points() {
        List<WanPoint> points = new ArrayList<>();
        for (long rtt : rttsMs) {
            for (String loss : losses) {
                points.add(new WanPoint(rtt, loss, lossModel(loss)));
            }
        }
        return points;
    }
}
