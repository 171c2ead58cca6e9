/**
 * The one sender loop of the tools (gcs node and gcs demo, the lab's drivers and agents, the bench): a {@link
 * org.gcs.tools.send.Pacing} says how many messages to offer at a time ({@link org.gcs.tools.send.Greedy}, {@link
 * org.gcs.tools.send.FixedRate}); a {@link org.gcs.tools.send.MessageSend} sends one message (blocking or
 * asynchronous: {@code GcsNode.send}, {@code GroupMember.sendAsync}, a JGroups channel, a socket write); a {@link
 * org.gcs.tools.send.SendCounter} counts what was offered and admitted; and a loop runs them, either on a thread in
 * real time ({@link org.gcs.tools.send.RealTimeSender}) or stepped by an external clock such as the simulator's
 * ({@link org.gcs.tools.send.SteppedSender}).
 */
package org.gcs.tools.send;
