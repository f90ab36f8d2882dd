package mpi.startup;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command that starts a child JVM like the running one: this JVM's {@code java}, the JVM
 * options it was started with that the binding needs ({@code --enable-native-access},
 * {@code -Dombj.*}, {@code -Djava.library.path}), its class path, then a main class and its
 * arguments. A child inherits none of these from its parent, neither through
 * {@code Intracomm.spawn} nor through a {@link ProcessBuilder}, so they are passed on the
 * command line. Other options (a debugger's or a coverage agent's, {@code -Xcheck:jni}) are
 * left out: they would slow the children down or write to the parent's files.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** @return the {@code java} launcher of the running JVM ({@code java.home}/bin/java) */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** @return the options of the running JVM that a child needs for the binding to load */
    public static List<String> options() {
        List<String> kept = new ArrayList<>();
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (option.startsWith("--enable-native-access") || option.startsWith("-Dombj.")
                    || option.startsWith("-Djava.library.path=")) {
                kept.add(option);
            }
        }
        return kept;
    }

    /**
     * @param mainClass the child's main class, on the running JVM's class path
     * @param args      its arguments
     * @return the arguments after {@link #java()}: {@link #options()}, {@code -cp} with the
     *         running JVM's class path, the main class and {@code args}
     */
    public static List<String> arguments(String mainClass, String... args) {
        List<String> argv = options();
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        argv.addAll(List.of(args));
        return argv;
    }
}
