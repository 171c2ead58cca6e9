package org.gcs.testcontainers;

/**
 * The size of a group's current view on one node, from the {@code views=} field of its status line
 * ({@code GROUP:N members/M sites}). {@link GcsContainer#view(String)} gives the members themselves.
 *
 * @param members how many members the view lists
 * @param sites how many sites they belong to
 */
public record GroupSize(int members, int sites) {
    /** Checks that no count is negative. */
    public GroupSize {
        if (members < 0 || sites < 0) {
            throw new IllegalArgumentException("members and sites must not be negative: " + members + "/" + sites);
        }
    }
}
