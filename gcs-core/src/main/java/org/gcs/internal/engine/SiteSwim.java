package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.gcs.alm.swim.MemberStatus;
import org.gcs.alm.swim.MemberUpdate;
import org.gcs.alm.swim.PiggybackBudget;
import org.gcs.alm.swim.SwimMember;
import org.gcs.alm.swim.SwimMessage;
import org.gcs.alm.swim.SwimOutput;
import org.gcs.alm.swim.SwimSettings;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.SwimGossip;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanStateRequest;
import org.gcs.internal.wire.WanSwim;
import org.slf4j.LoggerFactory;

/**
 * A delegate's part in the overlay's SWIM group ({@code overlay.membership = swim}; docs/architecture.md §5): it
 * runs gcs-alm's {@link SwimMember} with the site names as member ids, carries its messages as
 * {@link WanSwim} packets, and tells {@link OverlayMembership} which sites SWIM declared dead and which
 * sites' states it must ask for.
 *
 * <p><b>The incarnation is the state version.</b> This site's SWIM incarnation starts at {@code term · 2^30}, so that
 * a new delegate of the site (a higher term) is believed over its predecessor at once, and moves to the next multiple
 * of {@code 2^6} whenever the site's memberships change ({@link #stateChanged}); the {@code SiteState} this delegate
 * sends carries it as its version. SWIM's gossip then spreads every change of state infection-style, on the probes: a
 * delegate that hears of an incarnation of a site in a block of {@code 2^6} above that of the state version it holds
 * asks that site for its state ({@link #staleSites}, {@link WanStateRequest}), again every period until the state
 * comes. A refutation raises the incarnation by one, inside its block (not in the papers): were every incarnation a
 * new state, each refutation would make every other delegate ask the site for its state, N − 1 requests and answers,
 * which at 20 % loss grew a delegate's datagrams from 23 a second at 64 sites to 48 at 256.
 *
 * <p>Updates about sites SWIM does not know are not applied. SWIM learns a site only when the directory does
 * ({@link #onSiteKnown}) or from the site's own message, and the directory learns sites from their datagrams, never
 * from gossip: SWIM would otherwise probe a site it cannot reach and suspect it. A site SWIM knows keeps its updates
 * after it left the directory: a site declared dead by mistake must be revived by its
 * refutation, and a delegate that dropped the refutation would go on gossiping the false Dead, and others who took it
 * before the refutation came would drop the refutation too. Each message
 * carries the addresses of the sites its Alive updates name, which a receiver that lacks them takes as peer hints
 * (it announces itself there, and learns the site when it answers): a new site becomes known to every delegate as
 * fast as SWIM spreads its Alive.
 */
