/**
 * {@link org.gcs.tools.csv.CsvWriter}: the CSV files of the lab's time series and the bench's runs (RFC 4180 fields,
 * {@code \n} line ends, numbers in {@link java.util.Locale#ROOT}, {@code inf} for an unlimited rate, an empty field for
 * no value). A writer belongs to the thread that writes its file.
 */
package org.gcs.tools.csv;
