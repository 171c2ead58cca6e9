package org.gcs.lab.nat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.tools.csv.CsvWriter;

/**
 * The result of one {@code nat} run: the tables on the progress output, {@code pairs.csv}, {@code delivery.csv} and
 * {@code nat-events.csv}, the summary's figures and the pass criteria (no pair unreachable, every path as
 * expected, nothing missing, duplicated or out of order, every NAT change healed within
 * {@value NatScenario#HEAL_BOUND_SITE_TIMEOUTS} site timeouts).
 */
final class NatReport {
    private final LabContext ctx;
    private final LabProgress progress;
    private final NatRunRecord run;

    private NatReport(LabContext ctx, NatRunRecord run) {
        this.ctx = ctx;
        this.progress = ctx.progress();
        this.run = run;
    }

    /**
     * Prints the tables, writes the files and judges the run.
     *
     * @param ctx the scenario's context (output directory, progress)
     * @param run what the run measured
     * @return the summary, the verdict and the files
     */
    static LabResult of(LabContext ctx, NatRunRecord run) {
        return new NatReport(ctx, run).result();
    }

    private LabResult result() {
        List<DeliveryRow> rows = deliveryRows();
        long missing = rows.stream().mapToLong(DeliveryRow::missing).sum();
        long duplicates = rows.stream().mapToLong(DeliveryRow::duplicates).sum();
        long outOfOrder = rows.stream().mapToLong(DeliveryRow::outOfOrder).sum();
        printTables(rows);
        LabReport report = new LabReport(ctx);
        writePairs(report.file("pairs.csv"));
        writeDelivery(report.file("delivery.csv"), rows);
        writeEvents(report.file("nat-events.csv"));

        long healBoundMs = NatScenario.HEAL_BOUND_SITE_TIMEOUTS * run.siteTimeoutMs();
        List<String> unreachable = run.paths().stream().filter(p -> p.kind() == PairPath.Kind.UNREACHABLE)
                .map(PairPath::pairName).toList();
        List<String> unexpected = run.paths().stream().filter(p -> p.kind() != p.expected())
                .map(p -> p.pairName() + " " + p.kind().label() + ", expected " + p.expected().label()).toList();
        report.putAll("heartbeatMs", run.heartbeatMs(), "siteTimeoutMs", run.siteTimeoutMs(),
                "rateMessagesPerSec", NatScenario.RATE_MESSAGES_PER_SEC,
                "sendSeconds", Math.round(run.sendSeconds() * 10) / 10.0,
                "sites", sitesSummary(),
                "agentsUpMs", run.agentsUpMs(), "meshMs", run.meshMs(),
                "pairs", pairsSummary(),
                "natEvents", eventsSummary(),
                "healBoundMs", healBoundMs,
                "sent", run.sent(),
                "drainMs", run.drainMs(),
                "missing", missing, "duplicates", duplicates, "outOfOrder", outOfOrder,
                "agentErrors", run.agentErrors());
        report.check(Check.holds("pairs unreachable: " + String.join(", ", unreachable), unreachable.isEmpty()),
                Check.holds("paths not as expected: " + String.join("; ", unexpected), unexpected.isEmpty()),
                Check.atMost("missing", missing, 0).decimals(0),
                Check.atMost("duplicates", duplicates, 0).decimals(0),
                Check.atMost("outOfOrder", outOfOrder, 0).decimals(0));
        for (NatEvent event : run.events()) {
            report.check(event.healMs() == null
                    ? Check.holds(event.label() + " did not heal within " + NatRun.HEAL_DEADLINE_SITE_TIMEOUTS
                            * run.siteTimeoutMs() / 1000.0 + " s", false)
                    : Check.atMost("heal of " + event.label(), event.healMs(), healBoundMs).decimals(0).unit("ms"));
        }
        return report.result();
    }

    /** @return one row per receiver and sender, the receiver itself included (it delivers its own messages) */
    private List<DeliveryRow> deliveryRows() {
        List<DeliveryRow> rows = new ArrayList<>();
        for (NatRunRecord.SiteAddresses receiver : run.sites()) {
            String name = receiver.site().name();
            NatAgentReport report = run.lastReports().get(name);
            for (NatRunRecord.SiteAddresses sender : run.sites()) {
                String from = sender.site().name();
                rows.add(DeliveryRow.of(name, from, run.sent().getOrDefault(from, 0L),
                        report == null ? SenderTally.NONE : report.tally(from)));
            }
        }
        return rows;
    }

