package org.gcs.internal.node;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.internal.crypto.Hkdf;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.util.FastArray;
import org.jgroups.util.MessageBatch;

/**
 * JGroups' {@link SYM_ENCRYPT} with AES-GCM under a key derived from the cluster key, and a strict receive side: a
 * message is passed up only if it carries a payload sealed under this key. Placed directly above the transport with
 * {@link org.jgroups.protocols.SERIALIZE} above it, so that every message (discovery, membership, merge, failure
 * detection and data alike, headers included) travels as one sealed payload.
 *
 * <p>Stricter than {@link SYM_ENCRYPT} itself, which passes up a message without payload unchecked (a JOIN request
 * is such a message without SERIALIZE) and tries cached older keys: here a message without the encryption header,
 * under another key, without payload, or whose GCM tag does not verify is dropped and reported to the
 * {@link Rejections} (counted and logged by the owner, instead of JGroups' unlimited ERROR lines).
 */
final class LanEncryption extends SYM_ENCRYPT {
    /** The HKDF salt of the LAN key; a new protection scheme gets a new salt. */
    static final String SALT = "gcs-lan-v1";
    private static final int KEY_BYTES = 32;
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

    /**
     * @param clusterKey the cluster key
     * @param clusterName the site's JGroups cluster name (the HKDF info: each site has its own LAN key)
     * @param rejections takes the dropped messages
     */
    LanEncryption(byte[] clusterKey, String clusterName, Rejections rejections) {
        this.rejections = rejections;
        // JGroups finds a protocol's header by its registered id; this subclass speaks SYM_ENCRYPT's header
        setId(ClassConfigurator.getProtocolId(SYM_ENCRYPT.class));
        byte[] key = Hkdf.derive(clusterKey, SALT, clusterName.getBytes(StandardCharsets.UTF_8), KEY_BYTES);
        setSecretKey(new SecretKeySpec(key, "AES"));
        Arrays.fill(key, (byte) 0);
        symAlgorithm("AES/GCM/NoPadding");
        symIvLength(GCM_IV_BYTES);
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

    /**
     * As {@link SYM_ENCRYPT}'s, but with a {@link GCMParameterSpec}: JGroups passes the IV as an
     * {@code IvParameterSpec}, which the JDK's AES-GCM refuses.
     */
    @Override
    protected byte[] code(byte[] buf, int offset, int length, byte[] iv, boolean decode) throws Exception {
        BlockingQueue<Cipher> queue = decode ? decoding_ciphers : encoding_ciphers;
        Cipher cipher = queue.take();
        try {
            cipher.init(decode ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, secret_key,
                    new GCMParameterSpec(GCM_TAG_BITS, iv));
            return cipher.doFinal(buf, offset, length);
        } finally {
            queue.offer(cipher);
        }
    }

    /** @return the decrypted message, or null (reported) if it is not sealed under this site's key */
    private Message open(Message msg) {
        EncryptHeader header = msg.getHeader(id);
        if (header == null) {
            rejections.rejected(msg.getSrc(), "not encrypted (a process without LAN protection, or lan.protection=none)");
            return null;
        }
        if (!Arrays.equals(header.version(), symVersion())) {
            rejections.rejected(msg.getSrc(), "encrypted under another key (another cluster key or cluster name)");
            return null;
        }
        if (!msg.hasPayload() || msg.getLength() == 0) {
            rejections.rejected(msg.getSrc(), "no sealed payload (JGroups headers only)");
            return null;
        }
        try {
            // a copy: the original may be retransmitted from JGroups' buffers (JGRP-538)
            return _decrypt(null, secret_key, msg.copy(true, true), header);
        } catch (Exception e) {
            rejections.rejected(msg.getSrc(), "does not authenticate: " + e.getClass().getSimpleName());
            return null;
        }
    }
}
