package org.gcs.cc.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BackupBufferTest {
    @Test
    void shouldBeSizedAsSeed001sTheorem2() {
        assertThat(BackupBuffer.capacityFor(1, 50, 50)).isEqualTo(150); // the paper's r = 1 with 50/50
        assertThat(BackupBuffer.capacityFor(2, 50, 100)).isEqualTo(400);
        assertThat(BackupBuffer.capacityFor(0, 50, 100)).isEqualTo(100);
        assertThatThrownBy(() -> BackupBuffer.capacityFor(-1, 50, 50)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldKeepTheLastPacketsOldestFirst() {
        BackupBuffer<Integer> backup = new BackupBuffer<>(3);
        for (int i = 1; i <= 5; i++) {
            backup.append(i);
        }
        assertThat(backup.replay()).containsExactly(3, 4, 5);
        assertThat(new BackupBuffer<Integer>(0).replay()).isEmpty();
    }
}
