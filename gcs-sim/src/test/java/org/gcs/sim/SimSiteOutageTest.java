package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A site's WAN link cut both ways for 10 s, as {@code gcs bench wan-outage} does in namespaces: three sites of two
 * members, a2 sending ten messages a second throughout, site c cut off from a and b. Whatever the membership
 * protocol, what a user sees must follow from {@code site.timeout} alone:
 * <ul>
 *   <li>at 30 s, above the outage, c stays in every view and every member has every message exactly once and in
 *       order once the link is back (with SWIM, c is suspected but not declared dead before the site timeout);</li>
 *   <li>at 5 s, below it, c leaves the views of a and b and they leave c's, and c comes back after the link: a and b
 *       never lose each other (with SWIM, c's gossip of the deaths it declared while cut off reaches them after the
 *       link is back, and must not remove sites that they hear), and c delivers what it had in view, in order,
 *       exactly once.</li>
 * </ul>
 */
class SimSiteOutageTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final String G = "g";
    private static final long OUTAGE_NS = 10 * S;

    /** Drops every datagram to and from site c while the outage lasts. */
    private static final class Outage implements WanFilter {
        boolean cut;

        @Override
        public boolean pass(String fromSite, String toSite, org.gcs.driver.WanPacketInfo packet) {
            return !(cut && (fromSite.equals("c") || toSite.equals("c")));
        }
    }

    /** The three sites, the sender, and the views that lacked a site, as "member: sites". */
    private record Run(SimNetwork net, List<SimNode> all, SimNode sender, Map<MemberId, Long> sent,
                       List<String> shrunkViews) {
        long count(SimNode receiver) {
            return receiver.delivered().stream().filter(m -> m.sender().equals(sender.id())).count();
        }

        List<Long> sequences(SimNode receiver) {
            return receiver.delivered().stream().filter(m -> m.sender().equals(sender.id()))
                    .map(GroupMessage::sequence).toList();
        }
    }

    @ParameterizedTest(name = "overlay.membership = {0}")
    @ValueSource(strings = {"all-to-all", "swim"})
    void shouldKeepASiteCutForLessThanTheSiteTimeoutAndDeliverItsBacklogExactlyOnce(String membership) {
        Run run = outage(membership, "30s");

        assertThat(run.net().runUntil(() -> run.all().stream().allMatch(n -> run.count(n) == 200), 30 * S))
                .as("every member got all 200 messages: %s", run.all().stream().map(n -> n.name() + "="
                        + run.count(n)).toList()).isTrue();
        assertThat(run.shrunkViews()).as("no view lost a site").isEmpty();
        for (SimNode receiver : run.all()) {
            List<GroupMessage> got = receiver.delivered().stream().filter(m -> m.sender().equals(run.sender().id()))
                    .toList();
            assertThat(DeliveryChecker.problems(receiver.id(), got, run.sent())).as(receiver.name()).isEmpty();
        }
    }

    @ParameterizedTest(name = "overlay.membership = {0}")
    @ValueSource(strings = {"all-to-all", "swim"})
    void shouldDropASiteCutForLongerThanTheSiteTimeoutAndTakeItBackWithoutLosingTheOthers(String membership) {
        Run run = outage(membership, "5s");
        List<SimNode> c = run.all().subList(4, 6);

        assertThat(run.net().runUntil(() -> run.all().subList(0, 4).stream().allMatch(n -> run.count(n) == 200)
                && c.stream().allMatch(n -> n.view(G).orElseThrow().size() == 6 && n.sendIdle()), 30 * S))
                .as("a and b got all 200 messages and c is back: %s", run.all().stream().map(n -> n.name() + "="
                        + run.count(n) + " " + n.view(G).orElseThrow().sites()).toList()).isTrue();
        assertThat(run.shrunkViews()).as("c left the views of a and b, and they left c's").isNotEmpty()
                .allMatch(v -> v.startsWith("c") || v.endsWith("[a, b]"), "a and b never lost each other");
        for (SimNode receiver : c) {
            List<Long> got = run.sequences(receiver);
            assertThat(got).as("%s: in order, exactly once", receiver.name()).isSorted().doesNotHaveDuplicates()
                    .startsWith(LongStream.rangeClosed(1, 50).boxed().toArray(Long[]::new));
            assertThat(got.subList(got.size() - 30, got.size())).as("%s: the last 3 s after the outage",
                    receiver.name()).containsExactlyElementsOf(LongStream.rangeClosed(171, 200)
                    .boxed().toList());
            assertThat(got).as("%s: nothing of the outage, when c was out of a2's view", receiver.name())
                    .noneMatch(seq -> seq > 50 && seq <= 150);
        }
    }

    /**
     * Starts the sites, then a2 sends ten messages a second: 5 s, the 10-s outage of c, 5 s more.
     *
     * @param siteTimeout {@code site.timeout}
     */
    private static Run outage(String membership, String siteTimeout) {
        SimNetwork net = new SimNetwork(null, SimOptions.defaults(), b -> b.set("overlay.membership", membership)
                .set("site.timeout", siteTimeout));
        Outage outage = new Outage();
        net.setWanFilter(outage);
        List<SimNode> all = new ArrayList<>();
        for (String site : List.of("a", "b", "c")) {
            all.add(net.start(site, site + "1"));
            all.add(net.start(site, site + "2"));
        }
        all.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> all.stream().allMatch(n -> n.view(G).map(v -> v.size()).orElse(0) == 6),
                30 * S)).isTrue();
        List<String> shrunkViews = new ArrayList<>();
        all.forEach(n -> n.onView(v -> {
            if (v.group().equals(G) && v.sites().size() < 3) {
                shrunkViews.add(n.name() + ": " + v.sites());
            }
        }));
        Run run = new Run(net, all, all.get(1), new HashMap<>(), shrunkViews);
        sendFor(run, 5 * S);
        outage.cut = true;
        sendFor(run, OUTAGE_NS);
        outage.cut = false;
        sendFor(run, 5 * S);
        return run;
    }

    private static void sendFor(Run run, long durationNs) {
        for (long t = 0; t < durationNs; t += 100 * MS) {
            run.sender().send(G, new byte[100]);
            run.sent().merge(run.sender().id(), 1L, Long::sum);
            run.net().runFor(100 * MS);
        }
    }
}
