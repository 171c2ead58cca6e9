package org.gcs.alm.swim;

import java.util.Objects;

/**
 * One piece of membership news, disseminated by piggy-backing on the probe messages (SWIM §4.1): a member is
 * {@link Alive}, {@link Suspect} or {@link Dead} at some incarnation.
 *
 * <p>An incarnation number is owned by its member: only the member itself increases it, to refute a suspicion
 * (SWIM §4.2). Which of two updates about the same member wins is decided by {@link #overrides}.
 */
public sealed interface MemberUpdate {
    /** @return the member the update is about */
    String member();

    /** @return the incarnation of the member the update refers to; never negative */
    long incarnation();

    /** @return the status the update asserts */
    MemberStatus status();

    /**
     * The precedence rules of SWIM §4.2, given what is currently believed of the member (updates about the same
     * member only):
     * <ul>
     *   <li>{@code Alive(i)} overrides {@code Alive(j)}, {@code Suspect(j)} and {@code Dead(j)} if {@code i > j}
     *       (the last case brings a restarted member back);</li>
     *   <li>{@code Suspect(i)} overrides {@code Alive(j)} if {@code i >= j} and {@code Suspect(j)} if
     *       {@code i > j}; it never overrides {@code Dead};</li>
     *   <li>{@code Dead(i)} overrides {@code Alive(j)} and {@code Suspect(j)} if {@code i >= j}, and {@code Dead(j)}
     *       if {@code i > j}.</li>
     * </ul>
     * SWIM's original Confirm overrides any incarnation; like memberlist, a Dead of an older incarnation is
     * ignored here, so that a stale declaration cannot kill a member that has since refuted.
     *
     * @param currentStatus the status currently believed
     * @param currentIncarnation the incarnation currently believed
     * @return true if this update replaces the current belief
     */
    default boolean overrides(MemberStatus currentStatus, long currentIncarnation) {
        long i = incarnation();
        long j = currentIncarnation;
        return switch (status()) {
            case ALIVE -> i > j;
            case SUSPECT -> currentStatus == MemberStatus.ALIVE ? i >= j
                    : currentStatus == MemberStatus.SUSPECT && i > j;
            case DEAD -> currentStatus == MemberStatus.DEAD ? i > j : i >= j;
        };
    }

    /**
     * The member is alive at this incarnation: announced by the member itself when it joins and when it refutes
     * a suspicion, then gossiped.
     *
     * @param member the member id
     * @param incarnation the member's incarnation
     */
    record Alive(String member, long incarnation) implements MemberUpdate {
        /** Validates the fields. */
        public Alive {
            checkFields(member, incarnation);
        }

        @Override
        public MemberStatus status() {
            return MemberStatus.ALIVE;
        }
    }

    /**
     * The member is suspected at this incarnation: a probe by {@code from} failed (SWIM §4.2). Distinct
     * {@code from}s confirm the suspicion and shorten its timeout (Lifeguard §IV-B).
     *
     * @param member the member id
     * @param incarnation the incarnation suspected
     * @param from the member whose probe failed
     */
    record Suspect(String member, long incarnation, String from) implements MemberUpdate {
        /** Validates the fields. */
        public Suspect {
            checkFields(member, incarnation);
            Objects.requireNonNull(from, "from");
        }

        @Override
        public MemberStatus status() {
            return MemberStatus.SUSPECT;
        }
    }

    /**
     * The member is dead at this incarnation: {@code from}'s suspicion of it timed out (SWIM §4.2's Confirm).
     *
     * @param member the member id
     * @param incarnation the incarnation declared dead
     * @param from the member that declared it
     */
    record Dead(String member, long incarnation, String from) implements MemberUpdate {
        /** Validates the fields. */
        public Dead {
            checkFields(member, incarnation);
            Objects.requireNonNull(from, "from");
        }

        @Override
        public MemberStatus status() {
            return MemberStatus.DEAD;
        }
    }

    private static void checkFields(String member, long incarnation) {
        if (member == null || member.isEmpty()) {
            throw new IllegalArgumentException("member must be an id, got " + member);
        }
        if (incarnation < 0) {
            throw new IllegalArgumentException("incarnation must not be negative, got " + incarnation);
        }
    }
}
