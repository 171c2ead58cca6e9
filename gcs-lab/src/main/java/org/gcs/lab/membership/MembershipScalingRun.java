package org.gcs.lab.membership;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.driver.WanPacketInfo;
import org.gcs.driver.WanPacketKind;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;
import org.gcs.sim.WanFilter;
import org.gcs.sim.WanLinks;

/**
 * One run of {@code membership-scaling}: GCS itself (not a model) in virtual time, N sites of one member each (its
 * delegate), no application data: what the overlay membership, the delegates' failure detection, costs and how well it
 * judges under loss. Four phases: the overlay forms; a steady window of {@code steadyNs} in which every WAN datagram a
 * delegate sends is counted (all of them are control traffic) and every removal of a live site is a false one; one
 * delegate crashes; the run waits until every other delegate removed it.
 *
 * <p><b>Links: a star collapsed into a full mesh.</b> {@link SimNetwork} does not route: a datagram goes over the
 * one emulated link from its sender's site to its receiver's. So a star through a hub site would leave the leaves
 * talking to each other over ideal links. Instead every ordered pair gets a direct link that stands for the path
 * through a hub: site i has an access delay a_i drawn from the seed, uniform over 5.0–15.0 ms in steps of 0.1 ms, and
 * the link from i to j has the one-way delay a_i + a_j (10–30 ms, so the triangle inequality holds), no jitter,
 * Bernoulli loss of {@code lossRate} (one link is the whole path, so the end-to-end loss per datagram is the loss rate
 * itself) and 100 Mb/s with the default 128 KiB queue (a delegate has one link per destination site, so control
 * traffic never queues). The links are computed per pair ({@link #links()}, {@link SimNetwork#withLinks}) from 201
 * shared profiles per loss rate: a {@code Topology} listing them would hold N·(N − 1) entries, 4.2 million at 2048
 * sites, about 365 MB and 25 s to build.
 *
 * <p><b>Settings.</b> The heartbeat interval and the site timeout are GCS's defaults, 1 s and 5 s, set explicitly
 * ({@link #HEARTBEAT_INTERVAL}, {@link #SITE_TIMEOUT}); {@code probe.interval} (500 ms) and
 * {@code tree.refresh.interval} (30 s) keep their defaults. Then {@link #settings()} apply, each with
 * {@code GcsConfigBuilder.set(key, value)}, untouched; they may override the timers, and the report expresses detection
 * in the site timeout the nodes actually use. Each node is seeded with the first {@value #SEED_SITES} sites (node 0
 * with none): the rest of the overlay it learns through the delegates' gossip.
 *
 * <p><b>What is measured, and how.</b>
 * <ul>
 *   <li>Every delegate joins one group ({@value #GROUP}): the engine's group view is the public picture of the remote
 *       sites it knows (a site is in the view once its delegate's announcement with its members reached this one, and
 *       leaves it when the delegate drops the site). Joining costs no datagram (2 bytes per site announcement, no flow
 *       without data). A {@link org.gcs.ViewListener} per node tracks the sites of its view, so forming, false
 *       removals and detection are seen at the event, not sampled. A delegate publishes its remote sites to its LAN at
 *       most every 50 ms ({@code RemoteSitesPublication.SPACING_NS}) and the LAN takes 0.2 ms, so a view lags
 *       the delegate's directory by at most about 50 ms; a site dropped and relearned, state included, within that
 *       lag would go unseen.</li>
 *   <li>Formed: every node's view holds all N members at once. If that does not happen within
 *       {@link #FORM_DEADLINE_NS} of virtual time the run reports it as a problem and goes on to the steady window
 *       and the crash all the same (what keeps it from forming, live sites dropped again and again, is what the
 *       window counts).</li>
 *   <li>Control traffic: a {@link WanFilter} that passes everything counts, per sending site, each datagram the
 *       engine hands to the WAN (before the emulated link, so datagrams the link then loses count: they were sent)
 *       and its bytes ({@link WanPacketInfo#encodedBytes()}, the sealed datagram's size: header, body and tag), and
 *       in total by {@link WanPacketKind}. Rates per delegate per second over the steady window: mean and max over
 *       the delegates.</li>
 *   <li>False removals: every view change that drops a live site during the steady window, counted per
 *       (delegate, site) removal; {@code delegatesWithFalseRemovals} counts the delegates that made any.</li>
 *   <li>Crash: {@link SimNetwork#crash} (the process stops at once, no goodbye) of a site drawn from the seed among
 *       those no node is seeded with; each other delegate's detection time is from the crash to its first view
 *       without the site, bounded by {@value #DETECTION_BOUND_SITE_TIMEOUTS} site timeouts.</li>
 * </ul>
 * Everything derives from {@link #seed()}: the same run repeats exactly. Nothing sleeps; time is virtual.
 *
 * @param sites N, the sites (each one member, its delegate)
 * @param lossRate the probability that a WAN datagram is lost, end to end, e.g. 0, 0.05 or 0.20
 * @param settings engine settings applied after the run's own, by key ({@code GcsConfigBuilder.set}), in their order
 * @param steadyNs the steady window over which control traffic and false removals are measured
 * @param seed the run's seed
 */
