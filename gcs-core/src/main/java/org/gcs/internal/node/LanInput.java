package org.gcs.internal.node;

import java.util.function.Consumer;
import org.gcs.GcsClosedException;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.metrics.NodeMetrics;
import org.jgroups.Address;

/**
 * The LAN's inputs to the engine (JGroups callbacks): views and message batches are decoded on the JGroups thread
 * with bounded delivery room ({@link LanInbox}), checked for their origin on the loop ({@link LanOriginGuard}) and
 * then handed to the engine; drops are counted and reported ({@link LanDropReport}). It also signals the first view
 * (the node has started) or that an older member has this member's name (the node may not start, or must leave), and
 * each {@link Stable} message (for {@code awaitStable}).
 */
final class LanInput implements JGroupsLan.Listener {
    private final NodeLoop loop;
    private final NodeEngine engine;
    private final NodeIo io;
    private final LanDropReport drops;
    private final LanOriginGuard originGuard; // confined to the event loop
    private final LanInbox inbox;
    private final StartGate start = new StartGate();
    private final Consumer<String> nameTakenLater;
    private final Object stableSignal = new Object();

    /**
     * @param site this node's site, for the drop reports
     * @param loop the event loop that runs the engine
     * @param engine the engine
     * @param io carries a message's delivery room into the engine's delivery of it
     * @param permits the delivery room
     * @param maxHeldBytes how much the origin guard holds back while it waits for a view
     * @param metrics counts the drops
     * @param nameTakenLater told (on a JGroups thread) when a view after the first one shows an older member with
     *     this member's name, with the reason
     */
    LanInput(String site, NodeLoop loop, NodeEngine engine, NodeIo io, DeliveryPermits permits, long maxHeldBytes,
             NodeMetrics metrics, Consumer<String> nameTakenLater) {
        this.nameTakenLater = nameTakenLater;
        this.loop = loop;
        this.engine = engine;
        this.io = io;
        this.drops = new LanDropReport(site, metrics);
        this.originGuard = new LanOriginGuard(new LanOriginGuard.Sink() {
            @Override
            public void accept(LanMessage message, long permitBytes, long nowNs) {
                onLanMessage(message, permitBytes, nowNs);
            }

            @Override
            public void drop(LanMessage message, long permitBytes, LanView.LanMember sender, LanDropReason reason) {
                permits.release(permitBytes);
                drops.dropped(message, sender, reason);
            }
        }, maxHeldBytes);
        this.inbox = new LanInbox(permits, loop, originGuard::onMessage, drops::malformed);
    }

    @Override
    public void onView(LanView view) {
        start.handing();
        try {
            loop.run(() -> {
                long nowNs = NodeClock.nowNs();
                engine.onLanView(view, nowNs);
                originGuard.onView(view, nowNs);
                start.viewed();
            });
        } catch (GcsClosedException ignored) {
            // closing
        }
    }

    @Override
    public LanInbox.Batch openBatch() {
        return inbox.open();
    }

    @Override
    public LanInbox.Batch openOwnBatch() {
        return inbox.openOwn();
    }

    @Override
    public void onRejected(Address sender, String why) {
        drops.unauthenticated(sender, why);
    }

    @Override
    public void onNameTaken(String why) {
        if (start.nameTaken(why, System.nanoTime())) {
            nameTakenLater.accept(why);
        }
    }

    @Override
    public void onDuplicateMember(LanView.LanMember sender, String address) {
        drops.duplicateMember(sender, address);
    }

    /**
     * Waits for the start to end on the LAN side (see {@link StartGate#await}).
     *
     * @param timeoutNs the longest wait for a first view
     * @param nameGraceNs how long a member whose name an older member has waits for a view without that member
     * @return how it ended
     */
    StartGate.Outcome awaitFirstView(long timeoutNs, long nameGraceNs) throws InterruptedException {
        return start.await(timeoutNs, nameGraceNs);
    }

    /** @return why this member may not start (an older member of its LAN view has its name), or null */
    String nameTaken() {
        return start.nameTaken();
    }

    /** Waits at most {@code maxMs} for the next {@link Stable} message (a hint to look at the engine again). */
    void awaitStableMessage(long maxMs) throws InterruptedException {
        synchronized (stableSignal) {
            stableSignal.wait(maxMs);
        }
    }

    /** A LAN message on the loop: the engine gets it together with its delivery room and its batch's time. */
    private void onLanMessage(LanMessage message, long permitBytes, long nowNs) {
        io.withDeliveryRoom(permitBytes, () -> engine.onLanMessage(message, nowNs));
        if (message instanceof Stable) {
            synchronized (stableSignal) {
                stableSignal.notifyAll();
            }
        }
    }
}
