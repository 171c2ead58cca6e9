package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

    private final Set<MemberId> listed = new HashSet<>();
    private final List<MemberWire.StateRequest> requests = new ArrayList<>();
    private long nowNs = 5_000_000_000L;
    private final StateFetch fetch = new StateFetch(GROUP, JOINER, new IgnoringReceiver(), new Host(), false, false);

    @Test
    void shouldAskAMemberSoonAfterItsViewListsIt() {
        fetch.delivered(new GroupView(GROUP, 3, List.of(BOSTON, JOINER, OTTAWA)), 3);
        assertThat(requests).as("no member is listed yet: nothing asked").isEmpty();

        listed.add(OTTAWA);
        tick(StateFetch.ASK_UNLISTED_AGAIN_NS - 1);
        assertThat(requests).isEmpty();
        tick(1);

        assertThat(requests).singleElement().satisfies(request -> {
            assertThat(request.to()).isEqualTo(OTTAWA);
            assertThat(request.atLeast()).isEqualTo(3);
        });
    }

    @Test
    void shouldWaitTheWholeRoundIntervalAfterMembersThatWereAskedAndRefused() {
        listed.add(BOSTON);
        fetch.delivered(new GroupView(GROUP, 3, List.of(BOSTON, JOINER)), 3);
        MemberWire.StateRequest first = requests.get(0);
        fetch.refused(BOSTON, first.transfer(), false, MemberWire.NO_STATE_YET);

        tick(StateFetch.ASK_UNLISTED_AGAIN_NS);
        tick(StateFetch.ASK_ROUND_AGAIN_NS - StateFetch.ASK_UNLISTED_AGAIN_NS - 1);
        assertThat(requests).hasSize(1);
        tick(1);

        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).to()).isEqualTo(BOSTON);
    }

    private void tick(long advanceNs) {
        nowNs += advanceNs;
        fetch.tick(nowNs);
    }

    /** The fetch's host: records the requests; its view of the group lists {@link #listed}. */
    private final class Host implements StateFetch.Host {
        private long transfers;

        @Override
        public void send(String group, byte[] payload) {
            if (MemberWire.read(payload) instanceof MemberWire.StateRequest request) {
                requests.add(request);
            }
        }

        @Override
        public void joinChannel(String channel) {
        }

        @Override
        public void leaveChannel(String channel) {
        }

        @Override
        public boolean present(String group, MemberId member) {
            return listed.contains(member);
        }

        @Override
        public Set<MemberId> viewMembers(String group) {
            Set<MemberId> members = new HashSet<>(listed);
            members.add(JOINER);
            return members;
        }

        @Override
        public void deliverHeld(String group, StateFetch.Held event) {
        }

        @Override
        public void failed(String group, String reason) {
            throw new AssertionError("the fetch failed: " + reason);
        }

        @Override
        public void stateRead(String group, long position) {
        }

        @Override
        public void locked(Runnable action) {
            action.run();
        }

        @Override
        public long nowNs() {
            return nowNs;
        }

        @Override
        public long newTransferId() {
            return ++transfers;
        }
    }

    /** A receiver these tests never give a state to. */
    private static final class IgnoringReceiver implements StateReceiver {
        @Override
        public void readState(String group, long position, InputStream in) {
            throw new AssertionError("no state is given in these tests");
        }
    }
}
