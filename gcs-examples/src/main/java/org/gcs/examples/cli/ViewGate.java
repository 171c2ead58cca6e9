package org.gcs.examples.cli;

import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.gcs.GroupView;
import org.gcs.ViewListener;

/**
 * Opens once the view of one group lists at least a number of members and of sites: what {@code gcs node
 * --send-when-members/--send-when-sites} waits for before it generates traffic. Registered as the node's
 * {@link ViewListener}, it completes a future on the delivery thread; the waiting thread blocks on that future,
 * no polling. It stays open when the view shrinks again.
 */
final class ViewGate implements ViewListener {
    private final String group;
    private final int minMembers;
    private final int minSites;
    private final CompletableFuture<GroupView> reached = new CompletableFuture<>();

    /**
     * @param group the group whose views count
     * @param minMembers members the view must list at least, 0 for any
     * @param minSites sites the view must list at least, 0 for any
     */
    ViewGate(String group, int minMembers, int minSites) {
        this.group = group;
        this.minMembers = minMembers;
        this.minSites = minSites;
    }

    /** Opens the gate if the view is one of the group and large enough; ignores it otherwise. */
    @Override
    public void onView(GroupView view) {
        if (view.group().equals(group) && view.size() >= minMembers && view.sites().size() >= minSites) {
            reached.complete(view);
        }
    }

    /**
     * Blocks until the gate opens or is {@linkplain #cancel() cancelled}.
     *
     * @return the first view that was large enough, or empty if cancelled first
     * @throws InterruptedException if interrupted while waiting
     */
    Optional<GroupView> await() throws InterruptedException {
        try {
            return Optional.of(reached.get());
        } catch (CancellationException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException("never completed exceptionally", e);
        }
    }

    /** Releases {@link #await()} with no view, unless the gate is already open. */
    void cancel() {
        reached.cancel(false);
    }

    /**
     * @param view the view that opened the gate
     * @return {@code send-start members=N}, followed by {@code  sites=M} when the gate also counts sites
     */
    String startLine(GroupView view) {
        return "send-start members=" + view.size() + (minSites > 0 ? " sites=" + view.sites().size() : "");
    }
}
