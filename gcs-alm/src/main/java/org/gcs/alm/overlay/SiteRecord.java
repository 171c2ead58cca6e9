package org.gcs.alm.overlay;

/**
 * What a delegate knows about one remote site: who speaks for it, when it was last heard, and the latest
 * state it published.
 *
 * @param site site name
 * @param term the term of the site's current delegate; a higher term means the site elected a new delegate
 * @param address where the current delegate receives datagrams
 * @param lastHeardNs when an authenticated datagram from the current delegate last arrived
 * @param stateVersion version of {@link #state()} within the term, or -1 before the first state
 * @param state the latest published state (for instance the site's group memberships), or null
 * @param <S> type of the published state
 */
public record SiteRecord<S>(String site, long term, DelegateAddress address, long lastHeardNs, long stateVersion,
                            S state) {
}
