package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;

/**
 * What this member believes of the group and the news it spreads: the {@link MembershipTable}, its own
 * incarnation, the {@link ProbeSchedule}, the {@link SuspicionTimers} and the {@link DisseminationQueue}, kept in
 * step. Every update, whether it comes from gossip or from this member's own probes and timers, goes through
 * {@link #apply}.
 */
final class Membership {
    private final String self;
    private final SwimSettings settings;
    private final PiggybackBudget budget;
    private final RandomGenerator random;
    private final LocalHealth health;
    private final MembershipTable table = new MembershipTable();
    private final ProbeSchedule schedule = new ProbeSchedule();
    private final SuspicionTimers suspicions;
    private final DisseminationQueue gossip;
    private long incarnation;

    /**
     * Starts at incarnation 0 knowing no one, with this member's own Alive queued for gossip (it is joining).
     *
     * @param budget the bytes of updates one message may carry
     * @param health raised when this member refutes a suspicion about itself
     */
    Membership(String self, SwimSettings settings, PiggybackBudget budget, RandomGenerator random,
               LocalHealth health) {
        this.self = self;
        this.settings = settings;
        this.budget = budget;
        this.random = random;
        this.health = health;
        this.suspicions = new SuspicionTimers(settings);
        this.gossip = new DisseminationQueue(settings.retransmitMultiplier());
        gossip.add(new MemberUpdate.Alive(self, 0));
    }

    /**
     * Adds a member as alive at incarnation 0 and schedules its probes, unless it is this member or known already.
     *
     * @return true if it was added
     */
    boolean add(String member) {
        if (member.equals(self) || !table.add(member)) {
            return false;
        }
        schedule.insert(member, random);
        return true;
    }

    /**
     * Applies one update: SWIM §4.2's precedence, then what follows from a change (gossip it on, start or stop a
     * suspicion, schedule or unschedule probes, report the event). A Suspect that changes nothing may still confirm
     * a suspicion (Lifeguard §IV-B); an update about this member may call for a refutation.
     */
    void apply(MemberUpdate update, long nowNs, SwimOutput out) {
        String member = update.member();
        if (member.equals(self)) {
            refuteIfNeeded(update);
            return;
        }
        MembershipTable.Transition change = table.apply(update);
        if (change == null) {
            if (update instanceof MemberUpdate.Suspect suspect
                    && suspicions.confirm(member, suspect.incarnation(), suspect.from())) {
                gossip.addUrgent(suspect); // memberlist passes confirmations on, so that others count them too
            }
            return;
        }
        if (change.before() == null && change.after() == MemberStatus.DEAD) {
            return; // a tombstone for a member never known here: nothing to tell or undo
        }
        if (isFailureNews(update, change)) {
            gossip.addUrgent(update);
        } else {
            gossip.add(update);
        }
        if (update instanceof MemberUpdate.Suspect suspect) {
            suspicions.start(member, suspect.incarnation(), suspect.from(), membersKnown(), nowNs);
        } else {
            suspicions.cancel(member);
        }
        if (change.after() == MemberStatus.DEAD) {
            schedule.remove(member);
        } else if (change.before() == null || change.before() == MemberStatus.DEAD) {
            schedule.insert(member, random);
        }
        if (change.after() != change.before()) {
            switch (change.after()) {
                case ALIVE -> out.onAlive(member);
                case SUSPECT -> out.onSuspect(member);
                case DEAD -> out.onDead(member);
            }
        }
    }

    /**
     * @return whether an update that changed the table is news of failure, gossiped ahead of the rest
     *     ({@link DisseminationQueue}): a Suspect, a Dead, or an Alive that ends a suspicion or a death here (a
     *     refutation, or a member back). An Alive over an Alive (a join, a new incarnation of a member not suspected
     *     here) is news of membership.
     */
    private static boolean isFailureNews(MemberUpdate update, MembershipTable.Transition change) {
        return update.status() != MemberStatus.ALIVE || change.before() == MemberStatus.SUSPECT
                || change.before() == MemberStatus.DEAD;
    }

    /**
     * Raises this member's own incarnation to {@code atLeast}, if it is below, and gossips that it is alive there:
     * the driver's way to tell the group that something about this member changed (see
     * {@link SwimMember#raiseIncarnation}).
     *
     * @return true if the incarnation rose
     */
    boolean raiseIncarnation(long atLeast) {
        if (atLeast <= incarnation) {
            return false;
        }
        incarnation = atLeast;
        gossip.add(new MemberUpdate.Alive(self, incarnation));
        return true;
    }

    /**
     * SWIM §4.2: a member suspected (or declared dead) at its current incarnation or above takes the next
     * incarnation and gossips that it is alive, which overrides the suspicion everywhere. Lifeguard §IV-A: being
     * suspected hints that this member is the slow one, so its health score goes up.
     */
    private void refuteIfNeeded(MemberUpdate update) {
        if (update.status() != MemberStatus.ALIVE && update.incarnation() >= incarnation) {
            incarnation = update.incarnation() + 1;
            gossip.addUrgent(new MemberUpdate.Alive(self, incarnation));
            health.worse();
        }
    }

