package org.gcs.internal.wire;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * A WAN datagram carried through a third site's delegate (architecture §5, "Sites behind NAT", and docs/nat.md):
 * a clear header that names one address, followed by a whole GCS datagram, sealed by its sender for its receiver,
 * which the relay neither opens nor changes.
 *
 * <pre>
 * offset  size  field
 * 0       2     magic 0x4752 ("GR")
 * 2       1     version (1)
 * 3       1     kind: 1 {@link Kind#FORWARD} (to the relay: pass it to ADDRESS), 2 {@link Kind#FORWARDED} (from the
 *               relay: it came from ADDRESS, as the relay sees that sender)
 * 4       1     address length n (4 or 16)
 * 5       n     address
 * 5+n     2     port
 * 7+n     ...   the inner datagram, whole (it starts with {@link WanCodec#MAGIC})
 * </pre>
 *
 * <p>The header is not authenticated: the inner datagram is, by its receiver. A relay passes a frame on only between
 * the addresses of two live sites' delegates, and a receiver takes a forwarded frame only from a live site's
 * delegate; a forged frame can therefore only make a relay hand a datagram that fails authentication to a live
 * delegate, one for one. Immutable.
 *
 * @param kind which way the frame travels
 * @param address the final receiver ({@link Kind#FORWARD}) or the original sender ({@link Kind#FORWARDED})
 * @param datagram the frame's bytes
 * @param innerOffset where the inner datagram starts in {@code datagram}
 */
public record RelayFrame(Kind kind, InetSocketAddress address, byte[] datagram, int innerOffset) {
    /** The magic number that starts every relay frame ("GR"). */
    public static final int MAGIC = 0x4752;
    /** The relay frame version this code speaks. */
    public static final int VERSION = 1;
    /** The most bytes a frame adds to its inner datagram (an IPv6 address). */
    public static final int MAX_HEADER_BYTES = 5 + 16 + 2;

    /** Which way a frame travels. */
    public enum Kind {
        /** From a sender to the relay: the address is the final receiver. */
        FORWARD,
        /** From the relay to the receiver: the address is the original sender. */
        FORWARDED
    }

    /** @return the inner datagram's length in bytes */
    public int innerLength() {
        return datagram.length - innerOffset;
    }

    /**
     * @param datagram received bytes
     * @return whether they start with the relay magic (else they are a plain GCS datagram, or foreign)
     */
    public static boolean isRelayFrame(byte[] datagram) {
        return datagram.length >= 2 && ((datagram[0] & 0xff) << 8 | (datagram[1] & 0xff)) == MAGIC;
    }

    /**
     * @param kind which way the frame travels
     * @param address the final receiver or the original sender (resolved)
     * @param inner the inner datagram
     * @return the frame's bytes
     */
    public static byte[] encode(Kind kind, InetSocketAddress address, byte[] inner) {
        return encode(kind, address, inner, 0, inner.length);
    }

    /**
     * @param kind which way the frame travels
     * @param address the final receiver or the original sender (resolved)
     * @param inner bytes that hold the inner datagram
     * @param offset where it starts in them
     * @param length its length
     * @return the frame's bytes
     */
    public static byte[] encode(Kind kind, InetSocketAddress address, byte[] inner, int offset, int length) {
        byte[] host = address.getAddress().getAddress();
        byte[] frame = new byte[5 + host.length + 2 + length];
        frame[0] = (byte) (MAGIC >>> 8);
        frame[1] = (byte) MAGIC;
        frame[2] = VERSION;
        frame[3] = (byte) (kind.ordinal() + 1);
        frame[4] = (byte) host.length;
        System.arraycopy(host, 0, frame, 5, host.length);
        frame[5 + host.length] = (byte) (address.getPort() >>> 8);
        frame[6 + host.length] = (byte) address.getPort();
        System.arraycopy(inner, offset, frame, 7 + host.length, length);
        return frame;
    }

    /**
     * @param datagram received bytes that start with the relay magic
     * @return the frame
     * @throws MalformedDatagramException if the header is cut short or wrong, or the inner datagram is no GCS datagram
     */
    public static RelayFrame decode(byte[] datagram) throws MalformedDatagramException {
        if (datagram.length < 7 + 4 + 2) {
            throw new MalformedDatagramException(DropReason.TRUNCATED, "relay frame of " + datagram.length + " bytes");
        }
        if ((datagram[2] & 0xff) != VERSION) {
            throw new MalformedDatagramException(DropReason.UNSUPPORTED_VERSION, "relay frame version "
                    + (datagram[2] & 0xff) + " (this node speaks " + VERSION + ")");
        }
        int kind = datagram[3] & 0xff;
        int hostBytes = datagram[4] & 0xff;
        if (kind < 1 || kind > 2 || (hostBytes != 4 && hostBytes != 16)) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "relay frame of kind " + kind + " with a "
                    + hostBytes + "-byte address");
        }
        int innerOffset = 7 + hostBytes;
        if (datagram.length < innerOffset + 2 || ((datagram[innerOffset] & 0xff) << 8
                | (datagram[innerOffset + 1] & 0xff)) != WanCodec.MAGIC) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "relay frame without a GCS datagram inside");
        }
        byte[] host = new byte[hostBytes];
        System.arraycopy(datagram, 5, host, 0, hostBytes);
        int port = (datagram[5 + hostBytes] & 0xff) << 8 | (datagram[6 + hostBytes] & 0xff);
        InetAddress address;
        try {
            address = InetAddress.getByAddress(host);
        } catch (UnknownHostException e) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "relay frame address: " + e.getMessage());
        }
        if (port == 0 || !(address instanceof Inet4Address || address instanceof Inet6Address)) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "relay frame to port 0");
        }
        return new RelayFrame(Kind.values()[kind - 1], new InetSocketAddress(address, port), datagram, innerOffset);
    }
}
