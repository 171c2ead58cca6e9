package org.gcs.driver;

import java.util.function.LongFunction;

/**
 * A WAN datagram the engine sends ({@link SansIoEngine.Io#wanSend}), not sealed yet: the driver may look at what it
 * carries ({@link #info()}) and drop it, and seals it when it puts it on its link.
 */
public final class OutgoingDatagram {
    private final WanPacketInfo info;
    private final LongFunction<byte[]> sealer;

    OutgoingDatagram(WanPacketInfo info, LongFunction<byte[]> sealer) {
        this.info = info;
        this.sealer = sealer;
    }

    /** @return what the datagram carries */
    public WanPacketInfo info() {
        return info;
    }

    /**
     * Seals the datagram (encrypted and authenticated under the node's send key, with a fresh packet number).
     *
     * @param epochMillis the sender's wall clock, which the receiver's replay guard checks against its own
     * @return the bytes to put on the wire
     */
    public byte[] seal(long epochMillis) {
        return sealer.apply(epochMillis);
    }
}
