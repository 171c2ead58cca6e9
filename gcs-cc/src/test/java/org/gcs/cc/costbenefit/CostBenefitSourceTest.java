package org.gcs.cc.costbenefit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.PriceGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.junit.jupiter.api.Test;

/**
 * The sending delegate's price, seed 000 Eq. 8 ({@code C_p = Δ + Σ_{l ∈ MT} C_l}) over the group's tree pruned and
 * directed away from the source (decision A12), and its snapshot.
 */
class CostBenefitSourceTest {
    private static final long MS = 1_000_000L;
    private static final DirectedEdge AB = new DirectedEdge("a", "b");
    private static final DirectedEdge BC = new DirectedEdge("b", "c");
    private static final DirectedEdge BD = new DirectedEdge("b", "d");
    private static final DirectedEdge AC = new DirectedEdge("a", "c");
    private static final DirectedEdge CB = new DirectedEdge("c", "b");
    /** a → b → {c, d}. */
    private static final List<DirectedEdge> TREE = List.of(AB, BC, BD);

    private static CostBenefitSource source() {
        return new CostBenefitSource(CostBenefitSettings.DEFAULTS, "a");
    }

    private static PriceGrant grant(SourceController source) {
        return (PriceGrant) source.grant();
    }

    private static double price(SourceController source) {
        return grant(source).dollarsPerPacket();
    }

    @Test
    void shouldChargeTheFeeAloneWithoutATreeOrPrices() {
        CostBenefitSource source = source();
        assertThat(grant(source)).isEqualTo(new PriceGrant(1, 10, null));
        source.onTree(TREE, 0);
        assertThat(grant(source)).isEqualTo(new PriceGrant(1, 10, null)); // idle links cost nothing
        source.onLinkCost(AB, 2, 0);
        source.onTree(List.of(), 0); // local delivery only (A12)
        assertThat(grant(source)).isEqualTo(new PriceGrant(1, 10, null));
    }

    @Test
    void shouldAddTheFeeAndTheCostsOfTheTreesLinksOnly() {
        CostBenefitSource source = source();
        source.onTree(TREE, 0);
        source.onLinkCost(AB, 2, 0);
        source.onLinkCost(BC, 3.5, 0);
        source.onLinkCost(CB, 7, 0); // the other direction of a tree link: not crossed
        source.onLinkCost(new DirectedEdge("x", "y"), 9, 0); // not in the tree
        source.onLinkCost(new DirectedEdge("d", "e"), 4, 0); // beyond the pruned tree
        assertThat(price(source)).isCloseTo(1 + 2 + 3.5, within(1e-9));
        assertThat(grant(source).salaryDollars()).isEqualTo(10);
        assertThat(grant(source).mostExpensiveEdge()).isEqualTo(BC);
    }

    @Test
    void shouldRepriceWhenALinkCostChanges() {
        CostBenefitSource source = source();
        source.onTree(TREE, 0);
        source.onLinkCost(AB, 2, 0);
        source.onLinkCost(BD, 1, 0);
        assertThat(price(source)).isCloseTo(4, within(1e-9));
        source.onLinkCost(BD, 6, 5 * MS);
        assertThat(price(source)).isCloseTo(9, within(1e-9));
        assertThat(grant(source).mostExpensiveEdge()).isEqualTo(BD);
        source.onLinkCost(BD, 0.5, 10 * MS);
        assertThat(price(source)).isCloseTo(3.5, within(1e-9));
        assertThat(grant(source).mostExpensiveEdge()).isEqualTo(AB);
    }

    @Test
    void shouldClampALinkAtTheProhibitiveCost() {
        CostBenefitSource source = source();
        source.onTree(TREE, 0);
        source.onLinkCost(BC, 50, 0);
        assertThat(price(source)).isCloseTo(21, within(1e-9));
    }

    @Test
    void shouldRepriceWhenTheTreeChanges() {
        CostBenefitSource source = source();
        source.onLinkCost(AB, 2, 0); // prices known before the tree
        source.onLinkCost(BC, 3, 0);
        source.onLinkCost(CB, 4, 0);
        source.onLinkCost(AC, 0.25, 0);
        source.onTree(TREE, 0);
        assertThat(price(source)).isCloseTo(6, within(1e-9));
        source.onTree(List.of(AC, CB), 10 * MS); // now a → c → b
        assertThat(price(source)).isCloseTo(1 + 0.25 + 4, within(1e-9));
        assertThat(grant(source).mostExpensiveEdge()).isEqualTo(CB);
        source.onTree(List.of(AB), 20 * MS); // d and c left: the tree is pruned to b
        assertThat(price(source)).isCloseTo(3, within(1e-9));
    }

    @Test
    void shouldForgetALinkWhoseCostIsZero() {
        CostBenefitSource source = source();
        source.onTree(TREE, 0);
        source.onLinkCost(AB, 2, 0);
        source.onLinkCost(BC, 3, 0);
        source.onLinkCost(BC, 0, 5 * MS);
        assertThat(price(source)).isCloseTo(3, within(1e-9));
        assertThat(grant(source).mostExpensiveEdge()).isEqualTo(AB);
        source.onLinkCost(AB, 0, 10 * MS);
        assertThat(grant(source)).isEqualTo(new PriceGrant(1, 10, null));
        assertThat(source.snapshot().limitingSite()).isNull();
        assertThat(source.snapshot().extras()).containsEntry("dearestLinkDollars", 0.0);
        source.onLinkCost(AB, 0, 15 * MS); // forgetting twice is harmless
        source.onLinkCost(new DirectedEdge("q", "r"), 0, 15 * MS);
        source.onLinkCost(AB, Double.NaN, 15 * MS);
        assertThat(price(source)).isEqualTo(1);
        source.onTree(List.of(AC), 20 * MS); // a forgotten cost does not come back with the tree
        source.onTree(TREE, 25 * MS);
        assertThat(price(source)).isEqualTo(1);
    }

