package org.gcs.internal.flow;

import java.util.function.Consumer;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.internal.wire.ControlBlock;

/**
 * A node's congestion controller's blocks as the engine handles them: it encodes the controller's headers and
 * feedback into {@link ControlBlock}s under the controller's tag, and decodes the blocks that arrive. A block with
 * another tag (the sites run different controllers) or a body the controller rejects is dropped and counted; the
 * packet that carried it is still used, so reliability never depends on a block.
 *
 * <p>Encoding a header reuses the previous block while the controller returns an equal header (ORMCC puts the same
 * representative statistics on many packets in a row). Not thread-safe: one per delegate role, on the engine's
 * thread.
 */
public final class ControlBlocks {
    private final int tag;
    private final ControlBlockCodec codec;
    private final Consumer<BlockDropReason> drops;
    private ControlHeader lastHeader;
    private ControlBlock lastHeaderBlock;

    /**
     * @param control the node's controller
     * @param drops told about every block dropped on arrival
     */
    public ControlBlocks(CongestionControl control, Consumer<BlockDropReason> drops) {
        this.tag = control.wireTag();
        this.codec = control.blockCodec();
        this.drops = drops;
    }

    /** @return blocks of a controller that puts nothing on the wire, dropping (and counting) whatever arrives */
    public static ControlBlocks none(Consumer<BlockDropReason> drops) {
        return new ControlBlocks(new org.gcs.cc.none.NoCongestionControl(), drops);
    }

    /**
     * @return the most bytes a data packet's header block takes (framing included), 0 if the controller has no
     *     header: a data packet's payload is cut shorter by this much
     */
    public int maxHeaderWireBytes() {
        int body = codec.maxHeaderBytes();
        return body == 0 ? 0 : ControlBlock.FRAMING_BYTES + body;
    }

    /**
     * @param header a header of this node's controller, or null
     * @return its block, or null for none
     * @throws IllegalStateException if the controller's codec cannot encode its own header (a bug in the controller)
     */
    public ControlBlock encodeHeader(ControlHeader header) {
        if (header == null) {
            return null;
        }
        if (!header.equals(lastHeader)) {
            lastHeaderBlock = block(codecCall(() -> codec.encodeHeader(header), header));
            lastHeader = header;
        }
        return lastHeaderBlock;
    }

    /**
     * @param feedback feedback of this node's controller, or null
     * @return its block, or null for none
     * @throws IllegalStateException if the controller's codec cannot encode its own feedback (a bug in the controller)
     */
    public ControlBlock encodeFeedback(Feedback feedback) {
        return feedback == null ? null : block(codecCall(() -> codec.encodeFeedback(feedback), feedback));
    }

    /**
     * @param block a received block, or null
     * @return the header it holds, or null if none (absent, another controller's, or unreadable: counted)
     */
    public ControlHeader decodeHeader(ControlBlock block) {
        if (block == null || !ours(block)) {
            return null;
        }
        try {
            return codec.decodeHeader(block.body());
        } catch (IllegalArgumentException e) {
            drops.accept(BlockDropReason.MALFORMED);
            return null;
        }
    }

    /**
     * @param block a received block, or null
     * @return the feedback it holds, or null if none (absent, another controller's, or unreadable: counted)
     */
    public Feedback decodeFeedback(ControlBlock block) {
        if (block == null || !ours(block)) {
            return null;
        }
        try {
            return codec.decodeFeedback(block.body());
        } catch (IllegalArgumentException e) {
            drops.accept(BlockDropReason.MALFORMED);
            return null;
        }
    }

    private boolean ours(ControlBlock block) {
        if (block.tag() == tag) {
            return true;
        }
        drops.accept(BlockDropReason.UNKNOWN_CONTROLLER);
        return false;
    }

    private ControlBlock block(byte[] body) {
        return new ControlBlock(tag, body);
    }

    private static byte[] codecCall(java.util.function.Supplier<byte[]> call, Object what) {
        try {
            byte[] body = call.get();
            if (body.length > ControlBlock.MAX_BODY_BYTES) {
                throw new IllegalStateException("the controller encoded " + what + " in " + body.length
                        + " bytes; a block holds at most " + ControlBlock.MAX_BODY_BYTES);
            }
            return body;
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the controller cannot encode its own " + what + ": " + e.getMessage(), e);
        }
    }
}
