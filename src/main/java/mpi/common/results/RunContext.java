package mpi.common.results;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.WarmUpRule;
import mpi.common.binding.LoadedBinding;
import mpi.common.clock.ClockInfo;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.output.Version;
import mpi.common.pt2pt.Hosts;

/**
 * What a run's results file says about the run besides its rows: which benchmark, on which
 * binding and MPI library, JDK and hosts, with which settings, when.
 *
 * @param benchmark         the program, e.g. {@code OSULatency}
 * @param title             the table's title without {@code # }
 * @param datatype          the MPI datatype's name, or null when the table names none
 * @param ombVersion        the C OMB version the output follows, {@value Version#OMB}
 * @param ombJVersion       this suite's version
 * @param bindingName       the binding, as the {@code # Binding:} line names it
 * @param bindingVersion    the binding jar's {@code Implementation-Version}, or null
 * @param bindingLine       the table's {@code # Binding:} line
 * @param mpiLibrary        the MPI library's short name, e.g. {@code Open MPI v4.1.4}
 * @param mpiLibraryVersion all that {@code MPI_Get_library_version} returns
 *                          ({@code MPI.getLibVersion()}), white space at the ends stripped
 * @param jdkVersion        {@code java.version}
 * @param jdkVendor         {@code java.vendor}
 * @param jvm               {@code java.vm.name} and {@code java.vm.version}
 * @param ranks             the number of processes
 * @param hosts             each rank's processor name ({@code MPI_Get_processor_name}), by rank
 * @param options           every setting, as {@link OptionValues} gives them
 * @param date              when the run started, ISO 8601 in UTC, e.g.
 *                          {@code 2026-11-23T21:40:00.123Z}
 * @param statistics        what each record's statistics are ({@link #STATISTICS})
 * @param jitWarmUp         how the JIT warm-up ended ({@link WarmUpRule}), once it has; null
 *                          before
 * @param clock             the clock the times come from and how ranks' clocks were compared
 */
public record RunContext(String benchmark, String title, String datatype, String ombVersion,
        String ombJVersion, String bindingName, String bindingVersion, String bindingLine,
        String mpiLibrary, String mpiLibraryVersion, String jdkVersion, String jdkVendor,
        String jvm, int ranks, List<String> hosts, Map<String, Object> options, String date,
        String statistics, WarmUpRule.Outcome jitWarmUp, ClockInfo clock) {
    /** What each record's {@code statistics} are, for a reader of the file. */
    public static final String STATISTICS = "from the values of the row's timed iterations (those"
            + " -z takes its percentiles of): their number, mean with its two-sided Student t"
            + " confidence interval, median with its distribution-free interval from order"
            + " statistics (ranks from binomial(n, 1/2), coverage at least the level, else the"
            + " values' range with medianReachesLevel false), at options.statistics.level;"
            + " the table's Median, CI Low and CI High (--stats) are the median and its"
            + " interval; null where a benchmark's rows are not made of iterations (OSUShuffle)";

    /**
     * The context of a run about to start; every rank calls it (the host names are gathered).
     *
     * @param program the benchmark's name
     * @param table   the table the run prints
     * @param options its settings
     * @param comm    the communicator of all its ranks
     * @return the context, complete at every rank
     * @throws MPIException if an MPI call fails
     */
    public static RunContext of(String program, ResultTable table, Options options,
            Intracomm comm) throws MPIException {
        LoadedBinding binding = LoadedBinding.get();
        String libVersion = MPI.getLibVersion();
        return new RunContext(program, table.titleText(), table.datatype(), Version.OMB,
                Version.OMB_J, binding.name(), MPI.class.getPackage().getImplementationVersion(),
                binding.headerLine(), binding.library(),
                libVersion == null ? null : libVersion.strip(),
                System.getProperty("java.version"), System.getProperty("java.vendor"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                comm.getSize(), List.of(Hosts.names(comm)), OptionValues.of(options),
                Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), STATISTICS, null,
                null);
    }

    /**
     * @param outcome how the run's JIT warm-up ended
     * @return this context, saying so
     */
    public RunContext withJitWarmUp(WarmUpRule.Outcome outcome) {
        return new RunContext(benchmark, title, datatype, ombVersion, ombJVersion, bindingName,
                bindingVersion, bindingLine, mpiLibrary, mpiLibraryVersion, jdkVersion, jdkVendor,
                jvm, ranks, hosts, options, date, statistics, outcome, clock);
    }

    /**
     * @param info the run's clock
     * @return this context, saying so
     */
    public RunContext withClock(ClockInfo info) {
        return new RunContext(benchmark, title, datatype, ombVersion, ombJVersion, bindingName,
                bindingVersion, bindingLine, mpiLibrary, mpiLibraryVersion, jdkVersion, jdkVendor,
                jvm, ranks, hosts, options, date, statistics, jitWarmUp, info);
    }
}
