package org.gcs.bench;

import java.io.IOException;

/**
 * Starts the nodes of a run: as child JVMs ({@link ChildJvmLauncher}) or as threads of this JVM
 * ({@link InJvmLauncher}).
 */
interface NodeLauncher {

    /** A started node. */
    interface RunningNode extends AutoCloseable {
        /** @return the node's name in the run */
        String name();

        /**
         * Sends the node one command line.
         *
         * @param line the command
         */
        void command(String line);

        /** @return what is known about the node's end, e.g. {@code exit code 1}, or {@code running} */
        String state();

        /** @return the last lines of the node's diagnostics output (its log), for error messages */
        String diagnostics();

        /**
         * Ends the node at once, as a crash would: no goodbye to its cluster (a child JVM gets SIGKILL).
         *
         * @throws UnsupportedOperationException if the node cannot be killed alone (a thread of this JVM)
         */
        void crash();

        /** Asks the node to stop, waits a while for it, then ends it by force. */
        @Override
        void close();
    }

    /**
     * @param spec the node
     * @param label a unique name for logs, e.g. {@code gcs-run2-a1}
     * @param board where the node's lines go (under {@link NodeSpec#member()})
     * @return the running node
     * @throws IOException if it cannot start
     */
    RunningNode launch(NodeSpec spec, String label, RunBoard board) throws IOException;
}
