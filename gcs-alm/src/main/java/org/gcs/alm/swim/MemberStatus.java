package org.gcs.alm.swim;

/** What one member believes of another (SWIM §4.2: the suspicion mechanism's three states). */
public enum MemberStatus {
    /** Answering probes, or refuted its last suspicion with a higher incarnation. */
    ALIVE,
    /** A probe of it failed and it has not refuted yet; still probed, but not asked to relay probes. */
    SUSPECT,
    /** Its suspicion timed out (or it was declared dead by another member); no longer probed. */
    DEAD
}
