package org.gcs.cc.costbenefit;

import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.LinkContext;
import org.gcs.cc.api.LinkPricer;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.none.SilentMonitor;

/**
 * The {@value #NAME} scheme, seed 000 (Amir, Awerbuch, Danilov, Stanton): link prices from output buffers
 * ({@link ExpLinkPricer}, at every delegate), a packet price per group ({@link CostBenefitSource}, at the sending
 * delegate), and a budget per sender and group ({@link CostBenefitAdmission}). Receiving delegates measure nothing
 * and send no feedback. Runs on the hop-by-hop transport only: its signal is the output buffer of a reliable overlay
 * link. Nothing travels in data packets; link prices go in advertisements of their own, which the engine sends.
 */
public final class CostBenefitControl implements CongestionControl {
    /** The scheme's selector name. */
    public static final String NAME = "cost-benefit";

    private final CostBenefitSettings settings;

    /** The scheme with the paper's defaults. */
    public CostBenefitControl() {
        this(CostBenefitSettings.DEFAULTS);
    }

    /**
     * @param settings the node's settings; {@code cc.cost-benefit.*} are read and checked now
     * @throws IllegalArgumentException if a parameter is unknown or invalid
     */
    public CostBenefitControl(CcSettings settings) {
        this(CostBenefitSettings.from(settings));
    }

    /** @param settings the scheme's settings */
    public CostBenefitControl(CostBenefitSettings settings) {
        this.settings = settings;
    }

    /** @return the scheme's settings */
    public CostBenefitSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SourceController newSource(SourceContext context) {
        return new CostBenefitSource(settings, context.site());
    }

    @Override
    public ReceiverMonitor newMonitor(MonitorContext context) {
        return new SilentMonitor(NAME);
    }

    @Override
    public SenderAdmission newAdmission(AdmissionContext context) {
        long seed = 0x9E3779B97F4A7C15L * context.member().hashCode() + context.group().hashCode();
        return new CostBenefitAdmission(settings, context, seed);
    }

    @Override
    public LinkPricer newLinkPricer(LinkContext context) {
        return new ExpLinkPricer(settings, context.nowNs());
    }

    @Override
    public boolean pricesLinks() {
        return true;
    }

    /** @return {@link GrantKind#PRICE}: the senders pay a packet price from their budgets */
    @Override
    public GrantKind grantKind() {
        return GrantKind.PRICE;
    }

}
