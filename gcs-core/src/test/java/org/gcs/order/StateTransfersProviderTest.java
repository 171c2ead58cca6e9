package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A provider's side of a state transfer in a total-order group, against a host whose view of the group may not list
 * the joiner yet: a member's view of a newcomer lags the newcomer's messages and the ordered view that admitted it, so
 * a joiner the view does not list yet is waited for, not taken for gone (this cost a joiner the 20-s stall of
 * {@link StateFetch#STALL_NS} and failed {@code WhiteboardTest} in CI). A transfer the provider gives up is told to
 * the joiner, which then asks another member at once.
 */
class StateTransfersProviderTest {
    private static final String GROUP = "board";
    private static final MemberId PROVIDER = new MemberId("ottawa", "o1");
    private static final MemberId JOINER = new MemberId("chicago", "c1");
    private static final long TRANSFER = 77;
    private static final String CHANNEL = "gcs.st.4d";

    private final FakeHost host = new FakeHost();
    private long nowNs = 1_000_000_000L;
    private StateTransfers transfers;

    @BeforeEach
    void providerThatDeliveredTheJoinersView() {
        transfers = new StateTransfers(host, () -> nowNs, false);
        transfers.provide((group, position) -> out -> out.write(new byte[] {1, 2, 3}));
        host.list(GROUP, PROVIDER);
        transfers.delivered(GROUP, new GroupView(GROUP, 3, List.of(JOINER, PROVIDER)), 3);
        transfers.onMessage(new GroupMessage(JOINER, GROUP, 1, MemberWire.stateRequest(PROVIDER, TRANSFER, 3,
                CHANNEL)));
        assertThat(host.joined).containsExactly(CHANNEL);
    }

    @Test
    void shouldWaitForAJoinerItsViewDoesNotListYetAndThenGiveTheState() {
        for (int i = 0; i < 100; i++) { // 2 s of ticks while this member's view of the group lags
            tick(20_000_000L);
        }
        assertThat(host.left).as("the transfer's channel is kept").isEmpty();
        assertThat(host.sentTo(GROUP)).as("nothing refused").isEmpty();

        host.list(GROUP, JOINER);
        host.list(CHANNEL, JOINER);
        tick(20_000_000L);

        assertThat(host.sentTo(CHANNEL)).singleElement().satisfies(payload -> {
            MemberWire.Chunk chunk = (MemberWire.Chunk) MemberWire.read(payload);
            assertThat(chunk.transfer()).isEqualTo(TRANSFER);
            assertThat(chunk.position()).isEqualTo(3);
            assertThat(chunk.last()).isTrue();
            assertThat(chunk.bytes()).containsExactly(1, 2, 3);
        });
    }

    @Test
    void shouldEndAndTellTheJoinerOnceAViewThatListedItNoLongerDoes() {
        host.list(GROUP, JOINER);
        tick(20_000_000L);
        host.unlist(GROUP, JOINER);
        tick(20_000_000L);

        assertThat(host.left).containsExactly(CHANNEL);
        assertThat(refusals()).singleElement().satisfies(refused -> {
            assertThat(refused.to()).isEqualTo(JOINER);
            assertThat(refused.transfer()).isEqualTo(TRANSFER);
            assertThat(refused.lasting()).as("the joiner may ask again").isFalse();
            assertThat(refused.reason()).isEqualTo("the joiner left the group");
        });
    }

    @Test
    void shouldEndAndTellTheJoinerWhenItNeverShowsUpWithinTheIdleBound() {
        tick(StateTransfers.PROVIDER_IDLE_NS - 1);
        assertThat(host.left).isEmpty();

        tick(1);

        assertThat(host.left).containsExactly(CHANNEL);
        assertThat(refusals()).singleElement().extracting(MemberWire.StateRefused::reason)
                .isEqualTo("the joiner acknowledged nothing for 30 s");
    }

    private void tick(long advanceNs) {
        nowNs += advanceNs;
        transfers.tick(nowNs);
    }

    private List<MemberWire.StateRefused> refusals() {
        return host.sentTo(GROUP).stream().map(MemberWire::read).map(MemberWire.StateRefused.class::cast).toList();
    }

    /** The fake host, with what the transfers need beyond a fetch's; it tells them of the channels it joins. */
    private final class FakeHost extends FakeFetchHost implements StateTransfers.Host {
        FakeHost() {
            super(() -> nowNs);
        }

        @Override
        public MemberId self() {
            return PROVIDER;
        }

        @Override
        public void direct(GroupMessage message) {
        }

        @Override
        public boolean fifo(String group) {
            return false;
        }

        @Override
        public void joinChannel(String channel) {
            super.joinChannel(channel);
            transfers.joinedChannel(channel);
        }

        @Override
        public void leaveChannel(String channel) {
            super.leaveChannel(channel);
            transfers.leftChannel(channel);
        }
    }
}
