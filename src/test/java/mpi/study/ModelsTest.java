package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Models command and its parts on synthetic sweeps: results files written here in the
 * form {@code -o} writes them, from known costs with seeded noise.
 */
class ModelsTest {
    private static final double ALPHA = 3.0;
    private static final double BETA = 0.002;
    private static final int[] COUNTS = {2, 4, 8, 16};
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The true cost of a binomial broadcast. */
    private static double binomial(int p, long m) {
        return CostModel.ceilLog2(p) * (ALPHA + BETA * m);
    }

    /** Sizes 1 B to 64 KiB, powers of two: 17. */
    private static List<Long> sizes() {
        List<Long> s = new ArrayList<>();
        for (long m = 1; m <= 65536; m *= 2) {
            s.add(m);
        }
        return s;
    }

    /** A sweep file of one algorithm on p processes, time(m) with 1 % noise. */
    private Path sweepFile(String benchmark, String algorithm, int p, Synthetic.Cost cost,
            long seed) throws IOException {
        Random random = new Random(seed);
        ObjectNode doc = JSON.createObjectNode();
        doc.put("format", "omb-j-results");
        doc.put("formatVersion", 2);
        ObjectNode context = doc.putObject("context");
        context.put("benchmark", benchmark);
        context.put("mpiLibrary", "Open MPI v4.1.4");
        context.put("ranks", p);
        ObjectNode options = context.putObject("options");
        options.putObject("statistics").put("level", 0.95);
        options.put("algorithm", algorithm);
        ArrayNode results = doc.putArray("results");
        for (long m : sizes()) {
            double t = cost.time(p, m) * (1 + 0.01 * random.nextGaussian());
            ObjectNode row = results.addObject();
            row.put("Size", m);
            row.put("Avg Latency(us)", t);
            ObjectNode s = row.putObject("statistics");
            s.put("median", t);
            s.put("medianLow", t * 0.97);
            s.put("medianHigh", t * 1.03);
            s.put("medianCoverage", 0.96);
            s.put("medianReachesLevel", true);
        }
        Path f = dir.resolve(benchmark + "-" + algorithm + "-P" + p + ".json");
        Files.writeString(f, JSON.writeValueAsString(doc));
        return f;
    }

    /** An OSULatency file of Hockney(alpha, beta) below 4 KiB and a rendezvous above. */
    private Path latencyFile(String benchmark) throws IOException {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("format", "omb-j-results");
        doc.putObject("context").put("benchmark", benchmark);
        ArrayNode results = doc.putArray("results");
        for (long m : sizes()) {
            double t = m < 4096 ? ALPHA + BETA * m : 2 * ALPHA + BETA * m;
            ObjectNode row = results.addObject();
            row.put("Size", m);
            row.putObject("statistics").put("median", t);
        }
        Path f = dir.resolve("latency.json");
        Files.writeString(f, JSON.writeValueAsString(doc));
        return f;
    }

    /** Binomial data, also under basic_linear's name: the same points, the wrong model. */
    private Path binomialSweep() throws IOException {
        Path sweep = Files.createDirectories(dir.resolve("sweep"));
        long seed = 1;
        for (int p : COUNTS) {
            for (String a : List.of("binomial", "basic_linear", "knomial", "smp")) {
                Files.move(sweepFile("OSUBcast", a, p, ModelsTest::binomial, seed++),
                        sweep.resolve("OSUBcast-" + a + "-P" + p + ".json"));
            }
        }
        return sweep;
    }

    private static List<Measurement> points(String algorithm) {
        List<Measurement> all = new ArrayList<>();
        Random random = new Random(7);
        for (int p : COUNTS) {
            for (long m : sizes()) {
                all.add(Measurement.of("bcast", algorithm, p, m,
                        binomial(p, m) * (1 + 0.01 * random.nextGaussian())));
            }
        }
        return all;
    }

    private static ModelStudy.Row row(ModelStudy study, String algorithm,
            ModelStudy.Source source) {
        return study.rows().stream()
                .filter(r -> r.algorithm().equals(algorithm) && r.source() == source)
                .findFirst().orElseThrow();
    }

