package org.gcs.examples.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.gcs.FlowStatus;
import org.gcs.GcsNode;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;

/**
 * Builds the dashboard's JSON snapshot ({@code /api/state}) from the shown nodes: the sites with their members and
 * delegates, each group's multicast tree, the flows' congestion state, every shown member's totals and rates, and
 * for the other members the rate at which the shown nodes deliver their messages. Unlimited rates are {@code null}
 * with {@code unlimited: true}, never a huge number.
 */
final class DashboardState {
    private final String title;
    private final List<GcsNode> nodes;
    private final SentCounts sent;
    private final DeliveryCounts delivered;
    private final RateHistory history;
    private final RateHistory deliveredHere;
    private final long periodMs;

    /**
     * @param title what the page shows as its title
     * @param nodes the nodes to show
     * @param sent what each shown member sent
     * @param delivered what each shown member delivered
     * @param history the shown members' rates ({@link RateHistory#MEMBER_RATES})
     * @param deliveredHere the other members' rates as delivered by the shown nodes
     *     ({@link RateHistory#DELIVERED_HERE_RATES})
     * @param periodMs how often the histories are sampled
     */
    DashboardState(String title, List<GcsNode> nodes, SentCounts sent, DeliveryCounts delivered, RateHistory history,
                   RateHistory deliveredHere, long periodMs) {
        this.title = title;
        this.nodes = List.copyOf(nodes);
        this.sent = sent;
        this.delivered = delivered;
        this.history = history;
        this.deliveredHere = deliveredHere;
        this.periodMs = periodMs;
    }

    /** Samples the shown members' totals and the other members' deliveries into the histories. */
    void sample(long nowMs) {
        Map<String, long[]> members = new LinkedHashMap<>();
        for (GcsNode node : nodes) {
            members.put(node.self().toString(), RateHistory.counts(totals(node.self())));
        }
        history.sample(nowMs, members);
        deliveredHere.sample(nowMs, othersDeliveredHere());
    }

    /** @return per member not shown: the messages and payload bytes of it that the shown nodes delivered */
    private Map<String, long[]> othersDeliveredHere() {
        Map<String, long[]> others = new LinkedHashMap<>();
        delivered.bySender().forEach((sender, counts) -> {
            if (nodes.stream().noneMatch(node -> node.self().equals(sender))) {
                others.put(sender.toString(), counts);
            }
        });
        return others;
    }

    private MemberTotals totals(MemberId member) {
        SentCounts.Sent s = sent.sentBy(member);
        return new MemberTotals(s.messages(), s.bytes(), delivered.messages(member), delivered.bytes(member));
    }

