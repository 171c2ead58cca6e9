package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;

/**
 * One member of a SWIM group (Das, Gupta, Motivala, DSN 2002) with Lifeguard's refinements (Dadgar, Phillips,
 * Currey, arXiv 1707.00788): a sans-IO state machine. The driver passes every message received to
 * {@link #onMessage}, calls {@link #onTick} at {@link #nextDeadlineNs()} (earlier or later calls are harmless), and
 * sends what the member hands to {@link SwimOutput#send}. Time comes in as {@code nowNs}, from any monotonic clock;
 * randomness comes from the generator given to the constructor, so that a run repeats from a seed.
 *
 * <p>Each protocol period (SWIM §3.1, §4.3) the member probes the next member of its {@link ProbeSchedule}; if no
 * Ack comes within the probe timeout it asks k members to probe on its behalf ({@link ActiveProbe}, and
 * {@link RelayedProbes} for the probes it runs for others); if no Ack comes by the end of the period the target
 * becomes suspect. Updates travel piggy-backed on these messages ({@link DisseminationQueue}, SWIM §4.1); a
 * suspected member that hears of it refutes with a higher incarnation (SWIM §4.2); a suspicion not refuted before
 * its {@link SuspicionTimers timer} ends makes the member dead ({@link Membership} keeps these beliefs). The local
 * health score ({@link LocalHealth}, Lifeguard §IV-A) stretches this member's period and timeout when it seems to
 * be the slow one.
 *
 * <p>Not thread-safe: owned by one delegate's protocol engine.
 */
public final class SwimMember {
    private final String self;
    private final SwimSettings settings;
    private final RandomGenerator random;
    private final LocalHealth health;
    private final Membership membership;
    private final RelayedProbes relays;
    /**
     * When each member was last heard from directly (its own SWIM messages, and whatever the driver reports), in a
     * one-slot array per member: the driver reports every datagram, and a boxed time would allocate on each.
     */
    private final Map<String, long[]> heardNs = new HashMap<>();
    private long nextSeq;
    private ActiveProbe probe;
    private long nextProbeAtNs;

    /**
     * Creates a member at incarnation 0 that knows no one yet, with its own Alive queued for gossip. The first probe
     * is due after a random fraction of a period, so that members started together do not probe in lockstep.
     *
     * @param self this member's id (a GCS site name)
     * @param settings the tunables
     * @param random the source of every random choice
     * @param nowNs the current time
     */
    public SwimMember(String self, SwimSettings settings, RandomGenerator random, long nowNs) {
        this(self, settings, PiggybackBudget.UNLIMITED, random, nowNs);
    }

    /**
     * As {@link #SwimMember(String, SwimSettings, RandomGenerator, long)}, with the piggy-backed updates of each
     * message held to a budget of bytes as well as to {@link SwimSettings#maxPiggyback}. A Suspect or Dead about the
     * recipient (Lifeguard's buddy system) is always carried.
     *
     * @param budget the bytes of updates one message may carry, and what each costs
     */
    public SwimMember(String self, SwimSettings settings, PiggybackBudget budget, RandomGenerator random,
                      long nowNs) {
        if (self == null || self.isEmpty()) {
            throw new IllegalArgumentException("self must be an id, got " + self);
        }
        this.self = self;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.random = Objects.requireNonNull(random, "random");
        this.health = new LocalHealth(settings.maxLocalHealth());
        this.membership = new Membership(self, settings, Objects.requireNonNull(budget, "budget"), random, health);
        this.relays = new RelayedProbes(settings.probeTimeoutNs(), settings.probeIntervalNs());
        this.nextProbeAtNs = nowNs + random.nextLong(settings.probeIntervalNs());
    }

    /**
     * Adds a member learned from configuration (a seed) or by the driver: alive at incarnation 0, probed from now
     * on. Does nothing for a member already known, whatever its status, or for this member itself. No event is
     * reported: the caller knows.
     *
     * @param member the member id
     */
    public void addMember(String member) {
        membership.add(member);
    }

