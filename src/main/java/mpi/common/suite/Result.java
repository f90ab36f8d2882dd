package mpi.common.suite;

/**
 * How one run of a suite ended.
 *
 * @param run    the run
 * @param status what became of it
 * @param reason why it failed or was skipped, one line; null if it ran and passed
 */
public record Result(Run run, Status status, String reason) {
}
