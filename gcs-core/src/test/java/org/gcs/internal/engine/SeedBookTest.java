package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.gcs.alm.overlay.DelegateAddress;
import org.junit.jupiter.api.Test;

/** When a delegate asks DNS for its seeds' names, and what it announces to meanwhile (issue 38). */
class SeedBookTest {
    private static final long HEARTBEAT_NS = 500_000_000L;
    private static final long TIMEOUT_NS = 3_000_000_000L;
    private static final Seed LITERAL = new Seed("10.0.0.5", 7700);
    private static final Seed NAME = new Seed("a.example.org", 7700);
    private static final Seed SERVICE = new Seed("_gcs._udp.example.org", 0);
    private static final DelegateAddress OLD = new DelegateAddress("10.0.0.7", 7700);
    private static final DelegateAddress NEW = new DelegateAddress("10.0.0.8", 7700);

    private final List<Seed> asked = new ArrayList<>();
    private final Set<DelegateAddress> live = new HashSet<>();

    @Test
    void shouldAskForEveryNameAtOnceAndAnnounceToLiteralsMeanwhile() {
        SeedBook book = new SeedBook("b1", List.of(LITERAL, NAME, SERVICE), true, HEARTBEAT_NS, TIMEOUT_NS);
        assertThat(book.addresses()).containsExactly(LITERAL.asAddress());
        book.requestDue(0, live::contains, asked::add);
        assertThat(asked).containsExactly(NAME, SERVICE);
        assertThat(book.onResolved(SERVICE, List.of(OLD, NEW), null, 10)).containsExactly(OLD, NEW);
        assertThat(book.addresses()).containsExactly(LITERAL.asAddress(), OLD, NEW);
    }

    @Test
    void shouldAskAgainOnlyOnceASiteTimeoutPassedWithoutAnAnswerFromItsAddresses() {
        SeedBook book = new SeedBook("b1", List.of(NAME), true, HEARTBEAT_NS, TIMEOUT_NS);
        book.requestDue(0, live::contains, asked::add);
        book.onResolved(NAME, List.of(OLD), null, 5);
        book.requestDue(TIMEOUT_NS - 1, live::contains, asked::add);
        assertThat(asked).as("not within a site timeout of the last request").hasSize(1);

        live.add(OLD);
        book.requestDue(5 * TIMEOUT_NS, live::contains, asked::add);
        assertThat(asked).as("a seed that answers is not asked again").hasSize(1);

        live.clear(); // the site went silent and expired
        book.requestDue(6 * TIMEOUT_NS, live::contains, asked::add);
        assertThat(asked).hasSize(2);
        assertThat(book.onResolved(NAME, List.of(NEW), null, 6 * TIMEOUT_NS + 1)).containsExactly(NEW);
        assertThat(book.addresses()).containsExactly(NEW);
        book.requestDue(7 * TIMEOUT_NS - 1, live::contains, asked::add);
        assertThat(asked).hasSize(2);
    }

    @Test
    void shouldKeepTheLastAddressesWhenDnsFailsAndAskAgainLater() {
        SeedBook book = new SeedBook("b1", List.of(NAME), true, HEARTBEAT_NS, TIMEOUT_NS);
        book.requestDue(0, live::contains, asked::add);
        book.onResolved(NAME, List.of(OLD), null, 1);
        book.requestDue(TIMEOUT_NS, live::contains, asked::add);
        assertThat(book.onResolved(NAME, List.of(), "UnknownHostException: a.example.org", TIMEOUT_NS + 1)).isEmpty();
        assertThat(book.addresses()).containsExactly(OLD);
        book.requestDue(2 * TIMEOUT_NS, live::contains, asked::add);
        assertThat(asked).hasSize(3);
    }

    @Test
    void shouldAskEveryHeartbeatForANameWithoutAnAddressYet() {
        SeedBook book = new SeedBook("b1", List.of(NAME), true, HEARTBEAT_NS, TIMEOUT_NS);
        book.requestDue(0, live::contains, asked::add);
        book.onResolved(NAME, List.of(), "NXDOMAIN", 1); // the peer's name is not in DNS yet
        book.requestDue(HEARTBEAT_NS - 1, live::contains, asked::add);
        assertThat(asked).hasSize(1);
        book.requestDue(HEARTBEAT_NS, live::contains, asked::add);
        assertThat(asked).hasSize(2);
    }

    @Test
    void shouldLeaveANameThatNamesThisDelegateItselfAndAskForItOnlyEverySiteTimeout() {
        SeedBook book = new SeedBook("b1", List.of(NAME), true, HEARTBEAT_NS, TIMEOUT_NS);
        book.requestDue(0, live::contains, asked::add);
        assertThat(book.onResolved(NAME, List.of(), null, 1)).isEmpty();
        assertThat(book.addresses()).isEmpty();
        book.requestDue(2 * HEARTBEAT_NS, live::contains, asked::add);
        assertThat(asked).hasSize(1);
        book.requestDue(TIMEOUT_NS, live::contains, asked::add);
        assertThat(asked).hasSize(2);
    }

    @Test
    void shouldUseEachHostAsWrittenWhereTheDriverResolvesNoNames() {
        SeedBook book = new SeedBook("b1", List.of(LITERAL, NAME, SERVICE), false, HEARTBEAT_NS, TIMEOUT_NS);
        assertThat(book.addresses()).as("the SRV name is ignored: nobody can resolve it")
                .containsExactly(LITERAL.asAddress(), NAME.asAddress());
        book.requestDue(10 * TIMEOUT_NS, live::contains, asked::add);
        assertThat(asked).isEmpty();
        assertThat(book.onResolved(NAME, List.of(NEW), null, 1)).isEmpty();
    }

    @Test
    void shouldListAnAddressTwoSeedsShareOnce() {
        Seed other = new Seed("b.example.org", 7700);
        SeedBook book = new SeedBook("b1", List.of(NAME, other), true, HEARTBEAT_NS, TIMEOUT_NS);
        book.requestDue(0, live::contains, asked::add);
        book.onResolved(NAME, List.of(OLD), null, 1);
        book.onResolved(other, List.of(OLD, NEW), null, 1);
        assertThat(book.addresses()).containsExactly(OLD, NEW);
        assertThat(book.contains(NEW)).isTrue();
    }

    @Test
    void shouldTellLiteralsFromNames() {
        assertThat(LITERAL.isName()).isFalse();
        assertThat(new Seed("::1", 7700).isName()).isFalse();
        assertThat(new Seed("10.0.0.256", 7700).isName()).isTrue();
        assertThat(NAME.isName()).isTrue();
        assertThat(SERVICE.isName()).isTrue();
        assertThat(SERVICE.toString()).isEqualTo("_gcs._udp.example.org");
        assertThat(NAME.toString()).isEqualTo("a.example.org:7700");
    }
}