record MembershipScalingRun(int sites, double lossRate, Map<String, String> settings, long steadyNs, long seed) {
    /** The group every delegate joins, whose views show the remote sites each one knows. */
    static final String GROUP = "membership";
    /** How often a delegate announces its site to every other: GCS's default, set explicitly. */
    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    /** The silence after which a delegate drops a remote site: GCS's default, set explicitly. */
    static final Duration SITE_TIMEOUT = Duration.ofSeconds(5);
    /**
     * How long the overlay may take to form, in virtual time, before the run counts it as a problem (and measures all
     * the same). Forming took 2–9 s from 16 to 128 sites at 0–20 % loss and 5 s at 256 sites without loss; a virtual
     * second of 256 sites costs about 7 s of wall time, so a run that does not form costs minutes.
     */
    static final long FORM_DEADLINE_NS = 60_000_000_000L;
    /** How many site timeouts the run waits for every delegate to remove the crashed site. */
    static final int DETECTION_BOUND_SITE_TIMEOUTS = 20;
    /** The first sites, which seed every later node (and are never crashed). */
    static final int SEED_SITES = 3;
    /** The least one-way access delay of a site to the implicit hub. */
    static final long ACCESS_DELAY_MIN_NS = 5_000_000L;
    /** The access delays' granularity: 0.1 ms. */
    static final long ACCESS_DELAY_STEP_NS = 100_000L;
    /** The access delays are MIN + k · STEP, k uniform over 0 … STEPS: 5.0–15.0 ms. */
    static final int ACCESS_DELAY_STEPS = 100;
    /** Every link's rate: far above what control traffic needs, so that nothing queues. */
    static final long LINK_BITS_PER_SEC = 100_000_000L;
    /**
     * The heap a run holds per ordered pair of sites, about: every node keeps every other site (its directory, SWIM
     * and tree state, peers' names), and every pair that exchanged a datagram has an emulated link. A 1024-site run
     * held 3.15 GB live after forming (jmap -histo:live, 2026-12-07), 3.0 KB per pair.
     */
    static final long HEAP_BYTES_PER_PAIR = 3_000;
    private static final long MS = 1_000_000L;

