package org.gcs.cc.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.LinkContext;
import org.gcs.cc.api.LinkPricer;
import org.gcs.cc.api.Price;
import org.gcs.cc.api.PriceGrant;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SenderGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.costbenefit.CostBenefitControl;
import org.junit.jupiter.api.Test;

/** Cost-benefit (seed 000) against the controller contract, plus what a price-based scheme adds to it. */
class CostBenefitContractTest extends ControllerContract {
    @Override
    CongestionControl control() {
        return new CostBenefitControl(SETTINGS);
    }

    @Override
    SenderGrant senderGrant() {
        return new Price(2, 10);
    }

    @Test
    void shouldGrantAPriceOfAtLeastTheFee() {
        SourceController source = control().newSource(new SourceContext("a", "g", 1, 1));
        assertThat(source.grant()).isInstanceOf(PriceGrant.class);
        source.onTree(List.of(new DirectedEdge("a", "b")), 0);
        source.onLinkCost(new DirectedEdge("a", "b"), 1e9, 0);
        PriceGrant grant = (PriceGrant) source.grant();
        assertThat(grant.dollarsPerPacket()).isEqualTo(21); // the fee and C_max
        assertUsable(grant, "a clamped price");
    }

    @Test
    void shouldPriceEveryLinkAndNeverWithNaN() {
        LinkPricer pricer = control().newLinkPricer(new LinkContext(new DirectedEdge("a", "b"), 0));
        assertThat(pricer).isNotNull();
        long now = 0;
        for (int tick = 0; tick < 2_000; tick++) {
            now += 5 * MS;
            pricer.onQueue(tick % 700 < 350 ? tick % 350 : 0, now);
            assertThat(pricer.costDollars(now)).isBetween(0.0, 20.0);
            assertThat(pricer.averageWaitingPackets()).isNotNaN().isNotNegative();
            if (pricer.advertiseDue(now)) {
                pricer.onAdvertised(now);
            }
        }
    }

    @Test
    void shouldAdmitFromTheBudgetWithoutReportingDemand() {
        SenderAdmission admission = control().newAdmission(new AdmissionContext("a1", "g", 0));
        for (long now = 0; now < 2_000 * MS; now += 5 * MS) {
            admission.tryAdmit(1120, now);
            assertThat(admission.dueReport(now, true, true)).isNull();
        }
        assertThat(admission.state()).containsKeys("budgetDollars", "salaryPeriodSeconds", "priceDollarsPerPacket");
    }
}
