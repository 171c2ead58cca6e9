package org.gcs;

/** How the members of one site find and talk to each other on their LAN (through JGroups). */
public enum LanTransport {
    /** UDP with IP multicast: members find each other automatically. The default. */
    UDP,
    /** TCP with a static list of members ({@link LanConfig.Builder#tcpInitialHosts}): for LANs without multicast. */
    TCP
}
