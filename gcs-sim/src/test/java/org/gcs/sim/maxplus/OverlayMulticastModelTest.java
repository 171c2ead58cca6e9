package org.gcs.sim.maxplus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Seed 003's model against closed forms, the digest's independent re-run (§7) and the paper's claims (§4). */
class OverlayMulticastModelTest {
    /** Service times of 1 (to within 10⁻⁷): throughputs have closed forms. */
    private static final ServiceLaw CONSTANT = new ServiceLaw.BoundedPareto(1, 1 + 1e-7, 1);
    private static final ServiceLaw EXP = new ServiceLaw.Exponential(1);
    private static final int INF = OverlayModelParameters.UNBOUNDED;

    private static double constant(MulticastControl control, int depth, int receivers, int wE, int wC, int wF) {
        return OverlayMulticastModel.throughput(new OverlayModelParameters(control, depth, 2, receivers, wE, wC, wF,
                CONSTANT, 3000, 1, 1)).packetsPerTime();
    }

    private static double figure7(MulticastControl control, int receivers, int flowWindow, ServiceLaw law) {
        return OverlayMulticastModel.throughput(OverlayModelParameters.paperFigure7(control, receivers, flowWindow,
                law, 7)).packetsPerTime();
    }

    @Test
    void shouldBeLimitedByTheWindowOverTheStationsOfAPathWithConstantService() {
        // one hop: a fork station and two routers; a window of w packets over 3 stations of service 1 gives w/3
        assertThat(constant(MulticastControl.END_TO_END, 1, 1, 1, 1, 1)).isCloseTo(1.0 / 3, within(1e-3));
        assertThat(constant(MulticastControl.END_TO_END, 1, 1, 3, 1, 1)).isCloseTo(1, within(2e-3));
        assertThat(constant(MulticastControl.OVERLAY, 1, 1, 1, 1, INF)).isCloseTo(1.0 / 3, within(1e-3));
        assertThat(constant(MulticastControl.OVERLAY, 1, 1, 1, 3, 1)).isCloseTo(1, within(2e-3));
        // five hops: end to end needs W^e = 15 for the 15 stations of a path (Eq. 4), the overlay W_c = 3 per hop
        assertThat(constant(MulticastControl.END_TO_END, 5, 32, 5, 1, 1)).isCloseTo(1.0 / 3, within(1e-3));
        assertThat(constant(MulticastControl.END_TO_END, 5, 32, 15, 1, 1)).isCloseTo(1, within(1e-2));
        assertThat(constant(MulticastControl.OVERLAY, 5, 32, 1, 3, 1)).isCloseTo(1, within(1e-2));
        assertThat(constant(MulticastControl.OVERLAY, 5, 32, 1, 2, INF)).isCloseTo(2.0 / 3, within(3e-3));
    }

    @Test
    void shouldMatchTheDigestsReRunUnderExponentialService() {
        // digest 003 §7, Exp(1), M = 2000, R = 40 (CI half-width at most 0.3 % there)
        assertThat(figure7(MulticastControl.END_TO_END, 1, 1, EXP)).isCloseTo(0.515, within(0.01));
        assertThat(figure7(MulticastControl.END_TO_END, 32, 1, EXP)).isCloseTo(0.444, within(0.01));
        assertThat(figure7(MulticastControl.OVERLAY, 1, 1, EXP)).isCloseTo(0.459, within(0.01));
        assertThat(figure7(MulticastControl.OVERLAY, 32, 3, EXP)).isCloseTo(0.470, within(0.01));
        assertThat(figure7(MulticastControl.OVERLAY, 32, 30, EXP)).isCloseTo(0.561, within(0.01));
    }

    @Test
    void shouldKeepTheDecoupledOverlayFlatAndLetEndToEndFallLogarithmicallyUnderExponentialService() {
        int[] receivers = {1, 2, 4, 8, 16, 32};
        double[] logR = new double[receivers.length];
        double[] inverse = new double[receivers.length];
        for (int i = 0; i < receivers.length; i++) {
            logR[i] = Math.log(receivers[i]);
            inverse[i] = 1 / figure7(MulticastControl.END_TO_END, receivers[i], 1, EXP);
        }
        assertThat(rSquared(logR, inverse)).as("1/T linear in ln r (Chaintreau)").isGreaterThanOrEqualTo(0.95);
        double flat = figure7(MulticastControl.OVERLAY, 32, INF, EXP) / figure7(MulticastControl.OVERLAY, 1, INF, EXP);
        assertThat(flat).as("overlay, W_f = ∞: T(32)/T(1)").isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void shouldReproduceFigure7sOrderingAndRatioUnderHeavyTails() {
        ServiceLaw bp = ServiceLaw.BoundedPareto.PAPER;
        for (int r : new int[] {16, 32}) {
            double e2e = figure7(MulticastControl.END_TO_END, r, 1, bp);
            double tight = figure7(MulticastControl.OVERLAY, r, 1, bp);
            double equal = figure7(MulticastControl.OVERLAY, r, 3, bp);
            double loose = figure7(MulticastControl.OVERLAY, r, 30, bp);
            double unbounded = figure7(MulticastControl.OVERLAY, r, INF, bp);
            assertThat(tight).as("W_f = 1 below end to end, r = %d", r).isLessThan(e2e);
            assertThat(equal / e2e).as("W_f = W_c about end to end, r = %d", r).isCloseTo(1, within(0.15));
            assertThat(loose / e2e).as("W_f = 30 well above, r = %d", r).isGreaterThan(1.2);
            assertThat(unbounded).as("W_f = ∞ at least W_f = 30, r = %d", r).isGreaterThanOrEqualTo(loose);
            if (r == 32) {
                assertThat(loose / e2e).as("the paper's ≈ 1.5, the digest's 1.80").isBetween(1.3, 2.2);
            }
        }
    }

    @Test
    void shouldRepeatExactlyForOneSeed() {
        OverlayModelParameters p = OverlayModelParameters.paperFigure7(MulticastControl.OVERLAY, 8, 30,
                ServiceLaw.BoundedPareto.PAPER, 3);
        assertThat(OverlayMulticastModel.throughput(p)).isEqualTo(OverlayMulticastModel.throughput(p));
    }

    @Test
    void shouldRejectReceiversTheTreeDoesNotHave() {
        assertThatThrownBy(() -> OverlayModelParameters.paperFigure7(MulticastControl.OVERLAY, 33, 3,
                ServiceLaw.BoundedPareto.PAPER, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("receivers must be in [1, 2^depth = 32]");
    }

    private static double rSquared(double[] x, double[] y) {
        int n = x.length;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i] / n;
            my += y[i] / n;
        }
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxy * sxy / (sxx * syy);
    }
}