    /**
     * @param nowMs the wall-clock time of the snapshot
     * @return the snapshot, ready for {@link org.gcs.tools.json.JsonWriter}
     */
    Map<String, Object> snapshot(long nowMs) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("title", title);
        json.put("timeMs", nowMs);
        json.put("sites", sites());
        json.put("groups", groups());
        json.put("flows", flows());
        json.put("members", members());
        json.put("rates", history.toJson(periodMs));
        List<Object> others = new ArrayList<>();
        othersDeliveredHere().forEach((member, counts) -> {
            Map<String, Object> other = new LinkedHashMap<>();
            other.put("member", member);
            other.put("deliveredHereMessages", counts[0]);
            other.put("deliveredHereBytes", counts[1]);
            others.add(other);
        });
        json.put("deliveredHere", others);
        json.put("deliveredHereRates", deliveredHere.toJson(periodMs));
        return json;
    }

    private List<Object> sites() {
        Map<String, SortedSet<MemberId>> members = new LinkedHashMap<>();
        Map<String, MemberId> delegates = new LinkedHashMap<>();
        for (GcsNode node : nodes) {
            members.computeIfAbsent(node.self().site(), s -> new TreeSet<>()).add(node.self());
            node.delegate().ifPresent(d -> delegates.putIfAbsent(d.site(), d));
        }
        SortedSet<MemberId> others = new TreeSet<>();
        for (GcsNode node : nodes) {
            for (String group : node.groups()) {
                node.view(group).ifPresent(view -> others.addAll(view.members()));
            }
        }
        for (MemberId member : others) {
            members.computeIfAbsent(member.site(), s -> new TreeSet<>()).add(member);
        }
        List<Object> sites = new ArrayList<>();
        members.forEach((site, siteMembers) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", site);
            MemberId delegate = delegates.get(site);
            entry.put("delegate", delegate == null ? null : delegate.toString());
            entry.put("members", siteMembers.stream().map(MemberId::toString).toList());
            sites.add(entry);
        });
        return sites;
    }

    private List<Object> groups() {
        SortedSet<String> names = new TreeSet<>();
        nodes.forEach(node -> names.addAll(node.groups()));
        List<Object> groups = new ArrayList<>();
        for (String group : names) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", group);
            Optional<GroupView> view = nodes.stream().flatMap(n -> n.view(group).stream()).findFirst();
            entry.put("members", view.map(GroupView::size).orElse(0));
            entry.put("sites", view.map(v -> List.copyOf(v.sites())).orElse(List.of()));
            Optional<GroupTree> tree = nodes.stream().flatMap(n -> n.tree(group).stream()).findFirst();
            entry.put("tree", tree.map(DashboardState::tree).orElse(null));
            groups.add(entry);
        }
        return groups;
    }

    private static Map<String, Object> tree(GroupTree tree) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("root", tree.root());
        json.put("version", tree.version());
        json.put("strategy", tree.strategy());
        List<Object> edges = new ArrayList<>();
        for (GroupTree.Edge edge : tree.edges()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("parent", edge.parent());
            e.put("child", edge.child());
            e.put("rttMs", edge.rttMs());
            edges.add(e);
        }
        json.put("edges", edges);
        return json;
    }

    private List<Object> flows() {
        Map<String, FlowStatus> byKey = new java.util.TreeMap<>();
        for (GcsNode node : nodes) {
            for (FlowStatus flow : node.flows()) {
                byKey.putIfAbsent(flow.group() + "\u0000" + flow.site(), flow);
            }
        }
        List<Object> flows = new ArrayList<>();
        byKey.values().forEach(flow -> flows.add(flow(flow)));
        return flows;
    }

    /**
     * @param flow a flow's congestion state
     * @return its JSON form: an unlimited rate is {@code null} with {@code unlimited: true}, a missing measure
     *     {@code null}
     */
    static Map<String, Object> flow(FlowStatus flow) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("group", flow.group());
        json.put("site", flow.site());
        json.put("controller", flow.controller());
        boolean unlimited = Double.isInfinite(flow.allowedRateBytesPerSec());
        json.put("allowedRateBytesPerSec", unlimited ? null : flow.allowedRateBytesPerSec());
        json.put("unlimited", unlimited);
        json.put("slowStart", flow.slowStart());
        json.put("limitingSite", flow.limitingSite().orElse(null));
        json.put("congestionMeasure", flow.congestionMeasure());
        List<Object> receivers = new ArrayList<>();
        for (FlowStatus.Receiver receiver : flow.receivers()) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("site", receiver.site());
            r.put("rttMs", receiver.rttMs());
            r.put("congestion", receiver.congestion());
            r.put("limiting", flow.limitingSite().filter(receiver.site()::equals).isPresent());
            receivers.add(r);
        }
        json.put("receivers", receivers);
        return json;
    }

    private List<Object> members() {
        List<Object> members = new ArrayList<>();
        for (GcsNode node : nodes) {
            MemberTotals t = totals(node.self());
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("member", node.self().toString());
            json.put("site", node.self().site());
            json.put("name", node.self().name());
            json.put("delegate", node.isDelegate());
            json.put("sentMessages", t.sentMessages());
            json.put("sentBytes", t.sentBytes());
            json.put("deliveredMessages", t.deliveredMessages());
            json.put("deliveredBytes", t.deliveredBytes());
            json.put("unstableBytes", node.unstableBytes());
            members.add(json);
        }
        return members;
    }
}
