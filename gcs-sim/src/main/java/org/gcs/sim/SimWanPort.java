package org.gcs.sim;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.driver.OutgoingDatagram;
import org.gcs.emulator.EmulatedLink;
import org.gcs.emulator.LinkCounters;
import org.gcs.emulator.LinkProfile;

/**
 * One {@link SimNode}'s WAN side: its emulated links, one towards each site it has sent to, and the count of what
 * arrived and was dropped. A datagram on its way out passes the {@link SimNetwork}'s {@link WanFilter}, is sealed, then
 * crosses its link, which drops or delays it on the virtual clock; on arrival the network's {@link WanTap} sees it and
 * the target node's engine opens it (its codec and replay guard are the engine's, as on a real node).
 */
final class SimWanPort {
    private final SimNetwork network;
    private final SimWan wan;
    private final String site;
    private final String name;
    private final DelegateAddress address;
    private final int maxDatagramBytes;
    private final Map<String, Long> drops = new HashMap<>();
    private final Map<String, EmulatedLink> links = new HashMap<>();
    private long datagramsSent;
    private long datagramsLost;

    /**
     * @param network the network (its clock, wall clock and seed)
     * @param wan the network's WAN (link profiles, cross traffic, filter, tap and datagram sizes)
     * @param site the node's site
     * @param name the node's member name (it seeds the links' randomness)
     * @param address the node's WAN address, the source of what it sends
     * @param maxDatagramBytes the node's {@code max.datagram.bytes}, which what it sends must respect
     */
    SimWanPort(SimNetwork network, SimWan wan, String site, String name, DelegateAddress address,
               int maxDatagramBytes) {
        this.network = network;
        this.wan = wan;
        this.site = site;
        this.name = name;
        this.address = address;
        this.maxDatagramBytes = maxDatagramBytes;
    }

    /** @return the node's site, where its links start */
    String site() {
        return site;
    }

    /** Seals a datagram and puts it on the link towards the target's site, unless the WAN filter refuses it. */
    void send(SimNode target, OutgoingDatagram outgoing) {
        if (!wan.passes(site, target.site(), outgoing.info())) {
            return;
        }
        byte[] datagram = outgoing.seal(network.epochMillis());
        wan.record(datagram.length, maxDatagramBytes);
        datagramsSent++;
        long arrivalNs = linkTo(target.site()).admit(datagram.length, network.nowNs());
        if (arrivalNs < 0) {
            datagramsLost++;
            return;
        }
        network.clock().at(arrivalNs, () -> {
            wan.tap(site, target.site(), datagram);
            target.process().receiveWan(address, datagram);
        });
    }

    /**
     * Counts a datagram the node's engine dropped on arrival.
     *
     * @param reason why (a tag such as {@code replayed}), or null if the engine took it
     */
    void received(String reason) {
        if (reason != null) {
            drops.merge(reason, 1L, Long::sum);
        }
    }

    /** @return datagrams received and dropped for a reason (a tag such as {@code replayed}) */
    long dropped(String reason) {
        return drops.getOrDefault(reason, 0L);
    }

    /** @return datagrams sent (emulated losses included, those refused by the WAN filter not) */
    long datagramsSent() {
        return datagramsSent;
    }

    /** @return datagrams the emulated links dropped */
    long datagramsLost() {
        return datagramsLost;
    }

    /**
     * The link towards a site, created on first use with the current profile and the topology's cross traffic of
     * that direction; an existing link whose profile has changed since is reconfigured (it keeps its queue).
     */
    private EmulatedLink linkTo(String toSite) {
        LinkProfile profile = wan.linkProfile(site, toSite);
        EmulatedLink link = links.get(toSite);
        if (link == null) {
            long seed = network.options().seed() * 1_000_003L + (site + "->" + toSite + "@" + name).hashCode();
            link = new EmulatedLink(profile, seed, wan.crossTraffic(site, toSite));
            links.put(toSite, link);
        } else if (!link.profile().equals(profile)) {
            link.reconfigure(profile, network.nowNs());
        }
        return link;
    }

    /** Gives the existing link towards a site a new profile now; a link not yet created is left alone. */
    void changeLink(String toSite, LinkProfile profile) {
        EmulatedLink link = links.get(toSite);
        if (link != null && !link.profile().equals(profile)) {
            link.reconfigure(profile, network.nowNs());
        }
    }

    /** @return the link towards a site, if the node has sent there */
    Optional<EmulatedLink> existingLink(String toSite) {
        return Optional.ofNullable(links.get(toSite));
    }

    /** @return the bytes in the link towards a site now (0 if there is none) */
    long linkBacklogBytes(String toSite) {
        EmulatedLink link = links.get(toSite);
        return link == null ? 0 : link.backlogBytes(network.nowNs());
    }

    /** @return the counters of the link towards a site, cross traffic offered up to now (zero if none) */
    LinkCounters linkCounters(String toSite) {
        EmulatedLink link = links.get(toSite);
        if (link == null) {
            return LinkCounters.ZERO;
        }
        link.backlogBytes(network.nowNs()); // offers the cross traffic due by now
        return link.counters();
    }
}
