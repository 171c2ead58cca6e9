package org.gcs;

import java.util.Set;

/**
 * The byte limits of the flow between the application and the protocol (keys {@code max.message.bytes},
 * {@code send.window.bytes}, {@code max.pending.send.bytes}, {@code delivery.backlog.bytes}): the largest payload, the
 * send window, the sends waiting for it and the deliveries waiting for the listeners. Immutable; each limit is checked
 * against its bounds when the limits are made, the pair that must agree by {@link #check()}.
 *
 * @param maxMessageBytes the largest payload a send accepts, 1 – 64 MiB
 * @param sendWindowBytes payload bytes a member may have unacknowledged before send blocks, at least 1 KiB
 * @param maxPendingSendBytes payload bytes of sends that may wait for the window, at least 1 KiB
 * @param deliveryBacklogBytes received bytes that may wait for listeners, at least 64 KiB
 */
public record FlowLimits(int maxMessageBytes, long sendWindowBytes, long maxPendingSendBytes,
                         long deliveryBacklogBytes) {
    /** 1 MiB messages, a 4 MiB window, 4 MiB pending and a 16 MiB backlog. */
    public static final FlowLimits DEFAULTS = new FlowLimits(1 << 20, 4 << 20, 4L << 20, 16L << 20);
    /** The properties keys of the limits. */
    public static final Set<String> KEYS = Set.of("max.message.bytes", "send.window.bytes", "max.pending.send.bytes",
            "delivery.backlog.bytes");

    /** Checks each limit against its bounds. */
    public FlowLimits {
        ConfigChecks.inRange("maxMessageBytes", maxMessageBytes, 1, 64 << 20, " (64 MiB)");
        ConfigChecks.atLeast("sendWindowBytes", sendWindowBytes, 1024, "");
        ConfigChecks.atLeast("maxPendingSendBytes", maxPendingSendBytes, 1024, "");
        ConfigChecks.atLeast("deliveryBacklogBytes", deliveryBacklogBytes, 65_536, "");
    }

    /**
     * @param key one of {@link #KEYS}
     * @param value its value as written in a properties file, e.g. {@code 4MB}
     * @return these limits with that one changed
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public FlowLimits with(String key, String value) {
        return switch (key) {
            case "max.message.bytes" -> withMaxMessageBytes(SettingValues.intBytes(key, value));
            case "send.window.bytes" -> withSendWindowBytes(SettingValues.bytes(key, value));
            case "max.pending.send.bytes" -> withMaxPendingSendBytes(SettingValues.bytes(key, value));
            case "delivery.backlog.bytes" -> withDeliveryBacklogBytes(SettingValues.bytes(key, value));
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }

    /** @return these limits with the largest payload given in bytes */
    public FlowLimits withMaxMessageBytes(int bytes) {
        return new FlowLimits(bytes, sendWindowBytes, maxPendingSendBytes, deliveryBacklogBytes);
    }

    /** @return these limits with the send window given in bytes */
    public FlowLimits withSendWindowBytes(long bytes) {
        return new FlowLimits(maxMessageBytes, bytes, maxPendingSendBytes, deliveryBacklogBytes);
    }

    /** @return these limits with the bytes of sends that may wait for the window */
    public FlowLimits withMaxPendingSendBytes(long bytes) {
        return new FlowLimits(maxMessageBytes, sendWindowBytes, bytes, deliveryBacklogBytes);
    }

    /** @return these limits with the bytes of deliveries that may wait for listeners */
    public FlowLimits withDeliveryBacklogBytes(long bytes) {
        return new FlowLimits(maxMessageBytes, sendWindowBytes, maxPendingSendBytes, bytes);
    }

    /** @throws GcsConfigException if a message of the largest size could never wait for the window */
    void check() {
        if (maxPendingSendBytes < maxMessageBytes) {
            throw new GcsConfigException("maxPendingSendBytes (" + maxPendingSendBytes
                    + ") must be at least maxMessageBytes (" + maxMessageBytes + "), or the largest message could"
                    + " never be queued: raise maxPendingSendBytes or lower maxMessageBytes");
        }
    }
}
