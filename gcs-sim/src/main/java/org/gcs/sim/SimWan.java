package org.gcs.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.driver.WanPacketInfo;
import org.gcs.emulator.CrossTraffic;
import org.gcs.emulator.LinkChange;
import org.gcs.emulator.LinkCounters;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;

/**
 * The simulated WAN of a {@link SimNetwork}, apart from the links themselves (each node's {@link SimWanPort} has its
 * own): what every link from one site to another is now (the topology's profile or the {@link WanLinks}' one, or a
 * later change, which it passes on to the ports of the sending site), its cross traffic, the filter and the tap a
 * test or an experiment sets, and the counts of what was filtered and how large the datagrams were.
 */
final class SimWan {
    private final Topology topology;
    private final WanLinks links;
    private final SimClock clock;
    private final Map<String, LinkProfile> overrides = new HashMap<>();
    /** The WAN side of every node started so far, in start order. */
    private final List<SimWanPort> ports = new ArrayList<>();
    private WanFilter filter;
    private WanTap tap;
    private long filteredDatagrams;
    private int largestDatagramBytes;
    private long datagramsOverLimit;

    /**
     * @param topology the emulated WAN, or null for ideal links without delay or loss
     * @param clock the virtual clock, on which scheduled link changes wait
     */
    SimWan(Topology topology, SimClock clock) {
        this(topology, topology == null ? WanLinks.IDEAL
                : (fromSite, toSite) -> topology.link(fromSite, toSite).orElse(LinkProfile.IDEAL), clock);
    }

    /**
     * @param links the links computed per pair, without cross traffic or a topology
     * @param clock the virtual clock, on which scheduled link changes wait
     */
    SimWan(WanLinks links, SimClock clock) {
        this(null, links, clock);
    }

    private SimWan(Topology topology, WanLinks links, SimClock clock) {
        this.topology = topology;
        this.links = links;
        this.clock = clock;
    }

    /** Adds the WAN side of a node just started. */
    void attach(SimWanPort port) {
        ports.add(port);
    }

    /** @return the link profile from one site to another now */
    LinkProfile linkProfile(String fromSite, String toSite) {
        LinkProfile override = overrides.get(fromSite + "->" + toSite);
        if (override != null) {
            return override;
        }
        return links.link(fromSite, toSite);
    }

    /**
     * Changes a directed link from now on: links created later start with the new profile, and each port of
     * {@code fromSite} reconfigures its existing link towards {@code toSite} at once (see
     * {@link SimNetwork#setLink}).
     */
    void setLink(String fromSite, String toSite, LinkProfile profile) {
        overrides.put(fromSite + "->" + toSite, profile);
        for (SimWanPort port : ports) {
            if (port.site().equals(fromSite)) {
                port.changeLink(toSite, profile);
            }
        }
    }

    /** Puts each change on the clock at {@code originNs + atNs}, in the list's order (see {@link #setLink}). */
    void scheduleLinkChanges(List<LinkChange> changes, long originNs) {
        for (LinkChange change : List.copyOf(changes)) {
            clock.at(originNs + change.atNs(), () -> setLink(change.fromSite(), change.toSite(), change.profile()));
        }
    }

    /** @return the counters of the links from {@code fromSite} to {@code toSite}, summed over the site's ports */
    LinkCounters linkCounters(String fromSite, String toSite) {
        LinkCounters sum = LinkCounters.ZERO;
        for (SimWanPort port : ports) {
            if (port.site().equals(fromSite)) {
                sum = sum.plus(port.linkCounters(toSite));
            }
        }
        return sum;
    }

    /** @return the topology's cross traffic from one site to another (none without a topology) */
    List<CrossTraffic> crossTraffic(String fromSite, String toSite) {
        return topology == null ? List.of() : topology.crossTraffic(fromSite, toSite);
    }

    void setFilter(WanFilter newFilter) {
        this.filter = newFilter;
    }

    void setTap(WanTap newTap) {
        this.tap = newTap;
    }

    /** @return whether a datagram may go on its link; counts it if not */
    boolean passes(String fromSite, String toSite, WanPacketInfo packet) {
        if (filter == null || filter.pass(fromSite, toSite, packet)) {
            return true;
        }
        filteredDatagrams++;
        return false;
    }

    /** Shows an arriving datagram to the tap, if any. */
    void tap(String fromSite, String toSite, byte[] datagram) {
        if (tap != null) {
            tap.sent(fromSite, toSite, datagram.clone());
        }
    }

    /** Notes the size of a WAN datagram put on a link, against its sender's {@code max.datagram.bytes}. */
    void record(int bytes, int maxDatagramBytes) {
        largestDatagramBytes = Math.max(largestDatagramBytes, bytes);
        if (bytes > maxDatagramBytes) {
            datagramsOverLimit++;
        }
    }

    long filteredDatagrams() {
        return filteredDatagrams;
    }

    int largestDatagramBytes() {
        return largestDatagramBytes;
    }

    long datagramsOverLimit() {
        return datagramsOverLimit;
    }
}
