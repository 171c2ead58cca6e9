package org.gcs.cc.tfrc;

import java.nio.ByteBuffer;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;

/**
 * TFRC's blocks: no header (the sending delegate's RTT travels in the data packet's own fields), and a
 * {@link TfrcReport} on every acknowledgement, {@value #REPORT_BYTES} bytes big-endian:
 *
 * <pre>
 *   acceptableRate u64 (bytes/s, rounded; 2^63 − 1 = unlimited)   receiveRate u64 (bytes/s, rounded)
 *   lossEventRate u32 (parts per million, rounded)               meanSegmentBytes u16
 * </pre>
 *
 * With its two bytes of framing (tag, length) the block is exactly the 24 bytes an acknowledgement carried before
 * the controller interface, so TFRC's traffic has the same size on the wire as before.
 */
final class TfrcBlockCodec implements ControlBlockCodec {
    /** Bytes of a report's body. */
    static final int REPORT_BYTES = 8 + 8 + 4 + 2;
    private static final long UNLIMITED = Long.MAX_VALUE;
    private static final long PPM = 1_000_000;

    @Override
    public byte[] encodeHeader(ControlHeader header) {
        throw new IllegalArgumentException("TFRC has no header; got " + header);
    }

    @Override
    public ControlHeader decodeHeader(byte[] body) {
        throw new IllegalArgumentException("TFRC has no header block");
    }

    @Override
    public byte[] encodeFeedback(Feedback feedback) {
        if (!(feedback instanceof TfrcReport report)) {
            throw new IllegalArgumentException("not a TFRC report: " + feedback);
        }
        double acceptable = report.acceptableRateBytesPerSec();
        ByteBuffer body = ByteBuffer.allocate(REPORT_BYTES);
        body.putLong(Double.isInfinite(acceptable) ? UNLIMITED : Math.round(acceptable));
        body.putLong(Math.round(report.receiveRateBytesPerSec()));
        body.putInt((int) Math.round(report.lossEventRate() * PPM));
        body.putShort((short) Math.min(0xffff, Math.max(0, report.meanSegmentBytes())));
        return body.array();
    }

    @Override
    public Feedback decodeFeedback(byte[] body) {
        if (body.length != REPORT_BYTES) {
            throw new IllegalArgumentException("a TFRC report has " + REPORT_BYTES + " bytes, got " + body.length);
        }
        ByteBuffer in = ByteBuffer.wrap(body);
        long acceptable = in.getLong();
        long receive = in.getLong();
        long ppm = in.getInt() & 0xffffffffL;
        int segment = in.getShort() & 0xffff;
        if (acceptable < 0 || receive < 0 || ppm > PPM) {
            throw new IllegalArgumentException("TFRC report out of range: acceptable " + acceptable + ", receive "
                    + receive + ", p " + ppm + " ppm");
        }
        return new TfrcReport(acceptable == UNLIMITED ? Double.POSITIVE_INFINITY : acceptable, receive, ppm / 1e6,
                segment);
    }
}
