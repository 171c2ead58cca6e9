package org.gcs.cc.api;

import java.util.Map;

/**
 * A scheme's own settings as a typed record (e.g. {@code OrmccSettings}), convertible to the
 * {@code cc.<scheme>.<parameter>} entries of {@link CcSettings#parameters()} so that a builder call and a properties
 * file end up in the same place.
 */
public interface SchemeSettings {
    /** @return the scheme's name, the {@code <scheme>} of its keys */
    String scheme();

    /** @return every parameter by its key without the {@code cc.<scheme>.} prefix, as the scheme's parser reads it */
    Map<String, String> toParameters();
}
