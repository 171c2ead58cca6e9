package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/** A strategy outside the built-ins, selected by class name in tests: a chain of the sites in name order. */
public final class NameChainTestStrategy implements TreeStrategy {
    /** Needed by {@link TreeStrategies#byName}. */
    public NameChainTestStrategy() {
    }

    @Override
    public String name() {
        return "name-chain";
    }

    @Override
    public TreePlan plan(SortedSet<String> sites, LinkCosts costs, int maxFanOut) {
        List<String> names = new ArrayList<>(sites);
        Map<String, String> parentOf = new TreeMap<>();
        for (int i = 1; i < names.size(); i++) {
            parentOf.put(names.get(i), names.get(i - 1));
        }
        return TreePlan.shared(name(), SpanningTree.of(names.get(0), parentOf));
    }
}
