package org.gcs.lab;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress lines of a running scenario, on stdout: the phase, the experiment's time (simulated or real seconds)
 * and the wall time, and the current rates. Lines start with the scenario's name in brackets; none of them is JSON,
 * so the summary stays the only JSON line.
 */
public final class LabProgress {
    private final PrintWriter out;
    private final String scenario;
    private final String clockName;
    private final long wallStartNs = System.nanoTime();

    /**
     * @param out where the lines go
     * @param scenario the scenario's name
     * @param clockName how the experiment's time is called in the lines ({@code sim} or {@code real})
     */
    public LabProgress(PrintWriter out, String scenario, String clockName) {
        this.out = out;
        this.scenario = scenario;
        this.clockName = clockName;
    }

    /** Prints a line about the run as a whole (start, setup, results). */
    public void line(String text) {
        out.println("[" + scenario + "] " + text);
        out.flush();
    }

    /**
     * Prints a line stamped with the experiment's time and the wall time.
     *
     * @param experimentSec seconds since the experiment started, in the driver's time
     * @param text what happens (phase, rates)
     */
    public void at(double experimentSec, String text) {
        line(String.format(Locale.ROOT, "%7.1f s %s | wall %6.1f s | %s", experimentSec, clockName,
                wallSeconds(), text));
    }

    /** @return seconds of wall time since this progress started */
    public double wallSeconds() {
        return (System.nanoTime() - wallStartNs) / 1e9;
    }

    /** @return a rate in bytes per second as text in KB/s ({@code unlimited} for +∞, {@code -} for NaN) */
    public static String kb(double bytesPerSec) {
        if (Double.isNaN(bytesPerSec)) {
            return "-";
        }
        if (Double.isInfinite(bytesPerSec)) {
            return "unlimited";
        }
        return String.format(Locale.ROOT, "%.1f KB/s", bytesPerSec / 1000);
    }
}
