package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.gcs.alm.tree.FixedTreeStrategy;
import org.gcs.alm.tree.TreeStrategies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code tree}, {@code at} and {@code cross} lines of topology files. */
class TopologyExtrasTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    /** Loads one of the test topologies shipped as test resources (they are not built in). */
    static Topology testTopology(String fileName) {
        try {
            return Topology.load(Path.of(TopologyExtrasTest.class.getResource("lab/" + fileName).toURI()).toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void shouldReadTheTreeAndGiveItsFixedStrategy() {
        Topology o6 = testTopology("o6-schedule.topo");

        assertThat(o6.tree()).hasValue(List.of(new TreeEdge("S", "R1"), new TreeEdge("S", "R2"),
                new TreeEdge("S", "R3"), new TreeEdge("S", "R4")));
        assertThat(o6.treeStrategy()).hasValue("fixed:S-R1,S-R2,S-R3,S-R4");
        FixedTreeStrategy strategy = (FixedTreeStrategy) TreeStrategies.byName(o6.treeStrategy().orElseThrow());
        assertThat(strategy.root()).isEqualTo("S");
        assertThat(Topology.load("ron6").tree()).isEmpty();
        assertThat(Topology.load("ron6").treeStrategy()).isEmpty();
    }

    @Test
    void shouldAcceptCommasBetweenTreeEdgesAndKeepTheirOrder() {
        Topology chain = testTopology("chain-cross.topo");

        assertThat(chain.treeStrategy()).hasValue("fixed:A-B,B-C,C-D");
        Topology parsed = Topology.parse("site a b c\ntree a-c,a-b", "t.topo");
        assertThat(parsed.treeStrategy()).hasValue("fixed:a-c,a-b");
    }

    @Test
    void shouldSortTheScheduleByTimeWithCompleteProfiles() {
        Topology o6 = testTopology("o6-schedule.topo");
        LinkProfile sr2 = o6.link("S", "R2").orElseThrow();
        LinkProfile sr3 = o6.link("S", "R3").orElseThrow();

        assertThat(o6.schedule()).containsExactly(
                new LinkChange(200 * S, "S", "R2", sr2.withBandwidthBitsPerSec(500_000)),
                new LinkChange(400 * S, "S", "R3", sr3.withBandwidthBitsPerSec(250_000)),
                new LinkChange(600 * S, "S", "R3", sr3),
                new LinkChange(800 * S, "S", "R2", sr2));
        assertThat(sr2).isEqualTo(new LinkProfile(20 * MS, 0, LossProfile.none(), 2_000_000, 50 * 1024, false));
    }

    @Test
    void shouldBuildEachChangeOnTheLinkAsItIsAtThatMoment() {
        Topology chain = testTopology("chain-cross.topo");
        LinkProfile bc = chain.link("B", "C").orElseThrow();
        LinkProfile cb = chain.link("C", "B").orElseThrow();
        assertThat(bc.loss()).isEqualTo(LossProfile.bursty(0.005, 2));

        // the 10 s change is written last but applies first, so the 30 s change keeps its delay; both keep burst=2
        assertThat(chain.schedule()).containsExactly(
                new LinkChange(10 * S, "B", "C", bc.withOneWayDelayNs(15 * MS)),
                new LinkChange(30 * S, "B", "C", bc.withOneWayDelayNs(15 * MS).withBandwidthBitsPerSec(1_000_000)
                        .withLoss(LossProfile.bursty(0.01, 2))),
                new LinkChange(30 * S, "C", "B", cb.withLoss(LossProfile.bursty(0.01, 2))));
    }

    @Test
    void shouldKeepSameTimeChangesInDeclarationOrder() {
        Topology topology = Topology.parse("""
                site a b
                link a -> b bandwidth=1Mbps
                at 1s link a -> b bandwidth=2Mbps
                at 0.5s link a -> b delay=3ms
                at 1000ms link a -> b bandwidth=3Mbps
                """, "order.topo");

        assertThat(topology.schedule()).extracting(LinkChange::atNs).containsExactly(500 * MS, S, S);
        assertThat(topology.schedule()).extracting(c -> c.profile().bandwidthBitsPerSec())
                .containsExactly(1_000_000L, 2_000_000L, 3_000_000L);
        assertThat(topology.schedule()).allSatisfy(c -> assertThat(c.profile().oneWayDelayNs()).isEqualTo(3 * MS));
    }

    @Test
    void shouldReadCrossTrafficWithDefaultsAndBothDirections() {
        Topology chain = testTopology("chain-cross.topo");

        CrossTraffic first = new CrossTraffic("B", "C", 200_000, S, S, 1000, true);
        CrossTraffic forward = new CrossTraffic("B", "C", 500_000, 500 * MS, 1500 * MS, 500, false);
        CrossTraffic backward = new CrossTraffic("C", "B", 500_000, 500 * MS, 1500 * MS, 500, false);
        assertThat(chain.crossTraffic()).containsExactly(first, forward, backward);
        assertThat(chain.crossTraffic("B", "C")).containsExactly(first, forward);
        assertThat(chain.crossTraffic("C", "B")).containsExactly(backward);
        assertThat(chain.crossTraffic("A", "B")).isEmpty();
        assertThat(first.meanRateBitsPerSec()).isEqualTo(100_000.0);
        assertThat(Topology.parse("site a b\nlink a -> b bandwidth=1Mbps\ncross a -> b rate=1Mbps on=1s off=0s",
                "cbr.topo").crossTraffic()).containsExactly(new CrossTraffic("a", "b", 1_000_000, S, 0, 1000, true));
    }

    @Test
    void shouldTakeTheNewEntriesIntoASubset() {
        Topology chain = testTopology("chain-cross.topo");

        Topology bc = chain.subset(List.of("C", "B"));
        assertThat(bc.treeStrategy()).hasValue("fixed:B-C");
        assertThat(bc.schedule()).hasSize(3);
        assertThat(bc.crossTraffic()).hasSize(3);

        Topology ab = chain.subset(List.of("A", "B"));
        assertThat(ab.treeStrategy()).hasValue("fixed:A-B");
        assertThat(ab.schedule()).isEmpty();
        assertThat(ab.crossTraffic()).isEmpty();

        // without B the tree no longer spans A, C, D; with one site there is no edge left
        assertThat(chain.subset(List.of("A", "C", "D")).tree()).isEmpty();
        assertThat(chain.subset(List.of("C")).tree()).isEmpty();

        // the kept root's edge moves to the front, so the strategy is valid
        Topology unordered = Topology.parse("site r a b c\ntree r-a c-b a-c", "u.topo");
        assertThat(unordered.subset(List.of("a", "b", "c")).treeStrategy()).hasValue("fixed:a-c,c-b");
        assertThat(TreeStrategies.byName(unordered.subset(List.of("a", "b", "c")).treeStrategy().orElseThrow()))
                .isNotNull();
    }

    @Test
    void shouldCompareTheNewEntries() {
        String base = "name t\nsite a b\nlink a <-> b bandwidth=1Mbps\n";
        Topology plain = Topology.parse(base, "t.topo");
        Topology withTree = Topology.parse(base + "tree a-b", "t.topo");
        Topology withChange = Topology.parse(base + "at 1s link a -> b delay=1ms", "t.topo");
        Topology withCross = Topology.parse(base + "cross a -> b rate=1kbps on=1s off=1s", "t.topo");

        assertThat(List.of(withTree, withChange, withCross)).allSatisfy(t -> assertThat(t).isNotEqualTo(plain));
        assertThat(Topology.parse(base + "tree a-b", "t.topo")).isEqualTo(withTree).hasSameHashCodeAs(withTree);
        assertThat(Topology.parse(base + "cross a -> b rate=1kbps on=1s off=1s", "t.topo"))
                .isEqualTo(withCross).hasSameHashCodeAs(withCross);
        assertThat(Topology.parse(base + "tree b-a", "t.topo")).isNotEqualTo(withTree);
        assertThat(plain.toString()).isEqualTo("Topology[t, sites=[a, b], 2 directed links]");
        assertThat(withCross.toString()).endsWith(", 1 cross-traffic streams]");
    }

    @Test
    void shouldBuildTheNewEntriesInCodeWithTheSameChecks() {
        LinkProfile limited = LinkProfile.IDEAL.withBandwidthBitsPerSec(1_000_000);
        Topology built = Topology.builder("t").site("a").site("b")
                .bidirectionalLink("a", "b", limited)
                .tree(List.of(new TreeEdge("a", "b")))
                .change(new LinkChange(S, "a", "b", limited.withOneWayDelayNs(MS)))
                .crossTraffic(new CrossTraffic("a", "b", 1_000, S, S, 1000, true))
                .build();

        assertThat(built).isEqualTo(Topology.parse("""
                name t
                site a b
                link a <-> b bandwidth=1Mbps
                tree a-b
                at 1s link a -> b delay=1ms
                cross a -> b rate=1kbps on=1s off=1s
                """, "t.topo"));
        assertThatThrownBy(() -> Topology.builder("t").site("a").site("b").site("c")
                .tree(List.of(new TreeEdge("a", "b"))).build()).hasMessageContaining("leaves out [c]");
        assertThatThrownBy(() -> Topology.builder("t").site("a").site("b").tree(List.of(new TreeEdge("b", "a")))
                .tree(List.of(new TreeEdge("a", "b")))).hasMessageContaining("already set");
        assertThatThrownBy(() -> Topology.builder("t").site("a").site("b")
                .change(new LinkChange(0, "a", "b", limited))).hasMessageContaining("no link a -> b to change");
        assertThatThrownBy(() -> Topology.builder("t").site("a").site("b").link("a", "b", LinkProfile.IDEAL)
                .crossTraffic(new CrossTraffic("a", "b", 1, 1, 1, 1, true))).hasMessageContaining("bandwidth limit");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            tree without edges   | tree                                       | with at least one edge, e.g. 'tree a-b b-c'
            tree unknown site    | tree a-x                                   | unknown site 'x'; declare it first with 'site x'
            tree no dash         | tree ab                                    | edge 'ab' must be <parent>-<child>
            tree two parents     | tree a-b c-b                               | site 'b' is the child of two edges, a-b and c-b
            tree root as child   | tree a-b b-a                               | the root 'a' (the first site of the first edge) is the child of edge b-a
            tree cycle           | tree a-b c-d d-c                           | form a cycle
            at no link keyword   | at 1s a -> b delay=1ms                     | expected 'at <time> link <site> -> <site> key=value...'
            at no keys           | at 1s link a -> b                          | with at least one key=value to change
            at no unit           | at 200 link a -> b delay=1ms               | at 200: '200' has no unit; add one of ns, us, ms, s, m, min or h
            at missing link      | at 1s link a -> d delay=1ms                | there is no link a -> d to change; define it first with a 'link' line above this one
            at missing reverse   | at 1s link b <-> c delay=1ms               | there is no link c -> b to change
            at unknown key       | at 1s link a -> b speed=1Mbps              | unknown key 'speed'; keys are rtt, delay
            at split on one way  | at 1s link a -> b loss=1%/2%               | per-direction values a/b are allowed only on '<->' links
            cross missing rate   | cross a -> b on=1s off=1s                  | cross traffic needs rate=, on= and off= (missing rate=)
            cross unknown key    | cross a -> b rate=1Mbps on=1s off=1s burst=2 | unknown key 'burst' for cross traffic; keys are rate, on, off, packet, start
            cross unlimited rate | cross a -> b rate=unlimited on=1s off=1s   | rate=unlimited: cross traffic needs a finite rate
            cross zero on        | cross a -> b rate=1Mbps on=0s off=1s       | the mean ON period must be above 0
            cross bad packet     | cross a -> b rate=1Mbps on=1s off=1s packet=70000B | a packet is 1B to 65535B
            cross packet no unit | cross a -> b rate=1Mbps on=1s off=1s packet=1000 | packet=1000: '1000' has no unit
            cross bad start      | cross a -> b rate=1Mbps on=1s off=1s start=later | start=later: write start=on or start=off
            cross split          | cross a <-> b rate=1Mbps/2Mbps on=1s off=1s | per-direction values a/b are not allowed on cross lines
            cross no link        | cross a -> d rate=1Mbps on=1s off=1s       | there is no link a -> d to carry cross traffic
            cross unlimited link | cross b -> c rate=1Mbps on=1s off=1s       | cross traffic needs a bandwidth limit on the link b -> c, which has none
            cross self           | cross a -> a rate=1Mbps on=1s off=1s       | cross traffic needs a link between two different sites
            cross no arrow       | cross a b rate=1Mbps                       | expected 'cross <site> -> <site> rate=<bit rate> on=<time> off=<time>
            """)
    void shouldReportTheLineNumberAndAFix(String description, String badLine, String expectedMessage) {
        String text = "name test\nsite a b c d\nlink a <-> b bandwidth=1Mbps\nlink a -> c bandwidth=1Mbps\n"
                + "link b -> c delay=1ms\n" + badLine + "\n";

        assertThatThrownBy(() -> Topology.parse(text, "test.topo"))
                .as(description)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("test.topo:6: ")
                .hasMessageContaining(expectedMessage)
                .hasMessageContaining("[line: " + badLine.strip() + "]");
    }

    @Test
    void shouldAcceptOneTreeLineOnly() {
        assertThatThrownBy(() -> Topology.parse("site a b c\ntree a-b a-c\ntree a-b b-c\n", "twice.topo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("twice.topo:3: the tree is already given on line 2; write one 'tree' line");
    }

    @Test
    void shouldNameTheTreeLineWhenTheTreeLeavesOutASiteDeclaredLater() {
        assertThatThrownBy(() -> Topology.parse("site a b\ntree a-b\nsite c d\n", "late.topo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("late.topo:2: the tree leaves out sites c, d; every declared site must be in "
                        + "the tree: add edges such as a-c")
                .hasMessageContaining("[line: tree a-b]");
    }

    @Test
    void shouldNameTheAtLineWhenAChangeDoesNotFitTheLinkAtItsMoment() {
        // alone each line is fine; at 2 s the loss of 90 % meets the burst of 2 set at 1 s (written below it)
        String text = "site a b\nlink a -> b bandwidth=1Mbps\nat 2s link a -> b loss=90%\nat 1s link a -> b burst=2\n";

        assertThatThrownBy(() -> Topology.parse(text, "late.topo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("late.topo:3: burst=2 is too short for loss=90%")
                .hasMessageContaining("[line: at 2s link a -> b loss=90%]");
    }
}
