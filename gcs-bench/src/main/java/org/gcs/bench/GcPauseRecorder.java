package org.gcs.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The garbage collector's pauses in this JVM, from a JFR recording of {@code jdk.GarbageCollection} events, written
 * out and read once, at the end. It lives in JFR's disk repository, so that it keeps its events beside a recording
 * the user started with {@code -XX:StartFlightRecording}. Each event is one collection with the sum of its pauses and
 * its longest pause, so the concurrent collectors' short pauses count as well as the young and full ones.
 */
final class GcPauseRecorder implements AutoCloseable {
    /** The JFR event of one collection. */
    static final String EVENT = "jdk.GarbageCollection";

    private final Recording recording;

    private GcPauseRecorder(Recording recording) {
        this.recording = recording;
    }

    /** @return a started recorder, or null where this JVM has no flight recorder */
    static GcPauseRecorder start() {
        if (!FlightRecorder.isAvailable()) {
            return null;
        }
        Recording recording = new Recording();
        recording.setName("gcs-bench-gc-pauses");
        recording.setToDisk(true); // in memory only, it loses its events when another recording goes to disk
        recording.enable(EVENT);
        recording.start();
        return new GcPauseRecorder(recording);
    }

    /**
     * Sums the collections that started within a window (the recording runs on; {@link #close} ends it).
     *
     * @param from the window's start
     * @param to its end
     * @return their pauses
     * @throws IOException if the recording cannot be written out and read back
     */
    GcPauses between(Instant from, Instant to) throws IOException {
        Path file = Files.createTempFile("gcs-bench-gc", ".jfr");
        try {
            recording.dump(file);
            long collections = 0;
            long pausedNs = 0;
            long longestNs = 0;
            for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
                Instant start = event.getStartTime();
                if (event.getEventType().getName().equals(EVENT) && !start.isBefore(from) && !start.isAfter(to)) {
                    collections++;
                    pausedNs += event.getDuration("sumOfPauses").toNanos();
                    longestNs = Math.max(longestNs, event.getDuration("longestPause").toNanos());
                }
            }
            return new GcPauses(collections, pausedNs, longestNs);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Override
    public void close() {
        recording.close();
    }

    /**
     * The collections in a window.
     *
     * @param collections how many started in it
     * @param pausedNs the sum of their pauses
     * @param longestPauseNs the longest single pause among them (0 when none)
     */
    record GcPauses(long collections, long pausedNs, long longestPauseNs) {
    }
}
