package org.gcs.lab;

import java.util.Optional;

/**
 * One experiment of the lab, run by {@code gcs lab NAME --out DIR}. A scenario gets everything it needs from the
 * {@link LabContext} (output directory, seed, scale, driver, progress), writes its CSV files and charts there, and
 * returns its summary and pass verdict; the command adds the common fields, writes {@code summary.json} and
 * prints it. Register a new scenario in {@link LabScenarios}.
 */
public interface LabScenario {
    /** @return the name on the command line, e.g. {@code rate-restriction} */
    String name();

    /** @return one sentence for {@code gcs lab --help} */
    String description();

    /**
     * @return the driver this scenario always runs on, whatever {@code --driver} says (e.g. real processes in network
     *     namespaces), or empty if it runs on the selected driver
     */
    default Optional<String> fixedDriver() {
        return Optional.empty();
    }

    /**
     * @return true if the scenario picks the congestion control of each of its runs itself (a comparison), so that
     *     {@code --controller} and {@code --set congestion.control=...} are refused
     */
    default boolean comparesControllers() {
        return false;
    }

    /**
     * Runs the experiment.
     *
     * @param context where to write, how long, which driver
     * @return the summary, the verdict and the files written
     * @throws LabUnavailableException if the scenario cannot run on this machine (the command says why and exits 3)
     * @throws Exception if the run could not complete (the command reports it and exits 1)
     */
    LabResult run(LabContext context) throws Exception;
}
