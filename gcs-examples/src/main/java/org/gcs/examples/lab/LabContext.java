package org.gcs.examples.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gcs.emulator.Topology;

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
    private final LabProgress progress;
    private final List<Path> files = new ArrayList<>();

    /**
     * @param outDir an existing directory for the scenario's files
     * @param seed the seed of every random choice
     * @param scale the factor applied to every phase duration (1.0 = the paper's durations)
     * @param driver the driver {@link #openDriver} opens
     * @param treeStrategy the multicast tree strategy of the nodes ({@code spt} or {@code star})
     * @param progress where progress lines go
     */
    public LabContext(Path outDir, long seed, double scale, Driver driver, String treeStrategy,
                      LabProgress progress) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be positive, got " + scale);
        }
        this.outDir = outDir;
        this.seed = seed;
        this.scale = scale;
        this.driver = driver;
        this.treeStrategy = treeStrategy;
        this.progress = progress;
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

    /** @return the multicast tree strategy of the nodes */
    public String treeStrategy() {
        return treeStrategy;
    }

    /** @return the progress output */
    public LabProgress progress() {
        return progress;
    }

    /** @return a duration of the paper scaled by {@link #scale()}, at least 1 ms */
    public long scaledNs(long paperNs) {
        return Math.max(1_000_000L, Math.round(paperNs * scale));
    }

    /** Opens the selected driver on a topology. */
    public LabDriver openDriver(Topology topology) {
        return driver == Driver.VIRTUAL ? new VirtualDriver(topology, seed, treeStrategy)
                : new RealDriver(topology, seed, treeStrategy);
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
}
