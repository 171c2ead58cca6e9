package org.gcs;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * A process's membership in a GCS cluster: it joins its site's LAN cluster, takes the delegate role when
 * elected, and sends and receives group messages. Beside what every {@link GroupMember} does, a node sends with
 * back-pressure (blocking sends), waits for stability, rotates its keys, tells the WAN address it is bound to, and
 * closes.
 *
 * <pre>{@code
 * GcsConfig config = GcsConfig.builder()
 *         .site("boston")
 *         .wanBind("0.0.0.0", 7700)
 *         .seeds("ottawa.example.org:7700")
 *         .clusterKey(System.getenv("GCS_CLUSTER_KEY"))
 *         .build();
 * try (GcsNode node = GcsNode.start(config)) {
 *     node.onMessage(m -> System.out.println(m.sender() + ": " + new String(m.payload(), UTF_8)));
 *     node.join("whiteboard");
 *     node.send("whiteboard", "hello".getBytes(UTF_8));
 * }
 * }</pre>
 *
 * <p>All methods are thread-safe. Listeners run on the node's delivery thread. A null argument (a configuration,
 * group, payload, listener, timeout or key ring) is refused with an {@link IllegalArgumentException} that names it,
 * and so is a null object given to {@link GcsConfigBuilder} (a null value of a setting is a
 * {@link GcsConfigException} there, as any invalid value); only the {@code timeout} of
 * {@link #send(String, byte[], java.time.Duration)} may be null (no bound).
 */
public interface GcsNode extends GroupMember, AutoCloseable {

    /**
     * Starts a node: binds its WAN socket, joins its site's LAN cluster and returns once it is a member.
     *
     * @param config the node's configuration
     * @return the running node
     * @throws GcsException if the node cannot start (the message says why, for instance a port in use, or another
     *     process of the site's LAN already has this node's {@code member.name}: it names that process's address)
     * @throws IllegalArgumentException if {@code config} is null
     */
    static GcsNode start(GcsConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("config must not be null: build one with GcsConfig.builder()");
        }
        return org.gcs.internal.node.NettyJGroupsNode.start(config);
    }

    /**
     * The address of this node's WAN socket as bound: with {@code wanBind} port 0 (any free port) the port the system
     * chose, which the other sites' seeds must name.
     *
     * @return the bound address
     */
    InetSocketAddress wanAddress();

    /**
     * Joins a group: from now on this node receives the group's messages and may send to it.
     * Joining a group twice is harmless. A member whose listeners held a group back for longer than the group's
     * {@code member.stall.timeout} is excluded from it ({@link ViewListener#onExcluded}) and joins it again with this
     * call; it then receives the messages sent from that moment on.
     *
     * @param group the group name (see {@link Names})
     */
    @Override
    void join(String group);

    /**
     * Sends without blocking. The stage completes (on the delivery thread) when the message is admitted, as
     * the blocking {@code send} would have returned, or exceptionally with {@link GcsClosedException} if the
     * node closes first. Messages are sent in call order, mixed freely with blocking sends.
     *
     * @return a stage completed when the message is admitted
     * @throws NotJoinedException if the group was not joined
     * @throws MessageTooLargeException if the payload is too large
     * @throws SendQueueFullException if {@link GcsConfig#maxPendingSendBytes()} are already waiting
     * @throws GcsClosedException if the node is closed
     */
    @Override
    CompletionStage<Void> sendAsync(String group, byte[] payload);

    /**
     * Sends a message to every member of a group (this node included), blocking while the send window is
     * full (back-pressure). Returns once the message is admitted: from then on it will reach every member that
     * stays connected, in order with this node's other messages to the group.
     *
     * @param group a group this node has joined
     * @param payload the bytes to send, at most {@link GcsConfig#maxMessageBytes()}
     * @throws NotJoinedException if the group was not joined
     * @throws MessageTooLargeException if the payload is too large
     * @throws GcsClosedException if the node is closed
     * @throws InterruptedException if interrupted while waiting for the window; the message is then not sent
     *         (if it was admitted at the same moment, send returns normally with the interrupt status set)
     */
    void send(String group, byte[] payload) throws InterruptedException;

    /**
     * Like {@link #send(String, byte[])} but gives up after {@code timeout}.
     *
     * @throws TimeoutException if the message was not admitted in time (it will not be sent)
     */
    void send(String group, byte[] payload, Duration timeout) throws InterruptedException, TimeoutException;

    /**
     * Waits until every message this node sent so far is stable: every site that had members of its group
     * when it was sent has acknowledged it.
     *
     * @param timeout how long to wait at most
     * @return true if everything is stable, false on timeout
     */
    boolean awaitStable(Duration timeout) throws InterruptedException;

    /**
     * Replaces the key ring of the WAN and of the site's LAN without a restart: from now on every key of {@code keys}
     * is accepted and its send key protects what this node sends, on the WAN (datagrams) and on the LAN (JGroups
     * messages, under a per-site key derived from each key of the ring); a message or datagram under a key id no
     * longer in the ring is dropped and counted. Rotate in three steps, each on every node of every site before the
     * next (docs/security.md): add the new key, send with it, remove the old one; nothing is lost, and a member
     * restarted in the middle with the ring of any step joins its site. Thread-safe: the ring is handed to the
     * node's event loop, and the call returns once the node uses it on the WAN and the LAN.
     *
     * @param keys the new ring
     * @throws GcsConfigException if a key is weak or an example key and this node is not a test node
     * @throws GcsClosedException if the node is closed
     */
    void updateKeys(ClusterKeys keys);

    /** Leaves the cluster and releases sockets and threads. Safe to call twice. */
    @Override
    void close();
}
