package org.gcs.emulator;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Emulates the WAN on the sending side of a delegate's UDP channel: every outbound {@link DatagramPacket} to
 * a peer in another site goes through the {@link EmulatedLink} from this site to that site, which loses it,
 * drops it at a full bottleneck queue, or holds it back until its arrival time.
 *
 * <p>Per packet: the recipient's site comes from the {@link PeerSiteResolver}; if it is unknown or the
 * {@link Topology} has no link from the local site to it, the packet passes unchanged. Otherwise the link
 * towards that site (one per destination site, created on first use, seeded with
 * {@link EmulatedLink#deriveSeed(long, String, String)}, carrying the topology's
 * {@linkplain Topology#crossTraffic(String, String) cross traffic} of that direction) admits it at the event loop's
 * {@linkplain io.netty.util.concurrent.EventExecutor#ticker() ticker} time:
 * <ul>
 *   <li>dropped (loss or full queue): the packet is released and the write promise <em>succeeds</em>, since
 *       UDP loss is silent; the drop is counted;</li>
 *   <li>due now: written through at once (the caller's flush sends it);</li>
 *   <li>due later: written and flushed by a task scheduled on the event loop at the arrival time. When the
 *       link forbids reordering, a packet due now also waits if earlier packets to that site are still
 *       held, so it cannot overtake them.</li>
 * </ul>
 * Other messages, flushes and all inbound traffic pass through. Packets still held when the handler is
 * removed (for instance because the channel closes) are released and their promises fail.
 *
 * <p>A GCS node gets it as its WAN pipeline hook ({@link LinkEmulation}), which the Netty driver puts nearest the
 * socket, so that it sees the final, sealed datagrams. In a pipeline of your own, put it nearest the head (outbound
 * messages travel from the tail towards the head):
 * <pre>
 * Topology wan = Topology.load("ron3");
 * PeerSiteResolver sites = PeerSiteResolver.fromMap(Map.of(ottawaDelegate, "ottawa", chicagoDelegate, "chicago"));
 * ch.pipeline().addFirst("link-emulator", new LinkEmulatorHandler("boston", wan, sites, 42L));
 * </pre>
 *
 * <p>The links' clock starts at this handler's first emulated packet, and so do the cross-traffic streams.
 * The topology's {@linkplain Topology#schedule() scheduled link changes} are <em>not</em> applied here: the links
 * keep their profiles (only the virtual-time simulator applies schedules for now).
 *
 * <p>One instance per channel (not sharable); its state is touched only on the channel's event loop. The
 * counters may be read from any thread.
 */
public final class LinkEmulatorHandler extends ChannelOutboundHandlerAdapter {

    private final String localSite;
    private final Topology topology;
    private final PeerSiteResolver resolver;
    private final long seed;
    private final Map<String, PeerLink> peerLinks = new HashMap<>();
    private final Set<HeldWrite> held = new LinkedHashSet<>();

    private boolean started;
    private long originNs;

    // Written only on the event loop, read from anywhere.
    private volatile long droppedByLoss;
    private volatile long droppedByQueue;
    private volatile long delayed;
    private volatile long passedThrough;

    /**
     * Creates the emulator for one delegate's WAN channel.
     *
     * @param localSite the site this channel sends from; must be a site of {@code topology}
     * @param topology the emulated WAN
     * @param resolver maps a datagram's recipient to its site
     * @param seed the seed from which each destination link's random generator is derived
     * @throws IllegalArgumentException if {@code localSite} is not in the topology
     */
    public LinkEmulatorHandler(String localSite, Topology topology, PeerSiteResolver resolver, long seed) {
        this.localSite = Objects.requireNonNull(localSite, "localSite");
        this.topology = Objects.requireNonNull(topology, "topology");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.seed = seed;
        if (!topology.sites().contains(localSite)) {
            throw new IllegalArgumentException("local site '" + localSite + "' is not in topology '"
                    + topology.name() + "'; its sites are " + topology.sites());
        }
    }

    /**
     * Applies the link towards the recipient's site to a {@link DatagramPacket}; passes anything else on.
     *
     * @param ctx this handler's context
     * @param msg the outbound message
     * @param promise completed when the message is written, or at once (successfully) if it is dropped
     */
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof DatagramPacket packet)) {
            ctx.write(msg, promise);
            return;
        }
        PeerLink peer = peerLinkFor(packet);
        if (peer == null) {
            passedThrough++;
            ctx.write(msg, promise);
            return;
        }
        long nowNs = linkTimeNs(ctx);
        long arrivalNs = peer.link.admit(packet.content().readableBytes(), nowNs);
        if (EmulatedLink.isDropped(arrivalNs)) {
            if (arrivalNs == EmulatedLink.DROPPED_LOSS) {
                droppedByLoss++;
            } else {
                droppedByQueue++;
            }
            ReferenceCountUtil.release(packet);
            promise.trySuccess();
            return;
        }
        long delayNs = arrivalNs - nowNs;
        if (delayNs <= 0 && (peer.link.profile().allowReorder() || peer.heldCount == 0)) {
            ctx.write(packet, promise);
            return;
        }
        delayed++;
        HeldWrite write = new HeldWrite(ctx, packet, promise, peer);
        held.add(write);
        peer.heldCount++;
        write.future = ctx.executor().schedule(write, Math.max(0, delayNs), TimeUnit.NANOSECONDS);
    }

    /**
     * Releases the packets still held back and fails their promises.
     *
     * @param ctx this handler's context
     */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        List<HeldWrite> remaining = new ArrayList<>(held);
        held.clear();
        for (HeldWrite write : remaining) {
            write.discard();
        }
    }

    /**
     * Packets the random loss of a link dropped.
     *
     * @return the count since creation
     */
    public long droppedByLoss() {
        return droppedByLoss;
    }

    /**
     * Packets dropped because a link's bottleneck queue was full.
     *
     * @return the count since creation
     */
    public long droppedByQueue() {
        return droppedByQueue;
    }

    /**
     * Packets held back and written later by a scheduled task.
     *
     * @return the count since creation
     */
    public long delayed() {
        return delayed;
    }

    /**
     * Datagrams that passed unchanged because their recipient's site is unknown or has no link from here.
     *
     * @return the count since creation
     */
    public long passedThrough() {
        return passedThrough;
    }

    /**
     * The site this handler sends from.
     *
     * @return the local site's name
     */
    public String localSite() {
        return localSite;
    }

    /**
     * The link model towards a site, if a packet has been sent there yet; for tests and diagnostics. Call it
     * on the channel's event loop only.
     *
     * @param destinationSite the receiving site
     * @return the link, or empty if none has been created for that site
     */
    Optional<EmulatedLink> linkTo(String destinationSite) {
        PeerLink peer = peerLinks.get(destinationSite);
        return peer == null ? Optional.empty() : Optional.of(peer.link);
    }

    private PeerLink peerLinkFor(DatagramPacket packet) {
        String site = packet.recipient() == null ? null : resolver.siteOf(packet.recipient());
        if (site == null) {
            return null;
        }
        PeerLink peer = peerLinks.get(site);
        if (peer == null) {
            Optional<LinkProfile> profile = topology.link(localSite, site);
            if (profile.isEmpty()) {
                return null;
            }
            peer = new PeerLink(new EmulatedLink(profile.get(), EmulatedLink.deriveSeed(seed, localSite, site),
                    topology.crossTraffic(localSite, site)));
            peerLinks.put(site, peer);
        }
        return peer;
    }

    /** Time on the links' clock: nanoseconds since this handler's first emulated packet, never negative. */
    private long linkTimeNs(ChannelHandlerContext ctx) {
        long tickerNs = ctx.executor().ticker().nanoTime();
        if (!started) {
            started = true;
            originNs = tickerNs;
        }
        return Math.max(0, tickerNs - originNs);
    }

    /** The link towards one destination site and how many of its packets are held back. */
    private static final class PeerLink {
        final EmulatedLink link;
        int heldCount;

        PeerLink(EmulatedLink link) {
            this.link = link;
        }
    }

    /** A packet waiting for its arrival time; runs on the event loop. */
    private final class HeldWrite implements Runnable {
        private final ChannelHandlerContext ctx;
        private final DatagramPacket packet;
        private final ChannelPromise promise;
        private final PeerLink peer;
        private Future<?> future;

        HeldWrite(ChannelHandlerContext ctx, DatagramPacket packet, ChannelPromise promise, PeerLink peer) {
            this.ctx = ctx;
            this.packet = packet;
            this.promise = promise;
            this.peer = peer;
        }

        @Override
        public void run() {
            if (held.remove(this)) {
                peer.heldCount--;
                ctx.writeAndFlush(packet, promise);
            }
        }

        void discard() {
            if (future != null) {
                future.cancel(false);
            }
            peer.heldCount--;
            ReferenceCountUtil.release(packet);
            promise.tryFailure(new IllegalStateException(
                    "the link emulator was removed from the pipeline before this datagram's arrival time"));
        }
    }
}
