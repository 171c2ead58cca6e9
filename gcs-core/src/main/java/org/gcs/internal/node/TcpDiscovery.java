package org.gcs.internal.node;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.gcs.LanConfig;
import org.jgroups.protocols.Discovery;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.dns.DNS_PING;

/**
 * How the members of a site on the TCP transport find each other: the static list of {@code lan.tcp.initial.hosts}
 * (JGroups' TCPPING), or a DNS name's records ({@code lan.dns.query}, JGroups' DNS_PING; issue 38): its A records at
 * the TCP port (a Kubernetes headless service lists its ready pods so), or the targets and ports of its SRV records
 * for a name that starts with {@code _}, asked of the first of {@code dns.servers} or of the system's DNS servers.
 */
final class TcpDiscovery {
    private TcpDiscovery() {
    }

    /**
     * @param lan the site's LAN settings (TCP transport)
     * @param dnsServers the configured DNS servers, or empty for the system's
     * @return the discovery protocol of the stack
     */
    static Discovery of(LanConfig lan, List<InetSocketAddress> dnsServers) {
        if (lan.dnsQuery().isPresent()) {
            String query = lan.dnsQuery().get();
            DNS_PING ping = new DNS_PING().dnsQuery(query).dnsRecordType(query.startsWith("_") ? "SRV" : "A");
            if (!dnsServers.isEmpty()) {
                InetSocketAddress server = dnsServers.get(0);
                String host = server.getAddress().getHostAddress();
                ping.dnsAddress((host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + server.getPort());
            }
            return ping;
        }
        List<InetSocketAddress> hosts = new ArrayList<>();
        for (String host : lan.tcpInitialHosts()) {
            int colon = host.lastIndexOf(':');
            hosts.add(new InetSocketAddress(host.substring(0, colon), Integer.parseInt(host.substring(colon + 1))));
        }
        return new TCPPING().setInitialHosts(hosts).setPortRange(0);
    }
}
