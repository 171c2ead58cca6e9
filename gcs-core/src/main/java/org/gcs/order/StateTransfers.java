package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's messages to one member and its state transfers, in every group: it reads what {@link MemberWire} carries
 * and routes it to the transfers it belongs to ({@link StateFetch} as a joiner, {@link StateSend} as a provider) or
 * to the listeners of messages to this member. Requests, refusals and messages to one member travel in the group
 * itself; the chunks and their acknowledgements in a channel group of their own that only the joiner and the
 * provider join, so that they reach no other site. All methods run under the member's lock.
 */
final class StateTransfers {
    private static final Logger LOG = LoggerFactory.getLogger(StateTransfers.class);
    /** A provider gives up a transfer whose joiner acknowledges nothing for this long. */
    static final long PROVIDER_IDLE_NS = 30_000_000_000L;

    /** What the transfers need from their member, beyond what a fetch needs. */
    interface Host extends StateFetch.Host, FifoCuts.Host {
        @Override
        MemberId self();

        void direct(GroupMessage message);

        /** @return true if the group is joined with FIFO ordering */
        boolean fifo(String group);
    }

    private final Host host;
    private final LongSupplier nanoClock;
    /** False under a virtual clock: transfers then run without threads (see {@link StateSend#startInline}). */
    private final boolean threaded;
    private StateProvider provider;
    private final Map<String, StateReceiver> receivers = new HashMap<>();
    private final Map<String, StateFetch> fetches = new HashMap<>();
    private final Map<Long, StateSend> sends = new HashMap<>();
    /** Requests waiting until this member delivered the position they ask for. */
    private final List<Parked> parked = new ArrayList<>();
    private final Map<String, Long> lastDelivered = new HashMap<>();
    private final Set<String> channels = new HashSet<>();
    private final Map<String, Long> directSeqs = new HashMap<>();
    private final FifoCuts cuts;

    StateTransfers(Host host, LongSupplier nanoClock, boolean threaded) {
        this.host = host;
        this.nanoClock = nanoClock;
        this.threaded = threaded;
        this.cuts = new FifoCuts(host);
    }

    void provide(StateProvider stateProvider) {
        this.provider = stateProvider;
    }

    /** This member joined a group and wants its state. */
    void expectState(String group, StateReceiver receiver, boolean fifo) {
        receivers.put(group, receiver);
        fetches.put(group, new StateFetch(group, host.self(), receiver, host, threaded, fifo));
    }

    /** A message of a FIFO group arrived (before it is routed): it moves the group's cut. */
    void onFifoMessage(GroupMessage message) {
        cuts.received(message);
        StateFetch fetch = fetches.get(message.group());
        if (fetch != null) {
            fetch.observe(message);
        }
    }

    /** @return true if an application message of a FIFO group waits for the group's state, or is in it */
    boolean holdFifo(GroupMessage message) {
        StateFetch fetch = fetches.get(message.group());
        return fetch != null && fetch.holdFifo(message);
    }

    /** A FIFO group's view changed: the first that holds this member starts its fetch. */
    void fifoView(GroupView view) {
        StateFetch fetch = fetches.get(view.group());
        if (fetch != null) {
            fetch.delivered(view, -1);
        }
        serveFifo(cuts.tick(nanoClock.getAsLong()));
    }

    /**
     * This member joined the group again as a new member: its state is stale, and is fetched again. What it was asked
     * for or was giving came from the stale state: those joiners are refused (for now) and go on to another member.
     */
    void rejoined(String group) {
        StateFetch fetch = fetches.remove(group);
        if (fetch != null) {
            fetch.cancel("this member joined the group again");
            expectState(group, receivers.get(group), false);
        }
        lastDelivered.remove(group);
        stopGiving(group, false, "the provider joined the group again");
    }

    /** This member left the group. */
    void left(String group) {
        StateFetch fetch = fetches.remove(group);
        if (fetch != null) {
            fetch.cancel("this member left the group");
        }
        receivers.remove(group);
        lastDelivered.remove(group);
        cuts.forget(group);
        stopGiving(group, true, "the provider left the group");
    }

