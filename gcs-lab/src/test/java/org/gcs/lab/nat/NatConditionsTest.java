package org.gcs.lab.nat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.tools.netns.NatNetwork.Nat;
import org.junit.jupiter.api.Test;

/** What the scenario waits for: all sites in sight, a NAT change healed, every message delivered. */
class NatConditionsTest {
    private static final List<NatSite> SITES = List.of(new NatSite("boston", Nat.NONE),
            new NatSite("paris", Nat.PORT_PRESERVING), new NatSite("tokyo", Nat.SYMMETRIC));

    /** A report that sees every other site and delivered up to the given sequence number of every sender. */
    private static NatAgentReport report(String self, Map<String, Long> maxBySender) {
        List<String> others = SITES.stream().map(NatSite::name).filter(n -> !n.equals(self)).toList();
        TreeMap<String, SenderTally> tallies = new TreeMap<>();
        maxBySender.forEach((sender, max) -> tallies.put(sender, new SenderTally(max, max, 0, max)));
        return new NatAgentReport(0, true, true, others, new TreeMap<>(), List.of("boston", "paris", "tokyo"),
                tallies);
    }

    private static Map<String, NatAgentReport> everyoneDelivered(long max) {
        Map<String, NatAgentReport> latest = new HashMap<>();
        for (NatSite site : SITES) {
            latest.put(site.name(), report(site.name(), Map.of("boston", max, "paris", max, "tokyo", max)));
        }
        return latest;
    }

    @Test
    void shouldSeeEachOtherOnlyWhenEverySiteListsEveryOther() {
        Map<String, NatAgentReport> latest = everyoneDelivered(0);
        assertThat(NatConditions.allSeeEachOther(SITES, latest)).isTrue();
        assertThat(NatConditions.fullViews(SITES, latest)).isTrue();

        latest.put("tokyo", new NatAgentReport(0, true, true, List.of("boston"), new TreeMap<>(), List.of(),
                new TreeMap<>()));
        assertThat(NatConditions.allSeeEachOther(SITES, latest)).isFalse();
        assertThat(NatConditions.fullViews(SITES, latest)).isFalse();
        latest.remove("tokyo");
        assertThat(NatConditions.allSeeEachOther(SITES, latest)).isFalse();
    }

    @Test
    void shouldHealOnceMessagesSentAfterTheChangeFlowBothWaysWithTheChangedSite() {
        Map<String, Long> marks = Map.of("boston", 10L, "paris", 10L, "tokyo", 10L);
        assertThat(NatConditions.healed(SITES, "paris", marks, everyoneDelivered(10))).isFalse();
        assertThat(NatConditions.healed(SITES, "paris", marks, everyoneDelivered(11))).isTrue();

        Map<String, NatAgentReport> tokyoLags = everyoneDelivered(11);
        tokyoLags.put("tokyo", report("tokyo", Map.of("boston", 11L, "paris", 10L, "tokyo", 11L)));
        assertThat(NatConditions.healed(SITES, "paris", marks, tokyoLags)).isFalse();

        Map<String, NatAgentReport> parisLags = everyoneDelivered(11);
        parisLags.put("paris", report("paris", Map.of("boston", 11L, "paris", 11L, "tokyo", 10L)));
        assertThat(NatConditions.healed(SITES, "paris", marks, parisLags)).isFalse();
        // boston's and tokyo's own traffic between each other does not matter for paris's heal
        Map<String, NatAgentReport> others = everyoneDelivered(11);
        others.put("boston", report("boston", Map.of("boston", 11L, "paris", 11L, "tokyo", 3L)));
        assertThat(NatConditions.healed(SITES, "paris", marks, others)).isTrue();
    }

    @Test
    void shouldBeDeliveredOnlyWhenEveryReceiverHasEveryMessageOfEverySender() {
        Map<String, Long> sent = Map.of("boston", 12L, "paris", 12L, "tokyo", 12L);
        assertThat(NatConditions.allDelivered(SITES, sent, everyoneDelivered(12))).isTrue();
        assertThat(NatConditions.allDelivered(SITES, sent, everyoneDelivered(11))).isFalse();
    }
}
