package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gcs.ClusterKeys;
import org.junit.jupiter.api.Test;

/**
 * Key selection of the LAN key ring: the key version a message carries picks the key of its id, and only a key id of
 * the ring, with the same secret and cluster name, picks a key.
 */
class LanKeyRingTest {
    private static final byte[] SECRET_1 = "lan-key-ring-test-secret-one-0123456789".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SECRET_2 = "lan-key-ring-test-secret-two-9876543210".getBytes(StandardCharsets.US_ASCII);
    private static final String CLUSTER = "gcs-boston";

    private final LanKeyRing both = LanKeyRing.derive(ClusterKeys.of(Map.of(1, SECRET_1, 2, SECRET_2), 1), CLUSTER);

    @Test
    void shouldNameTheSendKeyIdInTheVersionAndSelectItsKey() {
        LanKeyRing sendTwo = LanKeyRing.derive(ClusterKeys.of(Map.of(1, SECRET_1, 2, SECRET_2), 2), CLUSTER);

        assertThat(both.sendVersion()).hasSize(LanKeyRing.VERSION_BYTES).startsWith((byte) 1);
        assertThat(sendTwo.sendVersion()).hasSize(LanKeyRing.VERSION_BYTES).startsWith((byte) 2);
        LanKeyRing.Selection one = both.select(both.sendVersion());
        LanKeyRing.Selection two = both.select(sendTwo.sendVersion());
        assertThat(one.keyId()).isEqualTo(1);
        assertThat(one.key()).isEqualTo(both.sendKey());
        assertThat(one.rejection()).isNull();
        assertThat(two.keyId()).isEqualTo(2);
        assertThat(two.key()).isEqualTo(sendTwo.sendKey()).isNotEqualTo(both.sendKey());
    }

    @Test
    void shouldDeriveTheSameKeysInEveryMemberWhateverItsSendKey() {
        // a member restarted mid-rotation holds {1, 2} sending with 2; the running ones {1, 2} sending with 1
        LanKeyRing restarted = LanKeyRing.derive(ClusterKeys.of(Map.of(1, SECRET_1, 2, SECRET_2), 2), CLUSTER);
        LanKeyRing onlyOne = LanKeyRing.derive(ClusterKeys.of(Map.of(1, SECRET_1), 1), CLUSTER);

        assertThat(restarted.select(both.sendVersion()).key()).isEqualTo(both.sendKey());
        assertThat(both.select(restarted.sendVersion()).key()).isEqualTo(restarted.sendKey());
        assertThat(onlyOne.sendVersion()).isEqualTo(both.sendVersion());
        assertThat(onlyOne.sendKey()).isEqualTo(both.sendKey());
    }

    @Test
    void shouldSelectNoKeyForAKeyIdOutsideTheRing() {
        LanKeyRing onlyTwo = LanKeyRing.derive(ClusterKeys.of(Map.of(2, SECRET_2), 2), CLUSTER);

        LanKeyRing.Selection removed = onlyTwo.select(both.sendVersion());

        assertThat(removed.key()).isNull();
        assertThat(removed.keyId()).isEqualTo(1);
        assertThat(removed.rejection()).contains("key id 1", "not in this member's key ring [2]");
    }

    @Test
    void shouldSelectNoKeyForAnotherSecretOrClusterNameUnderAKnownId() {
        LanKeyRing otherSecret = LanKeyRing.derive(ClusterKeys.of(Map.of(1, SECRET_2), 1), CLUSTER);
        LanKeyRing otherSite = LanKeyRing.derive(ClusterKeys.of(Map.of(1, SECRET_1), 1), "gcs-paris");

        for (LanKeyRing other : new LanKeyRing[] {otherSecret, otherSite}) {
            LanKeyRing.Selection selection = both.select(other.sendVersion());
            assertThat(selection.key()).isNull();
            assertThat(selection.rejection()).contains("another secret for key id 1");
            assertThat(other.sendKey()).isNotEqualTo(both.sendKey());
        }
    }

    @Test
    void shouldSelectNoKeyForAVersionOfAnotherFormat() {
        byte[] md5Sized = new byte[16];
        md5Sized[0] = 1;

        for (byte[] version : new byte[][] {null, new byte[0], {1}, md5Sized}) {
            LanKeyRing.Selection selection = both.select(version);
            assertThat(selection.key()).isNull();
            assertThat(selection.keyId()).isEqualTo(-1);
            assertThat(selection.rejection()).contains("key version of another format");
        }
    }

    @Test
    void shouldNeverPrintAKey() {
        assertThat(both.toString()).isEqualTo("LanKeyRing[1, 2] send 1");
    }
}
