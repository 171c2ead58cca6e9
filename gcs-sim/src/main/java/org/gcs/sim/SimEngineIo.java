package org.gcs.sim;

import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.driver.OutgoingDatagram;
import org.gcs.driver.SansIoEngine;

/**
 * What a {@link SimNode}'s engine does to the world, in the simulation: its LAN multicasts go to the
 * {@link SimNetwork}'s LAN, its WAN datagrams out through the node's {@link SimWanPort}, what it delivers and
 * installs to the node's {@link SimRecorder}, and a send's admission completes its {@link SimNode.Send}. It counts
 * the hand-overs the node, as delegate, asked for again.
 */
final class SimEngineIo implements SansIoEngine.Io {
    private final SimNetwork network;
    private final SimNode node;
    private final SimWanPort wan;
    private final SimRecorder recorder;
    private long handoverRequests;
    private long siteConflicts;
    private long supersededDelegates;

    /**
     * @param network the network: its LANs, its nodes by address and its clock
     * @param node the node whose engine this is
     * @param wan the node's WAN side
     * @param recorder what the node hands to the application
     */
    SimEngineIo(SimNetwork network, SimNode node, SimWanPort wan, SimRecorder recorder) {
        this.network = network;
        this.node = node;
        this.wan = wan;
        this.recorder = recorder;
    }

    /** @return how often the node, as delegate, asked a member to hand over again */
    long handoverRequests() {
        return handoverRequests;
    }

    @Override
    public void wakeAt(long deadlineNs) {
        SimProcess process = node.process();
        if (process != null) { // null only while the node is built
            process.wakeAt(deadlineNs);
        }
    }

    @Override
    public void tickSoon() {
        SimProcess process = node.process();
        if (process != null) {
            process.tickSoon();
        }
    }

    @Override
    public void lanMulticast(byte[] message) {
        network.lanMulticast(node, message);
    }

    @Override
    public void wanSend(String toSite, DelegateAddress to, OutgoingDatagram datagram) {
        SimNode target = network.nodeAt(to);
        if (target != null) {
            wan.send(target, datagram);
        }
    }

    @Override
    public void deliver(GroupMessage message, long sentEpochMicros) {
        recorder.delivered(message, network.nowNs());
    }

    @Override
    public void viewChanged(GroupView view) {
        recorder.viewChanged(view);
    }

    @Override
    public void treeChanged(GroupTree tree) {
        recorder.treeChanged(tree);
    }

    @Override
    public void admitted(Object token) {
        ((SimNode.Send) token).admit(network.nowNs());
    }

    @Override
    public void delegateChanged(MemberId delegate, boolean self) {
    }

    @Override
    public void handoverRequested(String member) {
        handoverRequests++;
    }

    @Override
    public void siteConflictDetected() {
        siteConflicts++;
    }

    @Override
    public void delegateSuperseded() {
        supersededDelegates++;
    }

    /** @return how often the node, as delegate, found two delegates announcing one site name */
    long siteConflicts() {
        return siteConflicts;
    }

    /** @return how often the node, as delegate, heard a replaced delegate speak again or learned it was one */
    long supersededDelegates() {
        return supersededDelegates;
    }
}
