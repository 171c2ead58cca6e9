package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologyTest {

    private static final long MS = 1_000_000L;

    // seed 004, section 4: rows are receivers, columns senders, in the order of RON6_SITES
    private static final List<String> RON6_SITES =
            List.of("jerusalem", "boston", "saltlake", "ottawa", "berkeley", "chicago");
    private static final String[][] TABLE1_RTT_MS = {
        {null, "170.92", "282.15", "205.25", "277.99", "213.99"},
        {"170.62", null, "120.18", "51.67", "122.20", "62.82"},
        {"260.60", "91.95", null, "57.65", "77.15", "57.87"},
        {"236.30", "50.00", "85.70", null, "85.59", "26.68"},
        {"299.13", "121.32", "96.58", "76.23", null, "59.80"},
        {"242.47", "62.29", "58.75", "25.27", "59.64", null},
    };
    private static final String[][] TABLE2_LOSS_PERCENT = {
        {"0.00", "0.00", "2.90", "0.00", "7.63", "2.33"},
        {"0.33", "0.00", "3.42", "0.00", "7.40", "2.47"},
        {"4.20", "2.87", "0.00", "3.39", "6.35", "1.96"},
        {"0.33", "0.00", "3.31", "0.00", "7.84", "2.67"},
        {"4.80", "3.26", "3.34", "4.36", "0.00", "1.50"},
        {"1.15", "0.82", "0.71", "0.63", "4.85", "0.00"},
    };

    @Test
    void shouldParseBothArrowFormsWithUnitsAndAsymmetricLoss() {
        Topology topology = Topology.parse("""
                # a comment line
                name demo
                site a            # trailing comment
                site b c

                defaults bandwidth=10Mbps queue=128KB jitter=0ms
                link a <-> b rtt=170.77ms loss=0.33%/0.00%
                link b -> c delay=31ms loss=0.82% burst=2.5 bandwidth=5Mbps queue=64KB jitter=2ms reorder=false
                link c->a delay=1.5s loss=0.01 bandwidth=unlimited reorder=true
                """, "demo.topo");

        assertThat(topology.name()).isEqualTo("demo");
        assertThat(topology.sites()).containsExactly("a", "b", "c");
        assertThat(topology.links()).hasSize(4);
        assertThat(topology.link("a", "b")).contains(
                new LinkProfile(85_385_000, 0, LossProfile.bernoulli(0.0033), 10_000_000, 131_072, false));
        assertThat(topology.link("b", "a")).contains(
                new LinkProfile(85_385_000, 0, LossProfile.none(), 10_000_000, 131_072, false));
        assertThat(topology.link("b", "c")).contains(
                new LinkProfile(31 * MS, 2 * MS, LossProfile.bursty(0.0082, 2.5), 5_000_000, 65_536, false));
        assertThat(topology.link("c", "a")).contains(
                new LinkProfile(1_500 * MS, 0, LossProfile.bernoulli(0.01), 0, 131_072, true));
        assertThat(topology.link("c", "b")).isEmpty();
        assertThat(topology.link("a", "c")).isEmpty();
        assertThat(topology.link("a", "nowhere")).isEmpty();
    }

    @Test
    void shouldAcceptEveryUnit() {
        Topology topology = Topology.parse("""
                site a b c d e
                link a -> b delay=7ns jitter=3us bandwidth=2bps queue=9B
                link a -> c delay=2s bandwidth=3kbps queue=2KiB
                link a -> d bandwidth=3Kbps queue=1MB
                link a -> e bandwidth=1.5Gbps queue=0.5MiB
                """, "units.topo");

        assertThat(topology.link("a", "b")).contains(new LinkProfile(7, 3_000, LossProfile.none(), 2, 9, false));
        assertThat(topology.link("a", "c").orElseThrow().oneWayDelayNs()).isEqualTo(2_000 * MS);
        assertThat(topology.link("a", "c").orElseThrow().bandwidthBitsPerSec()).isEqualTo(3_000);
        assertThat(topology.link("a", "c").orElseThrow().queueBytes()).isEqualTo(2_048);
        assertThat(topology.link("a", "d").orElseThrow().bandwidthBitsPerSec()).isEqualTo(3_000);
        assertThat(topology.link("a", "d").orElseThrow().queueBytes()).isEqualTo(1_048_576);
        assertThat(topology.link("a", "e").orElseThrow().bandwidthBitsPerSec()).isEqualTo(1_500_000_000);
        assertThat(topology.link("a", "e").orElseThrow().queueBytes()).isEqualTo(524_288);
    }

    @Test
    void shouldSplitPerDirectionValuesOnSymmetricLinks() {
        Topology topology = Topology.parse("""
                site a b
                link a <-> b delay=10ms/20ms bandwidth=1Mbps/2Mbps loss=1% burst=2/3
                """, "split.topo");

        LinkProfile ab = topology.link("a", "b").orElseThrow();
        LinkProfile ba = topology.link("b", "a").orElseThrow();
        assertThat(ab.oneWayDelayNs()).isEqualTo(10 * MS);
        assertThat(ba.oneWayDelayNs()).isEqualTo(20 * MS);
        assertThat(ab.bandwidthBitsPerSec()).isEqualTo(1_000_000);
        assertThat(ba.bandwidthBitsPerSec()).isEqualTo(2_000_000);
        assertThat(ab.loss()).isEqualTo(LossProfile.bursty(0.01, 2));
        assertThat(ba.loss()).isEqualTo(LossProfile.bursty(0.01, 3));
    }

    @Test
    void shouldApplyDefaultsToTheLinksBelowThem() {
        Topology topology = Topology.parse("""
                site a b c
                link a -> b
                defaults delay=5ms loss=1%
                link b -> c
                defaults loss=0
                link c -> a jitter=1ms
                """, "defaults.topo");

        assertThat(topology.link("a", "b")).contains(LinkProfile.IDEAL);
        assertThat(topology.link("b", "c")).contains(
                LinkProfile.IDEAL.withOneWayDelayNs(5 * MS).withLoss(LossProfile.bernoulli(0.01)));
        assertThat(topology.link("c", "a")).contains(LinkProfile.IDEAL.withOneWayDelayNs(5 * MS).withJitterNs(MS));
    }

    @Test
    void shouldNameTheTopologyAfterItsSourceWhenThereIsNoNameLine() {
        assertThat(Topology.parse("site a", "conf/wan/lab-west.topo").name()).isEqualTo("lab-west");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown key          | link a -> b dealy=3ms                 | unknown key 'dealy'; keys are rtt, delay
            unknown site         | link a -> x delay=3ms                 | unknown site 'x'; declare it first with 'site x'
            duplicate link       | link b -> a delay=3ms                 | the link b -> a is already defined on line 3
            missing unit         | link b -> c delay=3                   | delay=3: '3' has no unit; add one of ns, us, ms, s, m, min or h
            wrong rate unit      | link b -> c bandwidth=10MBps          | unknown unit 'MBps' in '10MBps'; use bps, kbps, Kbps, Mbps or Gbps
            wrong size unit      | link b -> c queue=64kb                | unknown unit 'kb' in '64kb'; use B, KB, KiB, MB, MiB, GB or GiB
            negative time        | link b -> c delay=-3ms                | '-3ms' is not a time
            loss of 100%         | link b -> c loss=100%                 | must be below 100%
            malformed loss       | link b -> c loss=lots                 | 'lots' is not a loss rate; write a percentage such as 1.5%
            short burst          | link b -> c loss=1% burst=0.5         | burst=0.5: '0.5' is not a burst length
            infeasible burst     | link b -> c loss=90% burst=2          | burst=2 is too short for loss=90%: with that loss, bursts must average at least loss / (1 - loss) = 9.00 packets
            zero bandwidth       | link b -> c bandwidth=0Mbps           | write bandwidth=unlimited for no limit
            bad boolean          | link b -> c reorder=yes               | 'yes' is not a boolean; write true or false
            rtt one way          | link b -> c rtt=20ms                  | rtt= is only allowed on '<->' links
            rtt split            | link b <-> c rtt=20ms/30ms            | a round trip is one value for the pair
            rtt and delay        | link b <-> c rtt=20ms delay=10ms      | give either rtt= (round trip, split in two) or delay=
            split on one way     | link b -> c loss=1%/2%                | per-direction values a/b are allowed only on '<->' links
            three values         | link b <-> c loss=1%/2%/3%            | as exactly two values
            key twice            | link b -> c delay=1ms delay=2ms       | key 'delay' is given twice
            not key=value        | link b -> c fast                      | expected key=value, got 'fast'
            no arrow             | link b c delay=1ms                    | expected 'link <site> <-> <site> key=value...'
            self link            | link c -> c delay=1ms                 | a link needs two different sites
            unknown directive    | node d                                | unknown directive 'node'; a line starts with one of name, site, defaults, link
            duplicate site       | site b                                | site 'b' is already declared on line 2
            bad site name        | site -x                               | malformed site name '-x'
            second name          | name other                            | the name is already set to 'test'
            rtt in defaults      | defaults rtt=10ms                     | rtt= is only allowed on '<->' links; on a one-way link or in defaults write delay=
            """)
    void shouldReportTheLineNumberAndAFix(String description, String badLine, String expectedMessage) {
        String text = "name test\nsite a b c\nlink a <-> b delay=1ms   # line 3\n\n" + badLine + "\n";

        assertThatThrownBy(() -> Topology.parse(text, "test.topo"))
                .as(description)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("test.topo:5: ")
                .hasMessageContaining(expectedMessage)
                .hasMessageContaining("[line: " + badLine.strip() + "]");
    }

    @Test
    void shouldRejectATopologyWithoutSites() {
        assertThatThrownBy(() -> Topology.parse("# nothing\nname empty\n", "empty.topo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty.topo").hasMessageContaining("declares no sites");
    }

    @Test
    void shouldLoadRon6WithSixSitesAndThirtyDirectedLinks() {
        Topology ron6 = Topology.load("ron6");

        assertThat(ron6.name()).isEqualTo("ron6");
        assertThat(ron6.sites()).containsExactlyElementsOf(RON6_SITES);
        assertThat(ron6.links()).hasSize(30);
        assertThat(ron6.links()).allSatisfy(link -> {
            assertThat(link.profile().bandwidthBitsPerSec()).isEqualTo(10_000_000);
            assertThat(link.profile().queueBytes()).isEqualTo(128 * 1024);
            assertThat(link.profile().jitterNs()).isZero();
            assertThat(link.profile().allowReorder()).isFalse();
        });
    }

    @Test
    void shouldMatchSeed004CellsForSampleDirections() {
        Topology ron6 = Topology.load("ron6");

        // RTT of jerusalem<->boston = (170.92 + 170.62) / 2 = 170.77 ms; one way = 85.385 ms
        assertThat(ron6.link("jerusalem", "boston").orElseThrow().oneWayDelayNs()).isEqualTo(85_385_000);
        assertThat(ron6.link("boston", "jerusalem").orElseThrow().oneWayDelayNs()).isEqualTo(85_385_000);
        // loss a->b = Table 2 (row receiver b, column sender a)
        assertThat(ron6.link("jerusalem", "boston").orElseThrow().loss().lossRate()).isCloseTo(0.0033, within(1e-12));
        assertThat(ron6.link("boston", "jerusalem").orElseThrow().loss()).isEqualTo(LossProfile.none());
        // the paper's own check: Zikit1 -> RON2 has p = 4.20 %, RON33 -> RON45 has p = 0.63 %
        assertThat(ron6.link("jerusalem", "saltlake").orElseThrow().loss().lossRate()).isCloseTo(0.042, within(1e-12));
        assertThat(ron6.link("ottawa", "chicago").orElseThrow().loss().lossRate()).isCloseTo(0.0063, within(1e-12));
        assertThat(ron6.link("saltlake", "jerusalem").orElseThrow().loss().lossRate()).isCloseTo(0.029, within(1e-12));
        assertThat(ron6.link("berkeley", "jerusalem").orElseThrow().loss().lossRate()).isCloseTo(0.0763, within(1e-12));
        assertThat(ron6.link("jerusalem", "berkeley").orElseThrow().loss().lossRate()).isCloseTo(0.048, within(1e-12));
        // RTT of saltlake<->jerusalem = (282.15 + 260.60) / 2 = 271.375 ms; one way = 135.6875 ms
        assertThat(ron6.link("saltlake", "jerusalem").orElseThrow().oneWayDelayNs()).isEqualTo(135_687_500);
    }

    @Test
    void shouldMatchSeed004TablesInEveryDirection() {
        Topology ron6 = Topology.load("ron6");

        for (int sender = 0; sender < 6; sender++) {
            for (int receiver = 0; receiver < 6; receiver++) {
                if (sender == receiver) {
                    continue;
                }
                String from = RON6_SITES.get(sender);
                String to = RON6_SITES.get(receiver);
                LinkProfile link = ron6.link(from, to).orElseThrow();
                BigDecimal rttMs = new BigDecimal(TABLE1_RTT_MS[receiver][sender])
                        .add(new BigDecimal(TABLE1_RTT_MS[sender][receiver])).divide(BigDecimal.valueOf(2));
                long expectedDelayNs = rttMs.multiply(BigDecimal.valueOf(MS)).divide(BigDecimal.valueOf(2))
                        .longValueExact();
                double expectedLoss = new BigDecimal(TABLE2_LOSS_PERCENT[receiver][sender]).movePointLeft(2)
                        .doubleValue();

                assertThat(link.oneWayDelayNs()).as("delay %s -> %s", from, to).isEqualTo(expectedDelayNs);
                assertThat(link.loss().lossRate()).as("loss %s -> %s", from, to).isEqualTo(expectedLoss);
                assertThat(link.loss()).as("loss kind %s -> %s", from, to)
                        .isInstanceOf(expectedLoss == 0 ? LossProfile.None.class : LossProfile.Bernoulli.class);
            }
        }
    }

    @Test
    void shouldShipRon3AsTheBostonOttawaChicagoPartOfRon6() {
        Topology ron3 = Topology.load("ron3");
        Topology fromRon6 = Topology.load("ron6").subset(List.of("chicago", "boston", "ottawa"));

        assertThat(ron3.name()).isEqualTo("ron3");
        assertThat(ron3.sites()).containsExactly("boston", "ottawa", "chicago");
        assertThat(ron3.links()).containsExactlyInAnyOrderElementsOf(fromRon6.links());
    }

    @Test
    void shouldLoadEveryBuiltInTopology() {
        assertThat(Topology.builtInNames()).containsExactly("ron3", "ron6");
        for (String name : Topology.builtInNames()) {
            assertThat(Topology.load(name).name()).isEqualTo(name);
        }
    }

    @Test
    void shouldTakeASubsetInTheOriginalOrder() {
        Topology ron6 = Topology.load("ron6");

        Topology subset = ron6.subset(List.of("ottawa", "jerusalem", "ottawa"));

        assertThat(subset.sites()).containsExactly("jerusalem", "ottawa");
        assertThat(subset.name()).isEqualTo("ron6[jerusalem,ottawa]");
        assertThat(subset.links()).extracting(Topology.Link::fromSite, Topology.Link::toSite)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("jerusalem", "ottawa"),
                        org.assertj.core.groups.Tuple.tuple("ottawa", "jerusalem"));
        assertThat(subset.link("jerusalem", "ottawa")).isEqualTo(ron6.link("jerusalem", "ottawa"));
        assertThat(subset.link("jerusalem", "boston")).isEmpty();
    }

    @Test
    void shouldRejectAnUnknownSiteInASubset() {
        assertThatThrownBy(() -> Topology.load("ron6").subset(List.of("boston", "paris")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown site 'paris'").hasMessageContaining("jerusalem, boston");
        assertThatThrownBy(() -> Topology.load("ron6").subset(List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one site");
    }

    @Test
    void shouldListTheBuiltInsWhenANameIsNotFound() {
        assertThatThrownBy(() -> Topology.load("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no built-in topology named 'nope'")
                .hasMessageContaining("built-in topologies: ron3, ron6");
    }

    @Test
    void shouldLoadAFileByPath(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lab.topo");
        Files.writeString(file, "site x y\nlink x <-> y delay=4ms\n");

        Topology topology = Topology.load(file.toString());

        assertThat(topology.name()).isEqualTo("lab");
        assertThat(topology.link("y", "x").orElseThrow().oneWayDelayNs()).isEqualTo(4 * MS);
    }

    @Test
    void shouldNameTheFileInParseErrors(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("broken.topo");
        Files.writeString(file, "site x y\n\nlink x <-> z delay=4ms\n");

        assertThatThrownBy(() -> Topology.load(file.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + ":3: unknown site 'z'");
    }

    @Test
    void shouldBuildInCodeWithTheSameChecks() {
        Topology topology = Topology.builder("code").site("a").site("b")
                .bidirectionalLink("a", "b", LinkProfile.IDEAL.withOneWayDelayNs(MS)).build();

        assertThat(topology.links()).hasSize(2);
        assertThat(topology).isEqualTo(Topology.parse("name code\nsite a b\nlink a <-> b delay=1ms", "x"));
        assertThatThrownBy(() -> Topology.builder("x").site("a").link("a", "b", LinkProfile.IDEAL))
                .hasMessageContaining("unknown site 'b'");
        assertThatThrownBy(() -> Topology.builder("x").site("a").site("a")).hasMessageContaining("already declared");
        assertThatThrownBy(() -> Topology.builder("x").build()).hasMessageContaining("no sites");
    }
}
