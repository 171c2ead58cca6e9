package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** The protocol's messages survive a round trip, and anything cut short or foreign is refused. */
class OrderWireTest {
    private static final MemberId A = new MemberId("a", "a1");
    private static final Incarnation A1 = new Incarnation(A, 42);
    private static final Epoch EPOCH = new Epoch(3, A, 7);

    @Test
    void shouldRoundTripAnOrderWithEntriesAndCarriedPayloads() {
        OrderWire.Order order = new OrderWire.Order(42, EPOCH, true, 10, 9, 2,
                List.of(new ChainEntry.Messages(10, A1, 5, 7), new ChainEntry.ViewChange(13, 3, List.of(A1))),
                List.of(new OrderWire.Carried(A1, 5, new byte[] {1, 2, 3})));
        OrderWire.Order read = (OrderWire.Order) OrderWire.read(OrderWire.order(order));
        assertThat(read.epoch()).isEqualTo(EPOCH);
        assertThat(read.entries()).isEqualTo(order.entries());
        assertThat(read.first()).isEqualTo(10);
        assertThat(read.committedView()).isEqualTo(2);
        assertThat(read.carried().get(0).payload()).containsExactly(1, 2, 3);
    }

    @Test
    void shouldRoundTripDataWithItsAcknowledgement() {
        OrderWire.Data read = (OrderWire.Data) OrderWire.read(OrderWire.data(42, 5, EPOCH, 99, 97, new byte[] {9}));
        assertThat(read.seq()).isEqualTo(5);
        assertThat(read.ack().position()).isEqualTo(99);
        assertThat(read.ack().delivered()).isEqualTo(97);
        assertThat(read.payload()).containsExactly(9);
    }

    @Test
    void shouldRefuseEveryTruncationAndAForeignPayload() {
        byte[] ack = OrderWire.ack(42, EPOCH, 99, 97);
        for (int length = 4; length < ack.length; length++) {
            assertThat(OrderWire.read(Arrays.copyOf(ack, length))).as("cut to " + length).isNull();
        }
        assertThat(OrderWire.tagged("hello".getBytes())).isFalse();
        byte[] otherVersion = ack.clone();
        otherVersion[2] = 9;
        assertThat(OrderWire.read(otherVersion)).isNull();
    }

    @Test
    void shouldReadAPlainDataMessageStraightFromTheArrayAsTheStreamDoes() {
        byte[] plain = OrderWire.data(0x0102030405060708L, -3, null, 0, 0, new byte[] {9, 8, 7});
        OrderWire.Data fast = OrderWire.readPlainData(plain);
        OrderWire.Data slow = (OrderWire.Data) OrderWire.read(plain);
        org.assertj.core.api.Assertions.assertThat(fast.incarnation()).isEqualTo(slow.incarnation())
                .isEqualTo(0x0102030405060708L);
        org.assertj.core.api.Assertions.assertThat(fast.seq()).isEqualTo(-3);
        org.assertj.core.api.Assertions.assertThat(fast.payload()).containsExactly(9, 8, 7);
        org.assertj.core.api.Assertions.assertThat(fast.ack()).isNull();
        byte[] withAck = OrderWire.data(1, 2, new Epoch(1, new org.gcs.MemberId("a", "a1"), 1), 5, 4, new byte[3]);
        org.assertj.core.api.Assertions.assertThat(OrderWire.readPlainData(withAck)).as("carries an ack").isNull();
        org.assertj.core.api.Assertions.assertThat(OrderWire.readPlainData(OrderWire.ack(1, new Epoch(1,
                new org.gcs.MemberId("a", "a1"), 1), 2, 3))).isNull();
        org.assertj.core.api.Assertions.assertThat(OrderWire.readPlainData(java.util.Arrays.copyOf(plain, 20)))
                .isNull();
    }
}
