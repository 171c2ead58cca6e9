/**
 * SWIM failure detection and membership (Das, Gupta, Motivala, "SWIM: Scalable Weakly-consistent
 * Infection-style Process Group Membership Protocol", DSN 2002) with Lifeguard's refinements (Dadgar, Phillips,
 * Currey, "Lifeguard: Local Health Awareness for More Accurate Failure Detection", arXiv 1707.00788), for the
 * delegates of GCS sites: each member probes one other member per protocol period instead of all of them, so the
 * messages each member sends per second do not grow with the number of sites. Pure Java, sans-IO: no sockets, no
 * threads, no clock reads; time comes in as {@code nowNs}, randomness from a seeded generator, and members are
 * plain ids (the driver maps them to addresses). Entry point: {@link org.gcs.alm.swim.SwimMember}.
 *
 * <h2>Choices where the papers are silent (or differ from memberlist)</h2>
 * <ul>
 *   <li><b>n.</b> Every formula that scales with the group size (the suspicion timeout, its expected confirmations
 *       and the retransmission limit) takes n = the members believed alive or suspect, this one included. Dead
 *       members are kept as tombstones for ever (one small entry per site ever heard of) and are not counted.</li>
 *   <li><b>Joining.</b> A new member queues its own {@code Alive(self, 0)} for gossip. A message from an unknown
 *       sender adds that sender as alive at incarnation 0 (it knows this member, so it is joining); a Suspect about
 *       an unknown member is ignored (its Alive will come); a Dead about an unknown member is kept as a tombstone,
 *       not reported and not gossiped, so that a stale Alive cannot bring the member back.</li>
 *   <li><b>Own incarnation.</b> Only the member changes it. It refutes a Suspect or a Dead about itself at its
 *       incarnation or above (memberlist refutes both); an Alive about itself is ignored.</li>
 *   <li><b>Restarted sites.</b> A restarted site starts again at incarnation 0, below its tombstone elsewhere. The
 *       buddy system is applied to every message for a member believed suspect <em>or dead</em> (Ack, Nack and
 *       relayed Ping included, not only Ping): the restarted site's first probe is answered with its Dead update,
 *       it refutes with a higher incarnation, and that Alive brings it back everywhere.</li>
 *   <li><b>Local health events.</b> As Lifeguard §IV-A lists them: any Ack by the end of the period (direct or
 *       relayed) is a success, −1; a probe with no Ack is +1, and +1 more if some intermediaries sent neither Ack
 *       nor Nack. (When Nacks were expected, memberlist adds one per missing Nack instead of one for the failure.)
 *       A refutation is +1.</li>
 *   <li><b>Scaling.</b> The local health multiplier (S + 1) stretches this member's period and probe timeout, fixed
 *       when each probe starts (memberlist stretches only the period). The first probe waits a random fraction of a
 *       period, so that members started together do not probe in lockstep. The suspicion timeout uses the base
 *       period T, not the scaled one.</li>
 *   <li><b>Intermediaries.</b> Drawn uniformly among members believed alive (not suspect), other than the target.
 *       An intermediary sends its Nack 80 % of the <em>base</em> probe timeout after the ping-req arrives (it does
 *       not know the prober's health score), and relays an Ack that comes up to one base period after it.</li>
 *   <li><b>Suspicions.</b> A Suspect at a higher incarnation than the one suspected starts a new timer.
 *       Confirmations count only at the incarnation suspected and are gossiped on when they count, as memberlist
 *       does, so that other members can count them too; this member's own failed probes of a suspect count as a
 *       confirmation when the suspicion came from someone else.</li>
 *   <li><b>Gossip.</b> Only the latest update about a member is queued; an update is queued when it changes this
 *       member's beliefs (or counts as a confirmation), so stale news dies out. A message carries at most
 *       {@code maxPiggyback} updates and, with a {@link org.gcs.alm.swim.PiggybackBudget}, at most as many bytes of
 *       them as the driver's datagram holds (memberlist fills each packet); the buddy update always goes.</li>
 *   <li><b>News of failure first (not in the papers).</b> A Suspect, a Dead, and an Alive that ends a suspicion or
 *       a death where it arrives (a refutation, a member back) are queued as urgent and piggy-backed before any
 *       other update, whatever their counts; SWIM's order (fewest transmissions, then newest) holds within each
 *       class. Joins and new incarnations of members not suspected wait. Every member gossips every join
 *       λ · ceil(log10(n + 1)) times, so a thousand joins at once leave each member a backlog that takes minutes to
 *       send, and in SWIM's order a Dead sent once waits behind every join sent never. In the 512-member simulation
 *       with such a backlog ({@code SwimSimulationTest}), a crash was detected everywhere in 49 to 77 s, with 34
 *       false deaths in one seed (held-back refutations); with the order, within 22 s and none. memberlist drains
 *       such backlogs with gossip messages of their own, several every 200 ms; this module rides on the probes
 *       only.</li>
 *   <li><b>A fixed suspicion minimum (not in the papers).</b> {@code SwimSettings.withSuspicionMin} sets Min,
 *       reached with K confirmations, whatever n; Max keeps Lifeguard's value (but not below Min), so that a member
 *       suspected by one other only has as long to refute as without it.</li>
 *   <li><b>Stale deaths (not in the papers).</b> A member cut off from the rest declares them dead, and once it is
 *       back its gossip carries those Deads to members that never lost them. A Dead about a member heard from
 *       directly within the last two periods (its own messages, or the driver's traffic: {@code SwimMember.heard})
 *       is taken as a Suspect at the same incarnation: the member is told and refutes, and if it really stopped the
 *       suspicion times out into its death at Min.</li>
 *   <li><b>Stale suspicions (not in the papers).</b> Infection-style gossip reaches every member only with high
 *       probability, and less so when there is more news than room to piggy-back it (many members, high loss). A
 *       member that heard a suspicion but missed its refutation would keep it silently and declare a live member
 *       dead when its timer ends. memberlist repairs such divergence with a periodic TCP push-pull of the whole
 *       state; this module, which has only the four datagrams, uses two cheaper repairs instead. (1) A Suspect or
 *       Dead that arrives older than what the receiver knows is not applied, and the receiver's newer belief goes
 *       first (after the buddy update) in its direct reply to that message, if it has one (the Ack of a Ping or of a
 *       ping-req aimed at itself): the sender gossips only its latest beliefs, so it holds the stale one. (2) A
 *       suspicion still held Min / 2 after it started is queued for gossip once more, so that a stale one is sent
 *       again and meets a correction. A suspicion refuted within Min / 2 costs nothing more; a real failure costs
 *       one more round of gossip. (1) alone does not suffice: a stale suspicion whose gossip ended before the
 *       refutation spread meets no correction until (2) sends it again. In the 2048-member, 5 %-loss simulation
 *       (seed 2, 180 s of virtual time) there was one false death without them, and with them none, there nor in
 *       four more seeds.</li>
 * </ul>
 */
package org.gcs.alm.swim;