final class SiteSwim {
    /** The incarnations one delegate may take before its successor's first one: 2^24 state changes of 2^6 each. */
    static final int TERM_SHIFT = 30;
    /** A state change moves the incarnation to the next multiple of 2^6; up to 63 refutations stay below it. */
    static final int STATE_SHIFT = 6;
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(SiteSwim.class));

    /** Where SWIM's messages go: a site's current delegate, if it is known. */
    interface Sender {
        void send(String site, WanPacket packet);
    }

    private final String memberName;
    private final SwimMember member;
    private final Sender sender;
    private final java.util.function.Function<String, Optional<PeerHint>> addressOf;
    private final java.util.function.LongSupplier digest;
    private final List<String> dead = new ArrayList<>();
    /** The sites whose state this delegate wants: the incarnation heard of, above the state version held. */
    private final Map<String, Long> wantedIncarnations = new HashMap<>();
    /** When this delegate last asked each wanted site for its state. */
    private final Map<String, Long> requestedNs = new HashMap<>();
    /** When this delegate last told each site it suspects or believes dead, but hears from, that it is. */
    private final Map<String, Long> toldNs = new HashMap<>();
    private final long periodNs;
    /** How long a site may go without answering this delegate's pings before its link counts as one-way. */
    private final long oneWayNs;
    /** The sites this delegate's pings no longer reach directly, whatever the indirect probes say. */
    private final DirectReach directReach;
    private final SwimOutput output = new SwimOutput() {
        @Override
        public void send(String to, SwimMessage message) {
            if (message instanceof SwimMessage.Ping && addressOf.apply(to).isPresent()) {
                directReach.onPingSent(to, latestNowNs);
            }
            sender.send(to, new WanSwim(message, addressesOf(message.updates(), to), digest.getAsLong()));
        }

        @Override
        public void onAlive(String site) {
            dead.remove(site);
            toldNs.remove(site);
        }

        @Override
        public void onSuspect(String site) {
            LOG.info(memberName + "/swim-suspect-" + site, latestNowNs, "SWIM: site {} is suspected (a probe and"
                    + " its indirect probes went unanswered); it is removed unless it refutes in time", site);
        }

        @Override
        public void onDead(String site) {
            dead.add(site);
            directReach.forget(site);
        }
    };
    private long latestNowNs;

    /** @return the addresses of the sites the Alive updates name, as the directory knows them, but the receiver's */
    private List<PeerHint> addressesOf(List<MemberUpdate> updates, String to) {
        List<PeerHint> addresses = new ArrayList<>();
        for (MemberUpdate update : updates) {
            if (update instanceof MemberUpdate.Alive && !update.member().equals(to)) {
                addressOf.apply(update.member()).ifPresent(addresses::add);
            }
        }
        return addresses;
    }

    /**
     * @param settings the engine's settings: the SWIM period is {@code heartbeat.interval}, the probe timeout half
     *     of it, and the suspicion's minimum {@code site.timeout}, whatever the number of sites: a site cut off for
     *     less is kept, as with all-to-all, and a crash's detection stays within a bound at 2048 sites
     *     ({@link SwimSettings#withSuspicionMin}); a message
     *     carries as many updates as fit in {@code max.datagram.bytes} ({@link #budget}), up to
     *     {@link WanSwim#MAX_UPDATES}; the rest are memberlist's LAN defaults ({@link SwimSettings#DEFAULTS})
     * @param term this delegate's term (its incarnations start at {@code term · 2^30})
     * @param addressOf a site's delegate as the directory knows it, to go with the Alive updates about it
     * @param digest the site-set digest this delegate announces, which every message carries
     */
    SiteSwim(EngineSettings settings, long term, Sender sender,
             java.util.function.Function<String, Optional<PeerHint>> addressOf, java.util.function.LongSupplier digest,
             long nowNs) {
        this.digest = digest;
        this.memberName = settings.memberName();
        this.sender = sender;
        this.addressOf = addressOf;
        this.periodNs = settings.heartbeatNs();
        this.directReach = new DirectReach(periodNs);
        this.oneWayNs = 2 * settings.siteTimeoutNs();
        SwimSettings swim = SwimSettings.DEFAULTS.withProbeTiming(periodNs, periodNs / 2)
                .withMaxPiggyback(WanSwim.MAX_UPDATES).withSuspicionMin(settings.siteTimeoutNs());
        this.member = new SwimMember(settings.site(), swim, budget(settings.maxDatagramBytes(), addressOf), new
                SplittableRandom(settings.randomSeed() ^ term), nowNs);
        member.raiseIncarnation(firstIncarnation(term));
        this.latestNowNs = nowNs;
    }

    /**
     * What a message's updates may take: as many as fit in one datagram of {@code max.datagram.bytes} beside the rest
     * of the message at its longest. An Alive update takes its site's address along.
     */
    static PiggybackBudget budget(int maxDatagramBytes, Function<String, Optional<PeerHint>> addressOf) {
        return new PiggybackBudget(Math.max(0, maxDatagramBytes - WanSwim.MAX_BYTES_BESIDES_UPDATES), update ->
                WanSwim.updateBytes(update) + (update instanceof MemberUpdate.Alive
                        ? addressOf.apply(update.member()).map(WanSwim::addressBytes).orElse(0) : 0));
    }

    /** @return the incarnation a delegate of this term starts at: {@code term · 2^30}, or the highest it can be */
    static long firstIncarnation(long term) {
        return term >= 0 && term < 1L << (62 - TERM_SHIFT) ? term << TERM_SHIFT : 1L << 62;
    }

    /**
     * A site the directory learned (or a new delegate of it): probed from now on, and asked for its state every period
     * until it comes. The site's own datagram taught this delegate its address, but its state comes only in a
     * {@code SiteState}; the gossip of its incarnation that would make this delegate ask may have died out before
     * the address came, and then only this request brings the state.
     */
    void onSiteKnown(String site) {
        member.addMember(site);
        wantedIncarnations.merge(site, 0L, Math::max);
    }

    /**
     * A SWIM message from a live site's delegate. Its updates about sites SWIM does not know are left out; an update
     * that raises a site's incarnation above {@code stateVersionOf} marks that site stale.
     *
     * @param stateVersionOf the state version this delegate holds for a site (empty if none)
     */
    void onMessage(String fromSite, SwimMessage message, java.util.function.Function<String, Optional<Long>>
            stateVersionOf, long nowNs) {
        latestNowNs = nowNs;
        if (message instanceof SwimMessage.Ack || message instanceof SwimMessage.Nack) {
            directReach.onAnswered(fromSite);
        }
        List<MemberUpdate> kept = known(message.updates());
        member.onMessage(fromSite, kept.size() == message.updates().size() ? message : withUpdates(message, kept),
                nowNs, output);
        noteStates(kept, stateVersionOf);
    }

    /**
     * The SWIM updates a link probe or its answer from a live site's delegate carried ({@link SwimGossip}), taken as
     * those of a SWIM message ({@link #onMessage}) with nothing to answer.
     */
    void onGossip(String fromSite, SwimGossip gossip, java.util.function.Function<String, Optional<Long>>
            stateVersionOf, long nowNs) {
        latestNowNs = nowNs;
        List<MemberUpdate> kept = known(gossip.updates());
        member.onGossip(fromSite, kept, nowNs, output);
        noteStates(kept, stateVersionOf);
    }

    /**
     * A site's own {@code SiteState} told its incarnation (the state version it carries): SWIM takes it as the site's
     * Alive. SWIM learns a site with incarnation 0 ({@link #onSiteKnown}), and the gossip of its real one may have
     * passed this delegate before it knew the site, when it was left out. A delegate that knew only 0 then suspected
     * a crashed site at 0, the peers that knew better answered with its Alive, which ended that suspicion everywhere,
     * and the crash was suspected again at the real incarnation, about 4 s later: at 256 sites without loss every
     * delegate suspected it twice (docs/experiments.md, membership-scaling-swim).
     */
    void onOwnIncarnation(String site, long incarnation, long nowNs) {
        latestNowNs = nowNs;
        if (member.status(site).isPresent() && incarnation > member.incarnationOf(site).orElse(Long.MAX_VALUE)) {
            member.onGossip(site, List.of(new MemberUpdate.Alive(site, incarnation)), nowNs, output);
        }
    }

    /**
     * @return the updates a link probe or its answer to a site carries now: the urgent ones pending, not counted as
     *     sent ({@link SwimMember#gossipFor}), with the addresses of the sites their Alive updates name
     */
    SwimGossip gossipFor(String site) {
        List<MemberUpdate> updates = member.gossipFor(site);
        return updates.isEmpty() ? SwimGossip.NONE : new SwimGossip(updates, addressesOf(updates, site));
    }

    /** @return the updates about sites SWIM knows (the others are left out: see the class comment) */
    private List<MemberUpdate> known(List<MemberUpdate> updates) {
        List<MemberUpdate> kept = new ArrayList<>(updates.size());
        for (MemberUpdate update : updates) {
            if (member.status(update.member()).isPresent()) {
                kept.add(update);
            }
        }
        return kept;
    }

    /** Marks the sites whose incarnation, after the updates, stands for a newer state than the one held. */
    private void noteStates(List<MemberUpdate> applied, java.util.function.Function<String, Optional<Long>>
            stateVersionOf) {
        for (MemberUpdate update : applied) {
            String site = update.member();
            long incarnation = member.incarnationOf(site).orElse(0);
            if (!site.equals(member.self()) && newerState(incarnation, stateVersionOf.apply(site).orElse(-1L))) {
                wantedIncarnations.merge(site, incarnation, Math::max);
            }
        }
    }

    private static SwimMessage withUpdates(SwimMessage message, List<MemberUpdate> updates) {
        if (message instanceof SwimMessage.Ping ping) {
            return new SwimMessage.Ping(ping.seq(), updates);
        } else if (message instanceof SwimMessage.Ack ack) {
            return new SwimMessage.Ack(ack.seq(), updates);
        } else if (message instanceof SwimMessage.PingReq request) {
            return new SwimMessage.PingReq(request.seq(), request.target(), updates);
        }
        return new SwimMessage.Nack(((SwimMessage.Nack) message).seq(), updates);
    }

    /**
     * A datagram came from a site's delegate: if SWIM suspects that site or believes it dead, it is told so at once
     * (at most once a period), so that it refutes ({@link SwimMember#tellSuspicion}) before the suspicion here times
     * out, or, if it was declared dead, before this delegate keeps it out of the views for long. SWIM learns that it
     * heard the site, so that a stale Dead about it that comes now is taken as a suspicion
     * ({@link SwimMember#heard}).
     */
    void onHeard(String site, long nowNs) {
        directReach.onHeard(site);
        member.heard(site, nowNs);
        MemberStatus status = member.status(site).orElse(MemberStatus.ALIVE);
        if (status == MemberStatus.ALIVE) {
            return;
        }
        Long told = toldNs.get(site);
        if (told == null || nowNs - told >= periodNs) {
            toldNs.put(site, nowNs);
            member.tellSuspicion(site, output);
        }
    }

    /**
     * Runs SWIM's timers if something is due, and pings again, out of SWIM's schedule, each site alive whose last
     * ping went half a period without its answer ({@link DirectReach#reachPingsDue}).
     */
    void onTick(long nowNs) {
        latestNowNs = nowNs;
        if (nowNs >= member.nextDeadlineNs()) {
            member.onTick(nowNs, output);
        }
        for (String site : directReach.reachPingsDue(nowNs)) {
            member.pingOutOfSchedule(site, output);
        }
    }

    /**
     * @return the sites SWIM believes alive that answered none of this delegate's pings for {@code 2 · site.timeout},
     *     with a ping every period: the indirect probes answer for them, but the link between them and this delegate
     *     carries one way at most ({@link DirectReach#oneWaySites})
     */
    List<String> oneWaySites(long nowNs) {
        List<String> oneWay = directReach.oneWaySites(oneWayNs, nowNs);
        oneWay.removeIf(site -> member.status(site).orElse(MemberStatus.DEAD) != MemberStatus.ALIVE);
        return oneWay;
    }

    /** A site left the directory though SWIM believes it alive (held out as one-way): its run of pings ends. */
    void forgetReach(String site) {
        directReach.forget(site);
    }

    /**
     * This delegate did not run for a while, or a newer delegate of its site speaks and the peers drop its datagrams
     * on purpose: the pings unanswered meanwhile say nothing of the links.
     */
    void clearReachRuns() {
        directReach.clearRuns();
    }

    /** This site's memberships changed: the first incarnation of the next block, gossiped. */
    void stateChanged() {
        member.raiseIncarnation(((member.incarnation() >> STATE_SHIFT) + 1) << STATE_SHIFT);
    }

    /**
     * @param incarnation a site's incarnation heard of
     * @param stateVersion the state version held for it (−1: none)
     * @return whether the incarnation stands for a newer state: it lies in a later block of {@code 2^6} (a refutation
     *     stays in its block, a state change starts the next one)
     */
    static boolean newerState(long incarnation, long stateVersion) {
        return incarnation >> STATE_SHIFT > stateVersion >> STATE_SHIFT;
    }

    /** @return the version this delegate's {@code SiteState} carries: its incarnation */
    long stateVersion() {
        return member.incarnation();
    }

    /** @return the sites SWIM declared dead since the last call */
    List<String> takeDead() {
        if (dead.isEmpty()) {
            return List.of();
        }
        List<String> taken = List.copyOf(dead);
        dead.clear();
        return taken;
    }

    /**
     * @param stateVersionOf the state version this delegate holds for a site (empty if none)
     * @return the sites to ask for their state now: SWIM told of a newer state than the one held
     *     ({@link #newerState}), and this delegate did not ask them within the last period (a request or its answer
     *     may be lost: asked again every period until the state comes, or the site dies)
     */
    List<String> staleSites(java.util.function.Function<String, Optional<Long>> stateVersionOf, long nowNs) {
        if (wantedIncarnations.isEmpty()) {
            return List.of();
        }
        List<String> due = new ArrayList<>();
        for (var wanted = wantedIncarnations.entrySet().iterator(); wanted.hasNext(); ) {
            Map.Entry<String, Long> site = wanted.next();
            if (believesDead(site.getKey())
                    || !newerState(site.getValue(), stateVersionOf.apply(site.getKey()).orElse(-1L))) {
                wanted.remove();
                requestedNs.remove(site.getKey());
            } else if (nowNs - requestedNs.getOrDefault(site.getKey(), Long.MIN_VALUE / 2) >= periodNs) {
                requestedNs.put(site.getKey(), nowNs);
                due.add(site.getKey());
            }
        }
        return due;
    }

    /**
     * @return whether SWIM suspects a site or believes it dead (or does not know it), or this delegate's last ping
     *     to it went a period without any datagram from it ({@link DirectReach}: the indirect probes keep a site that
     *     only this delegate cannot reach alive)
     */
    boolean doubts(String site) {
        return member.status(site).orElse(MemberStatus.DEAD) != MemberStatus.ALIVE
                || directReach.unreached(site, latestNowNs);
    }

    /** @return whether SWIM believes a site dead (or does not know it) */
    boolean believesDead(String site) {
        return member.status(site).orElse(MemberStatus.DEAD) == MemberStatus.DEAD;
    }

    /** @return the SWIM member, for tests and status */
    SwimMember member() {
        return member;
    }
}
