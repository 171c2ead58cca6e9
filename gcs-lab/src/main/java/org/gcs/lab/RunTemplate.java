package org.gcs.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gcs.GroupMember;
import org.gcs.lab.RunPlan.When;

/**
 * Runs a {@link RunPlan}: the plumbing every experiment on nodes shares, written once. It opens the driver the
 * context selects, starts the nodes, joins the groups, waits until every group's members see each other, warms up,
 * starts the traffic, runs the phases (each one's start action, its progress line, then a sample every 100 ms:
 * timed actions, the traffic's counters, the plan's own readings, a row of the sample table, a progress line every
 * few seconds), stops the senders, takes the final readings and closes the driver.
 */
public final class RunTemplate {
    private RunTemplate() {
    }

    /**
     * Runs a plan on the context's driver.
     *
     * @return what the run measured
     * @throws LabUnavailableException if the plan needs the simulator and the context selects the real driver
     * @throws IllegalStateException if a group's members did not see each other in time
     */
    public static RunRecord run(LabContext ctx, RunPlan plan) throws Exception {
        try (LabDriver driver = open(ctx, plan)) {
            return run(ctx, plan, driver);
        }
    }

    /**
     * Runs plans at the same time on a pool of threads. Their drivers open first, in the plans' order (so the
     * context reports the last one's settings), and each closes when its run ends; the records come back in the
     * plans' order.
     *
     * @param threads at most this many at a time (and no more than the machine's cores)
     */
    public static List<RunRecord> runAll(LabContext ctx, List<RunPlan> plans, int threads) throws Exception {
        List<LabDriver> drivers = new ArrayList<>();
        try {
            for (RunPlan plan : plans) {
                drivers.add(open(ctx, plan));
            }
        } catch (Exception e) {
            drivers.forEach(LabDriver::close);
            throw e;
        }
        List<Callable<RunRecord>> runs = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            RunPlan plan = plans.get(i);
            LabDriver driver = drivers.get(i);
            runs.add(() -> {
                try (driver) {
                    return run(ctx, plan, driver);
                }
            });
        }
        return LabPool.run(threads, runs);
    }

    private static LabDriver open(LabContext ctx, RunPlan plan) throws LabUnavailableException {
        if (plan.virtualOnly != null && ctx.driver() != LabContext.Driver.VIRTUAL) {
            throw new LabUnavailableException(plan.virtualOnly);
        }
        return ctx.openDriver(plan.topology, plan.settings, plan.seed != null ? plan.seed : ctx.seed());
    }

    private static RunRecord run(LabContext ctx, RunPlan plan, LabDriver driver) throws InterruptedException {
        long wallStartNs = System.nanoTime();
        Run run = new Run(ctx, plan, driver);
        RunRecord record = run.record();
        plan.actions(When.BEFORE_START).forEach(a -> a.accept(run));
        startAndSettle(ctx, plan, driver, run);
        record.t0(driver.nowNs());
        run.at(driver.nowNs());
        plan.actions(When.START).forEach(a -> a.accept(run));
        List<RunPlan.Timed> due = new ArrayList<>(plan.timed);
        fireDue(due, run);
        Sampler sampler = new Sampler(ctx, plan, run, due);
        for (RunPlan.PhasePlan p : plan.phases) {
            long start = driver.nowNs();
            record.phases().add(new Phase(p.name(), start, start + p.durationNs(), start + p.skipNs()));
            run.at(start);
            p.start().accept(run);
            if (p.line() != null) {
                run.say(p.line().apply(run));
            }
            driver.sampleFor(p.durationNs(), plan.stepNs, sampler::sample);
            plan.actions(When.PHASE_END).forEach(a -> a.accept(run));
        }
        record.traffic().values().forEach(Traffic::stop);
        plan.actions(When.END).forEach(a -> a.accept(run));
        record.wallSeconds((System.nanoTime() - wallStartNs) / 1e9);
        return record;
    }

    /** Starts the nodes, joins the groups, waits for every group's view and warms up. */
    private static void startAndSettle(LabContext ctx, RunPlan plan, LabDriver driver, Run run)
            throws InterruptedException {
        for (RunPlan.Member member : plan.nodes) {
            run.started(member, driver.start(member.site(), member.name()));
        }
        plan.groups.forEach((group, members) -> members.forEach(m -> run.node(m.key()).join(group)));
        for (var group : plan.groups.entrySet()) {
            List<GroupMember> members = group.getValue().stream().map(m -> run.node(m.key())).distinct()
                    .toList();
            if (!driver.awaitViews(group.getKey(), members, members.size(), plan.viewTimeoutNs)) {
                throw new IllegalStateException("the " + members.size() + " members of group '" + group.getKey()
                        + "' did not see each other within " + plan.viewTimeoutNs / RunPlan.S + " s");
            }
        }
        ctx.progress().line(String.format(Locale.ROOT, "%d nodes on %s (%s driver), %d group(s): the members see"
                + " each other after %.1f s; warming up %d s", plan.nodes.size(), plan.topology.name(),
                driver.name(), plan.groups.size(), driver.nowNs() / 1e9, plan.warmUpNs / RunPlan.S));
        driver.advance(plan.warmUpNs);
        if (!plan.keepHistory) {
            driver.simulation().ifPresent(net -> net.nodes().forEach(node -> node.keepHistory(false)));
        }
    }

    /** Runs the timed actions that are due, in the order given, and forgets them. */
    private static void fireDue(List<RunPlan.Timed> due, Run run) {
        for (var it = due.iterator(); it.hasNext(); ) {
            RunPlan.Timed t = it.next();
            if (run.atNs() >= t.offsetNs()) {
                it.remove();
                t.action().accept(run);
            }
        }
    }

    /** What happens at each sample. */
    private static final class Sampler {
        private final LabContext ctx;
        private final RunPlan plan;
        private final Run run;
        private final List<RunPlan.Timed> due;
        private long nextRowNs;
        private long nextProgressNs;

        Sampler(LabContext ctx, RunPlan plan, Run run, List<RunPlan.Timed> due) {
            this.ctx = ctx;
            this.plan = plan;
            this.run = run;
            this.due = due;
            this.nextRowNs = run.t0() + plan.rowEveryNs;
            this.nextProgressNs = run.t0() + plan.progressEveryNs;
        }

        void sample(long nowNs) {
            run.at(nowNs);
            fireDue(due, run);
            run.record().traffic().values().forEach(t -> t.sample(nowNs));
            plan.actions(When.SAMPLE).forEach(a -> a.accept(run));
            run.reading(true);
            if (nowNs >= nextRowNs) {
                nextRowNs += plan.rowEveryNs;
                Object[] values = new Object[plan.columns.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = plan.columns.get(i).reading().apply(run);
                }
                run.record().table().add(run.atNs(), run.phaseIndex(), values);
            }
            if (plan.progress != null && nowNs >= nextProgressNs) {
                nextProgressNs += plan.progressEveryNs;
                ctx.progress().at(run.atSec(), plan.progress.apply(run));
            }
            run.reading(false);
        }
    }
}
