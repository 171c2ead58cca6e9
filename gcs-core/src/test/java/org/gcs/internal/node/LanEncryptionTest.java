package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gcs.ClusterKeys;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.EmptyMessage;
import org.jgroups.Message;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.stack.Protocol;
import org.jgroups.util.MessageBatch;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LanEncryption} alone, between two capturing protocols: what it seals opens only under the same cluster key
 * and cluster name, and everything else is dropped and reported, including the payload-less message with a valid key
 * version that JGroups' {@code SYM_ENCRYPT} would let through (a JOIN request built from a captured header).
 */
class LanEncryptionTest {
    private static final byte[] KEY = "lan-encryption-test-cluster-key-0123456789".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_1 = "lan-encryption-test-key-one-0123456789".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_2 = "lan-encryption-test-key-two-9876543210".getBytes(StandardCharsets.US_ASCII);
    private static final Address SENDER = UUID.randomUUID();

    private final List<String> rejected = new ArrayList<>();
    private final Capture below = new Capture();
    private final Capture above = new Capture();
    private final LanEncryption sender = wire(new LanEncryption(ClusterKeys.single(KEY), "gcs-boston", (a, why) -> { }),
            below, new Capture());
    private final LanEncryption receiver = wire(new LanEncryption(ClusterKeys.single(KEY), "gcs-boston",
            (a, why) -> rejected.add(why)), new Capture(), above);

    @BeforeEach
    void init() throws Exception {
        sender.init();
        receiver.init();
    }

    @Test
    void shouldOpenWhatItSealsAndHideThePayload() {
        Message sealed = seal("hello boston");

        assertThat(new String(sealed.getArray(), sealed.getOffset(), sealed.getLength(), StandardCharsets.UTF_8))
                .doesNotContain("hello");
        receiver.up(sealed);
        assertThat(above.messages).singleElement().satisfies(m -> assertThat(text(m)).isEqualTo("hello boston"));
        assertThat(rejected).isEmpty();
    }

    @Test
    void shouldDropAMessageWithoutPayloadEvenUnderTheRightKeyVersion() {
        // what a LAN eavesdropper can build: the key version is readable from any captured header
        EncryptHeader captured = seal("x").getHeader(receiver.getId());
        Message join = new EmptyMessage(null).setSrc(SENDER)
                .putHeader(receiver.getId(), new EncryptHeader((byte) 0, captured.version(), captured.iv()));

        receiver.up(join);

        assertThat(above.messages).isEmpty();
        assertThat(rejected).singleElement().asString().contains("no sealed payload");
    }

    @Test
    void shouldDropUnencryptedTamperedAndOtherKeyedMessages() throws Exception {
        receiver.up(new BytesMessage(null, "plain".getBytes(StandardCharsets.UTF_8)).setSrc(SENDER));
        Message tampered = seal("pay 10");
        tampered.getArray()[tampered.getOffset() + 2] ^= 1;
        receiver.up(tampered);
        Capture otherBelow = new Capture();
        LanEncryption otherSite = wire(new LanEncryption(ClusterKeys.single(KEY), "gcs-paris",
                (a, why) -> { }), otherBelow, new Capture());
        otherSite.init();
        otherSite.down(new BytesMessage(null, "bonjour".getBytes(StandardCharsets.UTF_8)).setSrc(SENDER));
        receiver.up(otherBelow.messages.get(0));

        assertThat(above.messages).isEmpty();
        assertThat(rejected).hasSize(3);
        assertThat(rejected.get(0)).contains("not encrypted");
        assertThat(rejected.get(1)).contains("does not authenticate");
        assertThat(rejected.get(2)).contains("another secret for key id 0", "another cluster name");
    }

    @Test
    void shouldPassOnlyTheGoodMessagesOfABatch() {
        MessageBatch batch = new MessageBatch(null, SENDER, null, true, List.of(
                seal("one"), new BytesMessage(null, "forged".getBytes(StandardCharsets.UTF_8)).setSrc(SENDER), seal("two")));

        receiver.up(batch);

        assertThat(above.messages).extracting(LanEncryptionTest::text).containsExactly("one", "two");
        assertThat(rejected).hasSize(1);
    }

    @Test
    void shouldSealAMessageWithoutPayloadWholeInsteadOfSendingItInClear() {
        sender.down(new EmptyMessage(null).setSrc(SENDER).setFlag(Message.Flag.OOB)
                .setFlag(Message.TransientFlag.DONT_LOOPBACK));
        Message sealed = below.messages.remove(0);

        assertThat(sealed.getLength()).isPositive();
        assertThat(sealed.getSrc()).isEqualTo(SENDER);
        assertThat(sealed.isFlagSet(Message.Flag.OOB) && sealed.isFlagSet(Message.TransientFlag.DONT_LOOPBACK))
                .as("the transport sees the flags").isTrue();
        receiver.up(sealed);
        assertThat(above.messages).singleElement().isInstanceOf(EmptyMessage.class)
                .satisfies(m -> assertThat(m.getSrc()).isEqualTo(SENDER));
        assertThat(rejected).isEmpty();
    }

    @Test
    void shouldNotCountAMessageDroppedBecauseTheChannelIsClosing() {
        Message sealed = seal("in flight at close");

        // JGroups interrupts its threads on close; taking a pooled cipher then fails, which is no forgery
        Thread.currentThread().interrupt();
        receiver.up(sealed);

        assertThat(Thread.interrupted()).as("interrupt kept").isTrue();
        assertThat(above.messages).isEmpty();
        assertThat(rejected).isEmpty();
    }

