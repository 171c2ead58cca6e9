package org.gcs.lab.nat;

import java.util.List;
import java.util.Map;

/**
 * The conditions the {@code nat} scenario waits for, on the latest report of every site: all sites see each other,
 * a NAT change healed, every message was delivered.
 */
final class NatConditions {
    private NatConditions() {
    }

    /**
     * @return true if every site reported and lists every other site among its live remote sites
     */
    static boolean allSeeEachOther(List<NatSite> sites, Map<String, NatAgentReport> latest) {
        for (NatSite site : sites) {
            NatAgentReport report = latest.get(site.name());
            if (report == null) {
                return false;
            }
            for (NatSite other : sites) {
                if (other != site && !report.remoteSites().contains(other.name())) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * @return true if every site reported and has every site (its own included) in its view of the group
     */
    static boolean fullViews(List<NatSite> sites, Map<String, NatAgentReport> latest) {
        for (NatSite site : sites) {
            NatAgentReport report = latest.get(site.name());
            if (report == null || !report.viewSites().containsAll(sites.stream().map(NatSite::name).toList())) {
                return false;
            }
        }
        return true;
    }

    /**
     * A NAT change of one site healed: every site lists every other again, every other site delivered a message the
     * changed site sent after the change, and the changed site delivered a message each other site sent after it.
     *
     * @param changed the site whose NAT changed
     * @param marks each site's messages sent by the time of the change (those after it are numbered higher)
     * @return true once all of it holds
     */
    static boolean healed(List<NatSite> sites, String changed, Map<String, Long> marks,
                          Map<String, NatAgentReport> latest) {
        if (!allSeeEachOther(sites, latest)) {
            return false;
        }
        for (NatSite site : sites) {
            if (site.name().equals(changed)) {
                continue;
            }
            if (latest.get(site.name()).tally(changed).maxSequence() <= marks.get(changed)
                    || latest.get(changed).tally(site.name()).maxSequence() <= marks.get(site.name())) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param sent each sender's final count of messages, by site
     * @return true if every site reported and delivered every message of every sender (its own included)
     */
    static boolean allDelivered(List<NatSite> sites, Map<String, Long> sent, Map<String, NatAgentReport> latest) {
        for (NatSite receiver : sites) {
            NatAgentReport report = latest.get(receiver.name());
            if (report == null) {
                return false;
            }
            for (NatSite sender : sites) {
                if (report.tally(sender.name()).distinct() < sent.get(sender.name())) {
                    return false;
                }
            }
        }
        return true;
    }
}
