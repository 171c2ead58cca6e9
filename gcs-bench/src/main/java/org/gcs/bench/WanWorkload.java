package org.gcs.bench;

/**
 * How many messages a run of a WAN scenario sends at a point, so that every run ends by itself, within a few minutes
 * (a 200-ms bursty wan-throughput run took 2 to 4), whatever the RTT and the loss. Message counts stay fixed per run
 * (every delivery is checked against them); they are scaled per point from what a TCP-friendly flow can move there:
 *
 * <ul>
 *   <li>{@code wan-throughput}: the rate of one TCP flow by Mathis et al.'s formula, 1.22 × MSS / (RTT × √p)
 *       (MSS 1448 bytes, p the point's mean loss), at most the site's 50 Mbit/s and at most
 *       {@value #MAX_THROUGHPUT_PER_SEC} msg/s (what the nodes' CPUs take on this machine); the measured phase is
 *       {@value #MEASURED_SECONDS} s of that rate and the warm-up {@value #WARMUP_SECONDS} s, at least
 *       {@value #MIN_MEASURED} measured messages, and on a lossy path at least enough for
 *       {@value #MEASURED_LOSS_EPISODES} loss episodes ({@link #MEASURED_LOSS_EPISODES}). A system slower than one
 *       TCP flow takes longer, e.g. 3× slower makes a 24-s measured phase.</li>
 *   <li>{@code wan-fanout}: the same with the sender's uplink divided by the 4 copies a star sends;
 *       {@code wan-fairness}: a fair share of the uplink, 1 / (1 + TCP flows), for the longer of
 *       {@value #FAIRNESS_MEASURED_SECONDS} s and {@value #FAIRNESS_MEASURED_RTTS} RTTs measured after the longer of
 *       {@value #FAIRNESS_WARMUP_SECONDS} s and {@value #FAIRNESS_WARMUP_RTTS} RTTs of warm-up
 *       ({@link #fairnessSeconds}).</li>
 *   <li>{@code wan-latency}: a fixed offered load of {@value #LATENCY_RATE_PER_SEC} msg/s (20 KB/s with 1-KB
 *       messages, below a third of one TCP flow at 200 ms and 2 % loss, about 60 KB/s), {@value #MEASURED_SECONDS} s
 *       measured after {@value #LATENCY_PACED_WARMUP_SECONDS} s of paced warm-up. At points without loss two more
 *       warm-ups come first: one unpaced, of wan-throughput's warm-up count ({@link #unpacedWarmup}; {@code --rate}
 *       changes the load, {@code --unpaced-warmup} the unpaced count), then a brisk one,
 *       {@value #BRISK_WARMUP_MESSAGES} messages at {@value LoadGenerator#BRISK_RATE_PER_SEC} msg/s
 *       ({@link #briskWarmup}).</li>
 *   <li>{@code wan-outage}: wan-latency's offered load after {@value #WARMUP_SECONDS} s of paced warm-up,
 *       {@value #OUTAGE_MEASURED_SECONDS} s measured:
 *       {@value Scenario#OUTAGE_AFTER_SECONDS} s before the cut, the {@value Scenario#OUTAGE_SECONDS}-s outage, and
 *       the rest after it.</li>
 * </ul>
 *
 * {@code --messages} and {@code --warmup} still override the counts.
 */
