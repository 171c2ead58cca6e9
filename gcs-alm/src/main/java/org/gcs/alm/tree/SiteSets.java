package org.gcs.alm.tree;

import java.util.Collection;
import java.util.TreeSet;

/** Validation of site-set arguments. */
final class SiteSets {
    private SiteSets() {
    }

    /**
     * @return a naturally ordered copy (any comparator of the argument is dropped, so that every delegate
     *     orders names the same way)
     * @throws IllegalArgumentException if the collection is null or empty or holds a null or empty name
     */
    static TreeSet<String> copyOf(Collection<String> sites, String argument) {
        if (sites == null || sites.isEmpty()) {
            throw new IllegalArgumentException(argument + " must not be empty");
        }
        TreeSet<String> copy = new TreeSet<>();
        for (String site : sites) {
            if (site == null || site.isEmpty()) {
                throw new IllegalArgumentException(argument + " must hold site names, got " + site);
            }
            copy.add(site);
        }
        return copy;
    }
}
