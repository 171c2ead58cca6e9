package org.gcs.examples.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.gcs.GroupTree;
import org.gcs.order.OrderChecker;
import org.gcs.order.Ordering;

/** Formats the human-readable output of a demo: the header, the live interval tables and the summary. */
final class DemoReport {
    private static final String SENDER_FORMAT = "  %-24s %9s %9s %9s%n";
    /** Problems of the order check printed in the summary at most. */
    private static final int MAX_ORDER_PROBLEMS = 5;

    private final PrintWriter out;

    /** @param out where to print (flushed after every block) */
    DemoReport(PrintWriter out) {
        this.out = out;
    }

    /** @param s the run's settings */
    void header(DemoSettings s) {
        double offeredMbps = s.members() * s.ratePerMember() * s.messageBytes() * 8 / 1e6;
        printf("GCS demo: topology %s, %d sites (%s), %d member(s) per site = %d members, group '%s'%n",
                s.topology().name(), s.sites().size(), String.join(", ", s.sites()), s.membersPerSite(), s.members(),
                s.group());
        printf("  every member sends %s msg/s of %d bytes for %s (offered %s msg/s, %.2f Mbit/s); emulator seed %d%n",
                number(s.ratePerMember()), s.messageBytes(), human(s.duration()),
                number(s.ratePerMember() * s.members()), offeredMbps, s.seed());
        printf("  multicast tree strategy: %s; WAN transport: %s; congestion control: %s%s%n", s.treeStrategy(),
                s.nodeSettings().transport(), s.nodeSettings().controller(), s.nodeSettings().isEmpty() ? "" : "; settings " + s.nodeSettings());
        if (s.ordering() == Ordering.TOTAL) {
            printf("  order: total (one agreed order at every member, checked across all members' deliveries)%n");
        }
        out.flush();
    }

    /** @param text one line of progress */
    void line(String text) {
        out.println(text);
        out.flush();
    }

    /**
     * @param atSec seconds since sending started
     * @param phase {@code sending} or {@code draining}
     * @param interval the measured interval
     */
    void interval(double atSec, String phase, DemoProgress.Interval interval) {
        printf("[%6.1fs] %-9s %16s %9s %9s%n", atSec, phase, "sent", "sent/s", "recv/s");
        for (DemoProgress.SenderInterval row : interval.senders()) {
            printf(SENDER_FORMAT, row.sender(), row.sent(), fixed(row.sentPerSec()), fixed(row.meanReceivedPerSec()));
        }
        Histogram latency = interval.latencyMicros();
        printf("  total: delivered %d / expected %d (%s%%)%s%n", interval.delivered(), interval.expected(),
                interval.expected() == 0 ? "-" : fixed(100.0 * interval.delivered() / interval.expected()),
                latency.getTotalCount() == 0 ? ""
                        : String.format(Locale.ROOT, "; latency p50 %.1f ms, p99 %.1f ms",
                                LatencyRecorder.percentileMs(latency, 50), LatencyRecorder.percentileMs(latency, 99)));
        out.flush();
    }

    /** Prints each sending site's allowed rate and what limits it. */
    void flows(java.util.List<org.gcs.FlowStatus> flows) {
        for (org.gcs.FlowStatus flow : flows) {
            String rate = Double.isFinite(flow.allowedRateBytesPerSec())
                    ? fixed(flow.allowedRateBytesPerSec() / 1000) + " kB/s" : "unlimited";
            String limit = flow.limitingReceiver().map(r -> String.format(Locale.ROOT,
                    "limited by %s (rtt %.0f ms, %s %.4g)", r.site(), r.rttMs(), flow.congestionMeasure(),
                    r.congestion()))
                    .orElse(flow.slowStart() ? "slow start (no congestion reported)" : "no limiting site");
            printf("  %-12s -> %-10s %-5s allowed %12s, %s%n", flow.site(), flow.group(), flow.controller(), rate,
                    limit);
        }
        out.flush();
    }

    /** @param r the result of the run */
    void summary(DemoResult r) {
        printf("%nSummary (%s, %d members, %.1f s of sending)%n", r.settings().topology().name(), r.members(),
                r.sendingSec());
        printf("  %-24s %9s %9s %11s %11s %5s %5s %9s%n", "sender", "sent", "sent/s", "delivered", "expected", "dup",
                "ooo", "missing");
        for (DemoResult.SenderResult s : r.senders()) {
            long expected = s.sent() * r.members();
            printf("  %-24s %9d %9s %11d %11d %5d %5d %9d%n", s.sender(), s.sent(),
                    fixed(r.sendingSec() > 0 ? s.sent() / r.sendingSec() : 0), s.received().unique(), expected,
                    s.received().duplicates(), s.received().outOfOrder(),
                    Math.max(0, expected - s.received().unique()));
        }
        printf("  %-24s %9d %9s %11d %11d %5d %5d %9d%n", "total", r.sent(), fixed(r.achievedSendRate()),
                r.delivered(), r.expectedDeliveries(), r.received().duplicates(), r.received().outOfOrder(),
                r.missing());
        printf("  latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; WAN datagrams sent %d, NAKs sent %d, retransmits %d;"
                + " all stable: %s%n", r.latencyP50Ms(), r.latencyP99Ms(), r.latencyMaxMs(), r.wanDatagramsSent(),
                r.naksSent(), r.retransmits(), r.stable() ? "yes" : "no");
        if (!r.flows().isEmpty()) {
            printf("  congestion control (allowed aggregate rate per sending site):%n");
            flows(r.flows());
        }
        if (r.tree() != null) {
            printf("  multicast tree (%s, version %d%s): root %s%n", r.tree().strategy(), r.tree().version(),
                    r.treesAgree() ? ", the same on every node" : ", NOT the same on every node", r.tree().root());
            for (GroupTree.Edge edge : r.tree().edges()) {
                printf("    %-12s -> %-12s %8.1f ms%n", edge.parent(), edge.child(), edge.rttMs());
            }
        }
        if (r.totalOrder()) {
            orderCheck(r.orderCheck());
        }
        if (r.passed()) {
            printf("  PASSED: every member delivered every message exactly once, in per-sender order%s%n",
                    r.totalOrder() ? " and in one agreed order" : "");
        } else {
            printf("  FAILED: %s%n", r.failureReason());
        }
        out.flush();
    }

    /** Prints the order check of a total-order run: one line, then the first problems it found. */
    private void orderCheck(OrderChecker.Result check) {
        if (check == null) {
            printf("  order: total, not checked (the run stopped before sending)%n");
            return;
        }
        printf("  order: total, %d disagreements over %d events of %d member logs; %d gaps, %d sender-order and %d"
                + " view-synchrony violations%n", check.orderDisagreements(), check.events(), check.members(),
                check.gaps(), check.senderOrderViolations(), check.viewSynchronyViolations());
        for (String problem : check.problems().subList(0, Math.min(MAX_ORDER_PROBLEMS, check.problems().size()))) {
            printf("    %s%n", problem);
        }
    }

    private void printf(String format, Object... args) {
        out.print(String.format(Locale.ROOT, format, args));
    }

    private static String fixed(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : fixed(value);
    }

    /**
     * @param d a duration
     * @return it as {@code 2 min}, {@code 30 s} or {@code 500 ms}
     */
    static String human(java.time.Duration d) {
        long ms = d.toMillis();
        if (ms % 60_000 == 0) {
            return ms / 60_000 + " min";
        }
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }
}
