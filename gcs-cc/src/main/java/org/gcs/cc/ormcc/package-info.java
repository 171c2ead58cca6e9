/**
 * ORMCC, the single-rate multicast congestion control with a congestion representative (Jiang Li, PhD thesis, RPI
 * 2003, Ch. 3, App. B, App. C), as a GCS scheme ({@link org.gcs.cc.ormcc.OrmccControl}): the sending delegate's
 * {@link org.gcs.cc.ormcc.OrmccSource} keeps one representative (CR), the receiving site with the lowest average
 * TRAC (throughput rate at congestion), and adapts its AIMD rate to that site's congestion indications only; the
 * receiving delegates' {@link org.gcs.cc.ormcc.OrmccMonitor}s measure TRAC at each loss and suppress their
 * indications by comparing their average with the CR's statistics, which travel on the data.
 *
 * <p>Sans-IO: time comes in as {@code nowNs}, randomness from a {@link java.util.SplittableRandom} seeded by the
 * engine; nothing here reads a clock, starts a thread or touches a socket. Citations: "thesis" is the thesis
 * (chapter, appendix, equation, footnote), "O1".."O17" are the resolutions of the implementation specification
 * (seeds 000–003 on GCS, §3.2); "our choice" marks decisions where both are silent.
 */
package org.gcs.cc.ormcc;
