package org.gcs.examples.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.FlowStatus;
import org.gcs.GroupTree;
import org.gcs.MemberId;
import org.gcs.order.OrderChecker;
import org.gcs.order.Ordering;

/**
 * The outcome of a demo run: what was sent, what was delivered, and the protocol's repair work.
 *
 * @param settings the run's settings
 * @param senders per sender: what it sent and what all receivers together got from it
 * @param members the number of members (every one receives every message)
 * @param sent messages sent by all members
 * @param received distinct, duplicate and out-of-order deliveries over all receivers
 * @param sendingSec how long the senders actually ran
 * @param latencyP50Ms median send-to-delivery latency
 * @param latencyP99Ms 99th percentile latency
 * @param latencyMaxMs largest latency
 * @param retransmits WAN packets retransmitted by the delegates
 * @param naksSent NAKs sent by the delegates
 * @param wanDatagramsSent WAN datagrams sent (before emulated loss)
 * @param emulatorDrops WAN datagrams the link emulator dropped (random loss and full queues)
 * @param tree the group's multicast tree as the first node sees it at the end, or null if none formed
 * @param treesAgree whether every node reported the same tree
 * @param flows the congestion state of every site's traffic to the group at the end
 * @param stable whether every node's messages became stable
 * @param problem what stopped the run early, or null
 * @param orderCheck what {@link OrderChecker} found in every member's deliveries ({@code --order total}), or null
 *     (fifo, or a run that failed before sending)
 */
