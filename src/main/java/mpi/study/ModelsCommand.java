package mpi.study;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link Models} does, with its streams given: read the sweep and the point-to-point
 * file, fit, print the table, write the CSV and the figures asked for.
 */
public final class ModelsCommand {
    /** The exit code of bad input or a bad command line. */
    public static final int BAD_INPUT = TuneCommand.BAD_INPUT;
    /** The exit code of a file that could not be written. */
    public static final int WRITE_FAILED = TuneCommand.WRITE_FAILED;

    private ModelsCommand() {
    }

    /**
     * @param args the command line ({@link ModelsArgs})
     * @param out  where the table goes
     * @param err  where a refusal goes, in one line
     * @return the exit code: 0, {@link #BAD_INPUT} or {@link #WRITE_FAILED}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        ModelsArgs a;
        ModelStudy study;
        PiecewiseHockney p2p = null;
        try {
            a = ModelsArgs.parse(args);
            if (a.help()) {
                out.println(ModelsArgs.USAGE);
                return 0;
            }
            List<SweepFile> files = new ArrayList<>();
            for (Path p : TuneCommand.expand(a.paths())) {
                files.add(SweepFile.read(p));
            }
            Sweep.checkOneStudy(files);
            if (a.p2p() != null) {
                p2p = pointToPoint(a.p2p());
            }
            List<Measurement> all = new ArrayList<>();
            files.forEach(f -> all.addAll(f.measurements()));
            // Non-blocking forms run the same algorithms' shapes: modelled as the blocking one.
            study = ModelStudy.of(files.get(0).collective(), all, p2p);
            out.println("# Models: " + files.get(0).operationName() + " on "
                    + files.get(0).mpiLibrary() + "; held out: sizes "
                    + new java.util.TreeSet<>(study.holdOut().sizes()) + ", process counts "
                    + new java.util.TreeSet<>(study.holdOut().processes())
                    + "; held-err: RMS relative error on them");
        } catch (TuneException e) {
            err.println("Models: " + e.getMessage());
            return BAD_INPUT;
        }
        if (p2p != null) {
            out.println("# p2p: Hockney below " + p2p.switchBytes() + " B: alpha "
                    + ModelStudy.number(p2p.below().alpha()) + " us, beta "
                    + ModelStudy.number(p2p.below().beta()) + " us/B; from it: alpha "
                    + ModelStudy.number(p2p.above().alpha()) + " us, beta "
                    + ModelStudy.number(p2p.above().beta()) + " us/B");
        }
        ModelTable.lines(study).forEach(out::println);
        try {
            if (a.csv() != null) {
                Files.writeString(a.csv(), ModelTable.csv(study));
                out.println("# wrote " + a.csv());
            }
            if (a.png() != null) {
                for (Path f : ModelChart.write(study, a.png())) {
                    out.println("# wrote " + f);
                }
            }
        } catch (IOException e) {
            err.println("Models: cannot write (" + e + ")");
            return WRITE_FAILED;
        }
        return 0;
    }

    /** The point-to-point file's piecewise Hockney fit, refused in one line if it has none. */
    private static PiecewiseHockney pointToPoint(Path file) throws TuneException {
        List<Measurement> points = PointToPointFile.read(file);
        try {
            return PiecewiseHockney.fit(points);
        } catch (IllegalArgumentException e) {
            throw new TuneException(file + ": no Hockney fit of its rows (" + e.getMessage()
                    + "); measure more sizes, e.g. -m 1:1M");
        }
    }
}
