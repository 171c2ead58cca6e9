package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StartGateTest {
    private static final long LONG_NS = TimeUnit.SECONDS.toNanos(30);
    private final StartGate gate = new StartGate();

    @Test
    void shouldStartOnceTheEngineHasItsFirstView() throws Exception {
        gate.handing();
        gate.viewed();

        assertThat(gate.await(LONG_NS, LONG_NS)).isEqualTo(StartGate.Outcome.VIEWED);
    }

    @Test
    void shouldRefuseAStartWhoseNameStaysTakenForTheGracePeriod() throws Exception {
        assertThat(gate.nameTaken("member name 'a' is already taken", System.nanoTime())).isFalse();

        long startNs = System.nanoTime();
        assertThat(gate.await(LONG_NS, TimeUnit.MILLISECONDS.toNanos(50))).isEqualTo(StartGate.Outcome.NAME_TAKEN);
        assertThat(System.nanoTime() - startNs).isLessThan(TimeUnit.SECONDS.toNanos(10));
        assertThat(gate.nameTaken()).isEqualTo("member name 'a' is already taken");
    }

    @Test
    void shouldForgetATakenNameOnceAViewWithoutTheOlderCopyGoesToTheEngine() throws Exception {
        gate.nameTaken("taken", System.nanoTime());
        gate.handing(); // the crashed copy was excluded: a view without it

        assertThat(gate.nameTaken()).isNull();
        assertThat(gate.await(TimeUnit.MILLISECONDS.toNanos(20), 0)).isEqualTo(StartGate.Outcome.TIMED_OUT);
        gate.viewed();
        assertThat(gate.await(0, 0)).isEqualTo(StartGate.Outcome.VIEWED);
    }

    @Test
    void shouldTellTheCallerToLeaveWhenTheNameIsTakenAfterAViewWentToTheEngine() {
        gate.handing();

        assertThat(gate.nameTaken("taken after a merge", System.nanoTime())).isTrue();
    }
}
