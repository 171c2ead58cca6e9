/** Traffic shaping of one local sender to its granted rate (seed 004 §4.2: "a token-bucket-like mechanism"). */
package org.gcs.cc.shaping;