    /** Refuses the group's parked requests and ends its transfers in progress (told to the joiners if not gone). */
    private void stopGiving(String group, boolean gone, String reason) {
        for (Iterator<Parked> it = parked.iterator(); it.hasNext();) {
            Parked next = it.next();
            if (next.group().equals(group)) {
                it.remove();
                if (!gone) {
                    host.send(group, MemberWire.stateRefused(next.joiner(), next.request().transfer(), false, reason));
                }
            }
        }
        for (StateSend send : List.copyOf(sends.values())) {
            if (send.group.equals(group)) {
                if (!gone) {
                    host.send(group, MemberWire.stateRefused(send.joiner, send.transfer, false, reason));
                }
                end(send, reason);
            }
        }
    }

    /** @return true if the group is a transfer's channel of this member (its traffic is not the application's) */
    boolean isChannel(String group) {
        return channels.contains(group);
    }

    void joinedChannel(String channel) {
        channels.add(channel);
    }

    void leftChannel(String channel) {
        channels.remove(channel);
    }

    /** @return true if the event waits for the group's state (it is kept, to be delivered later) */
    boolean hold(String group, GroupMessage message, GroupView view, long position) {
        StateFetch fetch = fetches.get(group);
        return fetch != null && fetch.hold(message, view, position);
    }

    /** An event was delivered to the application: its position bounds the state this member can give. */
    void delivered(String group, GroupView view, long position) {
        lastDelivered.merge(group, position, Math::max);
        StateFetch fetch = fetches.get(group);
        if (fetch != null) {
            fetch.delivered(view, position);
        }
        serveParked(group);
    }

    /** The state this member received holds every event up to {@code position}: it can give that much on. */
    void stateRead(String group, long position) {
        lastDelivered.merge(group, position, Math::max);
        serveParked(group);
    }

    /** @return the next sequence number of this member's messages to one member in the group */
    long nextDirectSeq(String group) {
        return directSeqs.merge(group, 1L, Long::sum);
    }

    /** A {@link MemberWire} message arrived in a group or a channel. */
    void onMessage(GroupMessage message) {
        Object decoded = MemberWire.read(message.payload());
        MemberId self = host.self();
        if (decoded == null) {
            LOG.warn("malformed member-to-member message from {} in group '{}' dropped ({} bytes)",
                    message.sender(), message.group(), message.payload().length);
        } else if (decoded instanceof MemberWire.Direct direct) {
            if (direct.to().equals(self)) {
                GroupMessage delivered = new GroupMessage(message.sender(), message.group(), direct.seq(),
                        direct.payload());
                host.direct(delivered);
            }
        } else if (decoded instanceof MemberWire.StateRequest request) {
            if (host.fifo(message.group())) {
                cuts.onRequest(message.group(), message.sender(), request, nanoClock.getAsLong());
            }
            if (request.to().equals(self)) {
                onRequest(message.group(), message.sender(), request);
            }
        } else if (decoded instanceof MemberWire.Cut cut) {
            serveFifo(cuts.onCut(message.group(), message.sender(), cut, nanoClock.getAsLong()));
        } else if (decoded instanceof MemberWire.CutVector vector) {
            StateFetch fetch = fetches.get(message.group());
            if (vector.to().equals(self) && fetch != null) {
                fetch.onCutVector(message.sender(), vector);
            }
        } else if (decoded instanceof MemberWire.StateRefused refused) {
            StateFetch fetch = fetches.get(message.group());
            if (refused.to().equals(self) && fetch != null) {
                fetch.refused(message.sender(), refused.transfer(), refused.lasting(), refused.reason());
            }
        } else if (decoded instanceof MemberWire.Chunk chunk && !message.sender().equals(self)) {
            for (StateFetch fetch : fetches.values()) {
                if (message.group().equals(fetch.channel())) {
                    fetch.onChunk(message.sender(), chunk);
                }
            }
        } else if (decoded instanceof MemberWire.ChunkAck ack && !message.sender().equals(self)) {
            StateSend send = sends.get(ack.transfer());
            if (send != null && send.joiner.equals(message.sender())) {
                send.onAck(ack.index(), nanoClock.getAsLong());
                if (send.complete()) {
                    end(send, null);
                }
            }
        }
    }

