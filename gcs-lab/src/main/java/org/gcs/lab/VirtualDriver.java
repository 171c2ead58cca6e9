package org.gcs.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.GroupMember;
import org.gcs.WireCost;
import org.gcs.emulator.Topology;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;
import org.gcs.tools.send.Pacing;
import org.gcs.tools.send.SendCounter;
import org.gcs.tools.send.SteppedSender;

/**
 * The virtual-time driver: the nodes are {@link SimNode}s of a {@link SimNetwork} running the production protocol
 * engine over the emulated topology, in virtual time. Runs are exact and repeat from the seed, take seconds, and
 * are free of the CPU noise of many nodes sharing a few cores.
 */
public final class VirtualDriver implements LabDriver {
    /** How often a sender's task runs, in virtual time. */
    static final long SENDER_TICK_NS = 2_000_000L;

    private final SimNetwork net;
    private final long startNs;

    /**
     * @param topology the emulated WAN
     * @param seed the seed of every random choice
     * @param treeStrategy the multicast tree strategy ({@code spt}, {@code star}, {@code fixed:...})
     */
    public VirtualDriver(Topology topology, long seed, String treeStrategy) {
        this(topology, seed, treeStrategy, org.gcs.tools.cli.NodeSettings.NONE);
    }

    /**
     * @param topology the emulated WAN
     * @param seed the seed of every random choice
     * @param treeStrategy the multicast tree strategy ({@code spt}, {@code star}, {@code fixed:...})
     * @param nodeSettings settings applied to every node (--controller, --set)
     * @throws IllegalArgumentException if a setting does not apply to simulated nodes
     */
    public VirtualDriver(Topology topology, long seed, String treeStrategy,
                         org.gcs.tools.cli.NodeSettings nodeSettings) {
        this.net = new SimNetwork(topology, SimOptions.defaults().withSeed(seed),
                b -> nodeSettings.applyTo(LabDriver.labDefaults(b).treeStrategy(treeStrategy)));
        this.startNs = net.nowNs();
    }

    @Override
    public Optional<SimNetwork> simulation() {
        return Optional.of(net);
    }

    @Override
    public String name() {
        return "virtual";
    }

    @Override
    public GroupMember start(String site, String member) {
        return net.start(site, member);
    }

    @Override
    public long nowNs() {
        return net.nowNs() - startNs;
    }

    @Override
    public void advance(long durationNs) {
        net.runFor(durationNs);
    }

    @Override
    public boolean awaitViews(String group, List<? extends GroupMember> nodes, int size, long timeoutNs) {
        return net.runUntil(() -> nodes.stream().allMatch(n -> n.view(group).map(v -> v.size() == size)
                .orElse(false)), timeoutNs);
    }

    @Override
    public List<FlowStatus> flows(String site) {
        return net.delegateOf(site).map(SimNode::flows).orElse(List.of());
    }

    @Override
    public void close() {
        for (SimNode node : new ArrayList<>(net.nodes())) {
            if (node.alive()) {
                net.stop(node);
            }
        }
    }

    /** Starts a sender task on the virtual clock, every {@value #SENDER_TICK_NS} ns. */
    @Override
    public LabSender send(GroupMember node, String group, int messageBytes, Pacing pacing) {
        SteppedSender sends = new SteppedSender(pacing, sequence -> node.sendAsync(group, new byte[messageBytes]),
                new SendCounter(WireCost.messageBytes(messageBytes)));
        net.clock().after(0, () -> tick(sends));
        return new LabSender(node, sends.counter(), sends::stop);
    }

    private void tick(SteppedSender sends) {
        if (sends.stopped()) {
            return;
        }
        sends.step(net.nowNs());
        net.clock().after(SENDER_TICK_NS, () -> tick(sends));
    }
}
