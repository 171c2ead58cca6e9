package org.gcs.internal.flow;

import java.util.Locale;

/**
 * Why a congestion controller's block was dropped on arrival (the rest of the datagram is still used); the
 * lowercase name is the {@code reason} tag of {@code gcs.cc.blocks.dropped}.
 */
public enum BlockDropReason {
    /** The block carries another controller's tag: the sites run different congestion controllers. */
    UNKNOWN_CONTROLLER,
    /** The block has this node's tag but its controller could not read the body. */
    MALFORMED;

    /** @return the tag value, e.g. {@code unknown-controller} */
    public String tag() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
