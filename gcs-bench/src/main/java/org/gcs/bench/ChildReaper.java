package org.gcs.bench;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps the child processes of this JVM and kills those still alive when it exits, normally, by an error or by
 * Ctrl-C (a shutdown hook). A child whose parent was killed outright sees its input end and stops by itself.
 */
final class ChildReaper {
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ChildReaper::killAll, "gcs-bench-reaper"));
    }

    private ChildReaper() {
    }

    /** @param process a child to kill at exit */
    static void register(Process process) {
        LIVE.add(process);
    }

    /** @param process a child that ended */
    static void unregister(Process process) {
        LIVE.remove(process);
    }

    /**
     * Kills a child and its descendants at once.
     *
     * @param process the child
     */
    static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void killAll() {
        for (Process process : LIVE) {
            kill(process);
        }
    }
}
