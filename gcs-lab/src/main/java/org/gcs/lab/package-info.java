/**
 * The experiment lab behind {@code gcs lab SCENARIO --out DIR}: scenarios that reproduce the papers' experiments and
 * write CSV time series, PNG charts and a {@code summary.json}. This package holds the lab's frame and the scenarios of
 * the Xpand TFRC many-to-many paper (seed 004 §4: {@link org.gcs.lab.RateRestrictionScenario},
 * {@link org.gcs.lab.MembershipScenario}, {@link org.gcs.lab.LanFairnessScenario}); the sub-packages hold those of the
 * other seeds ({@code costbenefit}: seed 000; {@code overlay}: the (max,+) models of seeds 001 and 003; {@code hop}:
 * GCS's hop-by-hop transport; {@code ormcc}: seed 002) and the TCP-friendliness test on a real bottleneck
 * ({@code tcp}).
 *
 * <p>The parts: {@link org.gcs.lab.LabCommand} (the command line; {@link org.gcs.lab.LabMain} is the lab's own root
 * command, the main class of its child processes), {@link org.gcs.lab.LabScenario} (one experiment, found by name in
 * {@link org.gcs.lab.LabScenarios}), {@link org.gcs.lab.LabContext} (output directory, seed, scale, driver, progress),
 * {@link org.gcs.lab.LabDriver} (nodes, senders and time, in virtual time on gcs-sim's simulator,
 * {@link org.gcs.lab.VirtualDriver}, or in real time on real nodes over loopback with the link emulator,
 * {@link org.gcs.lab.RealDriver}), and the run template a scenario is written on: {@link org.gcs.lab.RunPlan} (what a
 * run is: its network, members, phases, timed actions and readings), {@link org.gcs.lab.RunTemplate} (runs it: the
 * plumbing), {@link org.gcs.lab.RunRecord} (what it measured: {@link org.gcs.lab.SampleTable},
 * {@link org.gcs.lab.Traffic}), {@link org.gcs.lab.Check} (one pass criterion) and {@link org.gcs.lab.LabReport}
 * (summary, verdict and files), with {@link org.gcs.lab.LabPool} for runs at the same time; and the writers
 * {@link org.gcs.lab.ChartWriter}, {@link org.gcs.lab.SummaryWriter}, {@link org.gcs.lab.LabProgress} and gcs-tools'
 * {@link org.gcs.tools.csv.CsvWriter}.
 *
 * <p><b>Threads.</b> A scenario runs on the command's thread. On the {@link org.gcs.lab.VirtualDriver} everything, the
 * nodes' listeners included, runs on that thread in virtual time; on the {@link org.gcs.lab.RealDriver} each sender
 * runs on a thread of its own and counts what it sent in an atomic counter, and the nodes call their listeners on their
 * delivery threads. Independent runs (the (max,+) models, the runs of a sweep) spread over {@link org.gcs.lab.LabPool}.
 * The lab uses gcs-core's public API only (gcs-examples' {@code PublicApiOnlyTest} checks it).
 */
package org.gcs.lab;