    /**
     * What a run measured. Rates are per delegate per second of the steady window; detection is over the delegates
     * whose view held the crashed site when it crashed.
     *
     * @param sites N
     * @param lossRate the end-to-end loss per datagram
     * @param formingSec the virtual time until every delegate's view held every site; NaN if that did not happen
     *     within {@link #FORM_DEADLINE_NS}
     * @param formingWallMs the wall-clock time that took (or waiting in vain)
     * @param controlDatagramsPerDelegatePerSecMean datagrams a delegate sent per second, mean over the delegates
     * @param controlDatagramsPerDelegatePerSecMax the same, the busiest delegate
     * @param controlBytesPerDelegatePerSecMean bytes (whole sealed datagrams) a delegate sent per second, mean
     * @param controlDatagramsPerDelegatePerSecByKind the mean datagrams per delegate per second of each packet kind
     *     that occurred ({@link WanPacketKind} names)
     * @param falseRemovals view changes that dropped a live site during the steady window, over all delegates
     * @param delegatesWithFalseRemovals the delegates that made at least one
     * @param siteTimeoutMs the site timeout the nodes used
     * @param detectionMaxMs the latest delegate's time from the crash to its view without the crashed site; NaN if
     *     none removed it
     * @param detectionMeanMs the mean over the delegates that removed it; NaN if none did
     * @param wallMs the run's wall-clock time
     * @param problem what went wrong (the overlay did not form in time, delegates did not remove the crashed site in
     *     time), or null
     */
    record Outcome(int sites, double lossRate, double formingSec, long formingWallMs,
                   double controlDatagramsPerDelegatePerSecMean, double controlDatagramsPerDelegatePerSecMax,
                   double controlBytesPerDelegatePerSecMean,
                   SortedMap<String, Double> controlDatagramsPerDelegatePerSecByKind, long falseRemovals,
                   int delegatesWithFalseRemovals, long siteTimeoutMs, double detectionMaxMs, double detectionMeanMs,
                   long wallMs, String problem) {

        /** @return the latest detection in site timeouts */
        double detectionMaxSiteTimeouts() {
            return detectionMaxMs / siteTimeoutMs;
        }

        /** @return the mean detection in site timeouts */
        double detectionMeanSiteTimeouts() {
            return detectionMeanMs / siteTimeoutMs;
        }
    }

    /** Copies the settings, keeping their order. */
    MembershipScalingRun {
        if (sites < SEED_SITES + 1) {
            throw new IllegalArgumentException("a run needs at least " + (SEED_SITES + 1) + " sites, got " + sites);
        }
        if (!(lossRate >= 0 && lossRate < 1)) {
            throw new IllegalArgumentException("lossRate must be in [0, 1), was " + lossRate);
        }
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    static String site(int i) {
        return "s" + i;
    }

    /** @return the index of a site named by {@link #site(int)} */
    static int index(String site) {
        return Integer.parseInt(site, 1, site.length(), 10);
    }

    /** @return every site's one-way access delay to the implicit hub, from the seed, in steps of 0.1 ms */
    long[] accessDelaysNs() {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + sites);
        long[] delays = new long[sites];
        for (int i = 0; i < sites; i++) {
            delays[i] = ACCESS_DELAY_MIN_NS + random.nextInt(ACCESS_DELAY_STEPS + 1) * ACCESS_DELAY_STEP_NS;
        }
        return delays;
    }

    /**
     * @return the full mesh that stands for the star (class comment), computed per pair: delay a_i + a_j, the loss
     *     rate end to end
     */
    WanLinks links() {
        LossProfile loss = lossRate == 0 ? LossProfile.none() : LossProfile.bernoulli(lossRate);
        long[] access = accessDelaysNs();
        LinkProfile[] byDelaySteps = new LinkProfile[2 * ACCESS_DELAY_STEPS + 1];
        for (int steps = 0; steps < byDelaySteps.length; steps++) {
            byDelaySteps[steps] = new LinkProfile(2 * ACCESS_DELAY_MIN_NS + steps * ACCESS_DELAY_STEP_NS, 0, loss,
                    LINK_BITS_PER_SEC, LinkProfile.DEFAULT_QUEUE_BYTES, false);
        }
        return (fromSite, toSite) -> byDelaySteps[(int) ((access[index(fromSite)] + access[index(toSite)]
                - 2 * ACCESS_DELAY_MIN_NS) / ACCESS_DELAY_STEP_NS)];
    }

    /** @return the heap this run needs at its peak, estimated ({@link #HEAP_BYTES_PER_PAIR}), plus a quarter */
    long heapBytesNeeded() {
        return HEAP_BYTES_PER_PAIR * sites * (sites - 1L) * 5 / 4;
    }

    /** @return the site that crashes: drawn from the seed among those that seed no node */
    int crashedSite() {
        return SEED_SITES + new SplittableRandom(seed * 7_919L + sites).nextInt(sites - SEED_SITES);
    }

