package org.gcs.bench;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** An HdrHistogram as one word of text: its compressed encoding in Base64 (no spaces, fits a {@link NodeLine}). */
final class HistogramCodec {
    private HistogramCodec() {
    }

    /**
     * @param histogram the histogram
     * @return its text
     */
    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /**
     * @param text what {@link #encode} returned
     * @return the histogram
     * @throws IllegalArgumentException if the text is not an encoded histogram
     */
    static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }
}
