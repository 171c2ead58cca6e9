package org.gcs.jmh;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.gcs.internal.wire.WanPacket.Data;

/**
 * Names, key and packets shared by the benchmarks: one meta-flow from site {@code boston} to group
 * {@code whiteboard}, received by the delegate of site {@code ottawa}, with realistic field values (a 40 ms RTT,
 * nanosecond send times, four sending members).
 */
final class Traffic {
    /** The sending site. */
    static final String SOURCE_SITE = "boston";
    /** The receiving site. */
    static final String RECEIVER_SITE = "ottawa";
    /** The group. */
    static final String GROUP = "whiteboard";
    /** The sending delegate's term, which is also the flow's epoch. */
    static final long TERM = 3;
    /** The smoothed RTT the sending delegate piggy-backs on data for the receiving site. */
    static final long SRTT_NS = 40_000_000L;
    /** Members of the sending site that take turns as the origin of a message. */
    static final int SENDING_MEMBERS = 4;
    /** Typical payload of one data datagram. */
    static final int PAYLOAD_BYTES = 1024;

    private Traffic() {
    }

    /** @return the 32-byte cluster key every codec of the benchmarks uses */
    static byte[] clusterKey() {
        return "gcs-jmh-cluster-key-of-32-bytes!".getBytes(StandardCharsets.US_ASCII);
    }

    /** @return {@code length} pseudo-random bytes from {@code seed} (no all-zero payload to flatter anything) */
    static byte[] payload(int length, long seed) {
        byte[] bytes = new byte[length];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    /**
     * The first transmission of flow sequence number {@code seq}: a single-fragment message of the member whose
     * turn it is, as the sending delegate sends it to the receiving site (carrying the site's RTT).
     *
     * @param seq the flow sequence number, from 1
     * @param sendTimeNs the sending delegate's clock when it sent the packet
     * @param payload the message
     * @return the packet
     */
    static Data data(long seq, long sendTimeNs, byte[] payload) {
        int member = (int) (seq % SENDING_MEMBERS);
        long memberSeq = (seq + SENDING_MEMBERS - 1) / SENDING_MEMBERS;
        return new Data(SOURCE_SITE, GROUP, TERM, seq, SOURCE_SITE + "-" + member, 1_700_000_000_000L + member,
                memberSeq, 0, 1, sendTimeNs, 0, 1_763_683_200_000_000L + sendTimeNs / 1000, false, payload)
                .forReceiver(RECEIVER_SITE, SRTT_NS, false);
    }
}