    /**
     * Raises this member's own incarnation to {@code atLeast} (nothing if it is there already) and gossips its
     * Alive at the new incarnation, which overrides every older belief about it (SWIM §4.2's precedence). Not in
     * the papers, where only a refutation raises it: a driver uses it to spread that this member's state changed
     * (the incarnation then doubles as a state version), or to start a successor above its predecessor.
     *
     * @param atLeast the lowest incarnation wanted; not negative
     * @return true if the incarnation rose
     */
    public boolean raiseIncarnation(long atLeast) {
        if (atLeast < 0) {
            throw new IllegalArgumentException("atLeast must not be negative, got " + atLeast);
        }
        return membership.raiseIncarnation(atLeast);
    }

    /**
     * Handles a message: applies its piggy-backed updates, then answers it. A message from an unknown member adds
     * that member as alive (it knows this one: it is joining). Stale Suspect or Dead updates in the message are
     * not applied but corrected in the reply, if there is one ({@link Membership#newerBelief}).
     *
     * @param from the sender's id, as the transport knows it
     * @param message the message
     * @param nowNs the arrival time
     * @param out where answers and events go
     */
    public void onMessage(String from, SwimMessage message, long nowNs, SwimOutput out) {
        if (from.equals(self)) {
            return;
        }
        stampHeard(from, nowNs);
        if (membership.add(from)) {
            out.onAlive(from);
        }
        List<MemberUpdate> corrections = apply(message.updates(), nowNs, out);
        if (message instanceof SwimMessage.Ping ping) {
            out.send(from, new SwimMessage.Ack(ping.seq(), membership.piggyback(from, corrections)));
        } else if (message instanceof SwimMessage.Ack ack) {
            onAck(ack.seq(), out);
        } else if (message instanceof SwimMessage.PingReq request) {
            onPingReq(from, request, corrections, nowNs, out);
        } else if (message instanceof SwimMessage.Nack nack && probe != null && nack.seq() == probe.seq()) {
            probe.nacked();
        }
    }

    /**
     * Tells this member that another one was just heard from directly, on the driver's own traffic (not in the
     * papers): for the next two base periods, a Dead about it is taken as a Suspect ({@link #unlessHeard}).
     *
     * @param member the member heard from
     * @param nowNs when
     */
    public void heard(String member, long nowNs) {
        if (!member.equals(self)) {
            stampHeard(member, nowNs);
        }
    }

    private void stampHeard(String member, long nowNs) {
        heardNs.computeIfAbsent(member, m -> new long[1])[0] = nowNs;
    }

    /**
     * A Dead about a member heard from directly within the last two base periods becomes a Suspect at the same
     * incarnation, from the same declarer (not in the papers). Such a Dead is stale: a member cut off from the rest
     * (a site whose link failed) declares the others dead, and once it is back its gossip carries those Deads to
     * members that never lost them; SWIM would remove a live member everywhere until it refutes. As a Suspect it
     * reaches the member, which refutes, and if the member really stopped, the suspicion times out here into its
     * death at Min. A real death is not mistaken for it as long as Min is two periods or more (α ≥ 2, or a fixed Min
     * that long): its Dead comes at least a period and Min after the member's last datagram.
     */
    private MemberUpdate unlessHeard(MemberUpdate update, long nowNs) {
        if (update instanceof MemberUpdate.Dead dead) {
            long[] heard = heardNs.get(dead.member());
            if (heard != null && nowNs - heard[0] < 2 * settings.probeIntervalNs()) {
                return new MemberUpdate.Suspect(dead.member(), dead.incarnation(), dead.from());
            }
        }
        return update;
    }

    /** @return the newer beliefs of the updates that were stale here, to correct their sender with */
    private List<MemberUpdate> apply(List<MemberUpdate> updates, long nowNs, SwimOutput out) {
        List<MemberUpdate> corrections = List.of();
        for (MemberUpdate received : updates) {
            MemberUpdate update = unlessHeard(received, nowNs);
            MemberUpdate newer = membership.newerBelief(update);
            if (newer == null) {
                membership.apply(update, nowNs, out);
            } else {
                if (corrections.isEmpty()) {
                    corrections = new ArrayList<>(2);
                }
                corrections.add(newer);
            }
        }
        return corrections;
    }

