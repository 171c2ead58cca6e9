package org.gcs.cc.link;

/**
 * A data frame of a link: the link's sequence number (1, 2, 3, … per directed edge) and what it carries.
 *
 * @param seq the link sequence number; positive
 * @param payload what the frame carries (the transport's packet)
 * @param <P> the payload type
 */
public record LinkData<P>(long seq, P payload) {
    /** Rejects a sequence number below 1. */
    public LinkData {
        if (seq < 1) {
            throw new IllegalArgumentException("seq must be at least 1, got " + seq);
        }
    }
}