    private void printTables(List<DeliveryRow> rows) {
        progress.line("pairs (path before the NAT changes, path at the end of the sending):");
        for (int i = 0; i < run.paths().size(); i++) {
            PairPath p = run.paths().get(i);
            PairPath end = atEnd(i);
            progress.line(String.format(Locale.ROOT, "  %-13s %-15s %-15s %-18s %s", p.pairName(),
                    NatScenario.label(p.a().nat()), NatScenario.label(p.b().nat()), kind(p),
                    end == null ? "-" : kind(end)));
        }
        progress.line("NAT changes:");
        for (NatEvent e : run.events()) {
            progress.line(String.format(Locale.ROOT, "  %-28s at %5.1f s  %s", e.label(), e.atSec(),
                    e.healMs() == null ? "not healed" : "healed in " + e.healMs() + " ms"));
        }
        progress.line("delivery (receiver <- sender: delivered/sent, missing, duplicates, outOfOrder):");
        for (DeliveryRow r : rows) {
            progress.line(String.format(Locale.ROOT, "  %-7s <- %-7s %5d/%-5d %5d %5d %5d", r.receiver(),
                    r.sender(), r.delivered(), r.sent(), r.missing(), r.duplicates(), r.outOfOrder()));
        }
    }

    private PairPath atEnd(int index) {
        return index < run.pathsAtEnd().size() ? run.pathsAtEnd().get(index) : null;
    }

    private static String kind(PairPath p) {
        return p.kind().label() + (p.via() == null ? "" : " via " + p.via());
    }

    /** @return a pair's path in words, e.g. {@code paris-tokyo (port-preserving, symmetric): relayed via boston} */
    static String describe(PairPath p) {
        return p.pairName() + " (" + NatScenario.label(p.a().nat()) + ", " + NatScenario.label(p.b().nat()) + "): "
                + kind(p) + (p.kind() == p.expected() ? "" : " (expected " + p.expected().label() + ")");
    }

    private void writePairs(Path file) {
        try (CsvWriter csv = new CsvWriter(file, List.of("siteA", "siteB", "natA", "natB", "path", "via",
                "expected", "pathAtEnd", "viaAtEnd"))) {
            for (int i = 0; i < run.paths().size(); i++) {
                PairPath p = run.paths().get(i);
                PairPath end = atEnd(i);
                csv.row(p.a().name(), p.b().name(), NatScenario.label(p.a().nat()), NatScenario.label(p.b().nat()),
                        p.kind().label(), p.via() == null ? "" : p.via(), p.expected().label(),
                        end == null ? "" : end.kind().label(), end == null || end.via() == null ? "" : end.via());
            }
        }
    }

    private static void writeDelivery(Path file, List<DeliveryRow> rows) {
        try (CsvWriter csv = new CsvWriter(file, List.of("receiver", "sender", "sent", "delivered", "missing",
                "duplicates", "outOfOrder"))) {
            for (DeliveryRow r : rows) {
                csv.row(r.receiver(), r.sender(), r.sent(), r.delivered(), r.missing(), r.duplicates(),
                        r.outOfOrder());
            }
        }
    }

    private void writeEvents(Path file) {
        try (CsvWriter csv = new CsvWriter(file, List.of("event", "site", "healMs", "atSec", "changeMs",
                "publicAddressBefore", "publicAddressAfter"))) {
            for (NatEvent e : run.events()) {
                csv.row(e.event(), e.site(), e.healMs() == null ? "" : e.healMs(), Math.round(e.atSec() * 10) / 10.0,
                        e.changeMs(), e.publicAddressBefore(), e.publicAddressAfter());
            }
        }
    }

    private List<Object> sitesSummary() {
        List<Object> sites = new ArrayList<>();
        for (NatRunRecord.SiteAddresses s : run.sites()) {
            sites.add(LabReport.fields("site", s.site().name(), "nat", NatScenario.label(s.site().nat()),
                    "siteAddress", s.siteAddress(), "publicAddress", s.publicAddress(), "publicAddressAtEnd",
                    s.publicAddressAtEnd()));
        }
        return sites;
    }

    private List<Object> pairsSummary() {
        List<Object> pairs = new ArrayList<>();
        for (int i = 0; i < run.paths().size(); i++) {
            PairPath p = run.paths().get(i);
            PairPath end = atEnd(i);
            pairs.add(LabReport.fields("siteA", p.a().name(), "siteB", p.b().name(),
                    "natA", NatScenario.label(p.a().nat()), "natB", NatScenario.label(p.b().nat()),
                    "path", p.kind().label(), "via", p.via(), "expected", p.expected().label(),
                    "pathAtEnd", end == null ? null : end.kind().label(), "viaAtEnd", end == null ? null : end.via()));
        }
        return pairs;
    }

    private List<Object> eventsSummary() {
        List<Object> list = new ArrayList<>();
        for (NatEvent e : run.events()) {
            list.add(LabReport.fields("event", e.event(), "site", e.site(), "healMs", e.healMs(),
                    "atSec", Math.round(e.atSec() * 10) / 10.0, "changeMs", e.changeMs(),
                    "publicAddressBefore", e.publicAddressBefore(), "publicAddressAfter", e.publicAddressAfter()));
        }
        return list;
    }
}