    @Test
    void shouldRotateInThreeStepsAndDropOnlyWhatIsUnderARemovedKey() throws Exception {
        LanEncryption from = ring(Map.of(1, KEY_1), 1, new Capture(), (a, why) -> { });
        LanEncryption to = ring(Map.of(1, KEY_1), 1, above, (a, why) -> rejected.add(why));

        to.up(seal(from, "before"));
        // step 1: both accept 1 and 2, still sending with 1
        to.updateKeys(ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 1));
        from.updateKeys(ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 1));
        Message underOne = seal(from, "under key 1");
        // step 2: the sender switches first, the receiver still sends with 1: both directions open
        from.updateKeys(ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 2));
        Message underTwo = seal(from, "under key 2");
        to.up(underOne);
        to.up(underTwo);
        to.updateKeys(ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 2));
        // step 3: key 1 removed; a message still under it (sealed before the switch, received after) is dropped
        to.updateKeys(ClusterKeys.of(Map.of(2, KEY_2), 2));
        to.up(underOne);
        to.up(seal(from, "after"));

        assertThat(underOne.<EncryptHeader>getHeader(from.getId()).version()[0]).isEqualTo((byte) 1);
        assertThat(underTwo.<EncryptHeader>getHeader(from.getId()).version()[0]).isEqualTo((byte) 2);
        assertThat(above.messages).extracting(LanEncryptionTest::text)
                .containsExactly("before", "under key 1", "under key 2", "after");
        assertThat(rejected).singleElement().asString().contains("key id 1", "not in this member's key ring [2]");
    }

    @Test
    void shouldDropAMessageWhoseKeyIdWasChangedOnTheWay() throws Exception {
        LanEncryption from = ring(Map.of(1, KEY_1, 2, KEY_2), 1, new Capture(), (a, why) -> { });
        LanEncryption to = ring(Map.of(1, KEY_1, 2, KEY_2), 1, above, (a, why) -> rejected.add(why));
        byte[] versionTwo = LanKeyRing.derive(ClusterKeys.of(Map.of(2, KEY_2), 2), "gcs-boston").sendVersion();
        Message sealed = seal(from, "under key 1");
        EncryptHeader header = sealed.getHeader(from.getId());

        // the key version is in clear: an attacker can name key 2 instead, but the tag was made under key 1
        sealed.putHeader(from.getId(), new EncryptHeader((byte) 0, versionTwo, header.iv()));
        to.up(sealed);

        assertThat(above.messages).isEmpty();
        assertThat(rejected).singleElement().asString().contains("does not authenticate under key id 2");
    }

    @Test
    void shouldNameTheKeyThatSealedEachMessageWhileTheSendKeyChanges() throws Exception {
        LanEncryption from = ring(Map.of(1, KEY_1, 2, KEY_2), 1, below, (a, why) -> { });
        LanEncryption to = ring(Map.of(1, KEY_1, 2, KEY_2), 1, above, (a, why) -> rejected.add(why));
        ClusterKeys sendOne = ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 1);
        ClusterKeys sendTwo = ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 2);
        AtomicBoolean sealing = new AtomicBoolean(true);
        Thread switcher = new Thread(() -> {
            for (long k = 0; sealing.get(); k++) {
                from.updateKeys(k % 2 == 0 ? sendTwo : sendOne);
            }
        });
        switcher.start();
        int[] underId = new int[3];
        long deadlineNs = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int sealedCount = 0;
        try {
            // until each key sealed many messages (bounded, should the switcher thread never be scheduled)
            while ((underId[1] < 500 || underId[2] < 500) && System.nanoTime() < deadlineNs) {
                Message sealed = seal(from, "m" + sealedCount++);
                underId[sealed.<EncryptHeader>getHeader(from.getId()).version()[0]]++;
                to.up(sealed);
                below.messages.clear();
                above.messages.clear();
            }
        } finally {
            sealing.set(false);
            switcher.join();
        }

        assertThat(underId[1]).isGreaterThanOrEqualTo(500);
        assertThat(underId[2]).isGreaterThanOrEqualTo(500);
        assertThat(rejected).as("a header naming one key over a message sealed under the other").isEmpty();
    }

    private Message seal(LanEncryption from, String text) {
        Capture down = (Capture) from.getDownProtocol();
        from.down(new BytesMessage(null, text.getBytes(StandardCharsets.UTF_8)).setSrc(SENDER));
        return down.messages.remove(down.messages.size() - 1);
    }

    private static LanEncryption ring(Map<Integer, byte[]> keys, int sendKeyId, Capture next,
                                      LanEncryption.Rejections rejections) throws Exception {
        LanEncryption protocol = new LanEncryption(ClusterKeys.of(keys, sendKeyId), "gcs-boston", rejections);
        // as the protocol below when sealing, above when opening
        protocol.setDownProtocol(next);
        protocol.setUpProtocol(next);
        protocol.init();
        return protocol;
    }

    private Message seal(String text) {
        sender.down(new BytesMessage(null, text.getBytes(StandardCharsets.UTF_8)).setSrc(SENDER));
        return below.messages.remove(below.messages.size() - 1);
    }

    private static String text(Message m) {
        return new String(m.getArray(), m.getOffset(), m.getLength(), StandardCharsets.UTF_8);
    }

    private static LanEncryption wire(LanEncryption protocol, Protocol down, Protocol up) {
        protocol.setDownProtocol(down);
        protocol.setUpProtocol(up);
        return protocol;
    }

    /** Takes what reaches it, as the protocol below or above would. */
    private static final class Capture extends Protocol {
        final List<Message> messages = new ArrayList<>();

        @Override
        public Object down(Message msg) {
            messages.add(msg);
            return null;
        }

        @Override
        public Object up(Message msg) {
            messages.add(msg);
            return null;
        }

        @Override
        public void up(MessageBatch batch) {
            batch.forEach(messages::add);
        }
    }
}
