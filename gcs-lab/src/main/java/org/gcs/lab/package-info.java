/**
 * The experiment lab behind {@code gcs lab SCENARIO --out DIR}: scenarios that reproduce the experiments of the
 * Xpand TFRC many-to-many paper (seed 004 §4) and write CSV time series, PNG charts and a {@code summary.json}.
 *
 * <p>The parts: {@link org.gcs.lab.LabScenario} (one experiment, found by name in
 * {@link org.gcs.lab.LabScenarios}), {@link org.gcs.lab.LabContext} (output directory, seed,
 * scale, driver, progress), {@link org.gcs.lab.LabDriver} (nodes, senders and time, in virtual time on
 * the simulator or in real time on real nodes over loopback), and the run template a scenario is written on:
 * {@link org.gcs.lab.RunPlan} (what a run is: its network, members, phases, timed actions and readings),
 * {@link org.gcs.lab.RunTemplate} (runs it: the plumbing), {@link org.gcs.lab.RunRecord} (what it measured:
 * {@link org.gcs.lab.SampleTable}, {@link org.gcs.lab.Traffic}), {@link org.gcs.lab.Check} (one pass criterion)
 * and {@link org.gcs.lab.LabReport} (summary, verdict and files), with {@link org.gcs.lab.LabPool} for runs at the
 * same time; and the reusable writers {@link org.gcs.tools.csv.CsvWriter}, {@link org.gcs.lab.ChartWriter},
 * {@link org.gcs.lab.SummaryWriter} and {@link org.gcs.lab.LabProgress}.
 */
package org.gcs.lab;

import org.gcs.tools.csv.CsvWriter;