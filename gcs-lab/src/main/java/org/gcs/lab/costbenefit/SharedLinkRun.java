package org.gcs.lab.costbenefit;

import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.SAMPLE;
import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.List;
import java.util.Locale;
import org.gcs.lab.Phase;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunRecord;
import org.gcs.lab.SampleTable;
import org.gcs.lab.Traffic;
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;
import org.gcs.lab.costbenefit.CostBenefitLab.LinkTally;

/**
 * The runs whose greedy clients all cross one link, the only bottleneck (many-senders, randomization): what they
 * read every 100 ms (the clients' 1-s rate, one group's packet price, the link's buffer peak and window) and what
 * they measure after the first part of the run (the clients' rate and its spread, the buffer peaks, the mean price,
 * the queue drops and hop retransmissions).
 */
final class SharedLinkRun {
    /** The traffic the plan's start action puts the clients in. */
    static final String CLIENTS = "clients";

    /** What a run measured, and its table. */
    record Result(double bytesPerSec, int maxBuffer, int maxBufferWholeRun, double meanPeak, double clientCov,
                  double meanPrice, long queueDrops, long retransmissions, SampleTable table) {
    }

    private SharedLinkRun() {
    }

    /**
     * Completes a plan whose start action starts the clients in the traffic {@value #CLIENTS}.
     *
     * @param from the link's upstream site
     * @param to its downstream site
     * @param priceGroup the group whose price (at {@code from}) is read, in the column {@code priceColumn}
     * @param label names the run in the progress lines
     * @return the plan: the run's {@link RunRecord#note} {@code result} is its {@link Result}
     */
    static RunPlan measure(RunPlan plan, String from, String to, String priceGroup, String priceColumn, String label,
                           long runNs, long measureFromNs) {
        String link = BufferWatch.label(from, to);
        BufferWatch watch = new BufferWatch(List.<String[]>of(new String[] {from, to}));
        return plan.on(START, watch::sample).runFor(runNs, measureFromNs)
                .at(measureFromNs, run -> run.note("mark", LinkTally.of(run, from, to)))
                .on(SAMPLE, watch::sample).column("time_s", Run::atSec)
                .column("rate_1s_Bps", r -> r.traffic(CLIENTS).rateOver(S))
                .column(priceColumn, r -> CostBenefitLab.price(r, from, priceGroup))
                .column(link + "_max_waiting_pkts", r -> watch.latest().get(link))
                .column(link + "_window_pkts", r -> CostBenefitLab.window(r.network(), from, to))
                .progress(30 * S, r -> String.format(Locale.ROOT, "%s: 1-s rate %.3f Mbit/s, price of %s %.2f, max"
                        + " waiting %s %d", label, CostBenefitLab.mbps(r.traffic(CLIENTS).rateOver(S)), priceGroup,
                        CostBenefitLab.price(r, from, priceGroup), link, watch.latest().get(link)))
                .on(END, run -> {
                    LinkTally tally = LinkTally.of(run, from, to).since(run.record().note("mark"));
                    Phase measured = run.record().phase(0);
                    long start = measured.measureFromNs();
                    long end = measured.endNs();
                    Traffic clients = run.record().traffic(CLIENTS);
                    run.note("result", new Result(clients.mean(measured), watch.max(link, start, end),
                            watch.max(link, run.t0(), end), watch.mean(link, start, end),
                            CostBenefitLab.cov(clients.clientMeans(start, end)),
                            SampleTable.mean(run.record().measured(0), priceColumn), tally.queueDrops(),
                            tally.retransmissions(), run.record().table()));
                });
    }
}
