package org.gcs;

import java.util.Locale;

/** How the members of one site find and talk to each other on their LAN (through JGroups). */
public enum LanTransport {
    /** UDP with IP multicast: members find each other automatically. The default. */
    UDP,
    /** TCP with a static list of members ({@link LanConfig.Builder#tcpInitialHosts}): for LANs without multicast. */
    TCP;

    /**
     * @param name {@code udp} or {@code tcp}, in any case
     * @return the transport
     * @throws GcsConfigException for any other name
     */
    public static LanTransport parse(String name) {
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException("lan.transport must be udp or tcp, got '" + name + "'");
        }
    }
}
