package mpi.common.collective.algorithms;

/**
 * One algorithm an MPI offers for a collective: the value of its control variable that
 * selects it, and the MPI's name for it.
 *
 * @param value the control variable's value
 * @param name  the MPI's name, e.g. Open MPI's {@code binomial}
 */
public record Algorithm(int value, String name) {
    @Override
    public String toString() {
        return value + ":" + name;
    }
}
