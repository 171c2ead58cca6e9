package org.gcs.lab.ormcc;

import java.util.HashSet;
import java.util.Set;
import org.gcs.driver.WanPacketInfo;
import org.gcs.driver.WanPacketKind;
import org.gcs.sim.WanFilter;

/**
 * Counts, in the simulated WAN, one flow's data packets and the congestion feedback its receivers send back; lets
 * everything pass. Data packets: the distinct first transmissions leaving the source site (a packet the source sends
 * to several tree neighbours counts once). Feedback: every datagram to the source site that carries congestion
 * feedback for the group: feedback packets of their own (ORMCC's congestion indications) and acknowledgements with a
 * feedback block (TFRC's loss reports).
 */
final class FeedbackCounter implements WanFilter {
    private final String sourceSite;
    private final String group;
    private final Set<Long> firstTransmissions = new HashSet<>();
    private long feedbackDatagrams;

    FeedbackCounter(String sourceSite, String group) {
        this.sourceSite = sourceSite;
        this.group = group;
    }

    @Override
    public boolean pass(String fromSite, String toSite, WanPacketInfo packet) {
        if (packet.kind() == WanPacketKind.DATA && fromSite.equals(sourceSite) && sourceSite.equals(packet.sourceSite())
                && packet.ofGroup(group) && !packet.retransmission()) {
            firstTransmissions.add(packet.seq());
        } else if (toSite.equals(sourceSite)) {
            if ((packet.kind() == WanPacketKind.CC_FEEDBACK || packet.kind() == WanPacketKind.ACK)
                    && packet.ofGroup(group) && packet.carriesFeedback()) {
                feedbackDatagrams++;
            }
        }
        return true;
    }

    /** @return the distinct data packets the source has sent so far */
    long dataPackets() {
        return firstTransmissions.size();
    }

    /** @return the feedback datagrams sent to the source so far */
    long feedbackDatagrams() {
        return feedbackDatagrams;
    }
}
