package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
    private static final Address SENDER = UUID.randomUUID();

    private final List<String> rejected = new ArrayList<>();
    private final Capture below = new Capture();
    private final Capture above = new Capture();
    private final LanEncryption sender = wire(new LanEncryption(KEY, "gcs-boston", (a, why) -> { }), below, new Capture());
    private final LanEncryption receiver = wire(new LanEncryption(KEY, "gcs-boston", (a, why) -> rejected.add(why)),
            new Capture(), above);

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
        LanEncryption otherSite = wire(new LanEncryption(KEY, "gcs-paris", (a, why) -> { }), otherBelow, new Capture());
        otherSite.init();
        otherSite.down(new BytesMessage(null, "bonjour".getBytes(StandardCharsets.UTF_8)).setSrc(SENDER));
        receiver.up(otherBelow.messages.get(0));

        assertThat(above.messages).isEmpty();
        assertThat(rejected).hasSize(3);
        assertThat(rejected.get(0)).contains("not encrypted");
        assertThat(rejected.get(1)).contains("does not authenticate");
        assertThat(rejected.get(2)).contains("another key");
    }

    @Test
    void shouldPassOnlyTheGoodMessagesOfABatch() {
        MessageBatch batch = new MessageBatch(null, SENDER, null, true, List.of(
                seal("one"), new BytesMessage(null, "forged".getBytes(StandardCharsets.UTF_8)).setSrc(SENDER), seal("two")));

        receiver.up(batch);

        assertThat(above.messages).extracting(LanEncryptionTest::text).containsExactly("one", "two");
        assertThat(rejected).hasSize(1);
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
