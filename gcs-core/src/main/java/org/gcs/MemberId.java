package org.gcs;

/**
 * Identity of a group member: the site (LAN cluster) it runs in and its name within that site.
 *
 * @param site the site name, as configured with {@link GcsConfigBuilder#site(String)}
 * @param name the member name, unique within the site
 */
public record MemberId(String site, String name) implements Comparable<MemberId> {
    /** Validates the identity. */
    public MemberId {
        Names.requireValid("site", site);
        Names.requireValid("member name", name);
    }

    @Override
    public int compareTo(MemberId other) {
        int bySite = site.compareTo(other.site);
        return bySite != 0 ? bySite : name.compareTo(other.name);
    }

    /** @return {@code site/name} */
    @Override
    public String toString() {
        return site + "/" + name;
    }
}
