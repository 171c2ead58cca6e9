package org.gcs.cc.costbenefit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.CongestionControls;
import org.gcs.cc.api.CcSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code cc.cost-benefit.*} settings: the paper's defaults (seed 000 §VII), parsing, checks, round trip. */
class CostBenefitSettingsTest {
    private static final long MS = 1_000_000L;

    private static CostBenefitSettings parse(Map<String, String> parameters) {
        return CostBenefitSettings.from(CcSettings.DEFAULTS.withParameters(parameters));
    }

    private static Map<String, String> prefixed(CostBenefitSettings settings) {
        Map<String, String> full = new LinkedHashMap<>();
        settings.toParameters().forEach((key, value) -> full.put("cc.cost-benefit." + key, value));
        return full;
    }

    @Test
    void shouldUseThePapersValuesByDefault() {
        CostBenefitSettings s = parse(Map.of());
        assertThat(s).isEqualTo(CostBenefitSettings.DEFAULTS);
        assertThat(s.maxLinkCostDollars()).isEqualTo(20); // C_max
        assertThat(s.salaryDollars()).isEqualTo(10);
        assertThat(s.savingsDollars()).isEqualTo(20); // S = C_max
        assertThat(s.feeDollars()).isEqualTo(1); // Δ
        assertThat(s.thresholdDollars()).isEqualTo(2); // H
        assertThat(s.softBufferPackets()).isEqualTo(100); // M
        assertThat(s.congestedAdvertiseNs()).isEqualTo(50 * MS); // T_min
        assertThat(s.idleAdvertiseNs()).isEqualTo(2_500 * MS); // T_max
        assertThat(s.updateIntervalNs()).isEqualTo(50 * MS); // T_update = T_min (A14)
        assertThat(s.initialPeriodNs()).isEqualTo(1_000 * MS);
        assertThat(s.minPeriodNs()).isEqualTo(MS); // A8
        assertThat(s.maxPeriodNs()).isEqualTo(60_000 * MS); // A8
        assertThat(s.randomization()).isTrue();
        assertThat(s.deferNs()).isEqualTo(10 * MS); // A9, measured
        assertThat(s.increaseOncePerNs()).isZero(); // A7: the paper's rule
        assertThat(s.blockedWithoutPurchase()).isEqualTo(BlockedWithoutPurchase.ZERO); // A5, as the lead set it
        assertThat(s.adaptationClock()).isEqualTo(AdaptationClock.UPDATE_INTERVAL); // A7, measured
        assertThat(s.scheme()).isEqualTo("cost-benefit");
        assertThat(new CostBenefitControl().settings()).isEqualTo(CostBenefitSettings.DEFAULTS);
    }

    @Test
    void shouldParseEveryKey() {
        CostBenefitSettings s = parse(Map.ofEntries(
                Map.entry("cc.cost-benefit.max.link.cost", "30"),
                Map.entry("cc.cost-benefit.salary", "5"),
                Map.entry("cc.cost-benefit.savings", "40"),
                Map.entry("cc.cost-benefit.fee", "0.5"),
                Map.entry("cc.cost-benefit.threshold", "3"),
                Map.entry("cc.cost-benefit.soft.buffer", "200"),
                Map.entry("cc.cost-benefit.advertise.congested", "20ms"),
                Map.entry("cc.cost-benefit.advertise.idle", "1s"),
                Map.entry("cc.cost-benefit.update.interval", "25ms"),
                Map.entry("cc.cost-benefit.initial.period", "500ms"),
                Map.entry("cc.cost-benefit.min.period", "100us"),
                Map.entry("cc.cost-benefit.max.period", "10s"),
                Map.entry("cc.cost-benefit.randomization", " False "),
                Map.entry("cc.cost-benefit.defer", "10ms"),
                Map.entry("cc.cost-benefit.increase.once.per", "50ms"),
                Map.entry("cc.cost-benefit.blocked.without.purchase", "Zero"),
                Map.entry("cc.cost-benefit.adapt.at", "Salary")));
        assertThat(s).isEqualTo(new CostBenefitSettings(30, 5, 40, 0.5, 3, 200, 20 * MS, 1_000 * MS, 25 * MS,
                500 * MS, 100_000, 10_000 * MS, false, 10 * MS, 50 * MS, BlockedWithoutPurchase.ZERO,
                AdaptationClock.SALARY));
        assertThat(parse(Map.of("cc.cost-benefit.blocked.without.purchase", "keep")).blockedWithoutPurchase())
                .isEqualTo(BlockedWithoutPurchase.KEEP);
        assertThat(parse(Map.of("cc.cost-benefit.blocked.without.purchase", "blocked-price"))
                .blockedWithoutPurchase()).isEqualTo(BlockedWithoutPurchase.BLOCKED_PRICE);
    }

