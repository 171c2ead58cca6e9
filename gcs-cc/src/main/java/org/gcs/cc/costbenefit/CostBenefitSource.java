package org.gcs.cc.costbenefit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.PriceGrant;
import org.gcs.cc.api.SourceController;

/**
 * The sending delegate's side of seed 000's cost-benefit flow control for one group: the paper's "agent" prices the
 * group's packets and hands the price and the salary to its local senders. There is no end-to-end feedback: the
 * price comes from the link prices the delegates advertise.
 *
 * <p>Eq. 8: {@code C_p = Δ + Σ_{l ∈ MT(p)} C_l}, where MT is the group's tree pruned to its sites and directed away
 * from this site (decision A12: "links that have downstream destinations", §III); a group with no other site pays
 * the fee alone. A link never heard of costs 0 (decision A13: an advertisement not refreshed for 3·T_max also
 * decays to 0, kept by the engine's table).
 *
 * <p>The snapshot's allowed rate is what the flow actually sent over the last second (the scheme grants a price, not
 * a rate; flagged by {@code allowedRateMeasured} = 1); its limiting "site" is the dearest link of the tree, written
 * {@code from->to}; each receiving site's congestion measure is the price of the links on its path.
 */
final class CostBenefitSource implements SourceController {
    private static final long RATE_WINDOW_NS = 1_000_000_000L;

    private final CostBenefitSettings settings;
    private final String site;
    private final TreeSet<String> receivers = new TreeSet<>();
    private final Map<DirectedEdge, Double> costs = new HashMap<>();
    private List<DirectedEdge> tree = List.of();
    private final Map<String, DirectedEdge> edgeInto = new HashMap<>();
    private long windowStartNs = Long.MIN_VALUE;
    private long windowBytes;
    private double sentBytesPerSec;
    private PriceGrant grant;

    CostBenefitSource(CostBenefitSettings settings, String site) {
        this.settings = settings;
        this.site = site;
        reprice();
    }

    @Override
    public void onReceiverAdded(String receiverSite, long nowNs) {
        receivers.add(receiverSite);
    }

    @Override
    public void onReceiverRemoved(String receiverSite, long nowNs) {
        receivers.remove(receiverSite);
    }

    @Override
    public void onFirstTransmission(long seq, int wireBytes, long nowNs) {
        rollRate(nowNs);
        windowBytes += wireBytes;
    }

    @Override
    public void onTree(List<DirectedEdge> edgesFromSource, long nowNs) {
        tree = List.copyOf(edgesFromSource);
        edgeInto.clear();
        for (DirectedEdge edge : tree) {
            edgeInto.put(edge.toSite(), edge);
        }
        reprice();
    }

    @Override
    public void onLinkCost(DirectedEdge edge, double costDollars, long nowNs) {
        if (!(costDollars > 0)) {
            if (costs.remove(edge) != null && edgeInto.get(edge.toSite()) != null) {
                reprice();
            }
            return;
        }
        Double before = costs.put(edge, Math.min(costDollars, settings.maxLinkCostDollars()));
        if (edge.equals(edgeInto.get(edge.toSite())) && (before == null || before != costDollars)) {
            reprice();
        }
    }

    @Override
    public void onTick(long nowNs) {
        rollRate(nowNs);
    }

    @Override
    public Grant grant() {
        return grant;
    }

    @Override
    public CcSnapshot snapshot() {
        List<CcSnapshot.ReceiverState> states = new ArrayList<>(receivers.size());
        for (String receiver : receivers) {
            states.add(new CcSnapshot.ReceiverState(receiver, 0, pathCost(receiver), Map.of()));
        }
        Map<String, Double> extras = new LinkedHashMap<>();
        extras.put("priceDollarsPerPacket", grant.dollarsPerPacket());
        extras.put("feeDollars", settings.feeDollars());
        extras.put("salaryDollars", grant.salaryDollars());
        extras.put("treeEdges", (double) tree.size());
        extras.put("dearestLinkDollars", grant.mostExpensiveEdge() == null ? 0 : costs.get(grant.mostExpensiveEdge()));
        extras.put("allowedRateMeasured", 1.0);
        String limiting = grant.mostExpensiveEdge() == null ? null : grant.mostExpensiveEdge().toString();
        return new CcSnapshot(CostBenefitControl.NAME, sentBytesPerSec, limiting, false, "pathPriceDollars", states,
                extras);
    }

    /** Eq. 8 over the current tree and prices. */
    private void reprice() {
        double price = settings.feeDollars();
        DirectedEdge dearest = null;
        double dearestCost = 0;
        for (DirectedEdge edge : tree) {
            double cost = costs.getOrDefault(edge, 0.0);
            price += cost;
            if (cost > dearestCost) {
                dearestCost = cost;
                dearest = edge;
            }
        }
        grant = new PriceGrant(price, settings.salaryDollars(), dearest);
    }

    /** @return the prices of the links from this site to a receiving site, NaN if it is not in the tree */
    private double pathCost(String receiver) {
        double sum = 0;
        String at = receiver;
        for (int hops = 0; hops <= tree.size(); hops++) {
            if (at.equals(site)) {
                return sum;
            }
            DirectedEdge edge = edgeInto.get(at);
            if (edge == null) {
                return Double.NaN;
            }
            sum += costs.getOrDefault(edge, 0.0);
            at = edge.fromSite();
        }
        return Double.NaN;
    }

    private void rollRate(long nowNs) {
        if (windowStartNs == Long.MIN_VALUE) {
            windowStartNs = nowNs;
        } else if (nowNs - windowStartNs >= RATE_WINDOW_NS) {
            sentBytesPerSec = windowBytes * 1e9 / (nowNs - windowStartNs);
            windowStartNs = nowNs;
            windowBytes = 0;
        }
    }
}
