package org.gcs.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gcs.emulator.Topology;
import org.gcs.tools.cli.NodeSettings;

/**
 * What a scenario runs with: the output directory, the seed, the scale of its phases, the driver to run on and the
 * progress output. It also collects the files the scenario writes.
 */
public final class LabContext {
    /** The drivers a scenario may run on. */
    public enum Driver {
        /** The simulator in virtual time: exact, fast, repeatable from the seed. */
        VIRTUAL,
        /** Real nodes on loopback with the link emulator, in real time. */
        REAL;

        /** @return the name on the command line */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Path outDir;
    private final long seed;
    private final double scale;
    private final Driver driver;
    private final String treeStrategy;
    private final NodeSettings nodeSettings;
    private final Topology topologyOverride;
    private final LabProgress progress;
    private final List<Path> files = new ArrayList<>();
    private String usedTreeStrategy;
    private NodeSettings usedNodeSettings;
    private TcpPathOptions tcpPath = TcpPathOptions.DEFAULTS;

    /**
     * @param outDir an existing directory for the scenario's files
     * @param seed the seed of every random choice
     * @param scale the factor applied to every phase duration (1.0 = the paper's durations)
     * @param driver the driver {@link #openDriver} opens
     * @param treeStrategy the multicast tree strategy of the nodes ({@code spt}, {@code star}, {@code fixed:...}), or
     *     null for the topology's own tree if it has one, else {@code spt}
     * @param nodeSettings settings applied to every node (--controller, --set)
     * @param topologyOverride the topology given with --topology, or null for each scenario's own
     * @param progress where progress lines go
     */
    public LabContext(Path outDir, long seed, double scale, Driver driver, String treeStrategy,
                      NodeSettings nodeSettings, Topology topologyOverride, LabProgress progress) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be positive, got " + scale);
        }
        this.outDir = outDir;
        this.seed = seed;
        this.scale = scale;
        this.driver = driver;
        this.treeStrategy = treeStrategy;
        this.nodeSettings = nodeSettings;
        this.topologyOverride = topologyOverride;
        this.progress = progress;
    }

    /**
     * A context with the defaults: the scenario's own topology, no node settings.
     *
     * @param outDir an existing directory for the scenario's files
     * @param seed the seed of every random choice
     * @param scale the factor applied to every phase duration
     * @param driver the driver
     * @param treeStrategy the tree strategy, or null for the topology's own tree, else {@code spt}
     * @param progress where progress lines go
     */
    public LabContext(Path outDir, long seed, double scale, Driver driver, String treeStrategy,
                      LabProgress progress) {
        this(outDir, seed, scale, driver, treeStrategy, NodeSettings.NONE, null, progress);
    }

    /** @return the output directory */
    public Path outDir() {
        return outDir;
    }

    /** @return the seed */
    public long seed() {
        return seed;
    }

    /** @return the phase scale factor */
    public double scale() {
        return scale;
    }

    /** @return the selected driver */
    public Driver driver() {
        return driver;
    }

    /** @return the multicast tree strategy given on the command line, or null for the topology's own */
    public String treeStrategy() {
        return treeStrategy;
    }

    /** @return the tree strategy the nodes use on a topology: the one given, else the topology's tree, else spt */
    public String treeStrategyFor(Topology topology) {
        if (treeStrategy != null) {
            return treeStrategy;
        }
        return topology.treeStrategy().orElse("spt");
    }

    /** @return the tree strategy of the last driver opened, or the one given (null if neither) */
    public String usedTreeStrategy() {
        return usedTreeStrategy != null ? usedTreeStrategy : treeStrategy;
    }

    /** @return the settings applied to every node (--controller, --set) */
    public NodeSettings nodeSettings() {
        return nodeSettings;
    }

    /**
     * @param builtIn the scenario's own topology (a built-in name or a file)
     * @return the topology given with --topology, else the scenario's own
     */
    public Topology topology(String builtIn) {
        return topologyOverride != null ? topologyOverride : LabTopologies.load(builtIn);
    }

    /** @return the topology given with --topology, if any */
    public Optional<Topology> topologyOverride() {
        return Optional.ofNullable(topologyOverride);
    }

    /** @return the progress output */
    public LabProgress progress() {
        return progress;
    }

    /** @return a duration of the paper scaled by {@link #scale()}, at least 1 ms */
    public long scaledNs(long paperNs) {
        return Math.max(1_000_000L, Math.round(paperNs * scale));
    }

    /**
     * Opens the selected driver on a topology ({@link RunTemplate} does, for each run of a plan), with settings the
     * scenario uses unless --controller or --set give the same key (e.g. {@code congestion.control=ormcc} for an
     * ORMCC experiment), and a seed: the command's, or the next ones for runs repeated over several seeds.
     *
     * @param topology the emulated WAN
     * @param scenarioDefaults node settings by properties key, unless --controller or --set give the key
     * @param runSeed the seed of this run's random choices
     * @return the driver
     */
    public LabDriver openDriver(Topology topology, java.util.Map<String, String> scenarioDefaults, long runSeed) {
        String strategy = treeStrategyFor(topology);
        NodeSettings settings = nodeSettings.withDefaults(scenarioDefaults);
        usedTreeStrategy = strategy;
        usedNodeSettings = settings;
        return driver == Driver.VIRTUAL ? new VirtualDriver(topology, runSeed, strategy, settings)
                : new RealDriver(topology, runSeed, strategy, settings);
    }

    /** @return the node settings of the last driver opened (scenario defaults included), or the command's */
    public NodeSettings usedNodeSettings() {
        return usedNodeSettings != null ? usedNodeSettings : nodeSettings;
    }

    /**
     * @param name a file name
     * @return its path in the output directory, remembered as one of the scenario's files
     */
    public Path file(String name) {
        Path file = outDir.resolve(name);
        files.add(file);
        return file;
    }

    /** @return the files handed out by {@link #file} so far */
    public List<Path> files() {
        return List.copyOf(files);
    }

    /**
     * Sets tcp-friendliness's path options ({@code --rtt-ms}, {@code --tcp}).
     *
     * @param options the options; not null
     */
    public void tcpPath(TcpPathOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        this.tcpPath = options;
    }

    /** @return tcp-friendliness's path options, the defaults unless set */
    public TcpPathOptions tcpPath() {
        return tcpPath;
    }
}
