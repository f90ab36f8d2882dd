package mpi.common;

/**
 * When the harness's JIT warm-up ends: on a steady state, or at its cap. Fed one round at a
 * time with what every rank agrees on (one reduction per round), it answers the same on every
 * rank, so every rank stops after the same round.
 *
 * <p>The warm-up is steady when all of these hold:
 * <ul>
 * <li>the times stopped improving: the median of the last {@value #STEADY_ROUNDS} rounds' time
 * per pass is not {@value #IMPROVEMENT_PERCENT} % or more below the fastest round before them.
 * Code the JIT has just made faster shows as rounds faster than all before; noise goes both
 * ways, and the median of three rounds damps it;
 * <li>the last {@value #QUIET_ROUNDS} rounds were quiet: no rank finished a JIT compilation
 * in them, and each lasted at least {@value #MIN_ROUND_MICROS} us (a shorter round says
 * little: the JIT reports its time in whole milliseconds). Not three: code run once per size (a one-sided
 * benchmark opens a window at each) crosses the JIT's thresholds one after another for many
 * rounds, so that some compilation finishes in most of them (in OSUPutLatency's 40 rounds, two
 * of three), while the timed loop is long compiled;
 * <li>the timed loop has run {@value #MIN_LOOP_ITERATIONS} iterations in the warm-up, or
 * {@value #WORK_BUDGET_MILLIS} ms have passed. HotSpot compiles a loop with C2 once it has
 * looped some 40,000 times (its tier-4 back-edge threshold, raised when the compile queue is
 * long); on a loaded machine a round takes its 10 ms in few iterations, because each waits for
 * the scheduler, and quiet rounds came before the loop was compiled (OneSidedIT found no
 * C2 compilation of the loop in such a run). Where an iteration takes tens of microseconds
 * (more ranks than cores), the MPI and the scheduler dominate its time, not the code the JIT
 * compiles, and the time bound ends the wait. A family whose iteration is many calls (a
 * bandwidth window) needs fewer: {@value #ROUNDS_OF_WORK} of its JIT warm-up rounds' worth,
 * each sized for C2 to compile the calls ({@link #forRoundsOf}), if that is fewer (waiting
 * for 100,000 windows, every bandwidth run waited for the time bound). Half a second instead
 * of 2 failed OneSidedIT's check on a loaded machine once in three.
 * </ul>
 * The cap: at most {@value #MAX_ROUNDS} rounds, and no round starts after
 * {@value #TIME_CAP_MILLIS} ms of warm-up (on a loaded machine a round can take seconds; the
 * rounds that ran have compiled the hot code), or after {@value #OVERSUBSCRIBED_CAP_MILLIS} ms
 * where a host runs more ranks than it has processors: ranks that take turns on the cores never
 * give quiet, steady rounds, and each such run waited the whole 10 s (NonBlockingCollectiveIT's
 * 3 and 4 ranks on 2 cores, some 6 minutes of CI). A warm-up that ends at its cap says so
 * ({@link Outcome#steady()} false), and the table says it before its first row.
 */
public final class WarmUpRule {
    /** How every line on the JIT warm-up starts ({@link Outcome#commentLine()}). */
    public static final String LINE = "# JIT warm-up:";
    /** How the line of a warm-up stopped at its cap starts ({@link Outcome#commentLine()}). */
    public static final String CAP_LINE = LINE + " stopped at its cap";
    /** The line of a run without the warm-up ({@code --jit-warmup off}). */
    public static final String OFF_LINE = LINE + " off (--jit-warmup off); the first sizes may"
            + " include JIT compilation";
    /**
     * Quiet rounds in a row that end the warm-up: two, not one, so that a compilation of the
     * timed loop queued when the loop reached its iterations has a round to finish in (with
     * one, OneSidedIT's check failed once in three on a loaded machine).
     */
    static final int QUIET_ROUNDS = 2;
    /** The last rounds whose times are judged for a steady state. */
    static final int STEADY_ROUNDS = 3;
    /** The shortest round worth calling quiet, in microseconds: 10 ms. */
    static final int MIN_ROUND_MICROS = 10_000;
    /** A round this much faster than every round before it is still improving. */
    static final int IMPROVEMENT_PERCENT = 5;
    /** Timed-loop iterations before the warm-up may end (see the class comment). */
    public static final long MIN_LOOP_ITERATIONS = 100_000;
    /** The JIT warm-up rounds' worth of iterations a family's loop needs at most. */
    static final int ROUNDS_OF_WORK = 20;
    /** After this long the loop iterations no longer hold the warm-up back, in ms. */
    public static final int WORK_BUDGET_MILLIS = 2_000;
    /**
     * The cap on rounds, for a JIT that never goes quiet (code run once per size crosses its
     * thresholds round after round on some MPIs): 40, as before the steady-state rule. At 200,
     * such runs went on to the 10 s cap each, and the IT suite on other MPIs took three times
     * as long. A bandwidth run's loop has its rounds' worth of work well within 40 rounds.
     */
    static final int MAX_ROUNDS = 40;
    /** No round starts after this long, in ms. */
    public static final int TIME_CAP_MILLIS = 10_000;
    /** Nor after this long where ranks outnumber a host's processors, in ms. */
    public static final int OVERSUBSCRIBED_CAP_MILLIS = 2_000;

