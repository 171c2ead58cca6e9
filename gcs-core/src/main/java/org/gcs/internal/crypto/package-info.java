/**
 * Key derivation for GCS's own protection of WAN datagrams and LAN messages (docs/security.md): {@link Hkdf} (HKDF with
 * HMAC-SHA256, RFC 5869) derives independent keys from the secrets of the cluster's key ring
 * ({@link org.gcs.ClusterKeys}), so that no two uses of one secret share a key; {@link WanKeyRing} holds the WAN's
 * packet keys, one per (key id, sender id), and caches another sender's key only once a datagram under it
 * authenticated, so that forged sender ids cannot evict the keys in use. The LAN's keys come from the same {@link Hkdf}
 * in {@code internal.node}'s {@code LanKeyRing}. The ciphers are elsewhere: the WAN's in {@code internal.wire}
 * ({@link org.gcs.internal.wire.WanCodec}), the LAN's in JGroups' {@code SYM_ENCRYPT} ({@code internal.node}'s
 * {@code LanEncryption}).
 *
 * <p><b>Threads.</b> {@link Hkdf} is stateless (static methods, a new {@code Mac} per call) and serves any thread. A
 * {@link WanKeyRing} is not thread-safe: each belongs to one {@link org.gcs.internal.wire.WanCodec} and is used on the
 * thread that owns that codec, the node's event loop or the simulator's thread; a key rotation replaces its keys there
 * too.
 *
 * <p><b>Dependencies.</b> On the JDK's JCA and {@link org.gcs.ClusterKeys} only. Used by {@code internal.wire}
 * ({@link org.gcs.internal.wire.WanCodec}) and {@code internal.node} ({@code LanKeyRing}).
 */
package org.gcs.internal.crypto;
