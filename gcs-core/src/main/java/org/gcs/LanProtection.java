package org.gcs;

/**
 * How a site's LAN cluster is protected. The key comes from the cluster key ({@link GcsConfig#clusterKey()}), so only
 * processes that hold it join a site or get a LAN message delivered.
 */
public enum LanProtection {
    /**
     * The default: every LAN message, JGroups' headers (membership, discovery, merge) included, is encrypted and
     * authenticated with AES-GCM under a key derived from the cluster key and the site's cluster name.
     */
    AES_GCM,
    /** No protection: any process that reaches the LAN may join a site. For measurements and old setups only. */
    NONE;

    /**
     * @param text {@code aes-gcm} or {@code none}, any case
     * @return the protection
     * @throws GcsConfigException if the text names neither
     */
    public static LanProtection parse(String text) {
        String normalized = text.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (normalized) {
            case "aes-gcm" -> AES_GCM;
            case "none" -> NONE;
            default -> throw new GcsConfigException("lan.protection must be aes-gcm (the default) or none, got '"
                    + text + "'");
        };
    }
}
