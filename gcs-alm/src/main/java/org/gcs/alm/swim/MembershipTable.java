package org.gcs.alm.swim;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;

/**
 * What one member believes of every other member: status and incarnation, changed only by updates that win under
 * SWIM §4.2's precedence ({@link MemberUpdate#overrides}). The member itself is not in its table.
 *
 * <p>Dead members stay as tombstones (one entry per member id ever heard of, a few hundred sites at most), so
 * that a stale Alive cannot bring back a member declared dead at a later incarnation. The members not dead are also
 * kept in an array, so that intermediaries for an indirect probe are drawn in O(k).
 */
final class MembershipTable {
    /** A status change applied by {@link #apply}; {@code before} is null when the member was unknown. */
    record Transition(MemberStatus before, MemberStatus after) {
    }

    private static final class Entry {
        final String member;
        MemberStatus status = MemberStatus.ALIVE;
        long incarnation;
        /** Who suspected or declared the member dead; null while alive. */
        String from;
        /** Position in {@link #live}, or -1 while dead. */
        int liveIndex = -1;

        Entry(String member) {
            this.member = member;
        }
    }

    private final Map<String, Entry> entries = new HashMap<>();
    private final ArrayList<Entry> live = new ArrayList<>();
    private final List<String> liveView = new AbstractList<>() {
        @Override
        public String get(int index) {
            return live.get(index).member;
        }

        @Override
        public int size() {
            return live.size();
        }
    };

    /**
     * Adds a member as alive at incarnation 0, unless it is known (in any status).
     *
     * @return true if the member was unknown and was added
     */
    boolean add(String member) {
        if (entries.containsKey(member)) {
            return false;
        }
        Entry entry = new Entry(member);
        entries.put(member, entry);
        link(entry);
        return true;
    }

    /**
     * Applies an update if it overrides the current belief ({@link MemberUpdate#overrides}); an Alive or Dead about
     * an unknown member adds it, a Suspect about an unknown member is ignored (its Alive will come).
     *
     * @return the change, or null if the update was stale or ignored
     */
    Transition apply(MemberUpdate update) {
        Entry entry = entries.get(update.member());
        if (entry == null) {
            if (update.status() == MemberStatus.SUSPECT) {
                return null;
            }
            entry = new Entry(update.member());
            entries.put(update.member(), entry);
            set(entry, update);
            return new Transition(null, update.status());
        }
        if (!update.overrides(entry.status, entry.incarnation)) {
            return null;
        }
        MemberStatus before = entry.status;
        set(entry, update);
        return new Transition(before, update.status());
    }

    private void set(Entry entry, MemberUpdate update) {
        entry.status = update.status();
        entry.incarnation = update.incarnation();
        if (update instanceof MemberUpdate.Suspect suspect) {
            entry.from = suspect.from();
        } else if (update instanceof MemberUpdate.Dead dead) {
            entry.from = dead.from();
        } else {
            entry.from = null;
        }
        if (entry.status == MemberStatus.DEAD) {
            unlink(entry);
        } else if (entry.liveIndex < 0) {
            link(entry);
        }
    }

    private void link(Entry entry) {
        entry.liveIndex = live.size();
        live.add(entry);
    }

    private void unlink(Entry entry) {
        if (entry.liveIndex < 0) {
            return;
        }
        Entry last = live.remove(live.size() - 1);
        if (last != entry) {
            live.set(entry.liveIndex, last);
            last.liveIndex = entry.liveIndex;
        }
        entry.liveIndex = -1;
    }

    /** @return the member's status, if it is known */
    Optional<MemberStatus> status(String member) {
        Entry entry = entries.get(member);
        return entry == null ? Optional.empty() : Optional.of(entry.status);
    }

    /** @return the member's incarnation as believed here, if it is known */
    OptionalLong incarnation(String member) {
        Entry entry = entries.get(member);
        return entry == null ? OptionalLong.empty() : OptionalLong.of(entry.incarnation);
    }

    /** @return the update that stands for the current belief about the member, or null if it is unknown */
    MemberUpdate current(String member) {
        Entry e = entries.get(member);
        if (e == null) {
            return null;
        }
        return switch (e.status) {
            case ALIVE -> new MemberUpdate.Alive(e.member, e.incarnation);
            case SUSPECT -> new MemberUpdate.Suspect(e.member, e.incarnation, e.from);
            case DEAD -> new MemberUpdate.Dead(e.member, e.incarnation, e.from);
        };
    }

    /** @return how many members are alive or suspect (this member not counted) */
    int liveCount() {
        return live.size();
    }

    /** @return the members alive or suspect, in no particular order: a read-only view that follows the table */
    List<String> liveMembers() {
        return liveView;
    }

    /**
     * Draws up to {@code k} distinct members that are {@link MemberStatus#ALIVE} (not suspect: SWIM §3.1 asks
     * members believed healthy to relay), other than {@code exclude}, uniformly at random: a partial Fisher-Yates
     * shuffle of the live array, in place (its order carries no meaning).
     *
     * @return the chosen members; fewer than {@code k} if there are not enough
     */
    List<String> randomAlive(int k, String exclude, RandomGenerator random) {
        List<String> chosen = new ArrayList<>(Math.min(k, live.size()));
        for (int i = 0; i < live.size() && chosen.size() < k; i++) {
            int j = i + random.nextInt(live.size() - i);
            Entry picked = live.get(j);
            Entry displaced = live.get(i);
            live.set(i, picked);
            picked.liveIndex = i;
            live.set(j, displaced);
            displaced.liveIndex = j;
            if (picked.status == MemberStatus.ALIVE && !picked.member.equals(exclude)) {
                chosen.add(picked.member);
            }
        }
        return chosen;
    }
}
