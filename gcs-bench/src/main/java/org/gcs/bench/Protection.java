package org.gcs.bench;

/**
 * How a bench system protects its traffic, so that the headline ratios compare like with like: GCS as shipped with
 * JGroups sealed, GCS with its protection lowered with plain JGroups ({@link ScenarioSummary#comparisons()}).
 */
public enum Protection {
    /**
     * Every message encrypted and authenticated. GCS as shipped: AES-GCM on the LAN ({@code lan.protection=aes-gcm})
     * and on the WAN ({@code wan.protection=aes-gcm}). JGroups: SYM_ENCRYPT with SERIALIZE directly above the
     * transport of every stack (the LAN's and RELAY2's bridge), as GCS places its own LAN encryption
     * ({@code JGroupsStacks#seal}).
     */
    SEALED("sealed"),
    /**
     * No encryption. GCS with {@code lan.protection=none} and {@code wan.protection=integrity} (its lowest setting:
     * a WAN datagram is always authenticated); JGroups without SYM_ENCRYPT, as its stock stacks ship.
     */
    PLAIN("plain"),
    /** Not applicable: raw UDP datagrams, the ceiling of the socket. */
    NONE("none");

    private final String id;

    Protection(String id) {
        this.id = id;
    }

    /** @return the name used on the command line ({@code --security}), in JSON and in CSV */
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }
}