final class WanWorkload {
    /**
     * Seconds of the measured phase at the estimated rate: with 8 s, RELAY2 moved its 2000 measured messages in
     * 1.3 s at 100 ms and 0.5 %, 13 round trips mostly on the window its TCP connections had grown in the warm-up, so
     * its msg/s measured the buffers rather than the flow; 20 s of one TCP flow's rate is several MB, beyond them.
     */
    static final long MEASURED_SECONDS = 20;
    /**
     * Loss episodes of the path in a wan-throughput or wan-fanout run's measured phase, at least
     * ({@link org.gcs.tools.netns.LossModel#lossEpisodesPerPacket}, a message taken for a packet). A loss-based flow's
     * rate is set by the episodes it meets, and 20 s at one TCP flow's rate held about 7 of them at 200 ms with bursty
     * loss (1 770 messages, an episode in 250 packets): single runs' msg/s there spread by a factor of 6.8 (GCS) and
     * 4.1 (RELAY2), and a median of 3 or 5 runs went with the runs' luck (docs/performance.md, "WAN round 11"). With
     * 12 000 measured messages, 48 episodes, they spread by 1.3 and 1.8 (round 13). The floor lengthens the points at
     * 100 and 200 ms with bursty or 0.5 % loss, and at 200 ms with 2 %; at 20 ms the 20 s hold more.
     */
    static final long MEASURED_LOSS_EPISODES = 50;
    /** Seconds of warm-up at the estimated rate. */
    static final long WARMUP_SECONDS = 5;
    /**
     * Seconds of wan-latency's paced warm-up, at every point. A node's JIT compiler running on the two cores shows in
     * the p99 wherever the p99 is the jitter of the message path: at points without loss, and at 20 ms with 0.5 %
     * loss, where both systems' repairs fall beyond the p99. The unpaced warm-up (points without loss only) compiles
     * the message path, but code that runs per tick or per paced message (timers, membership, metrics) reaches the
     * compilers' thresholds only after tens of seconds at 20 msg/s: with 5 s of paced warm-up GCS's delegates still
     * compiled 0.5–1.8 s in the measured phase, with 50 s 0.1–0.5 s, and its p99 went from 0.89 of RELAY2's to 0.99
     * at 20 ms and from 0.96 to 0.98 at 100 ms without loss (docs/performance.md, "WAN round 8"), and from 0.88 to
     * 1.33 at 20 ms with 0.5 % (round 9). RELAY2's nodes compiled at most 0.13 s.
     */
    static final long LATENCY_PACED_WARMUP_SECONDS = 50;
    /**
     * Messages of wan-latency's brisk warm-up at points without loss, sent one by one at
     * {@value LoadGenerator#BRISK_RATE_PER_SEC} msg/s between the unpaced and the paced warm-up. HotSpot's C2 compiles
     * a method after about 5 000 calls, and a lone message takes other paths than the unpaced burst (JGroups hands
     * single messages and batches up on different paths), so at 20 msg/s such a path is compiled only after minutes:
     * with the paced warm-up alone GCS's delegates still compiled 0.3 to 0.8 s each in the measured phase at 20 ms
     * without loss, RELAY2's nodes 0.03 to 0.12 s (docs/performance.md, "WAN round 12").
     */
    static final long BRISK_WARMUP_MESSAGES = 6_000;
    /**
     * Seconds of wan-fairness's measured phase at a fair share: long enough for many congestion epochs of the TCP
     * flows at 100 ms (a Reno sawtooth at 10 Mbit/s and 100 ms spans a few seconds).
     */
    static final long FAIRNESS_MEASURED_SECONDS = 20;
    /** Seconds of wan-fairness's warm-up at a fair share: the system's and the flows' start-up. */
    static final long FAIRNESS_WARMUP_SECONDS = 6;
    /**
     * Round trips of wan-fairness's measured phase, at least: a Reno flow's congestion epoch grows with the RTT (half
     * its window in round trips, about 15 s at 10 Mbit/s and 200 ms), so 20 s held about one epoch at 200 ms.
     */
    static final long FAIRNESS_MEASURED_RTTS = 200;
    /**
     * Round trips of wan-fairness's warm-up, at least: TFRC's p averages the last 8 loss intervals (RFC 5348 §5.4),
     * and the first is synthesized when the system leaves slow start against the TCP flow's full queue (§6.3.1), at
     * a low rate. With one loss event per Reno epoch, that first interval still weighed on p a minute later at
     * 200 ms: after 6 s of warm-up GCS's share was 0.72 (median of 3), after 60 s 1.09 (docs/performance.md, "WAN
     * round 5"). TFRC is fair in the long run and slower than TCP to take up bandwidth (RFC 5348 §1): the warm-up
     * lets the loss history form first.
     */
    static final long FAIRNESS_WARMUP_RTTS = 300;
    /** Seconds of wan-outage's measured phase at the offered load: before, during and after the outage. */
    static final long OUTAGE_MEASURED_SECONDS = 30;
    /** The fewest measured messages of a run. */
    static final long MIN_MEASURED = 200;
    /** The highest estimated rate, in messages per second. */
    static final double MAX_THROUGHPUT_PER_SEC = 4_000;
    /** The offered load of {@code wan-latency}, in messages per second. */
    static final double LATENCY_RATE_PER_SEC = 20;
    private static final double MSS_BYTES = 1448;

