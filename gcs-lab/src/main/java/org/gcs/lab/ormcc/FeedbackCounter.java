package org.gcs.lab.ormcc;

import java.util.HashSet;
import java.util.Set;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
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
    public boolean pass(String fromSite, String toSite, WanEnvelope envelope) {
        WanPacket packet = envelope.packet();
        if (packet instanceof WanPacket.Data data && fromSite.equals(sourceSite) && data.srcSite().equals(sourceSite)
                && data.group().equals(group) && !data.retransmit()) {
            firstTransmissions.add(data.seq());
        } else if (toSite.equals(sourceSite)) {
            if (packet instanceof WanPacket.CcFeedback feedback && feedback.group().equals(group)
                    || packet instanceof WanPacket.Ack ack && ack.group().equals(group) && ack.feedback() != null) {
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
