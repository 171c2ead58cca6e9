package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.List;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.WanPacket.SiteState;

/**
 * Which of the delegates it knows {@link OverlayMembership} names in the next announcement ({@link SiteState}'s
 * peers): a slice of at most {@value #MAX_PEER_HINTS}, each announcement continuing where the last one stopped, so
 * that an announcement stays the same size however large the overlay and a site that lacks some delegates still
 * learns them all in a few heartbeats.
 *
 * <p>Sans-IO: time comes in as {@code nowNs}. Not thread-safe: owned by one delegate's protocol engine.
 */
final class PeerHintSlices {
    /** The most delegates one announcement names (about 1.3 KB with addresses of 20 characters). */
    static final int MAX_PEER_HINTS = 32;

    private final SiteDirectory<List<MemberGroups>> directory;
    private final long heartbeatNs;
    private int hintCursor;
    private List<PeerHint> peerHints;
    private long peerHintsVersion;
    private long peerHintsBuiltNs;

    /**
     * @param directory the remote sites, whose delegates the hints name
     * @param heartbeatNs how long a list of hints may lag behind the directory
     */
    PeerHintSlices(SiteDirectory<List<MemberGroups>> directory, long heartbeatNs) {
        this.directory = directory;
        this.heartbeatNs = heartbeatNs;
    }

    /**
     * @return the next {@value #MAX_PEER_HINTS} delegates this one knows, continuing where the last announcement
     *     stopped (all of them in a smaller overlay). A site that lacks some gets a different slice from every peer
     *     whose digest differs from its own, and each delegate it then reaches answers with another slice, so it
     *     learns the overlay in a few heartbeats; an announcement stays the same size however large the overlay.
     */
    List<PeerHint> next(long nowNs) {
        List<PeerHint> all = peerHints(nowNs);
        if (all.size() <= MAX_PEER_HINTS) {
            return all;
        }
        int from = hintCursor % all.size();
        hintCursor = (from + MAX_PEER_HINTS) % all.size();
        if (from + MAX_PEER_HINTS <= all.size()) {
            return all.subList(from, from + MAX_PEER_HINTS);
        }
        List<PeerHint> wrapped = new ArrayList<>(all.subList(from, all.size()));
        wrapped.addAll(all.subList(0, MAX_PEER_HINTS - wrapped.size()));
        return wrapped;
    }

    /**
     * @return every delegate this one knows, as hints; rebuilt at most once a heartbeat (a hint only says where to
     *     announce, so one a heartbeat old does no harm, and rebuilding at each of the thousand changes a delegate
     *     sees while 512 sites find each other took a tenth of the time of forming the overlay)
     */
    private List<PeerHint> peerHints(long nowNs) {
        boolean stale = peerHintsVersion != directory.siteSetVersion();
        if (peerHints == null || stale && nowNs - peerHintsBuiltNs >= heartbeatNs) {
            List<PeerHint> peers = new ArrayList<>();
            for (SiteRecord<List<MemberGroups>> record : directory.sites()) {
                peers.add(new PeerHint(record.site(), record.term(), record.address().host(),
                        record.address().port()));
            }
            peerHints = List.copyOf(peers);
            peerHintsVersion = directory.siteSetVersion();
            peerHintsBuiltNs = nowNs;
        }
        return peerHints;
    }
}
