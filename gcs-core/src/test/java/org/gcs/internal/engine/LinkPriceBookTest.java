package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.costbenefit.CostBenefitControl;
import org.gcs.cc.none.NoCongestionControl;
import org.gcs.internal.wire.LinkCost;
import org.gcs.internal.wire.WanPacket.LinkCosts;
import org.junit.jupiter.api.Test;

/** A delegate's link prices (seed 000): its own links' advertisements and the table of the others'. */
class LinkPriceBookTest {
    private static final long MS = 1_000_000L;
    private final LinkPriceBook book = new LinkPriceBook("b", new CostBenefitControl());

    @Test
    void shouldPriceAnOwnLinkWithWaitingPacketsAndAdvertiseItEveryTminThenAtOnceWhenItEmpties() {
        List<LinkPriceBook.EdgeCost> changes = new ArrayList<>();
        book.onQueue("c", 50, 0);
        assertThat(book.onTick(0, changes)).as("idle: the first advertisement names the link at 0").isNotNull();
        book.onQueue("c", 50, 10 * MS);
        LinkCosts priced = book.onTick(50 * MS, changes);
        assertThat(priced).isNotNull();
        assertThat(priced.costs()).extracting(LinkCost::toSite).containsExactly("c");
        assertThat(priced.costs().get(0).milliDollars()).as("Eq. 7 at n = 50: $7.55").isBetween(7_550, 7_551);
        assertThat(changes.get(changes.size() - 1).edge()).isEqualTo(new DirectedEdge("b", "c"));
        assertThat(changes.get(changes.size() - 1).costDollars()).isBetween(7.550, 7.551);
        assertThat(book.onTick(60 * MS, changes)).as("not again within T_min").isNull();
        book.onQueue("c", 0, 100 * MS);
        assertThat(book.onTick(100 * MS, changes)).as("still priced from the window before").isNotNull();
        LinkCosts cleared = book.onTick(150 * MS, changes);
        assertThat(cleared).as("at once when the price falls to 0").isNotNull();
        assertThat(cleared.costs()).containsExactly(new LinkCost("c", 0));
        assertThat(book.onTick(200 * MS, changes)).as("idle: next in T_max").isNull();
        assertThat(book.pricedLinks()).extracting(PricedLink::peer).containsExactly("c");
    }

    @Test
    void shouldTakeNewerAdvertisementsOnlyExpireThemAndAcceptANewDelegateNumberingFromOne() {
        assertThat(book.onAdvertisement("e", 7, costs(5, 2_000), 0))
                .containsExactly(new LinkPriceBook.EdgeCost(new DirectedEdge("e", "f"), 2.0));
        assertThat(book.onAdvertisement("e", 7, costs(4, 9_000), 0)).as("an older version").isEmpty();
        assertThat(book.onAdvertisement("e", 7, costs(5, 9_000), 0)).as("the same version again").isEmpty();
        assertThat(book.onAdvertisement("e", 8, costs(1, 3_000), 0)).as("a new delegate starts from 1")
                .containsExactly(new LinkPriceBook.EdgeCost(new DirectedEdge("e", "f"), 3.0));
        assertThat(book.onAdvertisement("e", 7, costs(9, 9_000), 0)).as("the old delegate's, replayed").isEmpty();
        assertThat(book.expire(7_499 * MS)).isEmpty();
        assertThat(book.expire(7_500 * MS)).containsExactly(new LinkPriceBook.EdgeCost(new DirectedEdge("e", "f"), 0));
        assertThat(book.all()).isEmpty();
    }

    @Test
    void shouldForgetASiteWithItsLinksAndStayInactiveForAControllerThatPricesNothing() {
        book.onAdvertisement("e", 1, costs(1, 2_000), 0);
        book.onQueue("e", 3, 0);
        assertThat(book.forget("e")).containsExactlyInAnyOrder(
                new LinkPriceBook.EdgeCost(new DirectedEdge("e", "f"), 0),
                new LinkPriceBook.EdgeCost(new DirectedEdge("b", "e"), 0));
        LinkPriceBook inactive = new LinkPriceBook("b", new NoCongestionControl());
        inactive.onQueue("c", 100, 0);
        assertThat(inactive.active()).isFalse();
        assertThat(inactive.onTick(1_000 * MS, new ArrayList<>())).isNull();
        assertThat(inactive.onAdvertisement("e", 1, costs(1, 2_000), 0)).isEmpty();
    }

    private static LinkCosts costs(long version, int milliDollars) {
        return new LinkCosts(version, 7_500, List.of(new LinkCost("f", milliDollars)));
    }
}
