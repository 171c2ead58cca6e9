package org.gcs.lab.nat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A receiver's count per sender: duplicates, FIFO order, gaps, and what is missing of what was sent. */
class DeliveryTallyTest {
    @Test
    void shouldCountAnInOrderStreamAsCompleteAndInOrder() {
        DeliveryTally tally = new DeliveryTally();
        for (int seq = 1; seq <= 5; seq++) {
            tally.deliver("paris", seq);
        }

        SenderTally paris = tally.snapshot().get("paris");

        assertThat(paris).isEqualTo(new SenderTally(5, 5, 0, 5));
        assertThat(paris.duplicates()).isZero();
        assertThat(paris.missing(5)).isZero();
        assertThat(paris.missing(7)).isEqualTo(2);
    }

    @Test
    void shouldCountDuplicatesGapsAndStepsBackPerSender() {
        DeliveryTally tally = new DeliveryTally();
        tally.deliver("paris", 1);
        tally.deliver("paris", 1); // duplicate: not out of order as well
        tally.deliver("paris", 3); // a gap
        tally.deliver("paris", 2); // a step back
        tally.deliver("oslo", 1);

        SenderTally paris = tally.snapshot().get("paris");

        assertThat(paris).isEqualTo(new SenderTally(4, 3, 2, 3));
        assertThat(paris.duplicates()).isEqualTo(1);
        assertThat(paris.missing(3)).isZero();
        assertThat(tally.snapshot().get("oslo")).isEqualTo(new SenderTally(1, 1, 0, 1));
    }

    @Test
    void shouldRefuseSequenceNumbersBelowOne() {
        assertThatThrownBy(() -> new DeliveryTally().deliver("paris", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldCarrySenderAndSequenceInThePayload() {
        byte[] payload = new SequencedPayload("tokyo", 17).encode();

        assertThat(SequencedPayload.decode(payload)).contains(new SequencedPayload("tokyo", 17));
        assertThat(SequencedPayload.decode("hello".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEmpty();
        assertThat(SequencedPayload.decode("tokyo x".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEmpty();
    }
}
