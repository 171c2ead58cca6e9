package org.gcs;

/**
 * The byte limits of the flow between the application and the protocol ({@link GcsConfigBuilder#maxMessageBytes} and
 * its neighbours): the largest payload, the send window, the sends waiting for it and the deliveries waiting for the
 * listeners. Immutable; each limit is checked against its bounds when the limits are made, the pair that must agree by
 * {@link #check()}.
 *
 * @param maxMessageBytes the largest payload a send accepts, 1 – 64 MiB
 * @param sendWindowBytes payload bytes a member may have unacknowledged before send blocks, at least 1 KiB
 * @param maxPendingSendBytes payload bytes of sends that may wait for the window, at least 1 KiB
 * @param deliveryBacklogBytes received bytes that may wait for listeners, at least 64 KiB
 */
record FlowLimits(int maxMessageBytes, long sendWindowBytes, long maxPendingSendBytes, long deliveryBacklogBytes) {
    /** 1 MiB messages, a 4 MiB window, 4 MiB pending and a 16 MiB backlog. */
    static final FlowLimits DEFAULTS = new FlowLimits(1 << 20, 4 << 20, 4L << 20, 16L << 20);

    /** Checks each limit against its bounds. */
    FlowLimits {
        ConfigChecks.inRange("maxMessageBytes", maxMessageBytes, 1, 64 << 20, " (64 MiB)");
        ConfigChecks.atLeast("sendWindowBytes", sendWindowBytes, 1024, "");
        ConfigChecks.atLeast("maxPendingSendBytes", maxPendingSendBytes, 1024, "");
        ConfigChecks.atLeast("deliveryBacklogBytes", deliveryBacklogBytes, 65_536, "");
    }

    /** @return these limits with the largest payload given in bytes */
    FlowLimits withMaxMessageBytes(int bytes) {
        return new FlowLimits(bytes, sendWindowBytes, maxPendingSendBytes, deliveryBacklogBytes);
    }

    /** @return these limits with the send window given in bytes */
    FlowLimits withSendWindowBytes(long bytes) {
        return new FlowLimits(maxMessageBytes, bytes, maxPendingSendBytes, deliveryBacklogBytes);
    }

    /** @return these limits with the bytes of sends that may wait for the window */
    FlowLimits withMaxPendingSendBytes(long bytes) {
        return new FlowLimits(maxMessageBytes, sendWindowBytes, bytes, deliveryBacklogBytes);
    }

    /** @return these limits with the bytes of deliveries that may wait for listeners */
    FlowLimits withDeliveryBacklogBytes(long bytes) {
        return new FlowLimits(maxMessageBytes, sendWindowBytes, maxPendingSendBytes, bytes);
    }

    /** @throws GcsConfigException if a message of the largest size could never wait for the window */
    void check() {
        if (maxPendingSendBytes < maxMessageBytes) {
            throw new GcsConfigException("maxPendingSendBytes (" + maxPendingSendBytes
                    + ") must be at least maxMessageBytes (" + maxMessageBytes + ")");
        }
    }
}
