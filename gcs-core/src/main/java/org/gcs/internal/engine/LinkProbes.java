package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedSet;
import org.gcs.alm.overlay.LinkQualityTable;
import org.gcs.internal.wire.LinkReport;
import org.gcs.internal.wire.WanPacket.Probe;
import org.gcs.internal.wire.WanPacket.ProbeReply;

/**
 * A delegate's probes of the links to the other delegates (RTT, loss) and the link reports its announcements carry,
 * for the coordinator's tree ({@link TreeOverlay}). It owns the {@link LinkQualityTable} and which sites are probed
 * when: every live site each {@code probe.interval} with {@code overlay.membership = all-to-all};
 * {@link #SWIM_PROBES_PER_INTERVAL} of them in turn with SWIM, whose announcements also report only the
 * {@link #SWIM_REPORTED_LINKS} nearest links, so that a delegate's control traffic does not grow with the sites.
 */
final class LinkProbes {
    /** With SWIM: the sites probed per probe interval, in turn (every site once in N / 2 intervals). */
    static final int SWIM_PROBES_PER_INTERVAL = 2;
    /** With SWIM: the links an announcement reports to the coordinators, the nearest ones (lowest RTT). */
    static final int SWIM_REPORTED_LINKS = 16;
    private static final int LOSS_WINDOW = 64;

    private final long probeIntervalNs;
    private final LinkQualityTable links;
    private final int probesPerInterval;
    private final int reportedLinks;
    private long lastProbeNs = Long.MIN_VALUE / 2;
    /** The site probed last: the next interval's probes take the sites after it, in name order. */
    private String lastProbed = "";

    LinkProbes(EngineSettings settings) {
        this.probeIntervalNs = settings.probeIntervalNs();
        long probeTimeoutNs = Math.max(4 * settings.probeIntervalNs(), 2_000_000_000L);
        this.links = new LinkQualityTable(settings.flow().initialRttNs(), probeTimeoutNs, LOSS_WINDOW);
        this.probesPerInterval = settings.swimMembership() ? SWIM_PROBES_PER_INTERVAL : Integer.MAX_VALUE;
        this.reportedLinks = settings.swimMembership() ? SWIM_REPORTED_LINKS : Integer.MAX_VALUE;
    }

    /** @return the answer to a peer's probe */
    static ProbeReply answer(Probe probe) {
        return new ProbeReply(probe.seq());
    }

    void onProbeReply(String fromSite, ProbeReply reply, long nowNs) {
        links.probeAnswered(fromSite, reply.seq(), nowNs);
    }

    /**
     * Ages the unanswered probes and, once a probe interval, probes every live site, or the next
     * {@link #probesPerInterval} after the one probed last, in name order.
     */
    void onTick(SortedSet<String> liveSites, long nowNs, TreeOverlay.Output out) {
        links.tick(nowNs);
        if (nowNs - lastProbeNs < probeIntervalNs) {
            return;
        }
        lastProbeNs = nowNs;
        if (liveSites.size() <= probesPerInterval) {
            for (String peer : liveSites) {
                out.toSite(peer, new Probe(links.probeSent(peer, nowNs)));
            }
            return;
        }
        Iterator<String> after = liveSites.tailSet(lastProbed + "\0").iterator();
        for (int i = 0; i < probesPerInterval; i++) {
            if (!after.hasNext()) {
                after = liveSites.iterator();
            }
            lastProbed = after.next();
            out.toSite(lastProbed, new Probe(links.probeSent(lastProbed, nowNs)));
        }
    }

    /**
     * @return this delegate's measurements, for its site announcement: every link, or with SWIM the
     *     {@link #SWIM_REPORTED_LINKS} nearest (the coordinator takes an unreported link at its unknown cost)
     */
    List<LinkReport> linkReports() {
        List<LinkReport> reports = new ArrayList<>();
        for (String peer : links.peers()) {
            OptionalLong rtt = links.rttNs(peer);
            if (rtt.isPresent()) {
                reports.add(new LinkReport(peer, rtt.getAsLong() / 1_000, Math.round(links.lossRate(peer) * 1e6)));
            }
        }
        if (reports.size() > reportedLinks) {
            reports.sort(Comparator.comparingLong(LinkReport::rttMicros).thenComparing(LinkReport::site));
            return List.copyOf(reports.subList(0, reportedLinks));
        }
        return reports;
    }

    /** @return the sites probed so far (a read-only view) */
    Iterable<String> peers() {
        return links.peers();
    }

    /** @return the measured RTT to a site's delegate, if any */
    OptionalLong rttNs(String peer) {
        return links.rttNs(peer);
    }

    /** @return the measured probe loss rate to a site's delegate */
    double lossRate(String peer) {
        return links.lossRate(peer);
    }

    /** A site is gone: forget its measurements. */
    void forget(String peer) {
        links.forget(peer);
    }
}
