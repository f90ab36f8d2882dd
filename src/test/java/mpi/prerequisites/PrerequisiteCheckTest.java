package mpi.prerequisites;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mpi.installation.MpiInstallation;
import mpi.prerequisites.PrerequisiteCheck.Result;

/**
 * The check of scripts/test.sh on a machine of facts: all there, then each prerequisite
 * missing in turn, one line naming it. JDKs, the wheels' folder and pip's configuration are
 * real files in a temporary folder.
 */
class PrerequisiteCheckTest {
    private static final List<String> MPIS = List.of("openmpi5", "mpich5", "impi");

    @TempDir
    Path dir;

    private Fake probe;
    private Path jdk25;

    /** A machine with everything: root, no package missing, the wheels and a JDK 25. */
    @BeforeEach
    void everything() throws IOException {
        probe = new Fake();
        jdk25 = jdk(dir.resolve("jdks/jdk-25"), "25.0.3", true);
        probe.env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        probe.env.put("OMBJ_JDK_DIRS", dir.resolve("jdks").toString());
        probe.env.put("OMBJ_MPI_DIR", dir.resolve("mpi").toString());
        probe.env.put("PIP_INDEX_URL", "https://mirror.example/simple");
        for (String mpi : MPIS) {
            installWheel(mpi);
        }
    }

    @Test
    void theWheelsAreLookedForWhereMpiInstallationKeepsThem() {
        // The check repeats MpiInstallation's rule (it runs from one source file): the same
        // folder with OMBJ_MPI_DIR and without it, and the same file marking an installation.
        Map<String, String> named = Map.of(MpiInstallation.FOLDER_VARIABLE, "/opt/wheels");
        assertEquals(MpiInstallation.folder(named), PrerequisiteCheck.wheelFolder(named::get));
        Map<String, String> unnamed = Map.of("HOME", System.getProperty("user.home"));
        assertEquals(MpiInstallation.folder(unnamed), PrerequisiteCheck.wheelFolder(unnamed::get));
        assertEquals(MpiInstallation.ENV_FILE, PrerequisiteCheck.INSTALLED_MARK);
    }

    @Test
    void everythingThereIsNoLineAndOneShortOne() throws IOException {
        Result r = check();
        assertEquals(List.of(), r.missing);
        assertEquals(jdk25, r.jdk.home);
        assertEquals("test.sh: prerequisites present; FFM tests on JDK 25.0.3 (" + jdk25
                + "); nothing to install", r.presentLine());
        // Nothing to install: neither sudo, pip's index nor python3 is asked about.
        assertEquals(List.of(), probe.asked);
    }

    @Test
    void anOldJavaIsOneLine() throws IOException {
        probe.javaFeature = 11;
        assertOneLine("test.sh: java is JDK 11: Maven builds and tests OMB-J on it and needs a"
                + " JDK 17 or later: install one and set JAVA_HOME to it");
    }

    @Test
    void noMavenIsOneLine() throws IOException {
        probe.path.remove("mvn");
        assertOneLine("test.sh: no mvn on PATH: Maven 3 builds OMB-J and runs its tests: install"
                + " it (Debian: apt-get install maven)");
    }

    @Test
    void noGccIsOneLine() throws IOException {
        probe.path.remove("gcc");
        assertOneLine("test.sh: no gcc on PATH: mpicc compiles the JNI library and the C twins"
                + " with it: install it (Debian: apt-get install gcc)");
    }