    /**
     * Updates for a message of the driver's own to a member (not in the papers): the urgent ones pending (a suspicion,
     * a death, a refutation), as many as fit one message, not counted as sent. A driver that already sends other
     * members a few messages a period (GCS's link probes, 8 a second per delegate with their answers) adds that many
     * carriers of the news that decides detection and false deaths, at no extra message. Counted as sent, they took
     * the news's transmissions away from SWIM's own messages: where every delegate's probes went to the same two
     * members at once, the news then reached those two and few others (a 24-member overlay no longer removed a
     * crashed member everywhere within 3 site timeouts). Uncounted, they only add copies.
     *
     * @param member the member the message goes to
     * @return the updates to carry (empty if no urgent update is pending, or to itself)
     */
    public List<MemberUpdate> gossipFor(String member) {
        return member.equals(self) ? List.of() : membership.urgentNews();
    }

    /**
     * Applies the updates a driver's own message from a member carried ({@link #gossipFor}), as those of a SWIM
     * message but with nothing to answer: an update older than this member's belief is left out (only the answer to
     * a SWIM message corrects its sender).
     *
     * @param from the sender's id
     * @param updates the updates it carried
     * @param nowNs the arrival time
     * @param out where events (and nothing else) go
     */
    public void onGossip(String from, List<MemberUpdate> updates, long nowNs, SwimOutput out) {
        if (from.equals(self)) {
            return;
        }
        stampHeard(from, nowNs);
        if (membership.add(from)) {
            out.onAlive(from);
        }
        apply(updates, nowNs, out);
    }

    private void onAck(long seq, SwimOutput out) {
        if (probe != null && seq == probe.seq()) {
            probe.acked();
            return;
        }
        RelayedProbes.Relay relay = relays.answered(seq);
        if (relay != null) {
            out.send(relay.prober(), new SwimMessage.Ack(relay.proberSeq(), piggyback(relay.prober())));
        }
    }

    /** SWIM §3.1: ping the target on the prober's behalf, remembering whom to relay its Ack to. */
    private void onPingReq(String from, SwimMessage.PingReq request, List<MemberUpdate> corrections, long nowNs,
            SwimOutput out) {
        if (request.target().equals(self)) {
            out.send(from, new SwimMessage.Ack(request.seq(), membership.piggyback(from, corrections)));
            return;
        }
        long seq = nextSeq++;
        relays.add(seq, from, request.seq(), nowNs);
        out.send(request.target(), new SwimMessage.Ping(seq, piggyback(request.target())));
    }

    /**
     * Tells a member this one suspects or believes dead that it is, out of the probe schedule: a Ping carrying that
     * belief first (Lifeguard's buddy system, §IV, which otherwise applies only to scheduled probes), which the
     * member refutes if it is alive; its Ack carries the refutation, and ends no probe. Not in the papers: the driver
     * calls it when the member shows it is alive on other traffic. A member probes each other one only once in n
     * periods and a dead one is never probed, so without this, a suspicion whose refutation's gossip died out before
     * it reached this member would time out into a false death, and a live member declared dead by mistake would be
     * told only when its own probe reached this member.
     *
     * @param member a member id
     * @param out where the Ping goes
     * @return true if the member is suspected or believed dead here and was told
     */
    public boolean tellSuspicion(String member, SwimOutput out) {
        MemberStatus status = membership.status(member).orElse(MemberStatus.ALIVE);
        if (status == MemberStatus.ALIVE || member.equals(self)) {
            return false;
        }
        out.send(member, new SwimMessage.Ping(nextSeq++, piggyback(member)));
        return true;
    }

    /**
     * Pings a member believed alive out of the probe schedule; its Ack ends no probe and changes no suspicion, and
     * only its piggy-backed updates are applied. Not in the papers: the driver uses it to learn whether a member still
     * answers this one directly while the indirect probes keep it alive (a one-way link), which SWIM's schedule, one
     * probe of each member in n periods, would take n periods a ping to tell.
     *
     * @param member a member id
     * @param out where the Ping goes
     * @return true if the member is known, believed alive, not this one, and was pinged
     */
    public boolean pingOutOfSchedule(String member, SwimOutput out) {
        if (member.equals(self) || membership.status(member).orElse(MemberStatus.DEAD) != MemberStatus.ALIVE) {
            return false;
        }
        out.send(member, new SwimMessage.Ping(nextSeq++, piggyback(member)));
        return true;
    }

