package org.gcs.internal.node;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.gcs.GcsConfig;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.cc.CongestionControls;
import org.gcs.internal.engine.EngineSettings;
import org.gcs.internal.flow.FlowSettings;

/** Turns a node's configuration into its engine's settings: seeds other than itself, its advertised WAN address. */
final class EngineSettingsFactory {
    /** Depth of the senders' token buckets. */
    static final long BURST_BYTES = 64 * 1024;

    private EngineSettingsFactory() {
    }

    /**
     * @param config the node's configuration
     * @param incarnation this run of the node (its LAN address and its messages carry it)
     */
    static EngineSettings create(GcsConfig config, long incarnation) {
        long tickNs = config.tickInterval().toNanos();
        List<DelegateAddress> seeds = new ArrayList<>();
        for (InetSocketAddress seed : config.seeds()) {
            DelegateAddress address = new DelegateAddress(seed.getHostString(), seed.getPort());
            if (!isOwnAddress(seed, config.wanBindPort())) {
                seeds.add(address);
            }
        }
        DelegateAddress selfAddress = config.wanAdvertiseHost() != null
                ? new DelegateAddress(config.wanAdvertiseHost(), config.wanAdvertisePort())
                : config.wanBindPort() == 0 ? null
                : new DelegateAddress(isWildcard(config.wanBindHost()) ? "127.0.0.1" : config.wanBindHost(),
                        config.wanBindPort());
        return new EngineSettings(config.site(), config.memberName(), incarnation, config.delegateEligible(),
                config.heartbeatInterval().toNanos(), config.siteTimeout().toNanos(), config.maxDatagramBytes(),
                config.sendWindowBytes(), FlowSettings.defaults(tickNs), seeds, selfAddress, config.treeStrategy(),
                config.maxFanOut(), config.probeInterval().toNanos(), config.treeRefreshInterval().toNanos(),
                CongestionControls.create(config.congestionControl(),
                        config.ccSettings(FlowSettings.defaults(tickNs).initialRttNs(), BURST_BYTES)),
                incarnation, config.transportSettings());
    }

    private static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    }

    private static boolean isOwnAddress(InetSocketAddress seed, int ownPort) {
        if (seed.getPort() != ownPort || ownPort == 0) {
            return false;
        }
        try {
            InetAddress address = InetAddress.getByName(seed.getHostString());
            return address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
