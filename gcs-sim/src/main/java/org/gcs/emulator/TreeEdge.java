package org.gcs.emulator;

import java.util.Objects;

/**
 * One edge of a topology's fixed multicast tree (its {@code tree} line): the parent is the site closer to the
 * root.
 *
 * @param parent the site closer to the root
 * @param child the site farther from the root
 */
public record TreeEdge(String parent, String child) {

    /**
     * Checks that no component is null.
     *
     * @param parent the site closer to the root
     * @param child the site farther from the root
     * @throws NullPointerException if a component is null
     */
    public TreeEdge {
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(child, "child");
    }

    /**
     * The edge as a topology file writes it.
     *
     * @return {@code parent-child}
     */
    @Override
    public String toString() {
        return parent + "-" + child;
    }
}
