/**
 * A replicated key-value map on a total-order group, the sample of {@link org.gcs.order.TotalOrderMember}: every
 * member holds a replica and applies every write in the group's one agreed order, so the replicas agree byte for byte
 * and conditional writes have one outcome everywhere.
 *
 * <p>The parts: {@link org.gcs.examples.kv.KvOp} (a write: put, remove, compare-and-set) and its
 * {@link org.gcs.examples.kv.OpId}, {@link org.gcs.examples.kv.KvOpCodec} (a write's bytes in a group message),
 * {@link org.gcs.examples.kv.KvStore} (one replica's map: applies writes, encodes the whole map in key order),
 * {@link org.gcs.examples.kv.KvResult} (what a write did) and {@link org.gcs.examples.kv.ReplicatedMap} (a replica on
 * a group). docs/samples.md describes it and its convergence test.
 */
package org.gcs.examples.kv;
