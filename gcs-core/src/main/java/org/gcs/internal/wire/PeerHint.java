package org.gcs.internal.wire;

/**
 * Where another site's delegate can be reached, as the announcing delegate knows it.
 *
 * @param site the site
 * @param term its delegate's term
 * @param host delegate host
 * @param port delegate UDP port
 */
public record PeerHint(String site, long term, String host, int port) {
    /** Validates the port as the decoder does. */
    public PeerHint {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("peer port must be in 1..65535, got " + port);
        }
    }
}
