package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** The chain merges a sender's consecutive messages into one entry, up to a bound, and still cuts and forgets right. */
class OrderChainTest {
    private static final Incarnation A = new Incarnation(new MemberId("a", "a1"), 1);
    private static final Incarnation B = new Incarnation(new MemberId("b", "b1"), 2);
    private static final Epoch EPOCH = new Epoch(1, A.member(), 7);

    private static OrderChain chain() {
        return new OrderChain(EPOCH, new ChainEntry.ViewChange(1, 1, List.of(A, B)));
    }

    @Test
    void shouldMergeASendersConsecutiveMessagesAndKeepOtherSendersApart() {
        OrderChain chain = chain();
        chain.append(new ChainEntry.Messages(2, A, 1, 1));
        chain.append(new ChainEntry.Messages(3, A, 2, 4));
        chain.append(new ChainEntry.Messages(6, B, 1, 1));
        chain.append(new ChainEntry.Messages(7, A, 6, 6)); // not the next number of A's run: an entry of its own
        assertThat(chain.entriesBetween(2, chain.top())).containsExactly(new ChainEntry.Messages(2, A, 1, 4),
                new ChainEntry.Messages(6, B, 1, 1), new ChainEntry.Messages(7, A, 6, 6));
        assertThat(chain.entriesBetween(3, 4)).containsExactly(new ChainEntry.Messages(3, A, 2, 3));
        assertThat(chain.lastOrderedSeq(A)).isEqualTo(6);
    }

    @Test
    void shouldStopMergingAtTheBoundSoThatEntriesAreForgottenInTime() {
        OrderChain chain = chain();
        long positions = OrderChain.MAX_MERGED_POSITIONS + 10;
        for (long seq = 1; seq <= positions; seq++) {
            chain.append(new ChainEntry.Messages(seq + 1, A, seq, seq));
        }
        assertThat(chain.entriesBetween(2, chain.top())).hasSize(2);
        List<ChainEntry.Messages> gone = chain.discardThrough(OrderChain.MAX_MERGED_POSITIONS + 1);
        assertThat(gone).containsExactly(new ChainEntry.Messages(2, A, 1, OrderChain.MAX_MERGED_POSITIONS));
        assertThat(chain.start()).isEqualTo(OrderChain.MAX_MERGED_POSITIONS + 2);
    }

    @Test
    void shouldCutAMergedEntryWhenTruncated() {
        OrderChain chain = chain();
        chain.append(new ChainEntry.Messages(2, A, 1, 1));
        chain.append(new ChainEntry.Messages(3, A, 2, 2));
        chain.truncateFrom(3);
        assertThat(chain.top()).isEqualTo(2);
        assertThat(chain.lastOrderedSeq(A)).isEqualTo(1);
        chain.append(new ChainEntry.Messages(3, B, 1, 1));
        assertThat(chain.entryAt(3)).isEqualTo(new ChainEntry.Messages(3, B, 1, 1));
    }
}