    private void onRequest(String group, MemberId joiner, MemberWire.StateRequest request) {
        StateFetch own = fetches.get(group);
        boolean fifo = host.fifo(group);
        String refusal = provider == null ? "this member provides no state (no StateProvider registered)"
                : own != null && own.incomplete() ? MemberWire.NO_STATE_YET
                : !fifo && !lastDelivered.containsKey(group) ? "this member has delivered nothing in the group yet"
                : null;
        if (refusal != null) {
            host.send(group, MemberWire.stateRefused(joiner, request.transfer(), provider == null, refusal));
            return;
        }
        if (fifo) {
            LOG.info("{} asks for the state of fifo group '{}'; it is taken once every member marked its stream",
                    joiner, group);
            cuts.await(group, joiner, request, nanoClock.getAsLong());
            return;
        }
        LOG.info("{} asks for the state of group '{}' (from position {})", joiner, group, request.atLeast());
        parked.add(new Parked(group, joiner, request));
        serveParked(group);
    }

    /** Takes a snapshot for every request of the group whose position this member has delivered. */
    private void serveParked(String group) {
        Long position = lastDelivered.get(group);
        StateFetch own = fetches.get(group);
        if (position == null || parked.isEmpty() || own != null && own.incomplete()) {
            return; // nothing delivered yet, or a state of this member's own still to come: nothing whole to give
        }
        for (Iterator<Parked> it = parked.iterator(); it.hasNext();) {
            Parked next = it.next();
            MemberWire.StateRequest request = next.request();
            if (!next.group().equals(group) || request.atLeast() > position) {
                continue;
            }
            it.remove();
            MemberId joiner = next.joiner();
            StateProvider.Snapshot snapshot = snapshot(group, joiner, request, position);
            if (snapshot == null) {
                continue;
            }
            startSend(group, joiner, request, position, snapshot);
            LOG.info("state of group '{}' at position {} goes to {}", group, position, joiner);
        }
    }

    /**
     * Serves the requests of FIFO groups whose cuts all arrived: the state is taken now, between two deliveries, at
     * the last sequence number received from each sender; a request whose cuts did not all come is refused (for now).
     */
    private void serveFifo(List<FifoCuts.Served> ready) {
        for (FifoCuts.Served next : ready) {
            String group = next.group();
            MemberWire.StateRequest request = next.request();
            if (!next.missing().isEmpty()) {
                String reason = "no mark of their stream came from " + next.missing() + " within "
                        + FifoCuts.AWAIT_NS / 1_000_000_000L + " s (every member of a fifo group that gives its state"
                        + " must run a TotalOrderMember)";
                LOG.warn("state of fifo group '{}' not given to {}: {}", group, next.joiner(), reason);
                host.send(group, MemberWire.stateRefused(next.joiner(), request.transfer(), false, reason));
                continue;
            }
            StateProvider.Snapshot snapshot = snapshot(group, next.joiner(), request, -1);
            if (snapshot == null) {
                continue;
            }
            Map<MemberId, Long> cut = cuts.lastSeqs(group);
            host.send(group, MemberWire.cutVector(next.joiner(), request.transfer(), cut, next.waited()));
            startSend(group, next.joiner(), request, -1, snapshot);
            LOG.info("{}: state of fifo group '{}' at the cut {} goes to {}", host.self(), group, cut, next.joiner());
        }
    }

