package org.gcs;

import java.util.Locale;

/**
 * How WAN datagrams are protected ({@code wan.protection}). Every site must use the same mode: a datagram in the
 * other mode is dropped and counted as {@code wrong-protection}.
 */
public enum WanProtection {
    /** AES-256-GCM: the body is encrypted, the header authenticated; 16-byte tag (the default). */
    AES_GCM("aes-gcm", 1),
    /**
     * AES-256-GMAC (GCM with the whole datagram as additional data and nothing to encrypt): a 16-byte tag over the
     * whole datagram; the body travels in clear. Header byte 3; byte 2 was HMAC-SHA256 in GCS before 2026-12.
     */
    INTEGRITY("integrity", 3);

    private final String configName;
    private final int wireCode;

    WanProtection(String configName, int wireCode) {
        this.configName = configName;
        this.wireCode = wireCode;
    }

    /** @return the name in the configuration, e.g. {@code aes-gcm} */
    public String configName() {
        return configName;
    }

    /** @return the mode byte in the datagram header */
    public int wireCode() {
        return wireCode;
    }

    /**
     * @param name {@code aes-gcm} or {@code integrity} (case-insensitive)
     * @return the mode
     * @throws GcsConfigException for any other name
     */
    public static WanProtection parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (WanProtection p : values()) {
            if (p.configName.equals(n)) {
                return p;
            }
        }
        throw new GcsConfigException("wan.protection must be aes-gcm (encrypted, the default) or integrity"
                + " (authenticated only), got '" + name + "'");
    }

    /** @return the mode with this header byte, or null */
    public static WanProtection ofWireCode(int code) {
        for (WanProtection p : values()) {
            if (p.wireCode == code) {
                return p;
            }
        }
        return null;
    }
}
