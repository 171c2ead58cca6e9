package org.gcs.internal.node;

import java.util.concurrent.BlockingQueue;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import org.gcs.ClusterKeys;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.util.ByteArray;
import org.jgroups.util.FastArray;
import org.jgroups.util.MessageBatch;
import org.jgroups.util.Util;

/**
 * JGroups' {@link SYM_ENCRYPT} with AES-GCM under keys derived from the cluster's key ring ({@link LanKeyRing}), and
 * a strict receive side. Placed directly above the transport with {@link org.jgroups.protocols.SERIALIZE} above it,
 * so that every message (discovery, membership, merge, failure detection and data alike, headers included) travels
 * as one sealed payload.
 *
 * <p>Key ring: a message is sealed under the LAN key of the ring's send key, and its header's key version names that
 * key id; a received message is opened with the key of the id it names. So a site rotates its LAN keys with the WAN's,
 * without a restart ({@link #updateKeys}): add a key everywhere, send with it everywhere, remove the old one.
 *
 * <p>Stricter than {@link SYM_ENCRYPT} itself, which passes up a message without payload unchecked (a JOIN request
 * is such a message without SERIALIZE) and tries cached older keys: here a message without the encryption header,
 * under a key id not in the ring or another secret, without payload, or whose GCM tag does not verify is dropped and
 * reported to the {@link Rejections} (counted and logged by the owner, instead of JGroups' unlimited ERROR lines).
 * Thread-safe: JGroups seals and opens on its own threads while {@link #updateKeys} swaps the whole ring at once.
 */
final class LanEncryption extends SYM_ENCRYPT {
    private static final int GCM_IV_BYTES = 12;
    private static final int GCM_TAG_BITS = 128;

    /** Takes the messages this protocol drops; called on JGroups threads. */
    interface Rejections {
        /**
         * @param sender the JGroups address the message claims to come from (unauthenticated), or null
         * @param why what was wrong, for the log
         */
        void rejected(Address sender, String why);
    }

    private final Rejections rejections;
    private final String clusterName;
    /** The ring in use; read once per message, so that a header's key id and the key sealing it always agree. */
    private volatile LanKeyRing ring;

    /**
     * @param keys the cluster's key ring
     * @param clusterName the site's JGroups cluster name (the HKDF info: each site has its own LAN keys)
     * @param rejections takes the dropped messages
     */
    LanEncryption(ClusterKeys keys, String clusterName, Rejections rejections) {
        this.rejections = rejections;
        this.clusterName = clusterName;
        // JGroups finds a protocol's header by its registered id; this subclass speaks SYM_ENCRYPT's header
        setId(ClassConfigurator.getProtocolId(SYM_ENCRYPT.class));
        symAlgorithm("AES/GCM/NoPadding");
        symIvLength(GCM_IV_BYTES);
        install(LanKeyRing.derive(keys, clusterName));
    }

    /**
     * Replaces the key ring: from now on messages are sealed under the new send key, and only messages under the
     * new ring's key ids are opened (a message under a removed key id, even one already received, is dropped and
     * reported). Callable from any thread.
     *
     * @param keys the new ring
     */
    void updateKeys(ClusterKeys keys) {
        install(LanKeyRing.derive(keys, clusterName));
    }

    private void install(LanKeyRing newRing) {
        ring = newRing;
        // SYM_ENCRYPT sends nothing while its secret key is null and builds its cipher pool in init() from it; the
        // sealing itself reads the ring (encrypt below)
        secret_key = newRing.sendKey();
    }

