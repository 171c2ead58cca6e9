/**
 * Application-layer multicast trees over sites: link costs, spanning trees, the plan a coordinator
 * publishes, the strategies that compute it, and when to recompute it. Every delegate derives the same
 * forwarding decisions from the same plan ({@link org.gcs.alm.tree.TreePlan#nextHops}). Pure Java: no
 * sockets, no threads, no clock reads; every computation is deterministic (ties are broken by site name).
 */
package org.gcs.alm.tree;
