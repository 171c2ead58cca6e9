/**
 * The lab's reproductions of the ORMCC experiments of seed 002 (Jiang Li's thesis, §3.3): slowest-receiver tracking,
 * multiple bottlenecks, drop-to-zero with feedback suppression, lost congestion indications, a muted representative,
 * and ORMCC against TFRC on a heterogeneous tree. They run on the virtual driver (they schedule link changes and
 * filter packets in the simulated WAN); docs/experiments.md gives their numbers next to the thesis's.
 */
package org.gcs.lab.ormcc;
