package org.gcs.internal.node;

import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.gcs.FlowStatus;
import org.gcs.ReceivingFlowStatus;
import org.gcs.internal.engine.NodeEngine;

/**
 * What the API and the metrics show of the engine between two status refreshes: an immutable snapshot taken on the
 * event loop and read from any thread.
 *
 * @param flows the flows this node sends as delegate
 * @param receivingFlows the flows this node receives as delegate
 * @param conflictedSites the sites with more than one delegate claiming them
 * @param unstableBytes bytes sent and not yet stable in the site
 * @param sendWindowBytes the room left in the send window
 * @param retransmitBufferPackets packets held for retransmission
 */
record NodeStatus(List<FlowStatus> flows, List<ReceivingFlowStatus> receivingFlows, SortedSet<String> conflictedSites,
                  long unstableBytes, long sendWindowBytes, int retransmitBufferPackets) {

    /** @return the status before the first refresh: nothing but the send window */
    static NodeStatus initial(long sendWindowBytes) {
        return new NodeStatus(List.of(), List.of(), Collections.emptySortedSet(), 0, sendWindowBytes, 0);
    }

    /** @return the engine's status now; on the loop */
    static NodeStatus of(NodeEngine engine, long nowNs) {
        return new NodeStatus(engine.flows(), engine.receivingFlows(),
                Collections.unmodifiableSortedSet(new TreeSet<>(engine.conflictedSites(nowNs))),
                engine.unstableBytes(), engine.sendWindowBytes(), engine.retransmitBufferPackets());
    }
}
