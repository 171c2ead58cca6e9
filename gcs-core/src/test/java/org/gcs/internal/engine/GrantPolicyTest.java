package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.PriceGrant;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.costbenefit.CostBenefitControl;
import org.gcs.cc.none.SilentMonitor;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.PacketPrice;
import org.gcs.internal.wire.LanMessage.Share;
import org.junit.jupiter.api.Test;

class GrantPolicyTest {
    private static final long MS = 1_000_000L;

    /** A scheme that declares one kind of grant and grants whatever it is given. */
    static CongestionControl declaring(GrantKind declared, Grant granted) {
        return new CongestionControl() {
            @Override
            public String name() {
                return "liar";
            }

            @Override
            public GrantKind grantKind() {
                return declared;
            }

            @Override
            public SourceController newSource(SourceContext context) {
                return new SourceController() {
                    @Override
                    public void onReceiverAdded(String site, long nowNs) {
                    }

                    @Override
                    public void onReceiverRemoved(String site, long nowNs) {
                    }

                    @Override
                    public Grant grant() {
                        return granted;
                    }

                    @Override
                    public CcSnapshot snapshot() {
                        return new CcSnapshot("liar", Double.POSITIVE_INFINITY, null, false, "", List.of(), Map.of());
                    }
                };
            }

            @Override
            public ReceiverMonitor newMonitor(MonitorContext context) {
                return new SilentMonitor("liar");
            }

            @Override
            public SenderAdmission newAdmission(AdmissionContext context) {
                throw new UnsupportedOperationException("not used here");
            }
        };
    }

    @Test
    void shouldSplitARateAmongTheSendersForARateBasedScheme() {
        LocalAllocation allocation = new LocalAllocation("g");
        GrantPolicy<Grant> policy = GrantPolicy.forFlow(new TfrcControl(CcSettings.DEFAULTS), "g", allocation);
        allocation.onDemand(new Demand("a1", 1, "g", 30_000, false), 0);
        allocation.onDemand(new Demand("a2", 1, "g", 100_000, true), 0);

        Optional<LanMessage> message = policy.publish(new RateGrant(80_000, "b", false), 7, 5 * MS);

        assertThat(message).get().isInstanceOfSatisfying(LanMessage.Grant.class, grant -> {
            assertThat(grant.delegateTerm()).isEqualTo(7);
            assertThat(grant.group()).isEqualTo("g");
            assertThat(grant.allowedRateBytesPerSec()).isEqualTo(80_000);
            assertThat(grant.limitingSite()).isEqualTo("b");
            assertThat(grant.shares()).containsExactly(new Share("a1", 1, 30_000), new Share("a2", 1, 50_000));
        });
        // the same grant a tick later: nothing moved, nothing is due
        assertThat(policy.publish(new RateGrant(80_000, "b", false), 7, 10 * MS)).isEmpty();
    }

    @Test
    void shouldPublishThePriceForAPriceBasedScheme() {
        GrantPolicy<Grant> policy = GrantPolicy.forFlow(new CostBenefitControl(), "g", new LocalAllocation("g"));

        Optional<LanMessage> message = policy.publish(new PriceGrant(1.5, 10, null), 7, 5 * MS);

        assertThat(message).contains(new PacketPrice(7, "g", 1_500_000, 10_000_000));
        assertThat(policy.publish(new PriceGrant(1.5, 10, null), 7, 10 * MS)).isEmpty();
        assertThat(policy.publish(new PriceGrant(1.5, 10, null), 7, 5 * MS + PricePublisher.REFRESH_NS)).isPresent();
    }

    @Test
    void shouldFailLoudlyWhenARateBasedSchemeGrantsAPrice() {
        CongestionControl liar = declaring(GrantKind.RATE, new PriceGrant(1.5, 10, null));
        GrantPolicy<Grant> policy = GrantPolicy.forFlow(liar, "g", new LocalAllocation("g"));

        assertThatThrownBy(() -> policy.publish(liar.newSource(null).grant(), 7, 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'liar'").hasMessageContaining("RATE grants (RateGrant")
                .hasMessageContaining("PriceGrant[dollarsPerPacket=1.5");
    }

    @Test
    void shouldFailLoudlyWhenAPriceBasedSchemeGrantsARateOrNothing() {
        GrantPolicy<Grant> policy = GrantPolicy.forFlow(declaring(GrantKind.PRICE, null), "g",
                new LocalAllocation("g"));

        assertThatThrownBy(() -> policy.publish(RateGrant.UNLIMITED, 7, 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'liar'").hasMessageContaining("PRICE grants (PriceGrant")
                .hasMessageContaining("RateGrant[");
        assertThatThrownBy(() -> policy.publish(null, 7, 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("granted null");
    }

    @Test
    void shouldRejectASchemeThatDeclaresNoKind() {
        assertThatThrownBy(() -> GrantPolicy.forFlow(declaring(null, RateGrant.UNLIMITED), "g",
                new LocalAllocation("g")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'liar' declares no grant kind");
    }
}