record DemoResult(DemoSettings settings, List<SenderResult> senders, int members, long sent, SequenceCounts received,
        double sendingSec, double latencyP50Ms, double latencyP99Ms, double latencyMaxMs, long retransmits,
        long naksSent, long wanDatagramsSent, long emulatorDrops, GroupTree tree, boolean treesAgree,
        List<FlowStatus> flows, boolean stable, String problem, OrderChecker.Result orderCheck) {

    /**
     * One sender's line of the summary.
     *
     * @param sender the member
     * @param sent messages it sent
     * @param received what all receivers together got from it
     */
    record SenderResult(MemberId sender, long sent, SequenceCounts received) {
    }

    /**
     * @param settings the run's settings
     * @param problem why the run could not send
     * @return the result of a run that failed before sending
     */
    static DemoResult failedEarly(DemoSettings settings, String problem) {
        return new DemoResult(settings, List.of(), settings.members(), 0, SequenceCounts.NONE, 0, 0, 0, 0, 0, 0, 0,
                0, null, false, List.of(), false, problem, null);
    }

    /** @return deliveries the sent messages call for: every member receives every message */
    long expectedDeliveries() {
        return sent * members;
    }

    /** @return distinct deliveries */
    long delivered() {
        return received.unique();
    }

    /** @return expected deliveries that did not happen */
    long missing() {
        return Math.max(0, expectedDeliveries() - delivered());
    }

    /** @return messages per second over all senders */
    double achievedSendRate() {
        return sendingSec > 0 ? sent / sendingSec : 0;
    }

    /** @return true if the run used total order, whose deliveries are also checked against each other */
    boolean totalOrder() {
        return settings.ordering() == Ordering.TOTAL;
    }

    /**
     * @return true if every message reached every member exactly once and in order; with total order, also in one
     *     agreed order (the order check found nothing)
     */
    boolean passed() {
        return problem == null && expectedDeliveries() > 0 && delivered() == expectedDeliveries()
                && received.duplicates() == 0 && received.outOfOrder() == 0 && missing() == 0 && orderAgreed();
    }

    /** @return true under fifo; under total, true if the order check ran and found nothing */
    private boolean orderAgreed() {
        return !totalOrder() || orderCheck != null && orderCheck.ok();
    }

    /** @return why the run failed, or null if it passed */
    String failureReason() {
        if (passed()) {
            return null;
        }
        if (problem != null) {
            return problem;
        }
        if (expectedDeliveries() == 0) {
            return "no message was sent";
        }
        boolean deliveriesOk = delivered() == expectedDeliveries() && received.duplicates() == 0
                && received.outOfOrder() == 0 && missing() == 0;
        String deliveries = missing() + " missing, " + received.duplicates() + " duplicate and "
                + received.outOfOrder() + " out-of-order deliveries; " + delivered() + " of " + expectedDeliveries()
                + " expected deliveries happened";
        if (orderAgreed()) {
            return deliveries;
        }
        String order = orderCheck == null ? "the order check did not run" : "the order check found "
                + orderCheck.orderDisagreements() + " disagreement(s), " + orderCheck.gaps() + " gap(s), "
                + orderCheck.senderOrderViolations() + " sender-order and " + orderCheck.viewSynchronyViolations()
                + " view-synchrony violation(s)"
                + (orderCheck.problems().isEmpty() ? "" : "; first: " + orderCheck.problems().get(0));
        return deliveriesOk ? order : deliveries + "; " + order;
    }

    /** @return the result as a JSON object (field order kept) */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("topology", settings.topology().name());
        json.put("sites", settings.sites().size());
        json.put("siteNames", settings.sites());
        json.put("members", members);
        json.put("groups", 1);
        json.put("order", settings.ordering().settingValue());
        json.put("messageBytes", settings.messageBytes());
        json.put("ratePerMember", settings.ratePerMember());
        json.put("durationSec", settings.duration().toNanos() / 1e9);
        json.put("transport", settings.nodeSettings().transport());
        json.put("controller", settings.nodeSettings().controller());
        json.put("settings", settings.nodeSettings().asMap());
        json.put("sent", sent);
        json.put("achievedSendRate", round(achievedSendRate(), 1));
        json.put("expectedDeliveries", expectedDeliveries());
        json.put("delivered", delivered());
        json.put("duplicates", received.duplicates());
        json.put("outOfOrder", received.outOfOrder());
        json.put("missing", missing());
        if (totalOrder()) { // fifo has no agreed order to check: the fields are left out
            json.put("orderDisagreements", orderCheck == null ? null : orderCheck.orderDisagreements());
            json.put("gaps", orderCheck == null ? null : orderCheck.gaps());
            json.put("senderOrderViolations", orderCheck == null ? null : orderCheck.senderOrderViolations());
            json.put("viewSynchronyViolations", orderCheck == null ? null : orderCheck.viewSynchronyViolations());
            json.put("orderCheckedEvents", orderCheck == null ? null : orderCheck.events());
        }
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("p50", round(latencyP50Ms, 3));
        latency.put("p99", round(latencyP99Ms, 3));
        latency.put("max", round(latencyMaxMs, 3));
        json.put("latencyMs", latency);
        json.put("retransmits", retransmits);
        json.put("naksSent", naksSent);
        json.put("wanDatagramsSent", wanDatagramsSent);
        json.put("datagramsDroppedByEmulator", emulatorDrops);
        json.put("tree", treeJson());
        json.put("flows", flowsJson());
        json.put("stable", stable);
        json.put("passed", passed());
        if (!passed()) {
            json.put("failure", failureReason());
        }
        return json;
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /**
     * @return per sending site: the congestion controller, the allowed aggregate rate (null while unlimited), the
     *         limiting receiving site (null if none), the RTT to it and the controller's congestion measure of it
     */
    private List<Map<String, Object>> flowsJson() {
        List<Map<String, Object>> list = new java.util.ArrayList<>();
        for (FlowStatus flow : flows) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("site", flow.site());
            json.put("group", flow.group());
            json.put("controller", flow.controller());
            json.put("allowedRateBytesPerSec", Double.isFinite(flow.allowedRateBytesPerSec())
                    ? round(flow.allowedRateBytesPerSec(), 0) : null);
            json.put("limitingSite", flow.limitingSite().orElse(null));
            FlowStatus.Receiver limiting = flow.limitingReceiver().orElse(null);
            json.put("rttMs", limiting == null ? null : round(limiting.rttMs(), 2));
            json.put("congestionMeasure", flow.congestionMeasure());
            json.put("congestion", limiting == null || !Double.isFinite(limiting.congestion()) ? null
                    : round(limiting.congestion(), 5));
            json.put("slowStart", flow.slowStart());
            list.add(json);
        }
        return list;
    }

    private Map<String, Object> treeJson() {
        if (tree == null) {
            return null;
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("root", tree.root());
        json.put("version", tree.version());
        json.put("strategy", tree.strategy());
        List<Map<String, Object>> edges = new java.util.ArrayList<>();
        for (GroupTree.Edge edge : tree.edges()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("parent", edge.parent());
            e.put("child", edge.child());
            e.put("rttMs", round(edge.rttMs(), 2));
            edges.add(e);
        }
        json.put("edges", edges);
        json.put("agreedByAllNodes", treesAgree);
        return json;
    }
}
