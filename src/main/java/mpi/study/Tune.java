package mpi.study;

/**
 * The command {@code java -cp omb-j.jar mpi.study.Tune [--level L] [--rules FILE]
 * [--mpich-json FILE] PATH...}: from the results files of an {@code --algorithm all -o DIR}
 * sweep (one collective, one or more process counts), the best algorithm per process count
 * and size against the MPI's own choice ({@link AlgorithmChoice}), printed, and written as the
 * MPI's own tuning file: Open MPI's dynamic rules ({@code --rules}), MPICH's selection JSON
 * ({@code --mpich-json}). Bad input is one line on stderr and exit code 2
 * ({@link TuneCommand}).
 */
public final class Tune {
    private Tune() {
    }

    /**
     * @param args the command line ({@link TuneArgs})
     */
    public static void main(String[] args) {
        System.exit(TuneCommand.run(args, System.out, System.err));
    }
}
