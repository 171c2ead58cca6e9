package org.gcs.internal.engine;

import java.util.List;
import java.util.TreeSet;
import org.gcs.MemberStatus;

/**
 * Reads an engine into the public snapshot, {@link MemberStatus}, on the engine's thread: the Netty driver every
 * 100 ms (the API and the meters read the latest one from any thread), the simulator whenever it is asked.
 */
public final class EngineStatus {
    private EngineStatus() {
    }

    /**
     * @param engine the engine
     * @param nowNs the current time
     * @return what the engine shows of itself now
     */
    public static MemberStatus of(NodeEngine engine, long nowNs) {
        DelegateQueries delegate = engine.delegateQueries();
        List<String> remote = new java.util.ArrayList<>(delegate.remoteSites());
        remote.sort(null);
        return new MemberStatus(engine.isDelegate(), delegate.flows(), delegate.receivingFlows(), delegate.hopLinks(),
                new TreeSet<>(delegate.conflictedSites(nowNs)), remote, engine.treeVersion(), engine.unstableBytes(),
                engine.sendWindowBytes(), engine.waitingBytes(), delegate.retransmitBufferPackets(),
                delegate.relayedSites());
    }
}
