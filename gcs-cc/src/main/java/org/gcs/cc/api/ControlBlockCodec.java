package org.gcs.cc.api;

import java.util.function.Function;

/**
 * Turns a scheme's {@link ControlHeader}s and {@link Feedback}s into the bodies of its wire blocks and back. A body
 * holds at most {@value #MAX_BODY_BYTES} bytes; the engine frames it with the scheme's
 * {@link CongestionControl#wireTag() tag} and its length, and authenticates it with the rest of the datagram.
 *
 * <p>Decoding must accept exactly what encoding produces and reject anything else with an
 * {@link IllegalArgumentException} (the engine counts the block as malformed and drops it): datagrams are
 * authenticated, but a peer may run another version or a buggy controller.
 *
 * <p>The header methods default to a scheme without a header: they reject everything, and
 * {@link #maxHeaderBytes()} is 0. The feedback methods are abstract: a codec exists to carry something, and a
 * scheme that puts nothing on the wire uses {@link #NONE}. A scheme with one feedback type and no header can build
 * its codec with {@link #ofFeedback}.
 */
public interface ControlBlockCodec {
    /** The largest block body: the length travels in one byte. */
    int MAX_BODY_BYTES = 255;

    /** The codec of a scheme that puts nothing on the wire: it encodes nothing and rejects every body. */
    ControlBlockCodec NONE = new ControlBlockCodec() {
        @Override
        public byte[] encodeFeedback(Feedback feedback) {
            throw new IllegalArgumentException("this controller has no feedback");
        }

        @Override
        public Feedback decodeFeedback(byte[] body) {
            throw new IllegalArgumentException("this controller has no feedback");
        }
    };

    /**
     * The codec of a scheme with one type of feedback and no header. It rejects feedback of another type with an
     * {@link IllegalArgumentException}, as the contract asks, before the encoder sees it.
     *
     * @param type the scheme's feedback type
     * @param encoder the body of a feedback, at most {@value #MAX_BODY_BYTES} bytes
     * @param decoder the feedback a body holds; it throws {@link IllegalArgumentException} for a body it rejects
     * @param <F> the feedback type
     * @return the codec
     */
    static <F extends Feedback> ControlBlockCodec ofFeedback(Class<F> type, Function<? super F, byte[]> encoder,
            Function<byte[], ? extends F> decoder) {
        return new ControlBlockCodec() {
            @Override
            public byte[] encodeFeedback(Feedback feedback) {
                if (!type.isInstance(feedback)) {
                    throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + feedback);
                }
                return encoder.apply(type.cast(feedback));
            }

            @Override
            public Feedback decodeFeedback(byte[] body) {
                return decoder.apply(body);
            }
        };
    }

    /**
     * @return the most bytes {@link #encodeHeader} ever produces, 0 if the scheme has no header: the engine makes
     *     every data packet's payload that much shorter, so that a header never pushes a datagram over its limit
     */
    default int maxHeaderBytes() {
        return 0;
    }

    /**
     * By default rejects every header: the scheme has none.
     *
     * @param header a header of this scheme
     * @return its body, at most {@link #maxHeaderBytes()} bytes
     * @throws IllegalArgumentException if the header is not of this scheme
     */
    default byte[] encodeHeader(ControlHeader header) {
        throw new IllegalArgumentException("this controller has no header");
    }

    /**
     * By default rejects every body: the scheme has no header.
     *
     * @param body a block body
     * @return the header it holds
     * @throws IllegalArgumentException if the body is not a valid header of this scheme
     */
    default ControlHeader decodeHeader(byte[] body) {
        throw new IllegalArgumentException("this controller has no header");
    }

    /**
     * @param feedback feedback of this scheme
     * @return its body, at most {@value #MAX_BODY_BYTES} bytes
     * @throws IllegalArgumentException if the feedback is not of this scheme
     */
    byte[] encodeFeedback(Feedback feedback);

    /**
     * @param body a block body
     * @return the feedback it holds
     * @throws IllegalArgumentException if the body is not valid feedback of this scheme
     */
    Feedback decodeFeedback(byte[] body);
}
