package org.gcs.alm.tree;

import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Selects a {@link TreeStrategy} by short name ({@value ShortestPathTreeStrategy#NAME},
 * {@value SourceTreeStrategy#NAME}, {@value SourceStarStrategy#NAME}), as a hand-written tree {@code fixed:EDGES}
 * ({@link FixedTreeStrategy}, e.g. {@code fixed:A-B,B-C,B-D}) or, as the escape hatch, by the fully-qualified name of a class that
 * implements {@link TreeStrategy} and has a public no-arg constructor.
 */
public final class TreeStrategies {
    private static final SortedSet<String> BUILT_IN = Collections.unmodifiableSortedSet(
            new TreeSet<>(List.of(ShortestPathTreeStrategy.NAME, SourceTreeStrategy.NAME, SourceStarStrategy.NAME)));
    /** How the usage text names the fixed form. */
    private static final String FIXED_USAGE = FixedTreeStrategy.PREFIX + "EDGES (e.g. "
            + FixedTreeStrategy.PREFIX + "A-B,B-C,B-D)";

    private TreeStrategies() {
    }

    /**
     * @param nameOrClassName a built-in name, {@code fixed:EDGES} (comma-separated {@code parent-child} edges,
     *     see {@link FixedTreeStrategy#parse}) or a fully-qualified class name
     * @return a new instance of the strategy
     * @throws IllegalArgumentException if the name is unknown, the edges of {@code fixed:} do not form a tree,
     *     or the class cannot be loaded, is not a {@link TreeStrategy}, or cannot be instantiated
     */
    public static TreeStrategy byName(String nameOrClassName) {
        if (nameOrClassName == null || nameOrClassName.isBlank()) {
            throw new IllegalArgumentException("nameOrClassName must not be blank; built-in tree strategies: "
                    + BUILT_IN + ", or " + FIXED_USAGE);
        }
        String name = nameOrClassName.strip();
        if (name.startsWith(FixedTreeStrategy.PREFIX)) {
            try {
                return FixedTreeStrategy.parse(name.substring(FixedTreeStrategy.PREFIX.length()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("tree strategy '" + name + "': " + e.getMessage(), e);
            }
        }
        if (name.equals(FixedTreeStrategy.NAME)) {
            throw new IllegalArgumentException("tree strategy '" + name + "' needs its edges: write "
                    + FIXED_USAGE);
        }
        switch (name) {
            case ShortestPathTreeStrategy.NAME:
                return new ShortestPathTreeStrategy();
            case SourceTreeStrategy.NAME:
                return new SourceTreeStrategy();
            case SourceStarStrategy.NAME:
                return new SourceStarStrategy();
            default:
                return byClassName(name);
        }
    }

    /**
     * @return the short names {@link #byName} accepts besides class names and the {@code fixed:EDGES} form,
     *     sorted
     */
    public static SortedSet<String> builtInNames() {
        return BUILT_IN;
    }

    private static TreeStrategy byClassName(String className) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("unknown tree strategy '" + className + "'; built-in: " + BUILT_IN
                    + ", " + FIXED_USAGE + ", or the fully-qualified name of a " + TreeStrategy.class.getName()
                    + " class", e);
        }
        if (!TreeStrategy.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("class " + className + " does not implement "
                    + TreeStrategy.class.getName());
        }
        try {
            return (TreeStrategy) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot create tree strategy " + className
                    + " with its public no-arg constructor: " + e, e);
        }
    }
}
