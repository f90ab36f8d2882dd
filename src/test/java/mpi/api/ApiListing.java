package mpi.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The public API of a Java MPI binding, package {@code mpi}: one line per public method, field
 * and constructor of its public classes, sorted, e.g.
 * {@code mpi.Comm mpi.Request iSend(java.nio.Buffer,int,mpi.Datatype,int,int)}. Classes are
 * read by reflection without being initialised (no native library is loaded). Two bindings
 * share a member when the lines' {@link #key}s (class, name, parameters) are equal; the
 * signature is identical when the whole lines are.
 */
final class ApiListing {
    private ApiListing() {
    }

    /**
     * Prints the API of a binding jar: how the snapshot of Open MPI's was made,
     * {@code java -cp target/test-classes mpi.api.ApiListing target/ompi-java/mpi.jar}.
     *
     * @param args the jar
     */
    public static void main(String[] args) {
        ofJar(Path.of(args[0])).forEach(System.out::println);
    }

    /** @return the API of the binding in {@code jar}, loaded apart from the test's classes */
    static List<String> ofJar(Path jar) {
        try (JarFile file = new JarFile(jar.toFile());
                URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                        ClassLoader.getPlatformClassLoader())) {
            List<String> names = file.stream().map(e -> e.getName())
                    .filter(ApiListing::isBindingClass).toList();
            return of(loader, names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the API of the binding in the class folder {@code classes} */
    static List<String> ofClassFolder(Path classes, ClassLoader loader) {
        try (Stream<Path> files = Files.list(classes.resolve("mpi"))) {
            List<String> names = files.map(f -> "mpi/" + f.getFileName())
                    .filter(ApiListing::isBindingClass).toList();
            return of(loader, names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class of package {@code mpi} itself (the binding), not of a sub-package. */
    private static boolean isBindingClass(String entry) {
        return entry.matches("mpi/[A-Za-z0-9_$]+\\.class");
    }

    private static List<String> of(ClassLoader loader, List<String> entries) {
        TreeSet<String> lines = new TreeSet<>();
        for (String entry : entries) {
            String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            if (!Modifier.isPublic(c.getModifiers())) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic() && !overridesObject(m)) {
                    lines.add(c.getName() + " " + (Modifier.isStatic(m.getModifiers()) ? "static " : "")
                            + m.getReturnType().getTypeName() + " " + m.getName()
                            + parameters(m.getParameterTypes()));
                }
            }
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isPublic(f.getModifiers())) {
                    lines.add(c.getName() + " " + (Modifier.isStatic(f.getModifiers()) ? "static " : "")
                            + f.getType().getTypeName() + " " + f.getName());
                }
            }
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (Modifier.isPublic(k.getModifiers())) {
                    lines.add(c.getName() + " new" + parameters(k.getParameterTypes()));
                }
            }
        }
        return new ArrayList<>(lines);
    }

    /** toString and the like are Object's API, whichever class declares them. */
    private static boolean overridesObject(Method m) {
        try {
            Object.class.getMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String parameters(Class<?>[] types) {
        StringJoiner p = new StringJoiner(",", "(", ")");
        for (Class<?> t : types) {
            p.add(t.getTypeName());
        }
        return p.toString();
    }

    /**
     * @param line a line of a listing
     * @return what names the member regardless of its type and modifiers: the class, and
     *         the name with parameters (a method or constructor) or the name (a field)
     */
    static String key(String line) {
        String[] words = line.split(" ");
        return words[0] + " " + words[words.length - 1];
    }
}
