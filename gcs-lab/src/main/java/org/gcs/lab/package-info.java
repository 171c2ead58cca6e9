/**
 * The experiment lab behind {@code gcs lab SCENARIO --out DIR}: scenarios that reproduce the experiments of the
 * Xpand TFRC many-to-many paper (seed 004 §4) and write CSV time series, PNG charts and a {@code summary.json}.
 *
 * <p>The parts: {@link org.gcs.lab.LabScenario} (one experiment, found by name in
 * {@link org.gcs.lab.LabScenarios}), {@link org.gcs.lab.LabContext} (output directory, seed,
 * scale, driver, progress), {@link org.gcs.lab.LabDriver} (nodes, senders and time, in virtual time on
 * the simulator or in real time on real nodes over loopback), and the reusable writers
 * {@link org.gcs.tools.csv.CsvWriter}, {@link org.gcs.lab.ChartWriter},
 * {@link org.gcs.lab.SummaryWriter} and {@link org.gcs.lab.LabProgress}.
 */
package org.gcs.lab;

import org.gcs.tools.csv.CsvWriter;