    /** @return the provider's snapshot, or null if it failed (the joiner is told) */
    private StateProvider.Snapshot snapshot(String group, MemberId joiner, MemberWire.StateRequest request,
            long position) {
        try {
            return provider.snapshot(group, position);
        } catch (RuntimeException e) {
            LOG.warn("state provider failed for group '{}': {}", group, e.toString());
            host.send(group, MemberWire.stateRefused(joiner, request.transfer(), true, "the provider failed: " + e));
            return null;
        }
    }

    private void startSend(String group, MemberId joiner, MemberWire.StateRequest request, long position,
            StateProvider.Snapshot snapshot) {
        StateSend send = new StateSend(group, joiner, request.transfer(), request.channel(), position, snapshot,
                (channel, payload) -> host.locked(() -> host.send(channel, payload)), nanoClock.getAsLong());
        sends.put(request.transfer(), send);
        host.joinChannel(request.channel());
    }

    /** A joiner's request, waiting for its position. */
    private record Parked(String group, MemberId joiner, MemberWire.StateRequest request) {
    }

    /** Periodic checks of every transfer. */
    void tick(long nowNs) {
        serveFifo(cuts.tick(nowNs));
        for (StateFetch fetch : List.copyOf(fetches.values())) {
            fetch.tick(nowNs);
        }
        for (StateSend send : List.copyOf(sends.values())) {
            boolean joinerInGroup = host.present(send.group, send.joiner);
            boolean joinerInChannel = host.present(send.channel, send.joiner);
            if (send.complete()) {
                end(send, null);
            } else if (send.joinerLeft(joinerInGroup)) {
                endAndTell(send, "the joiner left the group");
            } else if (send.idleNs(nowNs) >= PROVIDER_IDLE_NS) {
                endAndTell(send, "the joiner acknowledged nothing for " + PROVIDER_IDLE_NS / 1_000_000_000L + " s");
            } else if (!send.started() && joinerInChannel && !threaded) {
                startInline(send);
            } else if (!send.started() && joinerInChannel) {
                send.start("gcs-state-to-" + send.joiner.name(), () -> host.locked(() -> {
                    host.send(send.group, MemberWire.stateRefused(send.joiner, send.transfer, true,
                            "the provider could not write the state"));
                    end(send, null);
                }));
            } else if (send.started() && !joinerInChannel) {
                end(send, "the joiner left the transfer");
            }
        }
    }

    /**
     * Ends a transfer this member gives up on, and tells the joiner, which then asks another member at once instead
     * of waiting {@link StateFetch#STALL_NS} for chunks that will not come. If the joiner is really gone, the refusal
     * costs the group a few bytes; if this member's view of it was wrong, it saves the joiner that wait.
     */
    private void endAndTell(StateSend send, String reason) {
        host.send(send.group, MemberWire.stateRefused(send.joiner, send.transfer, false, reason));
        end(send, reason);
    }

    private void startInline(StateSend send) {
        try {
            send.startInline();
        } catch (java.io.IOException | RuntimeException e) {
            host.send(send.group, MemberWire.stateRefused(send.joiner, send.transfer, true,
                    "the provider could not write the state: " + e));
            end(send, "the snapshot could not be written: " + e);
        }
    }

    private void end(StateSend send, String abortReason) {
        if (sends.remove(send.transfer) == null) {
            return;
        }
        if (abortReason != null) {
            LOG.info("state transfer of group '{}' to {} stopped: {}", send.group, send.joiner, abortReason);
            send.abort(abortReason);
        } else {
            LOG.info("state of group '{}' at position {} given to {}", send.group, send.position, send.joiner);
        }
        host.leaveChannel(send.channel);
    }

    /** @return a line for a status page: transfers in progress */
    String describe(String group) {
        StateFetch fetch = fetches.get(group);
        long giving = sends.values().stream().filter(s -> s.group.equals(group)).count();
        return (fetch != null && fetch.incomplete() ? "receiving the state, " + fetch.heldEvents() + " events held; "
                : "") + (giving > 0 ? "giving the state to " + giving + " member(s)" : "");
    }
}
