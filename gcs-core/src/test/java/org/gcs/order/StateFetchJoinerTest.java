package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.List;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/**
 * A joiner's side of a state transfer in a total-order group, when its own view of the group does not list the members
 * of the ordered view that admitted it yet (that view lags by about a round trip between sites): it asks as soon as
 * its view lists one, {@link StateFetch#ASK_UNLISTED_AGAIN_NS} later at most, not a whole
 * {@link StateFetch#ASK_ROUND_AGAIN_NS} (5 s) later, which is for members that were asked and could not give it.
 */
class StateFetchJoinerTest {
    private static final String GROUP = "board";
    private static final MemberId JOINER = new MemberId("chicago", "c1");
    private static final MemberId BOSTON = new MemberId("boston", "b1");
    private static final MemberId OTTAWA = new MemberId("ottawa", "o1");

    private static final long START_NS = 5_000_000_000L;

    private long nowNs = START_NS;
    private final FakeFetchHost host = new FakeFetchHost(() -> nowNs);
    private final StateFetch fetch = new StateFetch(GROUP, JOINER, new IgnoringReceiver(), host, false, false);

    @Test
    void shouldAskAMemberSoonAfterItsViewListsIt() {
        fetch.delivered(new GroupView(GROUP, 3, List.of(BOSTON, JOINER, OTTAWA)), 3);
        assertThat(requests()).as("no member is listed yet: nothing asked").isEmpty();

        host.list(GROUP, OTTAWA);
        tick(StateFetch.ASK_UNLISTED_AGAIN_NS - 1);
        assertThat(requests()).isEmpty();
        tick(1);

        assertThat(requests()).singleElement().satisfies(request -> {
            assertThat(request.to()).isEqualTo(OTTAWA);
            assertThat(request.atLeast()).isEqualTo(3);
        });
        assertThat(host.failures).isEmpty();
    }

    @Test
    void shouldKeepLookingWhileItsViewListsNobodyForAsLongAsItWaitedBefore() {
        fetch.delivered(new GroupView(GROUP, 3, List.of(BOSTON, JOINER, OTTAWA)), 3);
        for (int i = 0; i < 8; i++) { // 2 s in which this member's view lists nobody else
            tick(StateFetch.ASK_UNLISTED_AGAIN_NS);
        }
        assertThat(host.failures).isEmpty();

        host.list(GROUP, BOSTON);
        tick(StateFetch.ASK_UNLISTED_AGAIN_NS);

        assertThat(requests()).singleElement().extracting(MemberWire.StateRequest::to).isEqualTo(BOSTON);
        assertThat(host.failures).isEmpty();
    }

    @Test
    void shouldFailWhenItsViewStillListsNobodyOneRoundIntervalAfterItsFirstLook() {
        fetch.delivered(new GroupView(GROUP, 3, List.of(BOSTON, JOINER, OTTAWA)), 3);
        while (nowNs < START_NS + StateFetch.ASK_ROUND_AGAIN_NS - StateFetch.ASK_UNLISTED_AGAIN_NS) {
            tick(StateFetch.ASK_UNLISTED_AGAIN_NS);
        }
        assertThat(host.failures).isEmpty();

        tick(StateFetch.ASK_UNLISTED_AGAIN_NS);

        assertThat(requests()).isEmpty();
        assertThat(host.failures).singleElement().asString().startsWith("no member could give the state");
    }

    @Test
    void shouldWaitTheWholeRoundIntervalAfterMembersThatWereAskedAndRefused() {
        host.list(GROUP, BOSTON);
        fetch.delivered(new GroupView(GROUP, 3, List.of(BOSTON, JOINER)), 3);
        MemberWire.StateRequest first = requests().get(0);
        fetch.refused(BOSTON, first.transfer(), false, MemberWire.NO_STATE_YET);

        tick(StateFetch.ASK_UNLISTED_AGAIN_NS);
        tick(StateFetch.ASK_ROUND_AGAIN_NS - StateFetch.ASK_UNLISTED_AGAIN_NS - 1);
        assertThat(requests()).hasSize(1);
        tick(1);

        assertThat(requests()).hasSize(2);
        assertThat(requests().get(1).to()).isEqualTo(BOSTON);
    }

    private List<MemberWire.StateRequest> requests() {
        return host.sentTo(GROUP).stream().map(MemberWire::read).map(MemberWire.StateRequest.class::cast).toList();
    }

    private void tick(long advanceNs) {
        nowNs += advanceNs;
        fetch.tick(nowNs);
    }

    /** A receiver these tests never give a state to. */
    private static final class IgnoringReceiver implements StateReceiver {
        @Override
        public void readState(String group, long position, InputStream in) {
            throw new AssertionError("no state is given in these tests");
        }
    }
}
