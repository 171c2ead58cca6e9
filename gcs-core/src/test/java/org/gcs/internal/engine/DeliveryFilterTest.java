package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link DeliveryFilter}: per origin, only sequence numbers above the highest accepted pass, and gaps are counted. */
class DeliveryFilterTest {
    private static final OriginKey A = new OriginKey("s", "a", 1, "g");
    private static final OriginKey A_NEXT_INCARNATION = new OriginKey("s", "a", 2, "g");
    private static final OriginKey A_OTHER_GROUP = new OriginKey("s", "a", 1, "h");

    @Test
    void passesEachSequenceNumberOnceAndCountsWhatWasSkipped() {
        DeliveryFilter filter = new DeliveryFilter();
        assertThat(filter.accept(A, 1)).isZero();
        assertThat(filter.accept(A, 2)).isZero();
        assertThat(filter.accept(A, 2)).isEqualTo(-1);
        assertThat(filter.accept(A, 1)).isEqualTo(-1);
        assertThat(filter.accept(A, 5)).isEqualTo(2);
        assertThat(filter.accept(A, 4)).isEqualTo(-1);
        assertThat(filter.accept(A, 6)).isZero();
    }

    @Test
    void aFirstMessageMayStartAnywhereAndOriginsAreIndependent() {
        DeliveryFilter filter = new DeliveryFilter();
        assertThat(filter.accept(A, 7)).isZero();
        assertThat(filter.accept(A_NEXT_INCARNATION, 1)).isZero();
        assertThat(filter.accept(A_OTHER_GROUP, 1)).isZero();
        assertThat(filter.accept(new OriginKey("s", "a", 1, "g"), 7)).isEqualTo(-1); // an equal key, another object
        assertThat(filter.accept(A, 8)).isZero();
    }

    @Test
    void forgettingAGroupLetsItsOriginsStartAgain() {
        DeliveryFilter filter = new DeliveryFilter();
        filter.accept(A, 3);
        filter.accept(A_OTHER_GROUP, 3);
        filter.forgetGroup("g");
        assertThat(filter.accept(A, 1)).isZero();
        assertThat(filter.accept(A_OTHER_GROUP, 3)).isEqualTo(-1);
    }
}
