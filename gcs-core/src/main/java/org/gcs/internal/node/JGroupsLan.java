package org.gcs.internal.node;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.ClusterKeys;
import org.gcs.GcsConfig;
import org.gcs.LanConfig;
import org.gcs.LanProtection;
import org.gcs.LanTransport;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.wire.LanOutgoing;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.protocols.BARRIER;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.SERIALIZE;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.UDP;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.MessageBatch;
import org.jgroups.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The site's LAN cluster on JGroups: builds the protocol stack from {@link LanConfig}, carries each member's
 * name, incarnation and delegate eligibility in its address (so every member derives the same delegate from
 * the same view), and turns JGroups callbacks into {@link LanView}s and batches of message bytes.
 *
 * <p>Stack: UDP (IP multicast) with PING, or TCP with TCPPING or DNS_PING ({@link TcpDiscovery}), then merge, failure
 * detection (FD_SOCK2 notices a killed process at once, FD_ALL3 a hung or unreachable one after 3 s of silence,
 * VERIFY_SUSPECT2 confirms in 0.5 s: see {@link #HUNG_MEMBER_DETECTION_MS}), reliable FIFO multicast (NAKACK2),
 * membership (GMS), flow control (MFC/UFC) and fragmentation. JGroups' diagnostics listener stays off.
 * With {@code lan.protection=aes-gcm} (the default) {@link LanEncryption} and SERIALIZE sit directly above the
 * transport: only holders of the cluster key join, and every message is sealed (docs/security.md, LAN).
 */
final class JGroupsLan implements Receiver, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JGroupsLan.class);
    private static final String KEY_NAME = "gcs.name";
    private static final String KEY_INCARNATION = "gcs.inc";
    private static final String KEY_ELIGIBLE = "gcs.eligible";
    /** FD_ALL3: a member silent (no heartbeat, no message) for this long is suspected. */
    static final long FD_ALL_TIMEOUT_MS = 3_000;
    /** FD_ALL3: heartbeat and check interval. */
    static final long FD_ALL_INTERVAL_MS = 500;
    /** VERIFY_SUSPECT2: how long a suspect has to answer before it is excluded. */
    static final long VERIFY_SUSPECT_TIMEOUT_MS = 500;
    /**
     * About how long the site takes to exclude a hung (SIGSTOP, long GC pause) or unreachable member, its delegate
     * included, and to install the view that names a successor: FD_ALL3's timeout plus up to one check interval, the
     * verification, and the view installation. Remote sites must not drop this site before that (their
     * {@code siteTimeout} must be longer, with a margin for the new delegate's first heartbeat), or they lose what was
     * sent to the site meanwhile (docs/architecture.md §7).
     */
    static final long HUNG_MEMBER_DETECTION_MS = FD_ALL_TIMEOUT_MS + FD_ALL_INTERVAL_MS + VERIFY_SUSPECT_TIMEOUT_MS
            + 500;

    /** What the LAN tells its owner; called on JGroups threads. */
    interface Listener {
        void onView(LanView view);

        /**
         * @return an empty batch that takes the messages of one JGroups delivery (a batch or a single message), in
         *         order, and is then posted
         */
        LanInbox.Batch openBatch();

        /**
         * @return an empty batch for this member's own multicasts, opened on the thread that sent them (the node's
         *         loop among them), so it must never wait for delivery room
         */
        LanInbox.Batch openOwnBatch();

        /**
         * The LAN protection dropped a message before JGroups saw it.
         *
         * @param sender the address it claims (unauthenticated), or null
         * @param why what was wrong
         */
        void onRejected(Address sender, String why);

        /**
         * An older member of this site's LAN view has this member's name (docs/security.md, LAN, "One member per
         * name"): this member must leave. Called instead of {@link #onView} for that view.
         *
         * @param why what clashes with what, and what to do, for the exception or the ERROR line
         */
        void onNameTaken(String why);

        /**
         * A message was dropped before decoding because its sender is a duplicate member of the current view
         * ({@link LanDuplicates}).
         *
         * @param sender the member its address names
         * @param address its JGroups address and physical address, for the log line
         */
        void onDuplicateMember(LanView.LanMember sender, String address);
    }

    private final JChannel channel;
    private final MulticastCredits credits;
    /** JGroups' bundler with GCS's at-once sends; null with TCP, which keeps JGroups' own. */
    private final LanBundler bundler;
    /** This member as its messages name it; set at the first send. */
    private volatile LanView.LanMember self;
    private final String clusterName;
    private final String site;
    private final Listener listener;
    /**
     * The members of the current view that no member trusts (a younger copy of a name, or both copies of a name and
     * incarnation), each with its description; replaced on the JGroups thread that installs a view, before the view
     * is acknowledged, so a joiner's messages never reach a member before its view does.
     */
    private volatile Map<Address, String> distrusted = Map.of();

    JGroupsLan(GcsConfig config, long incarnation, Listener listener) throws Exception {
        this.listener = listener;
        this.site = config.site();
        this.clusterName = config.lan().clusterNameFor(config.site());
        this.channel = new JChannel(stack(config, clusterName, listener::onRejected));
        this.credits = channel.getProtocolStack().findProtocol(MulticastCredits.class);
        this.bundler = channel.getProtocolStack().getTransport().getBundler() instanceof LanBundler at ? at : null;
        if (config.lan().protection() == LanProtection.NONE) {
            LOG.warn("LAN protection is off (lan.protection=none): any process that reaches the LAN can join site {}"
                    + " and have messages delivered as any member; use it for measurements only", config.site());
        }
        channel.name(config.memberName());
        // printable values: JGroups logs addresses with their keys
        byte[] name = config.memberName().getBytes(StandardCharsets.US_ASCII);
        byte[] inc = Long.toHexString(incarnation).getBytes(StandardCharsets.US_ASCII);
        byte[] eligible = Boolean.toString(config.delegateEligible()).getBytes(StandardCharsets.US_ASCII);
        channel.addAddressGenerator(() -> ExtendedUUID.randomUUID(config.memberName())
                .put(KEY_NAME, name).put(KEY_INCARNATION, inc).put(KEY_ELIGIBLE, eligible));
        channel.setDiscardOwnMessages(false);
        channel.setReceiver(this);
    }

    private static List<Protocol> stack(GcsConfig config, String clusterName, LanEncryption.Rejections rejections)
            throws Exception {
        LanConfig lan = config.lan();
        List<Protocol> protocols = new ArrayList<>();
        TP transport;
        if (lan.transport() == LanTransport.UDP) {
            UDP udp = new UDP();
            udp.setMulticastAddress(InetAddress.getByName(lan.mcastAddress()));
            udp.setMulticastPort(lan.mcastPortFor(config.site()));
            // within what a default Linux kernel grants without tuning (rmem_max/wmem_max ~4 MB)
            udp.setUcastRecvBufSize(4_000_000).setMcastRecvBufSize(4_000_000);
            udp.setUcastSendBufSize(1_000_000).setMcastSendBufSize(1_000_000);
            transport = udp;
            protocols.add(udp);
            addProtection(config, clusterName, rejections, protocols);
            protocols.add(new PING());
        } else {
            TCP tcp = new TCP();
            tcp.setBindPort(lan.tcpPort());
            tcp.setPortRange(0);
            transport = tcp;
            protocols.add(tcp);
            addProtection(config, clusterName, rejections, protocols);
            protocols.add(TcpDiscovery.of(lan, config.dnsServers()));
        }
        FD_SOCK2 failureDetection = new FD_SOCK2();
        if (lan.bindAddress().isPresent()) {
            InetAddress bind = InetAddress.getByName(lan.bindAddress().get());
            transport.setBindAddress(bind);
            failureDetection.setBindAddress(bind);
        }
        transport.useVirtualThreads(false);
        if (transport instanceof UDP) {
            // regular messages go up on the receiver thread, without a pool thread's wake-up (LanReceivePolicy)
            transport.setMessageProcessingPolicy(LanReceivePolicy.class.getName());
            // light sends leave on the sending thread, without a wake-up of JGroups' bundler thread (LanBundler)
            transport.setBundler(new LanBundler());
        }
        transport.logDiscardMsgs(false);
        protocols.add(new MERGE3().setMinInterval(2_000).setMaxInterval(6_000));
        protocols.add(failureDetection);
        protocols.add(new FD_ALL3().setTimeout(FD_ALL_TIMEOUT_MS).setInterval(FD_ALL_INTERVAL_MS));
        protocols.add(new VERIFY_SUSPECT2().setTimeout(VERIFY_SUSPECT_TIMEOUT_MS));
        protocols.add(new BARRIER());
        protocols.add(new NAKACK2().setXmitInterval(200));
        protocols.add(new UNICAST3());
        protocols.add(new STABLE());
        protocols.add(new GMS().setJoinTimeout(lan.joinTimeout().toMillis()).printLocalAddress(false));
        protocols.add(new MulticastCredits());
        protocols.add(new UFC());
        protocols.add(new FRAG4());
        return protocols;
    }

    /**
     * Directly above the transport, so that everything above (discovery, merge, failure detection, membership,
     * data) is sealed: SERIALIZE puts each whole message, headers included, into one payload, and
     * {@link LanEncryption} seals that payload with AES-GCM and drops whatever does not open under a key of the
     * cluster's key ring.
     */
    private static void addProtection(GcsConfig config, String clusterName, LanEncryption.Rejections rejections,
                                      List<Protocol> protocols) {
        if (config.lan().protection() == LanProtection.AES_GCM) {
            protocols.add(new LanEncryption(config.clusterKeys(), clusterName, rejections));
            protocols.add(new SERIALIZE());
        }
    }

    /** Joins (or founds) the site's cluster; blocks until this member is in a view. */
    void connect() throws Exception {
        TP transport = channel.getProtocolStack().getTransport();
        if (transport.getDiagnosticsHandler() != null) {
            transport.disableDiagnostics();
        }
        channel.connect(clusterName);
    }

    /**
     * Replaces the LAN's key ring (docs/security.md, LAN, "Key rotation"): sealed under the new send key from now on,
     * opened under any key of the new ring. Does nothing with {@code lan.protection=none}. Callable from any thread.
     *
     * @param keys the new ring
     */
    void updateKeys(ClusterKeys keys) {
        LanEncryption encryption = channel.getProtocolStack().findProtocol(LanEncryption.class);
        if (encryption != null) {
            encryption.updateKeys(keys);
        }
    }

    /**
     * @param bytes the size of a message about to be sent
     * @return true if {@link #send} of that many bytes cannot block on JGroups' flow control now
     */
    boolean sendWouldNotBlock(long bytes) {
        return credits.wouldNotBlock(bytes);
    }

    /**
     * Multicasts to every member; this one takes its own copy through {@link Listener#openOwnBatch} once JGroups has
     * taken the message, by decoding the bytes. Blocks while JGroups' flow control says so.
     */
    void send(byte[] bytes) throws Exception {
        send(bytes, null);
    }

    /**
     * As {@link #send(byte[])}; the own copy is taken from {@code carried}: data messages as they are, others by
     * decoding their bytes.
     *
     * @param bytes a bundle or a lone message
     * @param carried the messages the bytes carry, in order; null to decode the own copy from {@code bytes}
     */
    void send(byte[] bytes, List<LanOutgoing> carried) throws Exception {
        send(new BytesMessage(null, bytes), bytes, carried);
    }

    /**
     * As {@link #send(byte[], List)}, written to the socket on the calling thread instead of through JGroups' bundler
     * queue ({@link LanBundler}; with TCP as {@link #send}). It blocks as {@link #send} does while JGroups' flow
     * control says so: the event loop calls it only for sends that cannot block ({@link #sendWouldNotBlock}), the
     * LAN-out thread for all of its own.
     */
    void sendAtOnce(byte[] bytes, List<LanOutgoing> carried) throws Exception {
        if (bundler == null) {
            send(bytes, carried);
            return;
        }
        bundler.atOnce(() -> {
            send(new BytesMessage(null, bytes), bytes, carried);
            return null;
        });
    }

    /** As {@link #sendAtOnce(byte[], List)}, the own copy decoded from the bytes. */
    void sendAtOnce(byte[] bytes) throws Exception {
        sendAtOnce(bytes, null);
    }

    /** @return JGroups messages written at once on a sending thread so far ({@link #sendAtOnce}) */
    long sentAtOnce() {
        return bundler == null ? 0 : bundler.sentAtOnce();
    }

    /** @return fragments JGroups' FRAG4 cut this member's messages into so far (0 while every message fits one) */
    long fragmentsSent() {
        return channel.getProtocolStack().findProtocol(FRAG4.class) instanceof FRAG4 frag
                ? frag.getNumberOfSentFragments() : 0;
    }

    private void send(Message message, byte[] bytes, List<LanOutgoing> carried) throws Exception {
        channel.send(message.setFlag(Message.TransientFlag.DONT_LOOPBACK));
        // JGroups' loopback would bring the message back through a pool thread and the whole receive stack (two
        // wake-ups per multicast); the member takes its own copy here instead, once JGroups has numbered the message
        LanInbox.Batch own = listener.openOwnBatch();
        own.addSent(bytes, carried, self());
        own.post();
    }

    /** @return this member as its messages name it (its address is set when connecting starts, before any view) */
    private LanView.LanMember self() {
        LanView.LanMember me = self;
        if (me == null) {
            me = sender(channel.getAddress());
            self = me;
        }
        return me;
    }

    @Override
    public void viewAccepted(View view) {
        LanDuplicates duplicates = LanDuplicates.of(view.getMembers(), JGroupsLan::sender);
        distrusted = describeDistrusted(duplicates);
        for (LanDuplicates.Clash clash : duplicates.clashes()) {
            logClash(clash);
        }
        Optional<LanDuplicates.Clash> mine = duplicates.clashOfYounger(channel.getAddress());
        if (mine.isPresent()) {
            listener.onNameTaken(nameTaken(mine.get()));
            return;
        }
        List<LanView.LanMember> members = new ArrayList<>();
        for (Address address : view.getMembers()) {
            LanView.LanMember member = sender(address);
            // a younger copy of a name is no member of the site: never its delegate, nor listed twice
            if (member != null && !duplicates.younger(address)) {
                members.add(member);
            }
        }
        listener.onView(new LanView(view.getViewId().getId(), members, view instanceof MergeView));
    }

    @Override
    public void receive(Message message) {
        LanInbox.Batch batch = listener.openBatch();
        add(batch, message);
        batch.post();
    }

    /** Passes the whole batch on at once, so its messages reach the owner's event loop as one task. */
    @Override
    public void receive(MessageBatch messages) {
        LanInbox.Batch batch = listener.openBatch();
        try {
            for (Message message : messages) {
                try {
                    add(batch, message);
                } catch (RuntimeException e) {
                    // as JGroups' default receive(MessageBatch): one failing message does not stop the others
                    LOG.warn("LAN message dropped: {}", e.toString());
                }
            }
        } finally {
            batch.post();
        }
    }

    private void add(LanInbox.Batch batch, Message message) {
        if (message.getSrc() != null && message.getSrc().equals(channel.getAddress())) {
            return; // sent with DONT_LOOPBACK and taken at the send (see send); nothing of its own comes back
        }
        String duplicate = message.getSrc() == null ? null : distrusted.get(message.getSrc());
        if (duplicate != null) {
            listener.onDuplicateMember(sender(message.getSrc()), duplicate);
            return;
        }
        if (message instanceof BytesMessage bytes && bytes.getArray() != null) {
            batch.add(bytes.getArray(), bytes.getOffset(), bytes.getLength(), sender(message.getSrc()));
        }
    }

    /**
     * @return the member a JGroups address belongs to (its name, incarnation and eligibility, as it put them in its
     *         address), or null for an address that carries none
     */
    static LanView.LanMember sender(Address address) {
        if (address instanceof ExtendedUUID uuid && uuid.keyExists(KEY_NAME) && uuid.keyExists(KEY_INCARNATION)
                && uuid.keyExists(KEY_ELIGIBLE)) {
            try {
                String name = new String(uuid.get(KEY_NAME), StandardCharsets.US_ASCII);
                long incarnation = Long.parseUnsignedLong(
                        new String(uuid.get(KEY_INCARNATION), StandardCharsets.US_ASCII), 16);
                boolean eligible = "true".equals(new String(uuid.get(KEY_ELIGIBLE), StandardCharsets.US_ASCII));
                return new LanView.LanMember(name, incarnation, eligible);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private Map<Address, String> describeDistrusted(LanDuplicates duplicates) {
        if (duplicates.isEmpty()) {
            return Map.of();
        }
        Map<Address, String> described = new HashMap<>();
        for (LanDuplicates.Clash clash : duplicates.clashes()) {
            for (LanDuplicates.Copy copy : clash.younger()) {
                described.put(copy.address(), describe(copy.address()));
            }
            if (clash.oldestImpersonated()) {
                described.put(clash.oldest().address(), describe(clash.oldest().address()));
            }
        }
        return Map.copyOf(described);
    }

    /** The ERROR line every member of the view logs for a name that appears twice in it. */
    private void logClash(LanDuplicates.Clash clash) {
        List<String> younger = clash.younger().stream().map(c -> describe(c.address())).toList();
        if (clash.oldestImpersonated()) {
            LOG.error("site {}: member {} incarnation {} appears more than once in the LAN view ({} and {}): no member"
                            + " trusts the messages of any copy, they are dropped (duplicate-member) until only one is"
                            + " left; GCS never gives two processes one incarnation, so a process holding the cluster"
                            + " key impersonates that member: find it, and rotate the cluster key if it is not yours",
                    site, clash.name(), Long.toHexString(clash.oldest().member().incarnation()),
                    describe(clash.oldest().address()), String.join(", ", younger));
        } else {
            LOG.error("site {}: member name '{}' appears more than once in the LAN view: {} and the younger {}; the"
                            + " younger copies may not stay (refused at start unless the older one goes, or they leave)"
                            + " and their messages are dropped (duplicate-member); give each process of a site its own"
                            + " member.name", site, clash.name(),
                    describe(clash.oldest().address()), String.join(", ", younger));
        }
    }

    /** @return why this member (a younger copy of a name) must leave: the name, the site, the other process */
    private String nameTaken(LanDuplicates.Clash clash) {
        return "member name '" + clash.name() + "' is already taken in site " + site + " by another process ("
                + describe(clash.oldest().address()) + "; this process is " + describe(channel.getAddress())
                + "); every process of a site needs a member name of its own: set another member.name for this one";
    }

    /** @return a JGroups member's address and, if the transport knows it, its physical address */
    private String describe(Address address) {
        String id = address instanceof UUID uuid ? uuid.toStringLong() : String.valueOf(address);
        Object physical = null;
        try {
            physical = channel.down(new Event(Event.GET_PHYSICAL_ADDRESS, address));
        } catch (RuntimeException e) {
            // closing: the JGroups address alone names it
        }
        return "JGroups member " + id + (physical == null ? "" : " at " + physical);
    }

    /**
     * @return retransmission requests this member received for its multicasts (NAKACK2): other members lost
     *         some of them, a sign of LAN congestion
     */
    long retransmissionRequestsReceived() {
        NAKACK2 nakack = channel.getProtocolStack().findProtocol(NAKACK2.class);
        return nakack == null ? 0 : nakack.getXmitRequestsReceived();
    }

    /** @return the cluster name */
    String clusterName() {
        return clusterName;
    }

    /** @return the JGroups channel, for monitoring (JMX) only */
    JChannel channel() {
        return channel;
    }

    /** Leaves the cluster. */
    @Override
    public void close() {
        channel.close();
    }
}
