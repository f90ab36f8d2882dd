package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BindingTest {
    @Test
    void ombjIsOursOnJavaCp() throws BadArgumentException {
        Binding b = Binding.parse("ombj", Fixtures.settings());
        assertEquals("ombj", b.label());
        assertEquals("target/omb-j.jar", b.classPath());
        assertTrue(b.ours());
        Binding custom = Binding.parse("ombj", Fixtures.settings("JAVA_CP", "/x/a.jar:/x/b"));
        assertEquals("/x/a.jar:/x/b", custom.classPath());
        assertEquals("/x/a.jar", custom.required().get(0).path());
    }

    @Test
    void jniAndFfmAreOursWithTheBackendsProperty() throws BadArgumentException {
        Binding ombj = Binding.parse("ombj", Fixtures.settings("JAVA", "/jdk17/bin/java"));
        assertEquals(List.of(), ombj.jvmOptions());
        assertEquals("/jdk17/bin/java", ombj.java());
        Binding jni = Binding.parse("jni", Fixtures.settings("JAVA", "/jdk17/bin/java"));
        assertEquals("jni", jni.label());
        assertTrue(jni.ours());
        assertEquals("target/omb-j.jar", jni.classPath());
        assertEquals(List.of("-Dombj.backend=jni"), jni.jvmOptions());
        assertEquals("/jdk17/bin/java", jni.java());
        Binding ffm = Binding.parse("ffm", Fixtures.settings("JAVA", "/jdk25/bin/java"));
        assertEquals(List.of("-Dombj.backend=ffm"), ffm.jvmOptions());
        assertEquals("/jdk25/bin/java", ffm.java());
        Binding beside = Binding.parse("ffm", Fixtures.settings("JAVA", "/jdk17/bin/java",
                "FFM_JAVA", "/jdk25/bin/java"));
        assertEquals("/jdk25/bin/java", beside.java());
        assertEquals(List.of("-Dombj.backend=ffm"), beside.over(Transport.NETTY).jvmOptions());
    }

    @Test
    void ompiIsOpenMpisJarBeforeOurBenchmarks() throws BadArgumentException {
        Binding b = Binding.parse("ompi", Fixtures.settings());
        assertEquals("ompi", b.label());
        assertEquals("target/ompi-java/mpi.jar:target/omb-j-benchmarks.jar", b.classPath());
        assertFalse(b.ours());
        assertEquals(List.of("target/ompi-java/mpi.jar", "target/omb-j-benchmarks.jar"),
                b.required().stream().map(Binding.Required::path).toList());
        Binding moved = Binding.parse("ompi", Fixtures.settings("OMPI_JAVA_JAR", "/tmp/ompijar/mpi.jar"));
        assertEquals("/tmp/ompijar/mpi.jar:target/omb-j-benchmarks.jar", moved.classPath());
    }

    @Test
    void aJarPathIsLabelledByItsName() throws BadArgumentException {
        Binding b = Binding.parse("/opt/mvapich2-j/lib/mvapich2-j.jar", Fixtures.settings());
        assertEquals("mvapich2-j", b.label());
        assertEquals("/opt/mvapich2-j/lib/mvapich2-j.jar:target/omb-j-benchmarks.jar", b.classPath());
        assertFalse(b.ours());
        assertEquals("x", Binding.parse("x.jar", Fixtures.settings()).label());
    }

    @Test
    void labelEqualsPathNamesItsOwnLabel() throws BadArgumentException {
        Binding b = Binding.parse("mv2=/opt/lib/mpi.jar", Fixtures.settings());
        assertEquals("mv2", b.label());
        assertEquals("/opt/lib/mpi.jar:target/omb-j-benchmarks.jar", b.classPath());
        assertFalse(b.ours());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "", "OMBJ", "x.zip", ".jar", "=/a.jar", "a b=/a.jar", "a=", "/x/a b.jar"})
    void anythingElseIsNamed(String spec) {
        BadArgumentException e = assertThrows(BadArgumentException.class,
                () -> Binding.parse(spec, Fixtures.settings()));
        assertTrue(e.getMessage().contains("'" + spec + "'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