    Outcome run() {
        long wallStart = System.nanoTime();
        SimNetwork net = SimNetwork.withLinks(links(), SimOptions.defaults().withSeed(seed), b -> {
            b.heartbeatInterval(HEARTBEAT_INTERVAL).siteTimeout(SITE_TIMEOUT);
            settings.forEach(b::set);
            return b;
        });
        DatagramCounter counter = new DatagramCounter(sites);
        net.setWanFilter(counter);
        ViewTracker views = new ViewTracker(sites);
        List<SimNode> nodes = new ArrayList<>();
        for (int i = 0; i < sites; i++) {
            SimNode node = net.startSeededBy(site(i), site(i) + "m", List.copyOf(nodes.subList(0,
                    Math.min(i, SEED_SITES))));
            node.keepHistory(false);
            int self = i;
            node.onView(view -> views.onView(self, view, net.nowNs()));
            nodes.add(node);
        }
        nodes.forEach(n -> n.join(GROUP));
        long siteTimeoutMs = nodes.get(0).config().siteTimeout().toMillis();

        // forming: the tracker counts the complete views, so the condition is cheap enough to ask after every event
        List<String> problems = new ArrayList<>();
        boolean formed = net.runUntil(() -> views.complete() == sites, FORM_DEADLINE_NS);
        double formingSec = formed ? net.nowNs() / 1e9 : Double.NaN;
        long formingWallMs = (System.nanoTime() - wallStart) / 1_000_000;
        if (!formed) { // measured all the same: the removals that keep it from forming are false ones
            problems.add("the overlay of " + sites + " sites did not form within " + FORM_DEADLINE_NS / 1_000_000_000L
                    + " s at " + percent(lossRate) + " loss: " + (sites - views.complete()) + " delegates lacked sites"
                    + " in their views then");
        }

        // the steady window: control traffic and false removals
        long[] datagramsBefore = counter.datagrams.clone();
        long[] bytesBefore = counter.bytes.clone();
        long[] kindsBefore = counter.byKind.clone();
        views.countFalseRemovals(true);
        long windowStartNs = net.nowNs();
        net.runFor(steadyNs);
        views.countFalseRemovals(false);
        double windowSec = (net.nowNs() - windowStartNs) / 1e9;
        double datagramsSum = 0;
        double datagramsMax = 0;
        double bytesSum = 0;
        for (int i = 0; i < sites; i++) {
            double rate = (counter.datagrams[i] - datagramsBefore[i]) / windowSec;
            datagramsSum += rate;
            datagramsMax = Math.max(datagramsMax, rate);
            bytesSum += (counter.bytes[i] - bytesBefore[i]) / windowSec;
        }
        SortedMap<String, Double> byKind = new TreeMap<>();
        for (WanPacketKind kind : WanPacketKind.values()) {
            long sent = counter.byKind[kind.ordinal()] - kindsBefore[kind.ordinal()];
            if (sent > 0) {
                byKind.put(kind.name(), sent / windowSec / sites);
            }
        }

        // the crash, and its detection by every other delegate
        int crashed = crashedSite();
        views.crash(crashed, net.nowNs());
        net.crash(nodes.get(crashed));
        net.runUntil(() -> views.undetected() == 0, DETECTION_BOUND_SITE_TIMEOUTS * siteTimeoutMs * MS);
        if (views.undetected() > 0) {
            problems.add(views.undetected() + " of " + (sites - 1) + " delegates did not remove the crashed site "
                    + site(crashed) + " within " + DETECTION_BOUND_SITE_TIMEOUTS + " site timeouts (" + sites
                    + " sites, " + percent(lossRate) + " loss)");
        }
        return new Outcome(sites, lossRate, formingSec, formingWallMs, datagramsSum / sites, datagramsMax,
                bytesSum / sites, Collections.unmodifiableSortedMap(byKind), views.falseRemovals(),
                views.delegatesWithFalseRemovals(), siteTimeoutMs, views.detectionMaxNs() / 1e6,
                views.detectionMeanNs() / 1e6, (System.nanoTime() - wallStart) / 1_000_000,
                problems.isEmpty() ? null : String.join("; ", problems));
    }

    static String percent(double rate) {
        return String.format(java.util.Locale.ROOT, "%.0f %%", rate * 100);
    }