    private WanWorkload() {
    }

    /**
     * @param scenario a WAN scenario
     * @param point the point
     * @param messageBytes payload bytes of every message
     * @return the estimated messages per second of one TCP-friendly flow at the point (wan-fanout: at most the
     *         sender's uplink over one copy per other site, the bound of a star)
     */
    static double estimatedRatePerSec(Scenario scenario, WanPoint point, int messageBytes) {
        // wan-fanout: a star's sender uplink carries one copy per other site; wan-fairness: a fair share of it
        double copies = scenario == Scenario.WAN_FANOUT ? scenario.sites() - 1 : 1 + point.tcpFlows();
        double linkBytesPerSec = scenario.siteRateBitsPerSec() / 8.0 / copies;
        double p = point.loss().meanLoss();
        double bytesPerSec = p <= 0 ? linkBytesPerSec
                : Math.min(linkBytesPerSec, 1.22 * MSS_BYTES / (Math.max(1, point.rttMs()) / 1000.0 * Math.sqrt(p)));
        return Math.min(MAX_THROUGHPUT_PER_SEC, bytesPerSec / messageBytes);
    }

    /**
     * @param scenario a WAN scenario
     * @param point the point
     * @param messageBytes payload bytes of every message
     * @param latencyRatePerSec the offered load of {@code wan-latency}
     * @return the measured messages of a run
     */
    static long measured(Scenario scenario, WanPoint point, int messageBytes, double latencyRatePerSec) {
        double rate = paced(scenario) ? latencyRatePerSec : estimatedRatePerSec(scenario, point, messageBytes);
        double seconds = switch (scenario) {
            case WAN_FAIRNESS -> fairnessSeconds(point, FAIRNESS_MEASURED_SECONDS, FAIRNESS_MEASURED_RTTS);
            case WAN_OUTAGE -> OUTAGE_MEASURED_SECONDS;
            default -> MEASURED_SECONDS;
        };
        long count = Math.max(MIN_MEASURED, Math.round(rate * seconds));
        double episodesPerPacket = point.loss().lossEpisodesPerPacket();
        if ((scenario == Scenario.WAN_THROUGHPUT || scenario == Scenario.WAN_FANOUT) && episodesPerPacket > 0) {
            count = Math.max(count, Math.round(MEASURED_LOSS_EPISODES / episodesPerPacket));
        }
        return count;
    }

    /**
     * @param scenario a WAN scenario
     * @param point the point
     * @param messageBytes payload bytes of every message
     * @param latencyRatePerSec the offered load of {@code wan-latency}
     * @return the warm-up messages of a run
     */
    static long warmup(Scenario scenario, WanPoint point, int messageBytes, double latencyRatePerSec) {
        double rate = paced(scenario) ? latencyRatePerSec : estimatedRatePerSec(scenario, point, messageBytes);
        double seconds;
        if (scenario == Scenario.WAN_FAIRNESS) {
            seconds = fairnessSeconds(point, FAIRNESS_WARMUP_SECONDS, FAIRNESS_WARMUP_RTTS);
        } else if (scenario.kind() == Scenario.Kind.LATENCY) {
            seconds = LATENCY_PACED_WARMUP_SECONDS;
        } else {
            seconds = WARMUP_SECONDS;
        }
        return Math.round(rate * seconds);
    }