    /**
     * How a warm-up ended.
     *
     * @param steady         whether on a steady state (else at its cap)
     * @param rounds         the rounds it ran
     * @param millis         how long it took on the slowest rank, in milliseconds
     * @param loopIterations the timed loop's iterations it ran
     * @param oversubscribed whether a host ran more ranks than its processors (the shorter cap)
     * @param off            whether the warm-up did not run ({@code --jit-warmup off})
     */
    public record Outcome(boolean steady, int rounds, long millis, long loopIterations,
            boolean oversubscribed, boolean off) {
        /** The outcome of {@code --jit-warmup off}. */
        public static final Outcome OFF = new Outcome(false, 0, 0, 0, false, true);

        /** @return the comment line a table prints before its first row, or null if steady */
        public String commentLine() {
            return off ? OFF_LINE : steady ? null : CAP_LINE + " (" + rounds + " rounds, "
                    + millis + " ms" + (oversubscribed ? "; more ranks than processors on a host"
                    : "") + ") before the times were steady; the first sizes may include"
                    + " JIT compilation";
        }
    }

    private final double[] perPass = new double[MAX_ROUNDS];
    private final long minLoopIterations;
    private final boolean oversubscribed;
    private final long capMillis;
    /** Quiet rounds in a row, up to the last. */
    private int quiet;
    private int rounds;
    private long loopIterations;
    private long millis;
    private Outcome outcome;

    /** A rule that holds the end back for {@value #MIN_LOOP_ITERATIONS} loop iterations. */
    public WarmUpRule() {
        this(MIN_LOOP_ITERATIONS, false);
    }

    private WarmUpRule(long minLoopIterations, boolean oversubscribed) {
        this.minLoopIterations = minLoopIterations;
        this.oversubscribed = oversubscribed;
        this.capMillis = oversubscribed ? OVERSUBSCRIBED_CAP_MILLIS : TIME_CAP_MILLIS;
    }

    /**
     * @param perRound the timed-loop iterations of one of the family's JIT warm-up rounds,
     *                 sized for C2 to compile the calls of an iteration
     * @param oversubscribed whether a host runs more ranks than it has processors: the cap
     *                 is then {@value #OVERSUBSCRIBED_CAP_MILLIS} ms
     * @return a rule that holds the end back for {@value #MIN_LOOP_ITERATIONS} loop iterations
     *         or {@value #ROUNDS_OF_WORK} such rounds' worth, whichever is fewer
     */
    public static WarmUpRule forRoundsOf(int perRound, boolean oversubscribed) {
        return new WarmUpRule(Math.min(MIN_LOOP_ITERATIONS, (long) ROUNDS_OF_WORK * perRound),
                oversubscribed);
    }

    /**
     * Counts the iterations the warm-up ran before its rounds (the first size, the sweep of
     * every size).
     *
     * @param iterations timed-loop iterations
     * @param millis     the warm-up's time so far on the slowest rank, in milliseconds
     * @return the outcome if the warm-up must stop here (its time cap), else null
     */
    public Outcome before(long iterations, long millis) {
        loopIterations += iterations;
        this.millis = millis;
        if (millis >= capMillis) {
            outcome = new Outcome(false, rounds, millis, loopIterations, oversubscribed, false);
        }
        return outcome;
    }

    /**
     * @param compiled   whether any rank finished a JIT compilation during the round
     * @param micros     how long the round took on the slowest rank, in microseconds
     * @param passes     the passes over the round's sizes it made
     * @param iterations the timed-loop iterations it ran (all passes)
     * @param millis     the warm-up's time so far on the slowest rank, in milliseconds
     * @return the outcome if the warm-up ends after this round, else null
     */
    public Outcome round(boolean compiled, long micros, int passes, long iterations,
            long millis) {
        if (outcome != null) {
            throw new IllegalStateException("the warm-up has ended: " + outcome);
        }
        perPass[rounds++] = (double) micros / Math.max(1, passes);
        loopIterations += iterations;
        this.millis = millis;
        quiet = compiled ? 0 : micros >= MIN_ROUND_MICROS ? quiet + 1 : quiet;
        boolean worked = loopIterations >= minLoopIterations || millis >= WORK_BUDGET_MILLIS;
        if (quiet >= QUIET_ROUNDS && worked && stoppedImproving()) {
            outcome = new Outcome(true, rounds, millis, loopIterations, oversubscribed, false);
        } else if (rounds >= MAX_ROUNDS || millis >= capMillis) {
            outcome = new Outcome(false, rounds, millis, loopIterations, oversubscribed, false);
        }
        return outcome;
    }

    /** @return the outcome so far: how it ended, or null while it runs */
    public Outcome outcome() {
        return outcome;
    }

    /** Whether the last {@value #STEADY_ROUNDS} rounds' median is not faster than the best before. */
    private boolean stoppedImproving() {
        if (rounds <= STEADY_ROUNDS) {
            return false; // nothing before them to compare with
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < rounds - STEADY_ROUNDS; i++) {
            best = Math.min(best, perPass[i]);
        }
        double[] last = java.util.Arrays.copyOfRange(perPass, rounds - STEADY_ROUNDS, rounds);
        java.util.Arrays.sort(last);
        double median = last[STEADY_ROUNDS / 2];
        return median * 100 >= best * (100 - IMPROVEMENT_PERCENT);
    }
}
