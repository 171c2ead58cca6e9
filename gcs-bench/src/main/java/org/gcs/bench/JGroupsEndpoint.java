package org.gcs.bench;

import java.util.List;
import java.util.Locale;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.relay.RELAY;
import org.jgroups.stack.Protocol;

/**
 * A JGroups node of the baseline: one JChannel with the stack of GCS's LAN ({@link JGroupsStacks#lan}), with
 * RELAY2 on top for the cross-site scenarios. It multicasts each payload to its cluster ({@code dest = null});
 * with RELAY2 the site master relays it to the other sites, whose site masters multicast it there. Own messages
 * are delivered too, as in GCS. In the total-order scenarios every node of every site joins one cluster
 * ({@link BenchSystem#oneCluster()}), with SEQUENCER in the stack for {@link BenchSystem#JGROUPS_SEQUENCER}
 * ({@link JGroupsStacks#sequencer}).
 */
final class JGroupsEndpoint implements BenchEndpoint, Receiver {
    private final NodeSpec spec;
    private final boolean relayed;
    private JChannel channel;
    private RELAY relay;
    private volatile Delivery delivery;

    /**
     * @param spec the node's part in the run
     * @param relayed true to put RELAY2 on top of the stack
     */
    JGroupsEndpoint(NodeSpec spec, boolean relayed) {
        this.spec = spec;
        this.relayed = relayed;
    }

    @Override
    public void start(Delivery delivery) throws Exception {
        this.delivery = delivery;
        List<Protocol> stack = JGroupsStacks.lan(spec);
        if (spec.system() == BenchSystem.JGROUPS_SEQUENCER) {
            JGroupsStacks.sequencer(stack);
        }
        if (spec.system().jgroupsSealed()) {
            JGroupsStacks.seal(stack, spec.clusterKeyHex());
        }
        if (relayed) {
            relay = JGroupsStacks.relay(spec);
            stack.add(relay);
        }
        channel = new JChannel(stack);
        channel.name(spec.member());
        channel.setDiscardOwnMessages(false);
        channel.setReceiver(this);
        TP transport = channel.getProtocolStack().getTransport();
        if (transport.getDiagnosticsHandler() != null) {
            transport.disableDiagnostics();
        }
        channel.connect(spec.lanClusterName(relayed ? "relay2" : spec.system().id()));
    }

    /** @return the node's channel, null before {@link #start}; for tests that inspect its stack */
    JChannel channel() {
        return channel;
    }

    @Override
    public boolean ready() {
        View view = channel.getView();
        int expected = spec.system().oneCluster() ? spec.totalMembers() : spec.membersPerSite();
        if (view == null || view.size() != expected) {
            return false;
        }
        if (relay == null || !relay.isSiteMaster()) {
            return true;
        }
        View bridge = relay.getBridgeView(spec.bridgeClusterName());
        return bridge != null && bridge.size() == spec.sites().size();
    }

    @Override
    public boolean master() {
        if (relay != null) {
            return relay.isSiteMaster();
        }
        View view = channel.getView();
        return view != null && channel.getAddress().equals(view.getCoord());
    }

    @Override
    public String describe() {
        String text = "view " + channel.getView();
        if (relay != null) {
            text += ", site master " + relay.isSiteMaster();
            if (relay.isSiteMaster()) {
                text += ", bridge view " + relay.getBridgeView(spec.bridgeClusterName());
            }
        }
        return text;
    }

    /**
     * @return what shows whether JGroups waits instead of working: NAKACK2's retransmission requests (lost or
     *         dropped messages), undelivered and missing messages, and how often MFC blocked the sender
     */
    @Override
    public String status() {
        JChannel c = channel;
        if (c == null) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        NAKACK2 nak = c.getProtocolStack().findProtocol(NAKACK2.class);
        if (nak != null) {
            text.append(String.format(Locale.ROOT, "NAKACK2 xmit requests sent %d, received %d, undelivered %d,"
                    + " missing %d", nak.getXmitRequestsSent(), nak.getXmitRequestsReceived(),
                    nak.getXmitTableUndeliveredMsgs(), nak.getXmitTableMissingMessages()));
        }
        MFC mfc = c.getProtocolStack().findProtocol(MFC.class);
        if (mfc != null) {
            // JGroups times blocking with System.nanoTime (CreditMap): the average is in nanoseconds
            text.append(String.format(Locale.ROOT, "; MFC blocked %d times, %.1f ms on average",
                    mfc.getNumberOfBlockings(), mfc.getAverageTimeBlocked() / 1e6));
        }
        return text.toString();
    }

    @Override
    public void send(byte[] payload) throws Exception {
        channel.send(new BytesMessage(null, payload));
    }

    @Override
    public void receive(Message message) {
        if (message instanceof BytesMessage bytes && bytes.getArray() != null) {
            Object sender = bytes.getSrc();
            delivery.deliver(sender == null ? 0 : sender.hashCode(), NO_POSITION, bytes.getArray(), bytes.getOffset(),
                    bytes.getLength());
        }
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.close();
        }
    }
}
