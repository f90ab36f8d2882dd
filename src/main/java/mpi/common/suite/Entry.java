package mpi.common.suite;

import java.util.List;

/**
 * One entry of a suite's command line: a benchmark or a group of them, and its options.
 *
 * @param number the entry's place on the command line, from 1
 * @param name   a benchmark ({@code OSULatency}, {@code mpi.pt2pt.OSULatency}) or a group
 *               ({@code pt2pt}, {@code all})
 * @param args   the options that follow the name, up to the next {@value SuiteCommand#SEPARATOR}
 */
public record Entry(int number, String name, List<String> args) {
    /** @param args the options */
    public Entry {
        args = List.copyOf(args);
    }
}