    /**
     * The warm-up a wan-latency run sends as fast as the system admits it, before its paced warm-up: as many
     * messages as wan-throughput's warm-up at the point ({@value #WARMUP_SECONDS} s of one TCP-friendly flow), so
     * that the JIT compilers have compiled the message path before the measured phase, as cross-site-latency's
     * unpaced warm-up does on loopback. With the paced warm-up alone (100 messages at 20 msg/s) every node JVM was
     * still compiling in the measured phase, on the same two cores that carried the messages: at 100 ms without
     * loss RELAY2's nodes 0.15 to 0.25 s of JIT time each, GCS's members 0.3 to 0.5 s and its delegates 0.8 to
     * 1.4 s. After the unpaced warm-up RELAY2's nodes and GCS's members compiled less, and both systems' p99 fell by
     * 2 to 4 ms (docs/performance.md, "WAN round 7"). Only points without loss have one: with loss the count (one TCP
     * flow's 5 s by Mathis' formula, 312 to 1249 messages) is too small to matter to the JIT, and at 200 ms and 2 %
     * RELAY2 took up to 10.5 s to deliver it and once delivered nothing more to one site for 30 s after it, which
     * failed the run. wan-outage keeps the paced warm-up alone: its figure, seconds of backlog, is not a tail.
     *
     * @param scenario a WAN scenario
     * @param point the point
     * @param messageBytes payload bytes of every message
     * @return the unpaced warm-up messages of a run (0 outside wan-latency and at a point with loss)
     */
    static long unpacedWarmup(Scenario scenario, WanPoint point, int messageBytes) {
        if (!latencyWithoutLoss(scenario, point)) {
            return 0;
        }
        return Math.round(estimatedRatePerSec(Scenario.WAN_THROUGHPUT, point, messageBytes) * WARMUP_SECONDS);
    }

    /**
     * @param scenario a WAN scenario
     * @param point the point
     * @return the brisk warm-up messages of a run: {@value #BRISK_WARMUP_MESSAGES} in wan-latency at a point without
     *     loss, else 0
     */
    static long briskWarmup(Scenario scenario, WanPoint point) {
        return latencyWithoutLoss(scenario, point) ? BRISK_WARMUP_MESSAGES : 0;
    }

    /**
     * @return true for wan-latency at a point without loss, where the p99 is a few milliseconds above the p50 and the
     *     JIT shows in it: the points with an unpaced warm-up
     */
    private static boolean latencyWithoutLoss(Scenario scenario, WanPoint point) {
        return scenario.kind() == Scenario.Kind.LATENCY && point.loss().meanLoss() == 0;
    }

    /** @return true for the scenarios at wan-latency's offered load: wan-latency and wan-outage */
    static boolean paced(Scenario scenario) {
        return scenario.kind() == Scenario.Kind.LATENCY || scenario.kind() == Scenario.Kind.OUTAGE;
    }

    /**
     * @param point a wan-fairness point
     * @param leastSeconds the phase's least length in seconds
     * @param leastRtts the phase's least length in round trips of the point's RTT
     * @return the phase's length in seconds: the longer of the two (at 20, 100 and 200 ms with the measured
     *     phase's 20 s and 200 RTTs: 20, 20 and 40 s; with the warm-up's 6 s and 300 RTTs: 6, 30 and 60 s)
     */
    static double fairnessSeconds(WanPoint point, long leastSeconds, long leastRtts) {
        return Math.max(leastSeconds, leastRtts * point.rttMs() / 1000.0);
    }
}
