package org.gcs.order;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;

/**
 * A {@link DeliveryLog} as a text file, one line per event, written as the member delivers (each line flushed at
 * once, so that the file of a member killed mid-run is usable up to its death) and read back for
 * {@link OrderChecker} in another process:
 *
 * <pre>
 * gcs-delivery-log 1 SITE/MEMBER GROUP      first line
 * admitted LINEAGE                          onAdmitted (lineage in hex)
 * rejoined                                  onRejoined
 * message POSITION SITE/MEMBER SEQ HASH     a message: its sender, its number, a hash of its payload
 * view POSITION VIEW_ID HASH                a view: its number, a hash of its member list
 * </pre>
 *
 * Reading ignores a last line without its line feed (the writer died while writing it); any other line that does not
 * match is an error. The hashes are those of {@link DeliveryLog}: comparable between members that run the same Java
 * version (they hash Java strings and arrays).
 */
public final class DeliveryLogFile {
    private static final String MAGIC = "gcs-delivery-log";
    private static final String VERSION = "1";

    private DeliveryLogFile() {
    }

    /**
     * Records what a member delivers in one group to a file, line by line; close it when the member stops. After
     * an I/O error while writing it writes nothing more (never failing the member's listener thread) and
     * {@link #failure()} returns the error.
     */
    public static final class Recorder implements OrderedListener, AutoCloseable {
        private final String group;
        private final Writer out;
        private boolean failed;
        private IOException failure;

        private Recorder(MemberId member, String group, Writer out) {
            this.group = group;
            this.out = out;
            line(MAGIC + " " + VERSION + " " + member + " " + group);
        }

        @Override
        public void onMessage(GroupMessage message, long position) {
            if (message.group().equals(group)) {
                DeliveryLog.Event e = DeliveryLog.event(message, position);
                line("message " + e.position() + " " + e.sender() + " " + e.seq() + " " + e.contentHash());
            }
        }

        @Override
        public void onView(GroupView view, long position) {
            if (view.group().equals(group)) {
                DeliveryLog.Event e = DeliveryLog.event(view, position);
                line("view " + e.position() + " " + e.seq() + " " + e.contentHash());
            }
        }

        @Override
        public void onAdmitted(String admittedGroup, long lineage) {
            if (admittedGroup.equals(group)) {
                line("admitted " + Long.toHexString(lineage));
            }
        }

        @Override
        public void onRejoined(String rejoinedGroup, String reason) {
            if (rejoinedGroup.equals(group)) {
                line("rejoined");
            }
        }

        private synchronized void line(String text) {
            if (failed) {
                return;
            }
            try {
                out.write(text);
                out.write('\n');
                out.flush();
            } catch (IOException e) {
                failed = true;
                failure = e;
            }
        }

        /** @return the error that stopped the recording, if writing failed; null otherwise */
        public synchronized IOException failure() {
            return failure;
        }

        @Override
        public synchronized void close() throws IOException {
            failed = true;
            out.close();
        }
    }

    /**
     * Creates (or truncates) a file and writes its first line.
     *
     * @param file where to write
     * @param member the recording member
     * @param group the total-order group recorded
     * @return the recorder: register it with {@link TotalOrderMember#onOrdered} before joining the group
     * @throws IOException if the file cannot be created
     */
    public static Recorder record(Path file, MemberId member, String group) throws IOException {
        return record(Files.newBufferedWriter(file, StandardCharsets.UTF_8), member, group);
    }

    /**
     * @param out where to write the lines (flushed after each; closed with the recorder)
     * @param member the recording member
     * @param group the total-order group recorded
     * @return the recorder
     */
    public static Recorder record(Writer out, MemberId member, String group) {
        return new Recorder(member, group, out instanceof BufferedWriter ? out : new BufferedWriter(out));
    }

    /**
     * @param file a file a {@link Recorder} wrote
     * @return the log it holds
     * @throws IOException if it cannot be read
     * @throws IllegalArgumentException naming the file and the line if a line is malformed
     */
    public static DeliveryLog read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * @param text what a {@link Recorder} wrote
     * @param source where it came from, for error messages
     * @return the log it holds
     * @throws IllegalArgumentException naming the source and the line if a line is malformed
     */
    public static DeliveryLog parse(String text, String source) {
        List<String> lines = text.lines().toList();
        if (!text.isEmpty() && !text.endsWith("\n")) {
            lines = lines.subList(0, lines.size() - 1); // cut short by the writer's death
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(source + ": empty, not a delivery log");
        }
        String[] header = lines.get(0).split(" ");
        if (header.length != 4 || !header[0].equals(MAGIC) || !header[1].equals(VERSION)) {
            throw new IllegalArgumentException(source + ": line 1 is not '" + MAGIC + " " + VERSION
                    + " SITE/MEMBER GROUP': " + lines.get(0));
        }
        String group = header[3];
        DeliveryLog log = new DeliveryLog(memberId(header[2]), group);
        for (int i = 1; i < lines.size(); i++) {
            try {
                apply(log, group, lines.get(i).split(" "));
            } catch (IllegalArgumentException e) { // NumberFormatException too
                throw new IllegalArgumentException(source + ": line " + (i + 1) + " is malformed (" + e.getMessage()
                        + "): " + lines.get(i), e);
            }
        }
        return log;
    }

    private static void apply(DeliveryLog log, String group, String[] f) {
        switch (f[0]) {
            case "message" -> {
                fields(f, 5);
                log.add(new DeliveryLog.Event(Long.parseLong(f[1]), memberId(f[2]), Long.parseLong(f[3]),
                        Integer.parseInt(f[4])));
            }
            case "view" -> {
                fields(f, 4);
                log.add(new DeliveryLog.Event(Long.parseLong(f[1]), null, Long.parseLong(f[2]),
                        Integer.parseInt(f[3])));
            }
            case "admitted" -> {
                fields(f, 2);
                log.onAdmitted(group, Long.parseUnsignedLong(f[1], 16));
            }
            case "rejoined" -> {
                fields(f, 1);
                log.onRejoined(group, "");
            }
            default -> throw new IllegalArgumentException("unknown event '" + f[0] + "'");
        }
    }

    private static void fields(String[] fields, int count) {
        if (fields.length != count) {
            throw new IllegalArgumentException(count + " fields expected, not " + fields.length);
        }
    }

    private static MemberId memberId(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("'" + text + "' is not SITE/MEMBER");
        }
        return new MemberId(text.substring(0, slash), text.substring(slash + 1));
    }
}
