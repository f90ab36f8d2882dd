package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rank blocked in a receive leaves the rest of its JVM running: while it waits three
 * seconds, another of its threads allocates hard (forcing collections), and
 * {@code -Xlog:safepoint} shows every safepoint reached in well under a second
 * ({@link SafepointProbe}). The FFM backend must make a call that can wait as a plain
 * downcall, never in the critical state; the JNI backend's waiting calls are in native state.
 * Run on JDK 25 (the FFM backend needs 22 or later), with both backends and both APIs.
 *
 * <p>A control shows that the check can fail: a critical downcall of {@code sleep(3)} (the
 * FFM API, compiled here with JDK 25's javac) under the same allocating thread does stall a
 * safepoint for seconds.
 */
class SafepointIT {
    private static final int WAIT_SECONDS = 3;
    /** Far above a safepoint's usual micro- to milliseconds, far below the wait. */
    private static final long STALL_NANOS = 1_000_000_000L;
    private static final Pattern REACHING = Pattern.compile("Reaching safepoint: (\\d+) ns");
    /**
     * G1, the collector of every server-class machine: since JDK 22 it pins a region for JNI's
     * GetPrimitiveArrayCritical (JEP 423) where the Serial and Parallel collectors (and G1
     * before 22) hold every collection off until the array is released: the JNI backend's
     * blocking calls on arrays then stall an allocating thread for as long as they wait.
     */
    private static final List<String> JVM = List.of("-XX:+UseG1GC", "-Xmx64m", "-Xlog:safepoint",
            "--enable-native-access=ALL-UNNAMED");
    private static Path jdk;

    @BeforeAll
    static void findJdk25() {
        jdk = Path.of(System.getProperty("ombj.jdk25.home", "/usr/lib/jvm/temurin-25-jdk-amd64"));
        if (!Files.isExecutable(jdk.resolve("bin/java"))) {
            throw new AssertionError("no JDK 25 at " + jdk + ": name one with"
                    + " mvn -Djdk25.home=/path/to/jdk-25 verify");
        }
    }

    /** @return the longest time a safepoint took to be reached, in the log lines of {@code text} */
    static long longestReach(String text) {
        long longest = -1;
        Matcher m = REACHING.matcher(text);
        while (m.find()) {
            longest = Math.max(longest, Long.parseLong(m.group(1)));
        }
        return longest;
    }

    @ParameterizedTest(name = "{0} backend, {1} API")
    @CsvSource({"ffm, buffer", "ffm, arrays", "ffm, large-arrays", "jni, buffer", "jni, arrays",
        "jni, large-arrays"})
    void blockedReceiveStallsNoSafepoint(String backend, String api) throws Exception {
        List<String> args = new java.util.ArrayList<>(JVM);
        args.add("-Dombj.backend=" + backend);
        args.addAll(List.of("-cp", MpiRun.jar() + java.io.File.pathSeparator
                + Path.of("target", "test-classes").toAbsolutePath(),
                SafepointProbe.class.getName(), api, String.valueOf(WAIT_SECONDS)));
        MpiRun.Result r = MpiRun.runJava(jdk.resolve("bin/java"), 2, args, 120);
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("received 42"), r.all());
        Matcher allocated = Pattern.compile("allocated while waiting (\\d+)").matcher(r.stdout());
        assertTrue(allocated.find(), r.all());
        // 64 MiB of heap, 64 KiB arrays: thousands per second unless the thread stalled
        assertTrue(Long.parseLong(allocated.group(1)) > 10_000, r.all());
        long longest = longestReach(r.stdout());
        assertTrue(longest >= 0, "no safepoint logged\n" + r.all());
        assertTrue(longest < STALL_NANOS, "a safepoint took " + longest + " ns to reach\n" + r.all());
    }

    /** The same allocating thread beside a critical downcall that sleeps: the stall shows. */
    @Test
    void criticalDowncallStallsSafepoints(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("CriticalSleep.java");
        Files.writeString(source, String.join("\n",
                "import java.lang.foreign.*;",
                "import java.lang.invoke.MethodHandle;",
                "public class CriticalSleep {",
                "  static volatile boolean running = true;",
                "  public static void main(String[] a) throws Throwable {",
                "    Linker l = Linker.nativeLinker();",
                "    MethodHandle sleep = l.downcallHandle(l.defaultLookup().find(\"sleep\").orElseThrow(),",
                "        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),",
                "        Linker.Option.critical(false));",
                "    Thread t = new Thread(() -> { byte[][] live = new byte[16][]; long n = 0;",
                "      while (running) { live[(int) (n++ & 15)] = new byte[64 * 1024]; } });",
                "    t.setDaemon(true); t.start(); Thread.sleep(200);",
                "    int left = (int) sleep.invokeExact(" + WAIT_SECONDS + ");",
                "    running = false; System.out.println(\"slept \" + left);",
                "  }",
                "}", ""), StandardCharsets.UTF_8);
        run(List.of(jdk.resolve("bin/javac").toString(), "-d", dir.toString(), source.toString()));
        List<String> cmd = new java.util.ArrayList<>(List.of(jdk.resolve("bin/java").toString()));
        cmd.addAll(JVM);
        cmd.addAll(List.of("-cp", dir.toString(), "CriticalSleep"));
        String out = run(cmd);
        assertTrue(out.contains("slept 0"), out);
        assertTrue(longestReach(out) >= STALL_NANOS, "no stall seen under a critical call\n" + out);
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
