package mpi.study;

/**
 * The command {@code java -cp omb-j.jar mpi.study.Models [--p2p OSULATENCY.json]
 * [--png FILE.png] [--csv FILE] PATH...}: for each algorithm of a collective's sweep (one
 * collective, one or more process counts), its cost model fitted directly and, with
 * {@code --p2p}, with the point-to-point alpha and beta, and the baseline a + b P + c m;
 * parameters, R squared and the error on held-out points as a table ({@link ModelStudy}),
 * and the measurements with the fitted curves as PNGs ({@link ModelChart}). Bad input is one
 * line on stderr and exit code 2 ({@link ModelsCommand}).
 */
public final class Models {
    private Models() {
    }

    /**
     * @param args the command line ({@link ModelsArgs})
     */
    public static void main(String[] args) {
        System.exit(ModelsCommand.run(args, System.out, System.err));
    }
}
