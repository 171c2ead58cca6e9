package org.gcs.internal.node;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.gcs.internal.engine.LanView.LanMember;
import org.jgroups.Address;

/**
 * The member names that appear more than once in one JGroups view of the site (docs/security.md, LAN, "One member
 * per name"). Every member computes it from the same ordered view, so all agree on it:
 * <ul>
 * <li>of the copies of one name, the oldest (the first in the view) stays and every younger copy must leave;</li>
 * <li>the messages of a younger copy are trusted by no member;</li>
 * <li>a name <em>and incarnation</em> that appear twice are trusted for neither copy, the oldest included: a key
 *     holder can forge an incarnation, so no member can tell which copy is genuine.</li>
 * </ul>
 * Immutable.
 */
final class LanDuplicates {
    /** No duplicates. */
    static final LanDuplicates NONE = new LanDuplicates(List.of(), Set.of());

    /** One JGroups member and the GCS member its address names. */
    record Copy(Address address, LanMember member) {
    }

    /**
     * A member name that appears more than once in the view.
     *
     * @param oldest the copy that stays (the first in the view)
     * @param younger the copies that must leave, oldest first
     */
    record Clash(Copy oldest, List<Copy> younger) {
        /** @return the name */
        String name() {
            return oldest.member().name();
        }

        /** @return true if a younger copy carries the oldest one's incarnation too (so neither is trusted) */
        boolean oldestImpersonated() {
            return younger.stream().anyMatch(c -> c.member().incarnation() == oldest.member().incarnation());
        }
    }

    private final List<Clash> clashes;
    private final Set<Address> distrusted;

    private LanDuplicates(List<Clash> clashes, Set<Address> distrusted) {
        this.clashes = List.copyOf(clashes);
        this.distrusted = Set.copyOf(distrusted);
    }

    /**
     * @param members the view's members, oldest first
     * @param identity the GCS member an address names, or null for an address that names none
     * @return the duplicates among them
     */
    static LanDuplicates of(List<Address> members, Function<Address, LanMember> identity) {
        Map<String, List<Copy>> byName = new LinkedHashMap<>();
        for (Address address : members) {
            LanMember member = identity.apply(address);
            if (member != null) {
                byName.computeIfAbsent(member.name(), n -> new ArrayList<>()).add(new Copy(address, member));
            }
        }
        List<Clash> clashes = new ArrayList<>();
        Set<Address> distrusted = new HashSet<>();
        for (List<Copy> copies : byName.values()) {
            if (copies.size() < 2) {
                continue;
            }
            Clash clash = new Clash(copies.get(0), List.copyOf(copies.subList(1, copies.size())));
            clashes.add(clash);
            clash.younger().forEach(c -> distrusted.add(c.address()));
            if (clash.oldestImpersonated()) {
                distrusted.add(clash.oldest().address());
            }
        }
        return clashes.isEmpty() ? NONE : new LanDuplicates(clashes, distrusted);
    }

    /** @return true if no member may trust the messages of this JGroups member */
    boolean distrusts(Address sender) {
        return sender != null && distrusted.contains(sender);
    }

    /** @return true if this JGroups member is a younger copy of a name (it must leave, and counts in no view) */
    boolean younger(Address member) {
        return clashOfYounger(member).isPresent();
    }

    /** @return the clash in which this JGroups member is a younger copy (so it must leave), if any */
    Optional<Clash> clashOfYounger(Address self) {
        for (Clash clash : clashes) {
            for (Copy copy : clash.younger()) {
                if (copy.address().equals(self)) {
                    return Optional.of(clash);
                }
            }
        }
        return Optional.empty();
    }

    /** @return every name that appears more than once, in view order */
    List<Clash> clashes() {
        return clashes;
    }

    /** @return true if every name appears once */
    boolean isEmpty() {
        return clashes.isEmpty();
    }
}
