/**
 * Traffic shaping of one local sender to its granted rate (seed 004 §4.2: "a token-bucket-like mechanism"), and
 * {@link org.gcs.cc.shaping.RateBasedControl}, the template of the schemes whose senders shape that way.
 */
package org.gcs.cc.shaping;
