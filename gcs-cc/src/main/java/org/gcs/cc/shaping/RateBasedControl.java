package org.gcs.cc.shaping;

import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.SenderAdmission;

/**
 * The template of a rate-based scheme (TFRC, ORMCC, or one of your own): its sources grant an aggregate
 * {@link RateGrant}, which the engine splits max-min fairly among the site's senders, and every member shapes its
 * messages with a {@link RateAdmission} (a token bucket at the granted share, demand reports; seed 004 §4.2–4.3). A
 * subclass passes its name, wire tag and codec, and makes its source and its monitor; the node's {@link CcSettings}
 * are at hand in {@link #settings()}.
 */
public abstract class RateBasedControl implements CongestionControl {
    private final String name;
    private final int wireTag;
    private final ControlBlockCodec codec;
    private final CcSettings settings;

    /**
     * @param name the scheme's short name; not blank
     * @param wireTag the tag of its blocks on the wire, 1..255, or 0 if it puts none on the wire
     * @param codec the codec of its blocks; {@link ControlBlockCodec#NONE} exactly when the tag is 0
     * @param settings the node's settings
     * @throws IllegalArgumentException if the name is blank, or the tag is out of range or does not go with the codec
     */
    protected RateBasedControl(String name, int wireTag, ControlBlockCodec codec, CcSettings settings) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a scheme needs a name");
        }
        if (wireTag < 0 || wireTag > 255 || (wireTag == 0) != (codec == ControlBlockCodec.NONE)) {
            throw new IllegalArgumentException("scheme " + name + ": wire tag " + wireTag + " must be 1..255 with a"
                    + " codec, or 0 with ControlBlockCodec.NONE");
        }
        this.name = name;
        this.wireTag = wireTag;
        this.codec = codec;
        this.settings = settings;
    }

    @Override
    public final String name() {
        return name;
    }

    /**
     * A token bucket at the member's granted share, starting at the initial rate, with the settings' burst.
     *
     * @param context the member and group
     * @return a {@link RateAdmission}
     */
    @Override
    public SenderAdmission newAdmission(AdmissionContext context) {
        return new RateAdmission(settings.initialRateBytesPerSec(), settings.burstBytes(), context.nowNs());
    }

    @Override
    public final int wireTag() {
        return wireTag;
    }

    /** @return the node's settings the scheme was built from */
    protected final CcSettings settings() {
        return settings;
    }

    @Override
    public final ControlBlockCodec blockCodec() {
        return codec;
    }

    /** @return {@link GrantKind#RATE}: the template's sources grant rates and its members shape to their shares */
    @Override
    public final GrantKind grantKind() {
        return GrantKind.RATE;
    }
}