    /**
     * Runs whatever is due: expired suspicions become deaths, Nacks for silent relayed pings go out, the current
     * probe moves on to ping-reqs or ends, and the next probe starts.
     *
     * @param nowNs the current time
     * @param out where messages and events go
     */
    public void onTick(long nowNs, SwimOutput out) {
        membership.onTick(nowNs, out);
        for (RelayedProbes.Relay relay : relays.tick(nowNs)) {
            out.send(relay.prober(), new SwimMessage.Nack(relay.proberSeq(), piggyback(relay.prober())));
        }
        if (probe != null && probe.indirectDue(nowNs)) {
            List<String> intermediaries = membership.intermediaries(probe.target());
            probe.indirectSent(intermediaries.size());
            for (String intermediary : intermediaries) {
                out.send(intermediary, new SwimMessage.PingReq(probe.seq(), probe.target(), piggyback(intermediary)));
            }
        }
        if (probe != null && probe.isOver(nowNs)) {
            endProbe(nowNs, out);
        }
        if (probe == null && nowNs >= nextProbeAtNs) {
            startProbe(nowNs, out);
        }
    }

    /** Lifeguard §IV-A: the period and the probe timeout are those of the score now, times (S + 1). */
    private void startProbe(long nowNs, SwimOutput out) {
        String target = membership.nextProbeTarget();
        nextProbeAtNs = nowNs + health.scale(settings.probeIntervalNs());
        if (target == null) {
            return;
        }
        probe = new ActiveProbe(target, nextSeq++, nowNs + health.scale(settings.probeTimeoutNs()), nextProbeAtNs);
        out.send(target, new SwimMessage.Ping(probe.seq(), piggyback(target)));
    }

    /** Lifeguard §IV-A's score moves with the outcome; SWIM §4.2: a failed probe makes its target suspect. */
    private void endProbe(long nowNs, SwimOutput out) {
        ActiveProbe ended = probe;
        probe = null;
        if (ended.isAcked()) {
            health.better();
            return;
        }
        health.worse();
        if (ended.missedNacks()) {
            health.worse();
        }
        membership.probeFailed(ended.target(), nowNs, out);
    }

    private List<MemberUpdate> piggyback(String to) {
        return membership.piggyback(to, List.of());
    }

    /** @return the earliest time at which {@link #onTick} has something to do */
    public long nextDeadlineNs() {
        long next = probe != null ? probe.nextDeadlineNs() : nextProbeAtNs;
        return Math.min(next, Math.min(membership.nextDeadlineNs(), relays.nextDeadlineNs()));
    }

    /** @return this member's id */
    public String self() {
        return self;
    }

    /** @return this member's own incarnation: how many times it refuted a suspicion */
    public long incarnation() {
        return membership.incarnation();
    }

    /**
     * @param member a member id
     * @return what this member believes of it ({@link MemberStatus#ALIVE} for itself), if it is known
     */
    public Optional<MemberStatus> status(String member) {
        return membership.status(member);
    }

    /**
     * @param member a member id
     * @return the member's incarnation as believed here (this member's own for itself), if it is known
     */
    public OptionalLong incarnationOf(String member) {
        return membership.incarnationOf(member);
    }

    /** @return the other members alive or suspect, in no particular order: a read-only view that follows the state */
    public List<String> liveMembers() {
        return membership.liveMembers();
    }

    /**
     * @return how many updates wait to be gossiped; a backlog that keeps growing means more news than the
     *     piggy-back capacity (maxPiggyback per message) can carry
     */
    public int pendingGossip() {
        return membership.pendingGossip();
    }

    /** @return Lifeguard's local health score S, in [0, Smax] (Lifeguard §IV-A) */
    public int localHealth() {
        return health.score();
    }

    /** @return the protocol period this member uses now: T · (S + 1) (Lifeguard §IV-A) */
    public long currentProbeIntervalNs() {
        return health.scale(settings.probeIntervalNs());
    }

    /** @return the probe timeout this member uses now: probe timeout · (S + 1) (Lifeguard §IV-A) */
    public long currentProbeTimeoutNs() {
        return health.scale(settings.probeTimeoutNs());
    }
}
