package org.gcs.tools.send;

/**
 * When a sender sends: given the time and how many of its messages are outstanding (offered but not yet admitted),
 * how many to offer now. A pacing never reads a clock (the time is an argument), so the same decisions serve a sender
 * in real time ({@link RealTimeSender}) and one stepped by the simulator's virtual clock ({@link SteppedSender}).
 *
 * <p>A pacing belongs to one sender loop and is not thread-safe.
 */
public interface Pacing {

    /**
     * Decides how many messages to offer now and counts them as offered: the caller offers that many (fewer only when
     * it ends).
     *
     * @param nowNs the time, never earlier than at the previous call
     * @param outstandingMessages the sender's messages offered before and not yet admitted (or failed)
     * @return how many messages to offer now, zero or more
     */
    long offer(long nowNs, long outstandingMessages);

    /**
     * When to ask again if {@link #offer} returned zero and no outstanding message is admitted meanwhile.
     *
     * @param nowNs the time
     * @return the time from which another message is due; {@code nowNs} or earlier when one is due already and only
     *     the bound on outstanding messages holds it back (then only an admission changes the answer, so it must not
     *     be that with no message outstanding: a real-time loop would wait for an admission that never comes)
     */
    long nextDueNs(long nowNs);
}
