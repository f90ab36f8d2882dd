package mpi.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import mpi.common.binding.Extension;

/**
 * The harness and the benchmarks (every class outside package {@code mpi} itself) call only
 * what Open MPI's Java bindings have with the same signature, or a call of an
 * {@link Extension}, which the runner checks for before a run. Read from the bytecode, so a
 * call the compiler linked to an overload Open MPI lacks (an {@code Object} parameter where
 * Open MPI's has {@code Buffer}) is caught too.
 */
class CommonApiTest {
    /**
     * Every binding member the suite's code references, as "mpi.Class name(params)" keys, with
     * the classes that reference it.
     */
    private static Map<String, Set<String>> referencedBindingMembers() throws Exception {
        Path classes = Path.of(mpi.MPI.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).resolve("mpi");
        Map<String, Set<String>> keys = new TreeMap<>();
        List<Path> suite;
        try (Stream<Path> files = Files.walk(classes)) {
            suite = files.filter(f -> f.toString().endsWith(".class"))
                    .filter(f -> !f.getParent().equals(classes)).toList();
        }
        assertTrue(suite.size() > 50, "the suite's classes: " + suite.size());
        for (Path file : suite) {
            try (InputStream in = Files.newInputStream(file)) {
                ClassReader reader = new ClassReader(in);
                String from = reader.getClassName().replace('/', '.');
                reader.accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String descriptor,
                            String signature, String[] exceptions) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitMethodInsn(int opcode, String owner, String method,
                                    String desc, boolean isInterface) {
                                if (isBinding(owner)) {
                                    keys.computeIfAbsent(methodKey(owner, method, desc),
                                            k -> new TreeSet<>()).add(from);
                                }
                            }

                            @Override
                            public void visitFieldInsn(int opcode, String owner, String field,
                                    String desc) {
                                if (isBinding(owner)) {
                                    keys.computeIfAbsent(declaringClass(owner, field) + " "
                                            + field, k -> new TreeSet<>()).add(from);
                                }
                            }
                        };
                    }
                }, ClassReader.SKIP_DEBUG);
            } catch (IOException e) {
                throw new AssertionError(file + ": " + e);
            }
        }
        return keys;
    }

    private static boolean isBinding(String owner) {
        return owner.startsWith("mpi/") && owner.indexOf('/', 4) < 0;
    }

    private static String methodKey(String owner, String name, String desc) {
        String params = Stream.of(Type.getArgumentTypes(desc)).map(Type::getClassName)
                .collect(Collectors.joining(",", "(", ")"));
        if (name.equals("<init>")) {
            return owner.replace('/', '.') + " new" + params;
        }
        Class<?>[] types = Stream.of(Type.getArgumentTypes(desc)).map(CommonApiTest::load)
                .toArray(Class<?>[]::new);
        for (Class<?> c = load(Type.getObjectType(owner)); c != null; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(name, types);
                return c.getName() + " " + name + params;
            } catch (NoSuchMethodException e) {
                // declared further up
            }
        }
        throw new AssertionError("no method " + owner + "." + name + desc);
    }

    private static String declaringClass(String owner, String field) {
        for (Class<?> c = load(Type.getObjectType(owner)); c != null; c = c.getSuperclass()) {
            try {
                c.getDeclaredField(field);
                return c.getName();
            } catch (NoSuchFieldException e) {
                // declared further up
            }
        }
        throw new AssertionError("no field " + owner + "." + field);
    }

    private static Class<?> load(Type t) {
        try {
            return switch (t.getSort()) {
                case Type.INT -> int.class;
                case Type.LONG -> long.class;
                case Type.DOUBLE -> double.class;
                case Type.FLOAT -> float.class;
                case Type.BOOLEAN -> boolean.class;
                case Type.BYTE -> byte.class;
                case Type.CHAR -> char.class;
                case Type.SHORT -> short.class;
                case Type.ARRAY -> Class.forName(t.getDescriptor().replace('/', '.'), false,
                        CommonApiTest.class.getClassLoader());
                default -> Class.forName(t.getClassName(), false,
                        CommonApiTest.class.getClassLoader());
            };
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static Set<String> openMpiKeys() {
        return SharedSignaturesTest.resource(SharedSignaturesTest.OPEN_MPI).stream()
                .map(ApiListing::key).collect(Collectors.toSet());
    }

    private static String key(Extension.Call call) {
        return "mpi." + call.owner() + " " + call.name() + Stream.of(call.parameters()).map(Class::getTypeName)
                .collect(Collectors.joining(",", "(", ")"));
    }

    @Test
    void theSuiteCallsOnlyOpenMpisApiAndDeclaredExtensions() throws Exception {
        Set<String> openMpi = openMpiKeys();
        Set<String> extensions = Stream.of(Extension.values()).flatMap(e -> e.calls().stream())
                .map(CommonApiTest::key).collect(Collectors.toSet());
        List<String> beyond = new ArrayList<>();
        Set<String> referenced = referencedBindingMembers().keySet();
        for (String k : referenced) {
            if (!openMpi.contains(k) && !extensions.contains(k)) {
                beyond.add(k);
            }
        }
        assertEquals(List.of(), beyond, "binding calls of the suite that Open MPI's Java "
                + "bindings lack and no Extension declares");
        assertTrue(referenced.contains("mpi.Comm iSend(java.nio.Buffer,int,mpi.Datatype,int,int)"),
                "the scan sees the buffer API's calls: " + referenced);
        assertTrue(referenced.contains("mpi.Comm iSend(java.lang.Object,int,mpi.Datatype,int,int)"),
                "the scan sees the arrays API's calls: " + referenced);
    }

    /**
     * A buffer-API run on Open MPI's bindings must never meet an array overload: only the
     * arrays form of {@code NonBlockingCalls} makes those calls.
     */
    @Test
    void onlyTheArraysFormMakesNonBlockingArrayCalls() throws Exception {
        Map<String, Set<String>> referenced = referencedBindingMembers();
        for (Extension.Call call : Extension.NON_BLOCKING_ARRAYS.calls()) {
            assertEquals(Set.of("mpi.common.binding.NonBlockingCalls$OnArrays"),
                    referenced.getOrDefault(key(call), Set.of()), call + " is called from");
        }
    }

    /**
     * A buffer-API run on a created or allocated window (what Open MPI's bindings run) must
     * never meet a one-sided extension: only the extended form of {@code OneSidedCalls} makes
     * the Object/long calls, and only the harness's helpers the address and memory calls.
     */
    @Test
    void onlyTheExtendedFormMakesOneSidedExtensionCalls() throws Exception {
        Map<String, Set<String>> referenced = referencedBindingMembers();
        for (Extension.Call call : Extension.ONE_SIDED_ARRAYS.calls()) {
            assertEquals(Set.of("mpi.common.binding.OneSidedCalls$Extended"),
                    referenced.getOrDefault(key(call), Set.of()), call + " is called from");
        }
        for (Extension e : List.of(Extension.DYNAMIC_WINDOWS, Extension.ALLOCATED_WINDOW_MEMORY)) {
            for (Extension.Call call : e.calls()) {
                Set<String> from = referenced.getOrDefault(key(call), Set.of());
                assertEquals(1, from.size(), call + " is called from " + from);
                assertTrue(from.iterator().next().startsWith("mpi.common.binding.OneSidedCalls"),
                        call + " is called from " + from);
            }
        }
    }

    /** As for non-blocking calls: only the arrays form of {@code PersistentCalls} makes them. */
    @Test
    void onlyTheArraysFormMakesPersistentArrayCalls() throws Exception {
        Map<String, Set<String>> referenced = referencedBindingMembers();
        for (Extension.Call call : Extension.PERSISTENT_ARRAYS.calls()) {
            assertEquals(Set.of("mpi.common.binding.PersistentCalls$OnArrays"),
                    referenced.getOrDefault(key(call), Set.of()), call + " is called from");
        }
    }

    @Test
    void everyExtensionCallIsOursAndNotOpenMpis() {
        Set<String> openMpi = openMpiKeys();
        for (Extension e : Extension.values()) {
            for (Extension.Call call : e.calls()) {
                assertTrue(call.existsIn(mpi.Comm.class), "ours lacks " + call);
                assertFalse(openMpi.contains(key(call)), "Open MPI has " + call + ", so "
                        + e + " need not declare it");
            }
        }
    }
}