    /**
     * A sender that gossips a Suspect or Dead older than what this member knows holds that stale belief itself (a
     * member gossips only its latest belief about each member): it missed the newer news, typically a refutation
     * whose gossip died out before reaching it. The direct reply corrects it, so that the sender does not time its
     * stale suspicion out into a false death.
     *
     * @return the belief here that overrides a stale Suspect or Dead, or null if the update is not stale so
     */
    MemberUpdate newerBelief(MemberUpdate update) {
        if (update.status() == MemberStatus.ALIVE) {
            return null;
        }
        MemberUpdate current = update.member().equals(self) ? new MemberUpdate.Alive(self, incarnation)
                : table.current(update.member());
        return current != null && current.overrides(update.status(), update.incarnation()) ? current : null;
    }

    /**
     * The updates for a message to {@code to}, at most {@code maxPiggyback}: Lifeguard's buddy system (§IV) first (a
     * member believed suspect or dead is told so directly, so that it can refute at once), then corrections of the
     * recipient's stale beliefs ({@link #newerBelief}), then the gossip queue's pick (SWIM §4.1).
     *
     * @param corrections newer beliefs to send the recipient, possibly empty
     */
    /** @return the urgent updates pending that fit one message, not counted as sent ({@link SwimMember#gossipFor}) */
    List<MemberUpdate> urgentNews() {
        return gossip.peekUrgent(settings.maxPiggyback(), budget.bytesPerMessage(), budget);
    }

    List<MemberUpdate> piggyback(String to, List<MemberUpdate> corrections) {
        MemberUpdate buddy = table.status(to).filter(s -> s != MemberStatus.ALIVE).isPresent() ? table.current(to)
                : null;
        if (buddy == null && corrections.isEmpty()) {
            return gossip.take(settings.maxPiggyback(), membersKnown(), null, budget.bytesPerMessage(), budget);
        }
        List<MemberUpdate> updates = new ArrayList<>(settings.maxPiggyback());
        int leftBytes = budget.bytesPerMessage();
        if (buddy != null) { // always carried: it is what lets the recipient refute
            updates.add(buddy);
            leftBytes -= budget.bytesOf().applyAsInt(buddy);
        }
        for (MemberUpdate correction : corrections) {
            int bytes = budget.bytesOf().applyAsInt(correction);
            if (updates.size() < settings.maxPiggyback() && bytes <= leftBytes && !updates.contains(correction)) {
                updates.add(correction);
                leftBytes -= bytes;
            }
        }
        updates.addAll(gossip.take(settings.maxPiggyback() - updates.size(), membersKnown(),
                buddy != null ? to : null, Math.max(0, leftBytes), budget));
        return updates;
    }

    /**
     * Ends the suspicions whose timer expired by declaring their member dead (Lifeguard §IV-B), and gossips again
     * those suspected for Min / 2 ({@link SuspicionTimers#refresh}).
     */
    void onTick(long nowNs, SwimOutput out) {
        for (String member : suspicions.expire(nowNs)) {
            long declared = table.incarnation(member).orElseThrow();
            apply(new MemberUpdate.Dead(member, declared, self), nowNs, out);
        }
        for (String member : suspicions.refresh(nowNs)) {
            gossip.addUrgent(table.current(member));
        }
    }

    /** SWIM §4.2: a probe of {@code target} got no Ack, so this member suspects it (unless it is dead already). */
    void probeFailed(String target, long nowNs, SwimOutput out) {
        if (table.status(target).filter(s -> s != MemberStatus.DEAD).isPresent()) {
            long suspected = table.incarnation(target).orElseThrow();
            apply(new MemberUpdate.Suspect(target, suspected, self), nowNs, out);
        }
    }

    /** @return the member to probe in the next protocol period (SWIM §4.3), or null if there is none */
    String nextProbeTarget() {
        return schedule.next(random);
    }

    /** @return up to k members alive, other than the target, to ask for an indirect probe (SWIM §3.1) */
    List<String> intermediaries(String target) {
        return table.randomAlive(settings.indirectChecks(), target, random);
    }

    /** @return the next suspicion deadline or refresh, or {@link Long#MAX_VALUE} */
    long nextDeadlineNs() {
        return suspicions.nextDeadlineNs();
    }

    /** @return n, the members known alive or suspect, this one included */
    int membersKnown() {
        return table.liveCount() + 1;
    }

    long incarnation() {
        return incarnation;
    }

    Optional<MemberStatus> status(String member) {
        return member.equals(self) ? Optional.of(MemberStatus.ALIVE) : table.status(member);
    }

    OptionalLong incarnationOf(String member) {
        return member.equals(self) ? OptionalLong.of(incarnation) : table.incarnation(member);
    }

    List<String> liveMembers() {
        return table.liveMembers();
    }

    int pendingGossip() {
        return gossip.size();
    }
}
