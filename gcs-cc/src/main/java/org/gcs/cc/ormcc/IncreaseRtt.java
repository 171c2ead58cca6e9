package org.gcs.cc.ormcc;

/**
 * Which RTT paces ORMCC's additive increase, λ ← λ + s/RTT once per RTT ({@code cc.ormcc.increase.rtt}).
 *
 * <p>Thesis §3.1.5 defines the increase with "the RTT between the source and the CR". ORMCC itself has no
 * acknowledgements, so the thesis estimates that RTT from the CR's congestion indications (§3.1.6), which are sent on
 * loss, when the bottleneck queue is full: the estimate is an upper bound, larger on average than TCP's, and the
 * thesis gives this bias as the reason β must exceed 0.5 (App. C.2). A GCS sending delegate also measures every
 * receiving site's RTT from the acknowledgements that reliability needs anyway (Xpand Fig. 3, RFC 6298 smoothing),
 * which follows the queue as it fills and drains.
 *
 * <p>The trade-off, measured (docs/experiments.md): against kernel Reno through a drop-tail queue of about one base
 * RTT, {@link #ACK} at β = 0.65 takes 0.85–0.88 of TCP's share where {@link #INDICATIONS} takes 0.53 (0.63–0.71 at
 * 0.75): the full-queue RTT_cr makes the increase two to four times slower than Reno's. Hence {@link #ACK} by default,
 * with β = 0.65 as the thesis recommends for implementations outside the kernel. The price is paid by many receivers
 * behind deep queues: λ is a rate, not clocked by acknowledgements, so while a deep queue drains the acknowledgement
 * RTT is short, λ climbs fast and overshoots until the loss is reported. In {@code ormcc-drop-to-zero} (queues of ten
 * base RTTs) the multicast flow is then cut four times as often and falls to 0.61 and 0.47 of the single-receiver
 * flows at 4 and 16 receivers (0.94 and 0.84 with RTT_cr at the same β), and in {@code ormcc-vs-tfrc} it carries
 * 17.7 KB/s instead of 48.4. The lab's reproductions of the thesis's simulations therefore run
 * {@link #INDICATIONS} with β = 0.75, as the thesis did, and so can any deployment of that kind.
 */
public enum IncreaseRtt {
    /** The thesis's estimator: RTT_cr, the EWMA of the CR's indication samples (§3.1.6, App. B.1). */
    INDICATIONS,
    /**
     * The default: the smoothed acknowledgement RTT of the CR's site (RTT_cr until the engine has measured one); the
     * increase runs at TCP's pace over the same path.
     */
    ACK
}
