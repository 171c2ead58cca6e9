package org.gcs.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.gcs.lab.tcp.TcpFriendlinessScenario;

/** The scenarios of {@code gcs lab}, by name. A new scenario adds one line to the static block. */
public final class LabScenarios {
    private static final Map<String, Supplier<LabScenario>> BY_NAME = new LinkedHashMap<>();

    static {
        add(RateRestrictionScenario::new);
        add(MembershipScenario::new);
        add(LanFairnessScenario::new);
        add(TcpFriendlinessScenario::new);
        add(org.gcs.lab.ormcc.OrmccTrackingScenario::new);
        add(org.gcs.lab.ormcc.OrmccMultiBottleneckScenario::new);
        add(org.gcs.lab.ormcc.OrmccDropToZeroScenario::new);
        add(org.gcs.lab.ormcc.OrmccFeedbackLossScenario::new);
        add(org.gcs.lab.ormcc.OrmccMutedRepresentativeScenario::new);
        add(org.gcs.lab.ormcc.OrmccVsTfrcScenario::new);
        add(org.gcs.lab.overlay.OverlayScalingScenario::new);
        add(org.gcs.lab.overlay.OverlayVsEndToEndScenario::new);
        add(org.gcs.lab.hop.BackupBuffersScenario::new);
        add(org.gcs.lab.hop.TransportScalingScenario::new);
        add(org.gcs.lab.membership.MembershipScalingScenario::new);
        add(org.gcs.lab.membership.MembershipScalingScenario::swim);
        add(org.gcs.lab.costbenefit.CostBenefitTwoBottlenecksScenario::new);
        add(org.gcs.lab.costbenefit.CostBenefitSharedBottleneckScenario::new);
        add(org.gcs.lab.costbenefit.CostBenefitChainScenario::new);
        add(org.gcs.lab.costbenefit.CostBenefitManySendersScenario::new);
        add(org.gcs.lab.costbenefit.CostBenefitRandomizationScenario::new);
        add(org.gcs.lab.nat.NatScenario::new);
    }

    private LabScenarios() {
    }

    private static void add(Supplier<LabScenario> factory) {
        BY_NAME.put(factory.get().name(), factory);
    }

    /** @return the names of every scenario, in registration order */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** @return a new instance of the named scenario, if there is one */
    public static Optional<LabScenario> find(String name) {
        Supplier<LabScenario> factory = BY_NAME.get(name);
        return factory == null ? Optional.empty() : Optional.of(factory.get());
    }
}
