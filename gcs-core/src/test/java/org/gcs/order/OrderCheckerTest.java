package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** {@link OrderChecker} finds each kind of violation in hand-made delivery logs, and nothing in a correct pair. */
class OrderCheckerTest {
    private static final MemberId A = new MemberId("a", "a1");
    private static final MemberId B = new MemberId("b", "b1");
    private static final String G = "g";

    private static DeliveryLog log(MemberId member) {
        DeliveryLog log = new DeliveryLog(member, G);
        log.onAdmitted(G, 7);
        return log;
    }

    private static void view(DeliveryLog log, long viewNumber, long position) {
        log.onView(new GroupView(G, viewNumber, List.of(A, B)), position);
    }

    private static void message(DeliveryLog log, MemberId sender, long seq, long position) {
        message(log, sender, seq, position, 0);
    }

    /** @param tag tells apart the payloads of two incarnations of one sender, whose numbers both start at 1 */
    private static void message(DeliveryLog log, MemberId sender, long seq, long position, int tag) {
        log.onMessage(new GroupMessage(sender, G, seq, new byte[] {(byte) seq, (byte) sender.hashCode(), (byte) tag}),
                position);
    }

    @Test
    void shouldFindNothingWhenTwoMembersDeliverTheSameOrder() {
        DeliveryLog a = log(A);
        DeliveryLog b = log(B);
        for (DeliveryLog log : List.of(a, b)) {
            view(log, 1, 1);
            message(log, A, 1, 2);
            message(log, B, 1, 3);
            message(log, A, 2, 4);
        }
        OrderChecker.Result result = OrderChecker.check(List.of(a, b));
        assertThat(result.ok()).isTrue();
        assertThat(result.events()).isEqualTo(8);
    }

    @Test
    void shouldFindTwoMembersOrderingAPairDifferently() {
        DeliveryLog a = log(A);
        DeliveryLog b = log(B);
        view(a, 1, 1);
        view(b, 1, 1);
        message(a, A, 1, 2);
        message(a, B, 1, 3);
        message(b, B, 1, 2);
        message(b, A, 1, 3);
        OrderChecker.Result result = OrderChecker.check(List.of(a, b));
        assertThat(result.orderDisagreements()).isEqualTo(4);
        assertThat(result.problems()).first().asString().contains("where another member delivered");
    }

    @Test
    void shouldFindAGapAndAMessageBeforeTheAdmittingView() {
        DeliveryLog a = log(A);
        message(a, A, 1, 2);
        message(a, A, 2, 4);
        OrderChecker.Result result = OrderChecker.check(List.of(a));
        assertThat(result.gaps()).isEqualTo(2);
    }

    @Test
    void shouldFindASenderOutOfItsOrder() {
        DeliveryLog a = log(A);
        view(a, 1, 1);
        message(a, B, 2, 2);
        message(a, B, 1, 3);
        assertThat(OrderChecker.check(List.of(a)).senderOrderViolations()).isEqualTo(1);
    }

    @Test
    void shouldFindTwoMembersPassingBetweenTheSameViewsWithOtherMessages() {
        DeliveryLog a = log(A);
        DeliveryLog b = log(B);
        view(a, 1, 1);
        message(a, A, 1, 2);
        view(a, 2, 3);
        DeliveryLog other = new DeliveryLog(B, G);
        other.onAdmitted(G, 8); // another lineage: positions may hold other events, but the views are the same
        view(other, 1, 1);
        message(other, B, 1, 2);
        view(other, 2, 3);
        OrderChecker.Result result = OrderChecker.check(List.of(a, b, other));
        assertThat(result.orderDisagreements()).isZero();
        assertThat(result.viewSynchronyViolations()).isZero(); // view identities are per lineage
    }

    @Test
    void shouldStartANewLogWhenAMemberJoinsAgain() {
        DeliveryLog a = log(A);
        view(a, 1, 1);
        message(a, A, 1, 2);
        a.onRejoined(G, "left out");
        a.onAdmitted(G, 7);
        view(a, 3, 10);
        message(a, A, 1, 11, 1);
        assertThat(a.incarnations()).hasSize(2);
        assertThat(OrderChecker.check(List.of(a)).ok()).isTrue();
    }

    /** A: the group's first member, delivering positions 1 to 6; C joins at 3 and gets A's state at {@code at}. */
    private static DeliveryLog[] stateTransfer(long at, boolean cutState, boolean deliverTwice) throws Exception {
        MemberId c = new MemberId("c", "c1");
        DeliveryLog a = log(A);
        view(a, 1, 1);
        message(a, A, 1, 2);
        view(a, 2, 3); // admits c
        message(a, A, 2, 4);
        message(a, A, 3, 5);
        message(a, A, 4, 6);
        DeliveryLog joiner = log(c);
        view(joiner, 2, 3);
        java.io.ByteArrayOutputStream state = new java.io.ByteArrayOutputStream();
        DeliveryLog upTo = log(A); // A's log as it was at {@code at}
        for (DeliveryLog.Event e : a.incarnations().get(0)) {
            if (e.position() <= at && !(cutState && e.position() == 2)) {
                if (e.isView()) {
                    view(upTo, e.seq(), e.position());
                } else {
                    message(upTo, A, e.seq(), e.position());
                }
            }
        }
        upTo.snapshot(G, at).writeTo(state);
        joiner.readState(G, at, new java.io.ByteArrayInputStream(state.toByteArray()));
        for (long position = deliverTwice ? at : at + 1; position <= 6; position++) {
            if (position > 3) {
                message(joiner, A, position - 2, position);
            }
        }
        return new DeliveryLog[] {a, joiner};
    }

    @Test
    void shouldPassAnExactStateTransfer() throws Exception {
        OrderChecker.Result result = OrderChecker.check(List.of(stateTransfer(4, false, false)));
        assertThat(result.problems()).isEmpty();
        assertThat(result.ok()).isTrue();
    }

    @Test
    void shouldFindAStateThatMissesAPosition() throws Exception {
        OrderChecker.Result result = OrderChecker.check(List.of(stateTransfer(4, true, false)));
        assertThat(result.stateTransferViolations()).isEqualTo(1);
        assertThat(result.problems()).anyMatch(p -> p.contains("goes from 1 to 3"));
    }

    @Test
    void shouldFindAMessageInTheStateDeliveredAgain() throws Exception {
        OrderChecker.Result result = OrderChecker.check(List.of(stateTransfer(4, false, true)));
        assertThat(result.stateTransferViolations()).isEqualTo(1);
        assertThat(result.problems()).anyMatch(p -> p.contains("in its state too"));
    }
}
