package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.internal.wire.WanPacket.Data;
import org.junit.jupiter.api.Test;

class RelayedSequencesTest {
    private final RelayedSequences relayed = new RelayedSequences();

    private static Data data(String site, long epoch, long seq) {
        return new Data(site, "g", epoch, seq, "m", 1, seq, 0, 1, 0, 0, 0, false, new byte[1], 0, "");
    }

    @Test
    void shouldKnowExactlyWhatItCopiedOutPerFlow() {
        for (long seq = 100; seq <= 200; seq += 2) {
            relayed.copied(data("a", 1, seq));
        }
        assertThat(relayed.copiedBefore(data("a", 1, 150))).isTrue();
        assertThat(relayed.copiedBefore(data("a", 1, 151))).as("never copied: a gap").isFalse();
        assertThat(relayed.copiedBefore(data("a", 1, 202))).isFalse();
        assertThat(relayed.copiedBefore(data("b", 1, 150))).as("another source's flow").isFalse();
        assertThat(relayed.copiedBefore(data("a", 2, 150))).as("another epoch").isFalse();
    }

    @Test
    void shouldForgetAnOldEpochAndLetPacketsBelowItsWindowThrough() {
        relayed.copied(data("a", 1, 10));
        relayed.copied(data("a", 2, 5));
        assertThat(relayed.copiedBefore(data("a", 1, 10))).as("epoch 1 was replaced").isFalse();
        assertThat(relayed.copiedBefore(data("a", 2, 5))).isTrue();
        long far = 5 + 3L * RelayedSequences.WINDOW;
        relayed.copied(data("a", 2, far));
        assertThat(relayed.copiedBefore(data("a", 2, 5))).as("below the window: cannot tell, let through").isFalse();
        assertThat(relayed.copiedBefore(data("a", 2, far))).isTrue();
        relayed.copied(data("a", 2, far - 1));
        assertThat(relayed.copiedBefore(data("a", 2, far - 1))).isTrue();
    }
}
