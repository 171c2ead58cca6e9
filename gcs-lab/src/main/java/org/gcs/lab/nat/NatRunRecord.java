package org.gcs.lab.nat;

import java.util.List;
import java.util.Map;

/**
 * What one run of the {@code nat} scenario measured, for {@link NatReport}.
 *
 * @param sites every site with its addresses
 * @param heartbeatMs the nodes' {@code heartbeat.interval}
 * @param siteTimeoutMs the nodes' {@code site.timeout}
 * @param agentsUpMs from starting the agents until every one reported
 * @param meshMs from then until every site saw every other and every view held every site, null if never
 * @param sendSeconds how long the sites sent
 * @param paths every pair's path before the first NAT change
 * @param pathsAtEnd every pair's path before the sending stopped, in the same order
 * @param events the NAT changes and their heals
 * @param sent every site's count of messages sent, by site
 * @param drainMs from the end of the sending until every message was delivered everywhere, null if not by the
 *     deadline
 * @param lastReports the latest report of every site at the end, by site
 * @param agentErrors the agents' {@code error} lines, each led by its site
 */
record NatRunRecord(List<SiteAddresses> sites, long heartbeatMs, long siteTimeoutMs, Long agentsUpMs, Long meshMs,
                    double sendSeconds, List<PairPath> paths, List<PairPath> pathsAtEnd, List<NatEvent> events,
                    Map<String, Long> sent, Long drainMs, Map<String, NatAgentReport> lastReports,
                    List<String> agentErrors) {
    /**
     * A site and its addresses.
     *
     * @param site the site
     * @param siteAddress the address its node binds to
     * @param publicAddress where its traffic appeared on the internet at the start
     * @param publicAddressAtEnd where it appears at the end
     */
    record SiteAddresses(NatSite site, String siteAddress, String publicAddress, String publicAddressAtEnd) {
    }
}