    @Test
    void shouldRejectAnUnknownKeyByItsFullName() {
        assertThatThrownBy(() -> parse(Map.of("cc.cost-benefit.salry", "10")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.cost-benefit.salry")
                .hasMessageContaining("cc.cost-benefit.salary");
    }

    @Test
    void shouldLeaveOtherSchemesKeysAlone() {
        assertThat(parse(Map.of("cc.ormcc.beta", "0.7"))).isEqualTo(CostBenefitSettings.DEFAULTS);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "max.link.cost, 70", "max.link.cost, 0", "salary, 0", "salary, -1", "savings, 0", "fee, 0", "threshold, 0",
        "soft.buffer, 0.5", "advertise.congested, 100us", "advertise.idle, 2h", "update.interval, 0ms",
        "initial.period, 2ns", "min.period, 0s", "max.period, 5000s", "defer, 0ms", "increase.once.per, -1ms",
        "randomization, sometimes", "salary, lots", "defer, 5", "blocked.without.purchase, never"})
    void shouldRejectAValueOutOfRangeByItsFullName(String key, String value) {
        assertThatThrownBy(() -> parse(Map.of("cc.cost-benefit." + key, value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.cost-benefit." + key);
    }

    @Test
    void shouldRejectSettingsThatContradictEachOther() {
        assertThatThrownBy(() -> parse(Map.of("cc.cost-benefit.advertise.idle", "10ms")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("advertise.idle");
        assertThatThrownBy(() -> parse(Map.of("cc.cost-benefit.min.period", "2s")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("min.period");
        assertThatThrownBy(() -> parse(Map.of("cc.cost-benefit.max.period", "500ms")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max.period");
        assertThatThrownBy(() -> new CostBenefitSettings(20, Double.POSITIVE_INFINITY, 20, 1, 2, 100, 50 * MS,
                2_500 * MS, 50 * MS, 1_000 * MS, MS, 60_000 * MS, true, 5 * MS, 0, BlockedWithoutPurchase.KEEP,
                AdaptationClock.SALARY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("salaryDollars");
        assertThatThrownBy(() -> new CostBenefitSettings(20, 10, Double.NaN, 1, 2, 100, 50 * MS, 2_500 * MS,
                50 * MS, 1_000 * MS, MS, 60_000 * MS, true, 5 * MS, 0, BlockedWithoutPurchase.KEEP,
                AdaptationClock.SALARY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("savingsDollars");
        assertThatThrownBy(() -> new CostBenefitSettings(20, 10, 20, 1, 2, 100, 50 * MS, 2_500 * MS,
                50 * MS, 1_000 * MS, MS, 60_000 * MS, true, 5 * MS, 0, null,
                AdaptationClock.SALARY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blockedWithoutPurchase");
    }

    @Test
    void shouldRoundTripThroughItsParameters() {
        assertThat(parse(prefixed(CostBenefitSettings.DEFAULTS))).isEqualTo(CostBenefitSettings.DEFAULTS);
        CostBenefitSettings odd = new CostBenefitSettings(12.345, 0.1, 33.3, 0.75, 1.5, 64, 12_345_678, 2_000_000_001L,
                7 * MS + 1, 987_654_321, 1_001, 59_999 * MS, false, 4_999_999, 123_456_789,
                BlockedWithoutPurchase.KEEP, AdaptationClock.SALARY);
        assertThat(parse(prefixed(odd))).isEqualTo(odd);
        assertThat(odd.toParameters()).hasSize(17);
    }

    @Test
    void shouldSwitchRandomizationOnly() {
        CostBenefitSettings off = CostBenefitSettings.DEFAULTS.withRandomization(false);
        assertThat(off.randomization()).isFalse();
        assertThat(off.withRandomization(true)).isEqualTo(CostBenefitSettings.DEFAULTS);
    }

    @Test
    void shouldBeSelectableByNameWithItsSettings() {
        CcSettings settings = CcSettings.DEFAULTS.withParameters(Map.of("cc.cost-benefit.salary", "7"));
        assertThat(CongestionControls.create("cost-benefit", settings)).isInstanceOfSatisfying(
                CostBenefitControl.class, c -> assertThat(c.settings().salaryDollars()).isEqualTo(7));
        assertThatThrownBy(() -> new CostBenefitControl(CcSettings.DEFAULTS.withParameters(
                Map.of("cc.cost-benefit.nope", "1")))).hasMessageContaining("cc.cost-benefit.nope");
    }
}
