package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.MalformedDatagramException;
import org.junit.jupiter.api.Test;
import org.slf4j.event.EventRecordingLogger;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.SubstituteLogger;

/**
 * A peer's sustained key or clock mismatch, in made-up time: one ERROR once it lasts a site timeout, again only after
 * it cleared and came back, and gauges that follow it; the tracking table stays bounded.
 */
class WanPeerDiagnosisTest {
    private static final long SECOND_NS = 1_000_000_000L;
    /** Half the site timeout: how long failures last before the ERROR. */
    private static final long REPORT_AFTER_NS = 3 * SECOND_NS;
    private static final long SITE_TIMEOUT_NS = 2 * REPORT_AFTER_NS;
    private static final long HEARTBEAT_NS = SECOND_NS / 2;
    private static final InetSocketAddress PEER = new InetSocketAddress("192.0.2.7", 7100);

    private final Queue<SubstituteLoggingEvent> events = new ConcurrentLinkedQueue<>();
    private final EventRecordingLogger log = new EventRecordingLogger(new SubstituteLogger("test", events, false),
            events);
    private final WanPeerDiagnosis diagnosis = new WanPeerDiagnosis(new WanAuthFailures(SITE_TIMEOUT_NS, log),
            new WanClockSkew(SITE_TIMEOUT_NS, 60_000, log));

    @Test
    void shouldLogOneErrorOnceAPeerFailedAuthenticationForASiteTimeoutNamingItAndTheKeySettings() {
        long t = 0;
        for (; t < REPORT_AFTER_NS; t += HEARTBEAT_NS) {
            diagnosis.dropped(PEER, badHmac(), t);
        }
        assertThat(events).as("not before a site timeout").isEmpty();
        assertThat(diagnosis.unauthenticatedPeers(t)).isZero();

        for (; t < 10 * REPORT_AFTER_NS; t += HEARTBEAT_NS) {
            diagnosis.dropped(PEER, badHmac(), t);
        }

        assertThat(lines()).singleElement().satisfies(line -> assertThat(line)
                .contains("192.0.2.7:7100", "failed authentication for 3000 ms", "bad-hmac",
                        "cluster keys (or key ids) differ", "cluster.key", "cluster.key.hex", "cluster.key.file",
                        "key.<id>", "send.key"));
        assertThat(events).allMatch(e -> e.getLevel() == Level.ERROR);
        assertThat(diagnosis.unauthenticatedPeers(t)).isEqualTo(1);
        assertThat(diagnosis.skewedPeers(t)).isZero();
    }

    @Test
    void shouldReportAgainOnlyAfterTheFailuresClearedAndCameBack() {
        long t = failFor(PEER, 0, REPORT_AFTER_NS + HEARTBEAT_NS);
        assertThat(lines()).hasSize(1);

        diagnosis.accepted(PEER); // the keys were fixed
        assertThat(diagnosis.unauthenticatedPeers(t)).isZero();
        t = failFor(PEER, t, REPORT_AFTER_NS - HEARTBEAT_NS); // a short streak: not reported
        assertThat(lines()).hasSize(1);

        t = failFor(PEER, t, REPORT_AFTER_NS); // the streak goes on: now it lasted a site timeout
        assertThat(lines()).hasSize(2);

        long silentUntil = t + SITE_TIMEOUT_NS + 1;
        assertThat(diagnosis.unauthenticatedPeers(silentUntil)).as("silence ends it").isZero();
        failFor(PEER, silentUntil, REPORT_AFTER_NS - HEARTBEAT_NS);
        assertThat(lines()).as("a new streak, not yet a site timeout long").hasSize(2);
    }

    @Test
    void shouldNotReportAPeerWhoseDatagramsAuthenticateInBetween() {
        long t = 0;
        for (; t < 5 * REPORT_AFTER_NS; t += HEARTBEAT_NS) {
            diagnosis.dropped(PEER, badHmac(), t);
            if (t % SECOND_NS == 0) {
                diagnosis.accepted(PEER); // a forger at the address of a healthy peer
            }
        }
        assertThat(events).isEmpty();
    }

