package org.gcs.internal.engine;

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
import org.gcs.internal.flow.FlowSettings;

/**
 * The one place a node's configuration becomes its engine's settings, for the Netty driver and the simulator
 * ({@code org.gcs.driver.SansIoEngine}) alike: the configuration's parts as they are, the seeds other than this node,
 * its advertised WAN address and its congestion-control scheme.
 */
public final class EngineSettingsFactory {
    private EngineSettingsFactory() {
    }

    /**
     * @param config the node's configuration
     * @param incarnation this run of the node (its LAN address and its messages carry it)
     * @param randomSeed the seed of the controllers' random choices: the incarnation in production, a function of the
     *     run's seed in the simulator
     * @return the engine's settings
     */
    public static EngineSettings create(GcsConfig config, long incarnation, long randomSeed) {
        FlowSettings flow = FlowSettings.defaults(config.tickInterval().toNanos());
        List<Seed> seeds = new ArrayList<>();
        for (InetSocketAddress seed : config.seeds()) {
            Seed configured = new Seed(seed.getHostString(), seed.getPort());
            if (configured.isName() || !isOwnAddress(seed, config.wanBindPort())) {
                seeds.add(configured); // a name's own address is left to the driver, which resolves it
            }
        }
        DelegateAddress selfAddress = config.wanAdvertiseHost() != null
                ? new DelegateAddress(config.wanAdvertiseHost(), config.wanAdvertisePort())
                : config.wanBindPort() == 0 ? null
                : new DelegateAddress(isWildcard(config.wanBindHost()) ? "127.0.0.1" : config.wanBindHost(),
                        config.wanBindPort());
        return new EngineSettings(config.site(), config.memberName(), incarnation, config.delegateEligible(),
                config.timers(), config.maxDatagramBytes(), config.flowLimits(), flow, seeds, selfAddress,
                config.overlay(),
                CongestionControls.create(config.congestionControl(), config.ccSettings(flow.initialRttNs())),
                randomSeed, config.transport());
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
