package org.gcs.lab;

import java.util.Map;

/**
 * The six RON sites of seed 004 §4 as they are named in the built-in {@code ron6} topology, and the paper's name
 * of the host at each (used as member names, in lower case).
 */
public final class Ron6 {
    /** The topology's name. */
    public static final String TOPOLOGY = "ron6";
    /** Zikit1. */
    public static final String JERUSALEM = "jerusalem";
    /** RON0. */
    public static final String BOSTON = "boston";
    /** RON2 (Salt Lake City). */
    public static final String SALTLAKE = "saltlake";
    /** RON33 (the tree root in the paper). */
    public static final String OTTAWA = "ottawa";
    /** RON35. */
    public static final String BERKELEY = "berkeley";
    /** RON45. */
    public static final String CHICAGO = "chicago";

    private static final Map<String, String> PAPER_NAMES = Map.of(JERUSALEM, "Zikit1", BOSTON, "RON0",
            SALTLAKE, "RON2", OTTAWA, "RON33", BERKELEY, "RON35", CHICAGO, "RON45");

    private Ron6() {
    }

    /** @return the paper's name of the host at a site, e.g. {@code RON35} for berkeley */
    public static String paperName(String site) {
        String name = PAPER_NAMES.get(site);
        if (name == null) {
            throw new IllegalArgumentException("not a ron6 site: " + site);
        }
        return name;
    }

    /**
     * @return the member name used for a site's single member: the paper's host name for a ron6 site, e.g.
     *     {@code ron35}, else the site's name with {@code -1} (a site of another topology given with --topology)
     */
    public static String member(String site) {
        String name = PAPER_NAMES.get(site);
        return name == null ? site + "-1" : name.toLowerCase(java.util.Locale.ROOT);
    }

    /** @return e.g. {@code berkeley (RON35)}, or the site's name for a site that is not one of ron6's */
    public static String label(String site) {
        String name = PAPER_NAMES.get(site);
        return name == null ? site : site + " (" + name + ")";
    }
}