    @Test
    void theMpisNamesMapToTheirModels() {
        assertEquals("binomial", AlgorithmModels.of("bcast", "binomial").name());
        assertEquals("linear", AlgorithmModels.of("bcast", "basic_linear").name());
        assertEquals("scatter_allgather",
                AlgorithmModels.of("bcast", "scatter_ring_allgather").name()); // MPICH's
        assertEquals("rabenseifner",
                AlgorithmModels.of("allreduce", "reduce_scatter_allgather").name());
        assertEquals("knomial", AlgorithmModels.of("bcast", "knomial").name());
        assertEquals("binary_tree", AlgorithmModels.of("bcast", "binary_tree").name());
        assertEquals("binary_tree", AlgorithmModels.of("bcast", "tree").name()); // MPICH 4.1's
        assertEquals("binary_tree_reduce", AlgorithmModels.of("reduce", "binary").name());
        assertEquals("in_order_binary", AlgorithmModels.of("reduce", "in-order_binary").name());
        assertEquals("split_binary_tree",
                AlgorithmModels.of("bcast", "split_binary_tree").name());
        assertEquals("binomial_scatter", AlgorithmModels.of("scatter", "binomial").name());
        assertEquals("binomial_scatter", AlgorithmModels.of("gather", "binomial").name());
        assertEquals("linear", AlgorithmModels.of("scatter", "linear_nb").name());
        // Open MPI's default radix, 4: on 16 processes 6 steps, not the binomial's 4.
        assertEquals(6, AlgorithmModels.of("bcast", "knomial").time(new double[] {1, 0}, 16, 1),
                1e-12);
        assertNull(AlgorithmModels.of("bcast", "smp"));
        assertNull(AlgorithmModels.of("bcast", "pipelined_tree"));
        assertNull(AlgorithmModels.of("barrier", "linear"));
        double[] ab = {1, 0};
        // Chain on 3 processes: the root feeds 2 chains of one, one segment: 2 steps, not 4.
        assertEquals(2, AlgorithmModels.of("bcast", "chain").time(ab, 3, 1000), 1e-12);
        assertEquals(4 + 3 - 1, AlgorithmModels.of("bcast", "chain").time(ab, 13, 1000), 1e-12);
        assertEquals("pipeline", AlgorithmModels.of("reduce", "pipeline").name());
        assertEquals(3, AlgorithmModels.of("reduce", "pipeline").time(ab, 4, 1000), 1e-12);
        // Allgather's ring takes the gathered total, P m: beta's term (P-1)/P P m.
        assertEquals(3 * 100, AlgorithmModels.of("allgather", "ring")
                .time(new double[] {0, 1}, 4, 100), 1e-9);
    }

    @Test
    void binomialDataRecoverAlphaAndBetaAndTheBinomialModelPredictsBest() {
        List<Measurement> all = new ArrayList<>(points("binomial"));
        all.addAll(points("basic_linear"));
        ModelStudy study = ModelStudy.of("bcast", all, null);
        ModelFit fit = study.fits().get("binomial");
        assertEquals(ALPHA, fit.parameter("alpha"), 0.05 * ALPHA);
        assertEquals(BETA, fit.parameter("beta"), 0.05 * BETA);
        double binomial = row(study, "binomial", ModelStudy.Source.FITTED).heldOutError();
        double linear = row(study, "basic_linear", ModelStudy.Source.FITTED).heldOutError();
        double baseline = row(study, "binomial", ModelStudy.Source.BASELINE).heldOutError();
        assertTrue(binomial < 0.05, "binomial " + binomial);
        assertTrue(binomial < linear && binomial < baseline,
                binomial + " " + linear + " " + baseline);
        // The largest count is held out, and sizes in between, never the ends.
        assertEquals(java.util.Set.of(16), study.holdOut().processes());
        assertFalse(study.holdOut().sizes().contains(1L));
        assertFalse(study.holdOut().sizes().contains(65536L));
        assertTrue(study.holdOut().sizes().size() >= 4, study.holdOut().toString());
    }