    @Test
    void shouldNameTheDearestLinkAsTheLimitingSite() {
        CostBenefitSource source = source();
        source.onReceiverAdded("c", 0);
        source.onReceiverAdded("d", 0);
        source.onTree(TREE, 0);
        assertThat(source.snapshot().limitingSite()).isNull();
        source.onLinkCost(AB, 1, 0);
        source.onLinkCost(BD, 4, 0);
        CcSnapshot snapshot = source.snapshot();
        assertThat(snapshot.limitingSite()).isEqualTo("b->d");
        assertThat(snapshot.extras()).containsEntry("dearestLinkDollars", 4.0);
    }

    @Test
    void shouldGiveEachReceiverThePriceOfItsPath() {
        CostBenefitSource source = source();
        for (String site : List.of("d", "b", "c", "z")) {
            source.onReceiverAdded(site, 0);
        }
        source.onTree(TREE, 0);
        source.onLinkCost(AB, 2, 0);
        source.onLinkCost(BC, 3, 0);
        source.onLinkCost(CB, 8, 0);
        CcSnapshot snapshot = source.snapshot();
        assertThat(snapshot.controller()).isEqualTo(CostBenefitControl.NAME);
        assertThat(snapshot.congestionMeasure()).isEqualTo("pathPriceDollars");
        assertThat(snapshot.slowStart()).isFalse();
        assertThat(snapshot.receivers()).extracting(CcSnapshot.ReceiverState::site).containsExactly("b", "c", "d", "z");
        assertThat(snapshot.receivers()).extracting(CcSnapshot.ReceiverState::congestion)
                .containsExactly(2.0, 5.0, 2.0, Double.NaN); // z is not in the tree
        source.onReceiverRemoved("z", 5 * MS);
        assertThat(source.snapshot().receivers()).hasSize(3);
    }

    @Test
    void shouldReportThePriceAndTheMeasuredRate() {
        CostBenefitSource source = source();
        source.onTree(TREE, 0);
        source.onLinkCost(AB, 2, 0);
        source.onTick(0);
        for (int i = 0; i < 100; i++) {
            source.onFirstTransmission(i + 1, 1_000, i * 10 * MS);
        }
        source.onTick(1_000 * MS);
        CcSnapshot snapshot = source.snapshot();
        assertThat(snapshot.allowedRateBytesPerSec()).isCloseTo(100_000, within(1e-6));
        assertThat(snapshot.extras()).containsEntry("priceDollarsPerPacket", 3.0).containsEntry("feeDollars", 1.0)
                .containsEntry("salaryDollars", 10.0).containsEntry("treeEdges", 3.0)
                .containsEntry("allowedRateMeasured", 1.0);
        assertThat(source.header(0)).as("nothing travels in data packets").isNull();
    }

    @Test
    void shouldGiveImmutableSnapshotsThatLaterChangesLeaveAlone() {
        CostBenefitSource source = source();
        source.onReceiverAdded("c", 0);
        source.onTree(TREE, 0);
        source.onLinkCost(BC, 3, 0);
        CcSnapshot snapshot = source.snapshot();
        assertThatThrownBy(() -> snapshot.receivers().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snapshot.extras().put("x", 1.0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snapshot.receivers().get(0).lastFeedback().put("x", 1.0))
                .isInstanceOf(UnsupportedOperationException.class);
        String before = snapshot.toString();
        source.onLinkCost(BC, 9, 5 * MS);
        source.onReceiverAdded("d", 5 * MS);
        source.onTree(List.of(AC), 5 * MS);
        assertThat(snapshot.toString()).isEqualTo(before);
        assertThat(source.snapshot()).isNotEqualTo(snapshot);
    }

    @Test
    void shouldIgnoreFeedbackAndRtts() {
        CostBenefitSource source = source();
        source.onReceiverAdded("b", 0);
        source.onTree(TREE, 0);
        source.onLinkCost(AB, 2, 0);
        String before = source.grant() + " " + source.snapshot();
        source.onAckRtt("b", 30 * MS, 30 * MS, 10 * MS);
        source.onAckRtt("stranger", 30 * MS, 30 * MS, 10 * MS);
        source.onFeedback("b", null, 10 * MS);
        assertThat(source.grant() + " " + source.snapshot()).isEqualTo(before);
    }

    @Test
    void shouldComeFromTheSchemeForTheSendingSite() {
        SourceController source = new CostBenefitControl().newSource(new SourceContext("a", "g", 1, 1));
        source.onReceiverAdded("c", 0);
        source.onTree(TREE, 0);
        source.onLinkCost(BC, 3, 0);
        assertThat(price(source)).isCloseTo(4, within(1e-9));
        assertThat(source.snapshot().receivers().get(0).congestion()).isCloseTo(3, within(1e-9));
    }
}