    @Test
    void noJdk22IsOneLineSayingWhereItLookedAndHowToNameOne() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("no-jdks"));
        jdk(empty.resolve("jdk-21"), "21.0.5", true);
        jdk(empty.resolve("jre-25"), "25.0.3", false);
        probe.env.put("OMBJ_JDK_DIRS", empty.toString());
        probe.env.put("JAVA_HOME", jdk(dir.resolve("jdk-17"), "17.0.15", true).toString());
        String line = assertOneLine("test.sh: no JDK 22 or later for the FFM backend's tests"
                + " (looked at JAVA_HOME and in " + empty + "): install one there");
        assertTrue(line.endsWith("or name it with OMBJ_JDK22_HOME=/path/to/jdk"), line);
    }

    @Test
    void theNewestJdkOfTheFoldersIsTaken() throws IOException {
        jdk(dir.resolve("jdks/jdk-22"), "22.0.2", true);
        jdk(dir.resolve("jdks/jre-26"), "26", false);
        Files.createDirectories(dir.resolve("jdks/not-a-jdk"));
        assertEquals(jdk25, check().jdk.home);
    }

    @Test
    void javaHomeOf22OrLaterComesBeforeTheFolders() throws IOException {
        Path jdk22 = jdk(dir.resolve("jdk-22"), "22.0.2", true);
        probe.env.put("JAVA_HOME", jdk22.toString());
        Result r = check();
        assertEquals(List.of(), r.missing);
        assertEquals(jdk22, r.jdk.home);
    }

    @Test
    void theVariableNamesTheJdkAndMustBeOne() throws IOException {
        Path jdk23 = jdk(dir.resolve("elsewhere/jdk-23"), "23", true);
        probe.env.put("OMBJ_JDK22_HOME", jdk23.toString());
        assertEquals(jdk23, check().jdk.home);

        Path jdk17 = jdk(dir.resolve("jdk-17"), "17.0.15", true);
        probe.env.put("OMBJ_JDK22_HOME", jdk17.toString());
        assertOneLine("test.sh: OMBJ_JDK22_HOME=" + jdk17 + " is not a JDK 22 or later"
                + " (JAVA_VERSION 17.0.15): the FFM backend's tests run on it: name one that is");

        probe.env.put("OMBJ_JDK22_HOME", dir.resolve("none").toString());
        assertOneLine("test.sh: OMBJ_JDK22_HOME=" + dir.resolve("none") + " is not a JDK 22 or"
                + " later (no such folder)");
    }

    @Test
    void mavensPropertyAmongTheArgumentsComesFirst() throws IOException {
        Path jdk24 = jdk(dir.resolve("jdk-24"), "24.0.1", true);
        probe.env.put("OMBJ_JDK22_HOME", dir.resolve("none").toString());
        Result r = PrerequisiteCheck.check(probe, MPIS, List.of("-Dit.test=X",
                "-Djdk25.home=" + jdk24));
        assertEquals(List.of(), r.missing);
        assertEquals(jdk24, r.jdk.home);

        Path jre = jdk(dir.resolve("jre-25"), "25", false);
        r = PrerequisiteCheck.check(probe, MPIS, List.of("-Djdk25.home=" + jre));
        assertEquals(List.of("test.sh: -Djdk25.home=" + jre + " is not a JDK 22 or later (no"
                + " bin/java and bin/javac: not a JDK): the FFM backend's tests run on it: name"
                + " one that is"), r.missing);
    }

    @Test
    void theUsualJdkFolders() {
        Map<String, String> env = Map.of("HOME", "/home/u");
        assertEquals(List.of(Path.of("/usr/lib/jvm"), Path.of("/home/u/.sdkman/candidates/java"),
                Path.of("/home/u/.jdks")), PrerequisiteCheck.jdkFolders(env::get));
        Map<String, String> named = Map.of("HOME", "/home/u", "OMBJ_JDK_DIRS", "/opt/java::/x");
        assertEquals(List.of(Path.of("/opt/java"), Path.of("/x")),
                PrerequisiteCheck.jdkFolders(named::get));
    }

    @Test
    void notRootWithoutSudoIsOneLineOnlyWhenSomethingIsToBeInstalled() throws IOException {
        probe.uid = 1000;
        probe.path.remove("sudo");
        assertEquals(List.of(), check().missing, "nothing to install, no root needed");

        probe.packages = List.of("hostname", "libfabric1");
        assertOneLine("test.sh: not root, and no sudo without a password: apt-get needs root to"
                + " install hostname, libfabric1: run as root, or 'sudo -v' first, or have root"
                + " run scripts/install-deps.sh --tests");

        probe.packages = List.of();
        probe.bindingsBuilt = false;
        String line = assertOneLine("test.sh: not root, and no sudo without a password: apt-get"
                + " needs root to install Open MPI's Java bindings (target/ompi-java/mpi.jar)");
        assertTrue(line.endsWith("scripts/install-deps.sh --tests and"
                + " scripts/install-openmpi-java.sh"), line);
    }

    @Test
    void sudoThatAsksAPasswordIsNoSudo() throws IOException {
        probe.uid = 1000;
        probe.packages = List.of("mpich", "libmpich-dev");
        probe.sudo = false;
        assertOneLine("test.sh: not root, and no sudo without a password");
        probe.sudo = true;
        Result r = check();
        assertEquals(List.of(), r.missing);
        assertTrue(r.presentLine().endsWith("; to install: mpich, libmpich-dev"), r.presentLine());
    }

    @Test
    void rootNeedsNoSudo() throws IOException {
        probe.packages = List.of("iproute2");
        probe.bindingsBuilt = false;
        probe.path.remove("sudo");
        assertEquals(List.of(), check().missing);
        assertTrue(!probe.asked.contains("sudo"), probe.asked.toString());
    }

    @Test
    void noAptGetIsOneLineWhenSomethingIsToBeInstalled() throws IOException {
        probe.path.remove("apt-get");
        assertEquals(List.of(), check().missing);
        probe.packages = List.of("util-linux");
        assertOneLine("test.sh: no apt-get: test.sh installs util-linux with it: install them"
                + " yourself, or run on Debian or Ubuntu");
    }

    @Test
    void noDebianSourcesIsOneLineWhenTheBindingsAreToBeBuilt() throws IOException {
        probe.aptSources = false;
        assertEquals(List.of(), check().missing);
        probe.bindingsBuilt = false;
        assertOneLine("test.sh: apt lists no Debian package sources (/etc/apt/sources.list,"
                + " /etc/apt/sources.list.d): Open MPI's Java bindings are compiled from its"
                + " source package");
    }

    @Test
    void noPythonIsOneLineWhenAWheelIsToBeInstalled() throws IOException {
        probe.path.remove("python3");
        assertEquals(List.of(), check().missing);
        uninstallWheel("impi");
        assertOneLine("test.sh: no python3 on PATH: scripts/install-mpi.sh makes a venv with it"
                + " for the MPI wheels not yet in " + dir.resolve("mpi") + " (impi): install it"
                + " (Debian: apt-get install python3 python3-venv)");
    }

    @Test
    void pythonWithoutVenvIsOneLine() throws IOException {
        probe.venv = false;
        assertEquals(List.of(), check().missing);
        uninstallWheel("openmpi5");
        uninstallWheel("mpich5");
        assertOneLine("test.sh: python3 has no venv with pip (modules venv and ensurepip):"
                + " scripts/install-mpi.sh makes one for the MPI wheels not yet in "
                + dir.resolve("mpi") + " (openmpi5, mpich5): install them (Debian: apt-get"
                + " install python3-venv)");
    }

    @Test
    void anIndexThatDoesNotAnswerIsOneLineWithoutItsPassword() throws IOException {
        probe.unreachable = "connection refused";
        assertEquals(List.of(), check().missing, "the wheels are there: no index asked");
        assertTrue(!probe.asked.contains("index"), probe.asked.toString());

        uninstallWheel("mpich5");
        probe.env.put("PIP_INDEX_URL", "https://user:secret@mirror.example/simple");
        assertOneLine("test.sh: the package index https://mirror.example/simple does not answer"
                + " (connection refused): pip takes the MPI wheels not yet in " + dir.resolve("mpi")
                + " (mpich5) from it: connect this machine, or name a mirror with PIP_INDEX_URL");
        assertEquals("https://user:secret@mirror.example/simple", probe.indexAsked);
    }

    @Test
    void theWheelsToInstallAreSaidInTheShortLine() throws IOException {
        uninstallWheel("openmpi5");
        Result r = check();
        assertEquals(List.of(), r.missing);
        assertTrue(r.presentLine().endsWith("; to install: wheels openmpi5"), r.presentLine());
        assertEquals("https://mirror.example/simple", probe.indexAsked);
    }

    @Test
    void severalMissingAreOneLineEach() throws IOException {
        probe.path.remove("mvn");
        probe.path.remove("gcc");
        probe.env.put("OMBJ_JDK_DIRS", dir.resolve("none").toString());
        List<String> missing = check().missing;
        assertEquals(3, missing.size(), missing.toString());
        assertTrue(missing.get(0).startsWith("test.sh: no mvn"), missing.toString());
        assertTrue(missing.get(1).startsWith("test.sh: no gcc"), missing.toString());
        assertTrue(missing.get(2).startsWith("test.sh: no JDK 22"), missing.toString());
    }

    @Test
    void whenInstallDepsCannotTellTheCheckSaysWhy() {
        probe.packagesFail = true;
        IOException e = assertThrows(IOException.class, this::check);
        assertEquals("cannot tell", e.getMessage());
    }

    @Test
    void pipsIndexFromItsVariableElseItsConfigurationElsePyPi() throws IOException {
        Path etc = Files.writeString(dir.resolve("etc-pip.conf"),
                "[global]\ncert = /x\nindex-url = https://site.example/simple\n");
        Path user = Files.writeString(dir.resolve("user-pip.conf"),
                "# mine\n[global]\nindex_url=https://user.example/simple\n");
        Path install = Files.writeString(dir.resolve("install-pip.conf"),
                "[install]\nindex-url = https://install.example/simple\n");
        Path none = dir.resolve("none.conf");
        Map<String, String> env = new HashMap<>();
        assertEquals("https://pypi.org/simple", PrerequisiteCheck.indexUrl(env::get, List.of(none)));
        assertEquals("https://site.example/simple",
                PrerequisiteCheck.indexUrl(env::get, List.of(etc, none)));
        assertEquals("https://user.example/simple",
                PrerequisiteCheck.indexUrl(env::get, List.of(etc, user)));
        // [install] is the command's own section: it beats [global] of any file
        assertEquals("https://install.example/simple",
                PrerequisiteCheck.indexUrl(env::get, List.of(install, user)));
        env.put("PIP_INDEX_URL", "http://127.0.0.1:9/");
        assertEquals("http://127.0.0.1:9/",
                PrerequisiteCheck.indexUrl(env::get, List.of(etc, user, install)));
    }

    @Test
    void pipsConfigurationFiles() {
        Map<String, String> env = new HashMap<>(Map.of("HOME", "/home/u"));
        assertEquals(List.of(Path.of("/etc/xdg/pip/pip.conf"), Path.of("/etc/pip.conf"),
                Path.of("/home/u/.pip/pip.conf"), Path.of("/home/u/.config/pip/pip.conf")),
                PrerequisiteCheck.pipConfigFiles(env::get));
        env.put("XDG_CONFIG_HOME", "/cfg");
        env.put("PIP_CONFIG_FILE", "/mine.conf");
        assertEquals(List.of(Path.of("/etc/xdg/pip/pip.conf"), Path.of("/etc/pip.conf"),
                Path.of("/home/u/.pip/pip.conf"), Path.of("/cfg/pip/pip.conf"),
                Path.of("/mine.conf")), PrerequisiteCheck.pipConfigFiles(env::get));
    }

    @Test
    void theProxyPipWouldTake() {
        URI pypi = URI.create("https://pypi.org/simple");
        Map<String, String> env = new HashMap<>();
        assertNull(PrerequisiteCheck.proxyFor(pypi, env::get));
        env.put("HTTPS_PROXY", "proxy.example:3128");
        assertEquals(URI.create("http://proxy.example:3128"), PrerequisiteCheck.proxyFor(pypi, env::get));
        env.put("https_proxy", "http://lower.example:8080");
        assertEquals(URI.create("http://lower.example:8080"), PrerequisiteCheck.proxyFor(pypi, env::get));
        assertNull(PrerequisiteCheck.proxyFor(URI.create("http://127.0.0.1:9/"), env::get),
                "https_proxy is not http's");
        env.put("no_proxy", "localhost, .pypi.org");
        assertNull(PrerequisiteCheck.proxyFor(pypi, env::get));
        assertEquals(URI.create("http://lower.example:8080"),
                PrerequisiteCheck.proxyFor(URI.create("https://notpypi.org/simple"), env::get));
    }

    @Test
    void debianSourcesInEitherForm() {
        assertTrue(PrerequisiteCheck.hasDebianSources("debian.sources",
                List.of("Types: deb", "URIs: http://deb.debian.org/debian")));
        assertTrue(PrerequisiteCheck.hasDebianSources("src.sources", List.of("Types: deb-src")));
        assertTrue(!PrerequisiteCheck.hasDebianSources("x.sources", List.of("# Types: deb")));
        assertTrue(PrerequisiteCheck.hasDebianSources("sources.list",
                List.of("# deb http://x y", "deb http://deb.debian.org/debian bookworm main")));
        assertTrue(!PrerequisiteCheck.hasDebianSources("sources.list", List.of("# deb http://x y")));
        assertTrue(!PrerequisiteCheck.hasDebianSources("a.list.disabled", List.of("deb http://x y")));
    }

    @Test
    void withoutUserInfo() {
        assertEquals("https://h.example:8443/simple?x=1",
                PrerequisiteCheck.withoutUserInfo("https://u:p@h.example:8443/simple?x=1"));
        assertEquals("https://pypi.org/simple", PrerequisiteCheck.withoutUserInfo("https://pypi.org/simple"));
    }

    private Result check() throws IOException {
        return PrerequisiteCheck.check(probe, MPIS, List.of());
    }

    // Exactly one line, starting with the given text; returns it.
    private String assertOneLine(String start) throws IOException {
        List<String> missing = check().missing;
        assertEquals(1, missing.size(), missing.toString());
        assertTrue(missing.get(0).startsWith(start), missing.get(0));
        return missing.get(0);
    }

    private void installWheel(String mpi) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("mpi").resolve(mpi));
        Files.writeString(folder.resolve("ombj-mpi.env"), "MPI_NAME=" + mpi + "\n");
    }

    private void uninstallWheel(String mpi) throws IOException {
        Files.delete(dir.resolve("mpi").resolve(mpi).resolve("ombj-mpi.env"));
    }

    // A folder laid out as a JDK's (or a JRE's: no javac), with its release file.
    static Path jdk(Path home, String version, boolean javac) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version
                + "\"\n");
        List<String> tools = javac ? List.of("java", "javac") : List.of("java");
        for (String tool : tools) {
            Path file = Files.writeString(home.resolve("bin").resolve(tool), "#!/bin/sh\nexit 0\n");
            assertTrue(file.toFile().setExecutable(true));
        }
        return home;
    }

    /** A machine's facts, all there until a test takes one away; records what was asked. */
    static final class Fake implements PrerequisiteCheck.Probe {
        final Map<String, String> env = new HashMap<>();
        final Set<String> path = new HashSet<>(Set.of("mvn", "gcc", "apt-get", "sudo", "python3"));
        final List<String> asked = new ArrayList<>();
        int javaFeature = 17;
        int uid = 0;
        boolean sudo = true;
        List<String> packages = List.of();
        boolean packagesFail;
        boolean bindingsBuilt = true;
        boolean aptSources = true;
        boolean venv = true;
        String unreachable;
        String indexAsked;

        @Override
        public String env(String name) {
            return env.get(name);
        }

        @Override
        public boolean onPath(String command) {
            return path.contains(command);
        }

        @Override
        public int javaFeature() {
            return javaFeature;
        }

        @Override
        public int uid() {
            return uid;
        }

        @Override
        public boolean sudoWithoutPassword() {
            asked.add("sudo");
            return sudo;
        }

        @Override
        public List<String> missingPackages() throws IOException {
            if (packagesFail) {
                throw new IOException("cannot tell");
            }
            return packages;
        }

        @Override
        public boolean openMpiJavaBuilt() {
            return bindingsBuilt;
        }

        @Override
        public boolean aptSources() {
            return aptSources;
        }

        @Override
        public boolean pythonVenv() {
            asked.add("python3");
            return venv;
        }

        @Override
        public String unreachable(String url) {
            asked.add("index");
            indexAsked = url;
            return unreachable;
        }
    }
}
