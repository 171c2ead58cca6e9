package org.gcs.sim;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.driver.WanPacketInfo;
import org.gcs.emulator.CrossTraffic;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;

/**
 * The simulated WAN of a {@link SimNetwork}, apart from the links themselves (each node's {@link SimWanPort} has its
 * own): what every link from one site to another is now (the topology's profile, or a later change), its cross
 * traffic, the filter and the tap a test or an experiment sets, and the counts of what was filtered and how large the
 * datagrams were.
 */
final class SimWan {
    private final Topology topology;
    private final Map<String, LinkProfile> overrides = new HashMap<>();
    private WanFilter filter;
    private WanTap tap;
    private long filteredDatagrams;
    private int largestDatagramBytes;
    private long datagramsOverLimit;

    /** @param topology the emulated WAN, or null for ideal links without delay or loss */
    SimWan(Topology topology) {
        this.topology = topology;
    }

    /** @return the link profile from one site to another now */
    LinkProfile linkProfile(String fromSite, String toSite) {
        LinkProfile override = overrides.get(fromSite + "->" + toSite);
        if (override != null) {
            return override;
        }
        return topology == null ? LinkProfile.IDEAL : topology.link(fromSite, toSite).orElse(LinkProfile.IDEAL);
    }

    /** Changes the profile of a direction from now on (for links created later; the network reconfigures the rest). */
    void override(String fromSite, String toSite, LinkProfile profile) {
        overrides.put(fromSite + "->" + toSite, profile);
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