    @Test
    void pointToPointAlphaBetaPredictTheBinomialData() {
        List<Measurement> p2p = new ArrayList<>();
        for (long m : sizes()) {
            p2p.add(Measurement.pointToPoint(m, ALPHA + BETA * m));
        }
        ModelStudy study = ModelStudy.of("bcast", points("binomial"), PiecewiseHockney.fit(p2p));
        ModelStudy.Row r = row(study, "binomial", ModelStudy.Source.P2P);
        assertTrue(r.heldOutError() < 0.03, r.toString());
        assertEquals(ALPHA, r.values()[0], 1e-6);
        // And with a p2p twice as slow the same model predicts badly: the check can fail.
        p2p.replaceAll(m -> Measurement.pointToPoint(m.bytes(), 2 * m.latency()));
        ModelStudy slow = ModelStudy.of("bcast", points("binomial"), PiecewiseHockney.fit(p2p));
        assertTrue(row(slow, "binomial", ModelStudy.Source.P2P).heldOutError() > 0.5);
    }

    @Test
    void aBaselineOfOneFittedProcessCountIsSaidUndetermined() {
        List<Measurement> two = points("binomial").stream()
                .filter(m -> m.processes() <= 4).toList();
        ModelStudy study = ModelStudy.of("bcast", two, null);
        ModelStudy.Row b = row(study, "binomial", ModelStudy.Source.BASELINE);
        assertTrue(b.note().startsWith("not determined"), b.toString());
        assertNotNull(study.fits().get("binomial"));
    }

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ModelsCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theCommandPrintsTheTableAndWritesTheCsvAndAPngPerProcessCount() throws IOException {
        Path sweep = binomialSweep();
        Path csv = dir.resolve("models.csv");
        Path png = dir.resolve("bcast.png");
        Run r = run("--p2p", latencyFile("OSULatency").toString(), "--csv", csv.toString(),
                "--png", png.toString(), sweep.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().toList();
        // binomial, basic_linear and knomial: model, p2p, baseline; smp: no model, baseline.
        assertEquals(3, lines.stream().filter(l -> l.startsWith("binomial ")).count(), r.out());
        assertEquals(3, lines.stream().filter(l -> l.startsWith("basic_linear ")).count());
        assertEquals(3, lines.stream().filter(l -> l.startsWith("knomial ")).count(), r.out());
        assertTrue(lines.stream().noneMatch(l -> l.contains("no cost model of bcast knomial")),
                r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("smp ")
                && l.contains("no cost model of bcast smp")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("smp ")
                && l.contains("baseline")), r.out());
        assertEquals(1 + 3 + 3 + 3 + 2, Files.readAllLines(csv).size());
        for (int p : COUNTS) {
            Path f = dir.resolve("bcast-P" + p + ".png");
            assertTrue(r.out().contains("# wrote " + f), r.out());
            BufferedImage image = ImageIO.read(f.toFile());
            assertNotNull(image, f.toString());
            assertEquals(ModelChart.WIDTH, image.getWidth());
            assertEquals(ModelChart.HEIGHT, image.getHeight());
        }
    }

    /** A refusal: exit 2, one line on stderr naming the command, no stack trace. */
    private static void refused(Run r, String expected) {
        assertEquals(ModelsCommand.BAD_INPUT, r.code(), r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("Models: ") && r.err().contains(expected), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        Path sweep = binomialSweep();
        refused(run(), "no PATH");
        refused(run("--png"), "--png needs a value");
        refused(run("--bogus", sweep.toString()), "unknown option --bogus");
        refused(run(dir.resolve("missing").toString()), "no such file");
        // A p2p file of another benchmark, and one of too few sizes for a fit.
        refused(run("--p2p", latencyFile("OSUBw").toString(), sweep.toString()),
                "takes an OSULatency results file, not OSUBw's");
        Path few = dir.resolve("few.json");
        Files.writeString(few, "{\"format\":\"omb-j-results\",\"context\":{\"benchmark\":"
                + "\"OSULatency\"},\"results\":[{\"Size\":1,\"Avg Latency(us)\":2.0}]}");
        refused(run("--p2p", few.toString(), sweep.toString()), "no Hockney fit");
        // Two collectives in one study.
        sweepFile("OSUReduce", "binomial", 2, ModelsTest::binomial, 9);
        refused(run(sweep.toString(), dir.resolve("OSUReduce-binomial-P2.json").toString()),
                "mixed collectives");
        assertEquals(0, run("--help").code());
    }
}
