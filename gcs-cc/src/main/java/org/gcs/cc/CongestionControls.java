package org.gcs.cc;

import java.lang.reflect.Constructor;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.costbenefit.CostBenefitControl;
import org.gcs.cc.none.NoCongestionControl;
import org.gcs.cc.ormcc.OrmccControl;
import org.gcs.cc.tfrc.TfrcControl;

/**
 * Selects a {@link CongestionControl} by short name ({@code tfrc}, {@code ormcc}, {@code cost-benefit}, {@code none}) or, as the escape
 * hatch, by the fully-qualified name of a class that implements {@link CongestionControl} and has a public
 * constructor taking {@link CcSettings} (or a public no-argument constructor). Built like {@code TreeStrategies}.
 */
public final class CongestionControls {
    private static final Map<String, Function<CcSettings, CongestionControl>> BUILT_IN = Map.of(
            TfrcControl.NAME, TfrcControl::new,
            OrmccControl.NAME, OrmccControl::new,
            NoCongestionControl.NAME, NoCongestionControl::new,
            CostBenefitControl.NAME, CostBenefitControl::new);

    private CongestionControls() {
    }

    /**
     * Builds a scheme; its parameters ({@code cc.<name>.*} in {@code settings}) are read and checked now, so a bad
     * configuration fails before a node starts.
     *
     * @param nameOrClassName a built-in name or a fully-qualified class name
     * @param settings the node's settings
     * @return the scheme
     * @throws IllegalArgumentException if the name is unknown, the class cannot be loaded, is not a
     *     {@link CongestionControl} or cannot be instantiated, or a parameter is unknown or invalid; the message
     *     says what to write instead
     */
    public static CongestionControl create(String nameOrClassName, CcSettings settings) {
        if (nameOrClassName == null || nameOrClassName.isBlank()) {
            throw new IllegalArgumentException("the congestion control must not be blank; built-in: " + builtInNames()
                    + ", or the fully-qualified name of a " + CongestionControl.class.getName() + " class");
        }
        String name = nameOrClassName.strip();
        Function<CcSettings, CongestionControl> builtIn = BUILT_IN.get(name);
        if (builtIn != null) {
            rejectParametersOfOtherBuiltIns(name, settings);
            return builtIn.apply(settings);
        }
        return byClassName(name, settings);
    }

    /** @return the short names {@link #create} accepts besides class names, sorted */
    public static SortedSet<String> builtInNames() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(BUILT_IN.keySet()));
    }

    /**
     * Parameters of a built-in scheme that is not the selected one are still checked (a typo in them is an error
     * even when the scheme is not in use), and parameters of an unknown scheme are rejected.
     */
    private static void rejectParametersOfOtherBuiltIns(String selected, CcSettings settings) {
        for (String key : settings.parameters().keySet()) {
            String scheme = schemeOf(key);
            if (scheme == null || !BUILT_IN.containsKey(scheme)) {
                throw new IllegalArgumentException("setting '" + key + "' names no built-in congestion control;"
                        + " scheme settings are cc.<scheme>.<parameter> with <scheme> one of " + builtInNames());
            }
            if (!scheme.equals(selected)) {
                BUILT_IN.get(scheme).apply(settings);
            }
        }
    }

    private static String schemeOf(String key) {
        if (!key.startsWith("cc.")) {
            return null;
        }
        int dot = key.indexOf('.', 3);
        return dot < 0 ? null : key.substring(3, dot);
    }

    private static CongestionControl byClassName(String className, CcSettings settings) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("unknown congestion control '" + className + "'; built-in: "
                    + builtInNames() + ", or the fully-qualified name of a " + CongestionControl.class.getName()
                    + " class on the class path", e);
        }
        if (!CongestionControl.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("class " + className + " does not implement "
                    + CongestionControl.class.getName());
        }
        try {
            for (Constructor<?> constructor : type.getConstructors()) {
                if (List.of(constructor.getParameterTypes()).equals(List.of(CcSettings.class))) {
                    return (CongestionControl) constructor.newInstance(settings);
                }
            }
            return (CongestionControl) type.getConstructor().newInstance();
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException bad) {
                throw bad;
            }
            throw new IllegalArgumentException("cannot create congestion control " + className + ": " + cause, cause);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot create congestion control " + className + ": it needs a public"
                    + " constructor taking " + CcSettings.class.getName() + " or a public no-argument one (" + e + ")",
                    e);
        }
    }
}
