package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.MemberGroups;
import org.slf4j.LoggerFactory;

/**
 * The one-way links of {@code overlay.membership = all-to-all} (docs/architecture.md §5): a live site whose
 * announcements do not show that it hears this delegate, for two site timeouts, leaves the directory and the views,
 * and its datagrams are dropped ({@code one-way}) until one shows that it hears this delegate again. This class owns
 * when each site last showed it hears this one and the sites held out; {@link OverlayMembership} tells it what it
 * hears. With {@code overlay.membership = swim} the announcements go to a few sites only, so the pings judge the links
 * instead ({@link DirectReach}) and {@link #holdOut} takes the sites they found one-way; a held-out site comes back
 * the same way in both modes, by an announcement that shows it hears this delegate.
 */
final class OneWayLinks {
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(OneWayLinks.class));

    /** A site that sends to us but does not hear us: where its last datagram came from, and when. */
    private record OneWay(DelegateAddress address, long lastHeardNs) {
    }

    /** Where a heartbeat announces this site to a held-out site, and whether this delegate heard it lately. */
    record Held(String site, DelegateAddress address, boolean heardLately) {
    }

    private final EngineSettings settings;
    /** When each live site last showed that it hears this one (or was first heard): a one-way link otherwise. */
    private final Map<String, Long> heardUsNs = new HashMap<>();
    /** Sites that keep sending but did not hear this one for the site timeout: ignored until they do. */
    private final Map<String, OneWay> held = new HashMap<>();
    private long lastCheckNs;

    OneWayLinks(EngineSettings settings) {
        this.settings = settings;
    }

    /** A site showed that it hears this one (or was just learned: it has the site timeout to show it). */
    void heardUs(String site, long nowNs) {
        heardUsNs.put(site, nowNs);
    }

    /** The same, for a site that is live only: a warning about a site conflict shows the peer hears this delegate. */
    void heardUsIfLive(String site, long nowNs) {
        heardUsNs.computeIfPresent(site, (s, heardNs) -> nowNs);
    }

    /**
     * @param showsItHearsUs whether the datagram is an announcement that names this delegate as heard
     * @return whether a datagram from a site may be taken: not if the site is held out as one-way and the datagram
     *     does not show that it hears this delegate again (then it is counted as dropped by the caller)
     */
    boolean admits(String site, DelegateAddress from, boolean showsItHearsUs, long nowNs) {
        if (!held.containsKey(site)) {
            return true;
        }
        if (!showsItHearsUs) {
            held.put(site, new OneWay(from, nowNs));
            return false;
        }
        held.remove(site);
        LOG.warn(settings.memberName() + "/one-way-over-" + site, nowNs, "site {} at {} hears this site again:"
                + " it is back", site, from);
        return true;
    }

    /** This node did not run for {@code gapNs}: that silence does not count towards a one-way link. */
    void pardon(long gapNs) {
        heardUsNs.replaceAll((site, heardNs) -> heardNs + gapNs);
    }

    /** A newer delegate of this site speaks, so the peers drop this one's datagrams on purpose: no link is one-way. */
    void allHeardNow(long nowNs) {
        heardUsNs.replaceAll((site, heardNs) -> nowNs);
    }

    /** A site left the directory. */
    void forget(String site) {
        heardUsNs.remove(site);
    }

    /**
     * Four times a heartbeat: removes from the directory the live sites that did not show they hear this one for two
     * site timeouts, and holds them out.
     *
     * @return the sites removed
     */
    List<String> check(SiteDirectory<List<MemberGroups>> directory, long nowNs) {
        if (nowNs - lastCheckNs < settings.heartbeatNs() / 4) {
            return List.of();
        }
        lastCheckNs = nowNs;
        List<String> removed = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> site : List.copyOf(directory.sites())) {
            Long heardUs = heardUsNs.get(site.site());
            if (heardUs != null && nowNs - heardUs > 2 * settings.siteTimeoutNs()) {
                LOG.warn(settings.memberName() + "/one-way-" + site.site(), nowNs, "site {} at {} has not heard"
                        + " this site for {} ms although this site hears it: a one-way link; it leaves the views"
                        + " until it hears this site again", site.site(), site.address(),
                        (nowNs - heardUs) / 1_000_000);
                hold(directory, site);
                removed.add(site.site());
            }
        }
        return removed;
    }

    /**
     * With SWIM: removes from the directory the sites that answered none of this delegate's pings for two site
     * timeouts ({@link DirectReach#oneWaySites}), and holds them out.
     *
     * @return the sites removed (those still in the directory)
     */
    List<String> holdOut(SiteDirectory<List<MemberGroups>> directory, List<String> sites, long nowNs) {
        List<String> removed = new ArrayList<>(sites.size());
        for (String name : sites) {
            directory.get(name).ifPresent(site -> {
                LOG.warn(settings.memberName() + "/one-way-" + name, nowNs, "site {} at {} answered none of this"
                        + " site's pings for {} ms although SWIM's indirect probes reach it: a one-way link; it"
                        + " leaves the views until it hears this site again", name, site.address(),
                        2 * settings.siteTimeoutNs() / 1_000_000);
                hold(directory, site);
                removed.add(name);
            });
        }
        return removed;
    }

    private void hold(SiteDirectory<List<MemberGroups>> directory, SiteRecord<List<MemberGroups>> site) {
        directory.remove(site.site());
        held.put(site.site(), new OneWay(site.address(), site.lastHeardNs()));
        heardUsNs.remove(site.site());
    }

    /**
     * @return the sites held out and heard within the site timeout (the others are forgotten now), which a heartbeat
     *     still announces this site to, so that they learn of it again once they hear it
     */
    List<Held> toAnnounce(long nowNs) {
        held.values().removeIf(link -> nowNs - link.lastHeardNs() > settings.siteTimeoutNs());
        List<Held> out = new ArrayList<>(held.size());
        for (Map.Entry<String, OneWay> link : held.entrySet()) {
            out.add(new Held(link.getKey(), link.getValue().address(),
                    nowNs - link.getValue().lastHeardNs() <= 2 * settings.heartbeatNs()));
        }
        return out;
    }
}
