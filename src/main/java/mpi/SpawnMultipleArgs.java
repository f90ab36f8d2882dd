package mpi;

/**
 * The checks of {@link Intracomm#spawnMultiple}'s arrays, before MPI reads them: every rank
 * refuses the same misuse, and native code may trust the lengths.
 */
final class SpawnMultipleArgs {
    private SpawnMultipleArgs() {
    }

    /**
     * @return the handles of {@code info}
     * @throws NullPointerException     if an array, a command or an info is null (naming it)
     * @throws IllegalArgumentException if the lengths differ, a count is below 1, or
     *                                  {@code errcodes} has fewer entries than processes
     */
    static long[] check(String[] commands, String[][] argv, int[] maxprocs, Info[] info,
            int[] errcodes) {
        if (commands == null || maxprocs == null || info == null) {
            throw new NullPointerException(commands == null ? "commands is null"
                    : maxprocs == null ? "maxprocs is null" : "info is null");
        }
        int n = commands.length;
        if (n < 1) {
            throw new IllegalArgumentException("commands is empty");
        }
        sameLength(n, maxprocs.length, "maxprocs");
        sameLength(n, info.length, "info");
        if (argv != null) {
            sameLength(n, argv.length, "argv");
        }
        long[] handles = new long[n];
        long processes = 0;
        for (int i = 0; i < n; i++) {
            if (commands[i] == null) {
                throw new NullPointerException("commands[" + i + "] is null");
            }
            for (int j = 0; argv != null && argv[i] != null && j < argv[i].length; j++) {
                if (argv[i][j] == null) {
                    throw new NullPointerException("argv[" + i + "][" + j + "] is null");
                }
            }
            if (info[i] == null) {
                throw new NullPointerException("info[" + i + "] is null; pass MPI.INFO_NULL");
            }
            handles[i] = info[i].handle();
            if (maxprocs[i] < 1) {
                throw new IllegalArgumentException("maxprocs[" + i + "] " + maxprocs[i] + " < 1");
            }
            processes += maxprocs[i];
        }
        if (processes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(processes + " processes in all");
        }
        if (errcodes != null && errcodes.length < processes) {
            throw new IllegalArgumentException("errcodes has " + errcodes.length
                    + " entries for " + processes + " processes");
        }
        return handles;
    }

    private static void sameLength(int commands, int length, String what) {
        if (length != commands) {
            throw new IllegalArgumentException(what + " has " + length + " entries for "
                    + commands + " commands");
        }
    }
}
