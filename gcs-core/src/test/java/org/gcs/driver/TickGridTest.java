package org.gcs.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The tick grid: every tick on {@code origin + k × tick}; a quiet node skips to a grid point a quiet interval on. */
class TickGridTest {
    private final TickGrid grid = new TickGrid(1_003, 5, 100);

    @Test
    void aTickAskedForComesAtTheNextGridPointStrictlyLater() {
        assertThat(grid.after(1_003)).isEqualTo(1_008);
        assertThat(grid.after(1_004)).isEqualTo(1_008);
        assertThat(grid.after(1_007)).isEqualTo(1_008);
        assertThat(grid.after(1_008)).isEqualTo(1_013);
        assertThat(grid.after(990)).as("before the origin").isEqualTo(993);
        assertThat(grid.atOrAfter(1_008)).isEqualTo(1_008);
        assertThat(grid.atOrAfter(1_009)).isEqualTo(1_013);
        assertThat(grid.atOrAfter(990)).isEqualTo(993);
    }

    @Test
    void aBusyNodeTicksAtEveryGridPointAQuietOneEveryQuietInterval() {
        assertThat(grid.next(1_008, 1_008, true, Long.MAX_VALUE)).isEqualTo(1_013);
        assertThat(grid.next(1_008, 1_008, false, Long.MAX_VALUE)).isEqualTo(1_108);
        assertThat(new TickGrid(0, 30, 100).next(30, 30, false, Long.MAX_VALUE)).as("rounded up to the grid")
                .isEqualTo(150);
    }

    @Test
    void aQuietNodeTicksAtItsNextDemandCheckIfThatIsSooner() {
        assertThat(grid.next(1_008, 1_008, false, 1_050)).as("between grid points: the next one").isEqualTo(1_053);
        assertThat(grid.next(1_008, 1_008, false, 1_048)).as("a check on the grid: then").isEqualTo(1_048);
        assertThat(grid.next(1_008, 1_008, false, 1_500)).as("later than a quiet interval").isEqualTo(1_108);
        assertThat(grid.next(1_008, 1_008, false, 0)).as("overdue: the next point").isEqualTo(1_013);
        assertThat(grid.next(1_008, 1_008, true, 1_500)).as("a busy node: every point").isEqualTo(1_013);
    }

    @Test
    void aLateTickSkipsTheGridPointsAlreadyPast() {
        assertThat(grid.next(1_008, 1_009, true, Long.MAX_VALUE)).as("a little late: the next point still comes")
                .isEqualTo(1_013);
        assertThat(grid.next(1_008, 1_030, true, Long.MAX_VALUE)).as("stalled over four points: no burst")
                .isEqualTo(1_033);
        assertThat(grid.next(1_008, 1_200, false, Long.MAX_VALUE)).isEqualTo(1_203);
    }

    @Test
    void aQuietIntervalShorterThanTheTickIsRefused() {
        assertThatThrownBy(() -> new TickGrid(0, 5, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tickNs <= quietNs");
        assertThatThrownBy(() -> new TickGrid(0, 0, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