    @Test
    void shouldReportAnUnknownKeyIdWithWhatTheCodecSaid() {
        long t = 0;
        for (; t <= REPORT_AFTER_NS; t += HEARTBEAT_NS) {
            diagnosis.dropped(PEER, new MalformedDatagramException(DropReason.UNKNOWN_KEY,
                    "key id 2 is not in this node's ring [1]"), t);
        }
        assertThat(lines()).singleElement().satisfies(line -> assertThat(line)
                .contains("unknown-key", "key id 2 is not in this node's ring [1]", "differ"));
    }

    @Test
    void shouldLogOneErrorWithTheOffsetWhenAPeersClockIsOffForASiteTimeout() {
        long t = 0;
        for (; t < 4 * REPORT_AFTER_NS; t += HEARTBEAT_NS) {
            diagnosis.dropped(PEER, stale(-90_000), t); // its clock 90 s ahead
        }

        assertThat(lines()).singleElement().satisfies(line -> assertThat(line)
                .contains("192.0.2.7:7100", "stale-time", "90000 ms ahead of this node's clock",
                        "wan.replay.max.age (60000 ms)", "NTP", "chrony", "raise wan.replay.max.age"));
        assertThat(events).allMatch(e -> e.getLevel() == Level.ERROR);
        assertThat(diagnosis.skewedPeers(t)).isEqualTo(1);
        assertThat(diagnosis.largestSkewMs(t)).isEqualTo(90_000);
        assertThat(diagnosis.unauthenticatedPeers(t)).as("its datagrams authenticate").isZero();

        diagnosis.accepted(PEER); // the clocks were synchronised
        assertThat(diagnosis.skewedPeers(t)).isZero();
        assertThat(diagnosis.largestSkewMs(t)).isZero();
    }

    @Test
    void shouldNotCallAnOccasionalReplayOfAnOldDatagramClockSkew() {
        long t = 0;
        for (; t < 5 * REPORT_AFTER_NS; t += HEARTBEAT_NS) {
            diagnosis.dropped(PEER, stale(3_600_000), t);
            diagnosis.accepted(PEER); // the peer's own datagrams are fresh
        }
        assertThat(events).isEmpty();
        assertThat(diagnosis.skewedPeers(t)).isZero();
    }

    @Test
    void shouldTrackABoundedNumberOfAddressesWhateverTheSourcesOfAFlood() {
        SustainedPeerFailures failures = new SustainedPeerFailures(REPORT_AFTER_NS, 64);
        long t = 0;
        int reported = 0;
        for (int round = 0; round < 20; round++, t += HEARTBEAT_NS) {
            for (int port = 1; port <= 10_000; port++) {
                if (failures.failed(new InetSocketAddress("198.51.100.1", port), 0, t) >= 0) {
                    reported++;
                }
            }
        }
        assertThat(reported).as("no address of a flood stays long enough to be reported").isZero();
        assertThat(failures.sustainedPeers(t)).isZero();

        for (int round = 0; round < 20; round++, t += HEARTBEAT_NS) {
            for (int port = 1; port <= 100; port++) {
                failures.failed(new InetSocketAddress("198.51.100.2", port), 0, t);
            }
        }
        assertThat(failures.sustainedPeers(t)).as("at most the table's size").isLessThanOrEqualTo(64);
    }

    private long failFor(InetSocketAddress peer, long fromNs, long forNs) {
        long t = fromNs;
        for (; t <= fromNs + forNs; t += HEARTBEAT_NS) {
            diagnosis.dropped(peer, badHmac(), t);
        }
        return t - HEARTBEAT_NS;
    }

    private static MalformedDatagramException badHmac() {
        return new MalformedDatagramException(DropReason.BAD_HMAC, "authentication failed");
    }

    private static MalformedDatagramException stale(long offsetMs) {
        return new MalformedDatagramException(DropReason.STALE_TIME, "sent long ago", offsetMs);
    }

    private List<String> lines() {
        return events.stream()
                .map(e -> MessageFormatter.arrayFormat(e.getMessage(), e.getArgumentArray()).getMessage()).toList();
    }
}