    /** Seals the message under the ring's send key and names the key in the header. */
    @Override
    protected Message encrypt(Message msg) throws Exception {
        LanKeyRing keys = ring;
        if (msg.getSrc() == null) {
            msg.setSrc(local_addr);
        }
        // SYM_ENCRYPT sends a message without payload unsealed (receivers drop it): serialize it whole instead
        boolean serialize = !msg.hasArray() || msg.getLength() == 0;
        ByteArray whole = serialize ? Util.messageToBuffer(msg) : null;
        byte[] iv = makeIv();
        // a new message: the original may be retransmitted from JGroups' buffers and must not be sealed twice
        Message sealed = (serialize ? outerOf(msg) : msg.copy(false, true))
                .putHeader(id, new EncryptHeader((byte) 0, keys.sendVersion(), iv).needsDeserialization(serialize));
        byte[] ciphertext = serialize
                ? crypt(Cipher.ENCRYPT_MODE, keys.sendKey(), iv, whole.array(), whole.offset(), whole.length())
                : crypt(Cipher.ENCRYPT_MODE, keys.sendKey(), iv, msg.getArray(), msg.getOffset(), msg.getLength());
        return sealed.setArray(ciphertext, 0, ciphertext.length);
    }

    /** @return an empty message to the same destination, from the same source, with the same flags */
    private static Message outerOf(Message msg) {
        return new BytesMessage(msg.dest()).setSrc(msg.getSrc()).setFlag(msg.getFlags(false), false)
                .setFlag(msg.getFlags(true), true);
    }

    @Override
    public Object up(Message msg) {
        Message plain = open(msg);
        return plain == null ? null : up_prot.up(plain);
    }

    @Override
    public void up(MessageBatch batch) {
        // JGroups' batch iterator can replace in place (as SYM_ENCRYPT's own batch handling does)
        FastArray<Message>.FastIterator it = (FastArray<Message>.FastIterator) batch.iterator();
        while (it.hasNext()) {
            Message msg = it.next();
            Message plain = open(msg);
            if (plain == null) {
                it.remove();
            } else if (plain != msg) {
                it.replace(plain);
            }
        }
        if (!batch.isEmpty()) {
            up_prot.up(batch);
        }
    }

    /** @return the decrypted message, or null (reported) if it is not sealed under a key of this site's ring */
    private Message open(Message msg) {
        EncryptHeader header = msg.getHeader(id);
        if (header == null) {
            rejections.rejected(msg.getSrc(), "not encrypted (a process without LAN protection, or lan.protection=none)");
            return null;
        }
        LanKeyRing.Selection selection = ring.select(header.version());
        if (selection.key() == null) {
            rejections.rejected(msg.getSrc(), selection.rejection());
            return null;
        }
        if (!msg.hasPayload() || !msg.hasArray() || msg.getLength() == 0) {
            rejections.rejected(msg.getSrc(), "no sealed payload (JGroups headers only)");
            return null;
        }
        if (header.iv() == null || header.iv().length != GCM_IV_BYTES) {
            rejections.rejected(msg.getSrc(), "no " + GCM_IV_BYTES + "-byte IV in its header");
            return null;
        }
        try {
            // decrypted into a new array: the received one may be retransmitted from JGroups' buffers (JGRP-538)
            byte[] plain = crypt(Cipher.DECRYPT_MODE, selection.key(), header.iv(), msg.getArray(), msg.getOffset(),
                    msg.getLength());
            return header.needsDeserialization()
                    ? Util.messageFromBuffer(plain, 0, plain.length)
                    : msg.copy(false, true).setArray(plain, 0, plain.length);
        } catch (InterruptedException e) {
            // the channel is closing (JGroups interrupts its threads): not the message's fault, nothing to report
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            rejections.rejected(msg.getSrc(), "does not authenticate under key id " + selection.keyId() + ": "
                    + e.getClass().getSimpleName());
            return null;
        }
    }

    /**
     * AES-GCM with one of {@link SYM_ENCRYPT}'s pooled ciphers and a {@link GCMParameterSpec} (JGroups passes the IV
     * as an {@code IvParameterSpec}, which the JDK's AES-GCM refuses).
     */
    private byte[] crypt(int mode, SecretKey key, byte[] iv, byte[] buf, int offset, int length) throws Exception {
        BlockingQueue<Cipher> queue = mode == Cipher.DECRYPT_MODE ? decoding_ciphers : encoding_ciphers;
        Cipher cipher = queue.take();
        try {
            cipher.init(mode, key, new GCMParameterSpec(GCM_TAG_BITS, iv));
            return cipher.doFinal(buf, offset, length);
        } finally {
            queue.offer(cipher);
        }
    }
}
