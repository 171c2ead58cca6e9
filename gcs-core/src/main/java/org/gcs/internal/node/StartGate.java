package org.gcs.internal.node;

import java.util.concurrent.TimeUnit;

/**
 * How a node's start ends on the LAN side: its first view reached the engine, or an older member of the site has
 * this member's name (docs/security.md, LAN, "One member per name") and kept it for a grace period, or neither within
 * the timeout. The grace period lets a process restarted right after its previous copy crashed or hung start once the
 * LAN has excluded that copy (a view without it) instead of being refused. Thread-safe: views are reported on JGroups
 * threads, the engine's first view on the loop, and the start waits on its own thread.
 */
final class StartGate {
    /** How a start ended. */
    enum Outcome {
        /** The engine has its first view. */
        VIEWED,
        /** An older member has this member's name and kept it for the grace period; see {@link #nameTaken()}. */
        NAME_TAKEN,
        /** Neither within the timeout. */
        TIMED_OUT
    }

    /** A view was handed to the engine (it may not have reached it yet): a later clash means leaving. */
    private boolean handed;
    /** The engine has a view. */
    private boolean viewed;
    private String nameTaken;
    private long nameTakenSinceNs;

    /** A view without a clash for this member goes to the engine now (on the JGroups thread, before it is posted). */
    synchronized void handing() {
        handed = true;
        nameTaken = null;
    }

    /** The engine installed its first view (on the loop). */
    synchronized void viewed() {
        viewed = true;
        notifyAll();
    }

    /**
     * A view shows an older member with this member's name.
     *
     * @param why the reason, for the exception or the ERROR line
     * @param nowNs now
     * @return true if a view had already gone to the engine (the node runs, so it must leave), false if the start
     *         deals with it
     */
    synchronized boolean nameTaken(String why, long nowNs) {
        if (handed) {
            return true;
        }
        if (nameTaken == null) {
            nameTakenSinceNs = nowNs;
        }
        nameTaken = why;
        notifyAll();
        return false;
    }

    /** @return why this member's name is taken, as the latest view said (until one without a clash), or null */
    synchronized String nameTaken() {
        return nameTaken;
    }

    /**
     * Waits until the engine has a view, or this member's name has been taken for {@code graceNs}, or the timeout.
     *
     * @param timeoutNs the longest wait
     * @param graceNs how long a taken name may wait for a view that no longer has the older copy
     * @return how the start ended
     */
    synchronized Outcome await(long timeoutNs, long graceNs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNs;
        while (!viewed) {
            long now = System.nanoTime();
            long waitNs = deadline - now;
            if (nameTaken != null) {
                long graceLeftNs = nameTakenSinceNs + graceNs - now;
                if (graceLeftNs <= 0) {
                    return Outcome.NAME_TAKEN;
                }
                waitNs = Math.min(waitNs, graceLeftNs);
            }
            if (waitNs <= 0) {
                return Outcome.TIMED_OUT;
            }
            TimeUnit.NANOSECONDS.timedWait(this, waitNs);
        }
        return Outcome.VIEWED;
    }
}
