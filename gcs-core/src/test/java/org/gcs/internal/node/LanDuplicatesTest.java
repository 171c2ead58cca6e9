package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.internal.engine.LanView.LanMember;
import org.jgroups.Address;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;

class LanDuplicatesTest {
    private final Map<Address, LanMember> identities = new HashMap<>();

    private Address member(String name, long incarnation) {
        Address address = UUID.randomUUID();
        identities.put(address, new LanMember(name, incarnation, true));
        return address;
    }

    private LanDuplicates of(Address... view) {
        return LanDuplicates.of(List.of(view), identities::get);
    }

    @Test
    void shouldFindNothingWhenEveryNameAppearsOnce() {
        Address a = member("a", 1);
        Address b = member("b", 1);
        Address anonymous = UUID.randomUUID(); // an address that names no member

        LanDuplicates duplicates = of(a, b, anonymous);

        assertThat(duplicates.isEmpty()).isTrue();
        assertThat(duplicates.distrusts(a)).isFalse();
        assertThat(duplicates.clashOfYounger(b)).isEmpty();
    }

    @Test
    void shouldKeepTheOldestCopyOfANameAndMakeTheYoungerOnesLeaveUntrusted() {
        Address other = member("other", 9);
        Address oldest = member("a", 1);
        Address younger = member("a", 2);
        Address youngest = member("a", 3);

        LanDuplicates duplicates = of(other, oldest, younger, youngest);

        assertThat(duplicates.clashes()).singleElement().satisfies(clash -> {
            assertThat(clash.name()).isEqualTo("a");
            assertThat(clash.oldest().address()).isEqualTo(oldest);
            assertThat(clash.younger()).extracting(LanDuplicates.Copy::address).containsExactly(younger, youngest);
            assertThat(clash.oldestImpersonated()).isFalse();
        });
        assertThat(duplicates.distrusts(oldest)).isFalse();
        assertThat(duplicates.distrusts(other)).isFalse();
        assertThat(duplicates.distrusts(younger)).isTrue();
        assertThat(duplicates.distrusts(youngest)).isTrue();
        assertThat(duplicates.clashOfYounger(oldest)).isEmpty();
        assertThat(duplicates.clashOfYounger(youngest)).isPresent();
        assertThat(duplicates.younger(younger)).isTrue();
        assertThat(duplicates.younger(oldest)).isFalse();
    }

    @Test
    void shouldTrustNeitherCopyOfANameAndIncarnation() {
        Address genuine = member("a", 7);
        Address clone = member("a", 7);

        LanDuplicates duplicates = of(genuine, clone);

        assertThat(duplicates.clashes()).singleElement().satisfies(c -> assertThat(c.oldestImpersonated()).isTrue());
        assertThat(duplicates.distrusts(genuine)).isTrue();
        assertThat(duplicates.distrusts(clone)).isTrue();
        assertThat(duplicates.clashOfYounger(genuine)).isEmpty();
        assertThat(duplicates.clashOfYounger(clone)).isPresent();
    }
}
