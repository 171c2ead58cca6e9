package org.gcs.internal.wire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The destination a WAN datagram names in its authenticated header (wire version 5, docs/security.md "Replays"): the
 * first 8 bytes of {@code SHA-256("gcs-wan-destination" | site)}, or {@value #UNADDRESSED} for a datagram to an
 * address whose site the sender does not know yet (a seed or a gossiped address). A receiver drops a datagram that
 * names another site ({@code wrong-destination}) before it touches a replay window, so a datagram that site A sent to
 * site B is worthless at site C, as a DTLS or IPsec association binds its receiver. A fixed 8-byte tag keeps the
 * header's size fixed whatever the length of the site name; finding another site name with a given site's tag takes
 * about 2<sup>64</sup> tries, and only a key holder could send under it.
 */
public final class DestinationTag {
    /** The tag of a datagram whose sender does not know the receiving site. */
    public static final long UNADDRESSED = 0;
    private static final byte[] LABEL = "gcs-wan-destination".getBytes(StandardCharsets.US_ASCII);

    private DestinationTag() {
    }

    /**
     * @param site a site name, or null for an address whose site is not known
     * @return its tag, never {@link #UNADDRESSED} for a site
     */
    public static long of(String site) {
        if (site == null) {
            return UNADDRESSED;
        }
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this JRE", e);
        }
        sha256.update(LABEL);
        sha256.update((byte) 0);
        byte[] digest = sha256.digest(site.getBytes(StandardCharsets.UTF_8));
        long tag = 0;
        for (int i = 0; i < 8; i++) {
            tag = (tag << 8) | (digest[i] & 0xff);
        }
        return tag == UNADDRESSED ? 1 : tag;
    }
}