    /**
     * Counts what each delegate hands to the WAN, by sending site, and in total by packet kind; lets everything pass.
     * The simulation is single-threaded, so plain arrays do.
     */
    private static final class DatagramCounter implements WanFilter {
        private final long[] datagrams;
        private final long[] bytes;
        private final long[] byKind = new long[WanPacketKind.values().length];

        DatagramCounter(int sites) {
            datagrams = new long[sites];
            bytes = new long[sites];
        }

        @Override
        public boolean pass(String fromSite, String toSite, WanPacketInfo packet) {
            int from = index(fromSite);
            datagrams[from]++;
            bytes[from] += packet.encodedBytes();
            byKind[packet.kind().ordinal()]++;
            return true;
        }
    }

    /**
     * The sites in each node's current view of {@value #GROUP}, from its view changes: how many views are complete,
     * the removals of live sites while they count, and when each delegate removed the crashed site.
     */
    private static final class ViewTracker {
        private static final long UNDETECTED = -1;
        private static final long NOTHING_TO_DETECT = -2;
        private final int sites;
        private final BitSet[] inView;
        private final long[] falseRemovalsBy;
        private final long[] detectedAtNs;
        private int complete;
        private boolean countingFalseRemovals;
        private int crashed = -1;
        private long crashNs;
        private int undetected;

        ViewTracker(int sites) {
            this.sites = sites;
            this.inView = new BitSet[sites];
            this.falseRemovalsBy = new long[sites];
            this.detectedAtNs = new long[sites];
            for (int i = 0; i < sites; i++) {
                inView[i] = new BitSet(sites);
            }
        }

        void onView(int node, GroupView view, long nowNs) {
            BitSet now = new BitSet(sites);
            for (MemberId member : view.members()) {
                now.set(index(member.site()));
            }
            BitSet removed = (BitSet) inView[node].clone();
            removed.andNot(now);
            for (int site = removed.nextSetBit(0); site >= 0; site = removed.nextSetBit(site + 1)) {
                if (site == crashed) {
                    if (detectedAtNs[node] == UNDETECTED) {
                        detectedAtNs[node] = nowNs - crashNs;
                        undetected--;
                    }
                } else if (countingFalseRemovals) {
                    falseRemovalsBy[node]++;
                }
            }
            boolean wasComplete = inView[node].cardinality() == sites;
            boolean isComplete = now.cardinality() == sites;
            complete += (isComplete ? 1 : 0) - (wasComplete ? 1 : 0);
            inView[node] = now;
        }

        void countFalseRemovals(boolean counting) {
            countingFalseRemovals = counting;
        }

        /**
         * From now on, removals of {@code site} are detections: every other node whose view holds it has yet to
         * detect it. A node whose view lacks it at the crash (a false removal not yet undone) has nothing to detect
         * and counts in neither the detection times nor the delegates that did not detect.
         */
        void crash(int site, long nowNs) {
            crashed = site;
            crashNs = nowNs;
            for (int i = 0; i < sites; i++) {
                detectedAtNs[i] = i == site || !inView[i].get(site) ? NOTHING_TO_DETECT : UNDETECTED;
                undetected += detectedAtNs[i] == UNDETECTED ? 1 : 0;
            }
        }

        int complete() {
            return complete;
        }

        int undetected() {
            return undetected;
        }

        long falseRemovals() {
            long total = 0;
            for (long count : falseRemovalsBy) {
                total += count;
            }
            return total;
        }

        int delegatesWithFalseRemovals() {
            int delegates = 0;
            for (long count : falseRemovalsBy) {
                delegates += count > 0 ? 1 : 0;
            }
            return delegates;
        }

        double detectionMaxNs() {
            long max = -1;
            for (int i = 0; i < sites; i++) {
                if (detectedAtNs[i] >= 0) {
                    max = Math.max(max, detectedAtNs[i]);
                }
            }
            return max < 0 ? Double.NaN : max;
        }

        double detectionMeanNs() {
            double sum = 0;
            int count = 0;
            for (int i = 0; i < sites; i++) {
                if (detectedAtNs[i] >= 0) {
                    sum += detectedAtNs[i];
                    count++;
                }
            }
            return count == 0 ? Double.NaN : sum / count;
        }
    }
}
