package mpi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the shared library that a file a user names stands for, as the system linker would:
 * a {@code lib*.so} may be a GNU ld linker script (MPICH 5's wheel ships {@code libmpi_abi.so}
 * as {@code INPUT(libmpi_abi.so.1)}), which {@code ld} follows and {@code dlopen} does not
 * ("file too short", "invalid ELF header"). A script's {@code INPUT(...)} and {@code GROUP(...)}
 * entries are followed: a path relative to the script's folder or absolute, a bare name in the
 * script's folder and then the search path, {@code -lNAME} and {@code -l:FILE} likewise;
 * {@code AS_NEEDED(...)} entries are left out (they are the libraries the one named needs, which
 * the dynamic linker loads by itself) and so are static archives. What the script comes to must
 * be exactly one shared library.
 *
 * <p>ELF objects and archives are told from scripts by their first bytes, never by their names.
 */
final class LinkerScript {
    /** How many linker scripts deep a file may lead before the chain counts as a loop. */
    static final int MAX_DEPTH = 4;
    /** A linker script is text of a few lines; a larger file that is no ELF is no script either. */
    private static final long MAX_SCRIPT_BYTES = 64 * 1024;
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};
    private static final byte[] ARCHIVE_MAGIC = "!<arch>\n".getBytes(StandardCharsets.US_ASCII);

    /** A linker script that leads to no single shared library: the message says why. */
    static final class CannotFollowException extends Exception {
        private static final long serialVersionUID = 1L;

        CannotFollowException(String message) {
            super(message);
        }
    }

    private LinkerScript() {
    }

    /**
     * @param named      a library as a user names it: a path (with a {@code /}), or a bare name
     *                   that the dynamic linker looks up
     * @param searchPath the folders a bare name is looked up in before the system's
     *                   ({@code LD_LIBRARY_PATH}'s)
     * @return what to open: {@code named} itself unless it is a linker script (an ELF object, a
     *         file that is missing or neither, a bare name not in the search path: the dynamic
     *         linker then says what is wrong with it), else the path of the one shared library
     *         the script names
     * @throws CannotFollowException if {@code named} is a linker script that cannot be followed
     *         to exactly one shared library: the message names the script and why
     */
    static String resolve(String named, List<Path> searchPath) throws CannotFollowException {
        Path file = named.contains("/") ? Path.of(named) : find(named, searchPath);
        if (file == null || !Files.isRegularFile(file)) {
            return named;
        }
        List<String> entries;
        try {
            entries = scriptEntries(file);
        } catch (IOException e) {
            return named; // unreadable: the dynamic linker's error says so
        }
        if (entries == null) {
            return named;
        }
        List<Path> libraries = new ArrayList<>();
        follow(file, entries, searchPath, new ArrayList<>(List.of(file)), libraries);
        if (libraries.isEmpty()) {
            throw new CannotFollowException("the linker script " + file
                    + " names no shared library: its INPUT and GROUP entries are none, static"
                    + " archives or AS_NEEDED ones");
        }
        if (libraries.size() > 1) {
            throw new CannotFollowException("the linker script " + file
                    + " names several shared libraries (" + join(libraries) + ")");
        }
        return libraries.get(0).toString();
    }

    /** Adds to {@code libraries} what the script {@code script}, with these entries, names. */
    private static void follow(Path script, List<String> entries, List<Path> searchPath,
            List<Path> chain, List<Path> libraries) throws CannotFollowException {
        Path folder = script.toAbsolutePath().getParent();
        for (String entry : entries) {
            Path file = entryFile(script, folder, entry, searchPath);
            byte[] head;
            try {
                head = head(file);
            } catch (IOException e) {
                throw new CannotFollowException("the linker script " + script + " names "
                        + file + ", which cannot be read (" + e.getMessage() + ")");
            }
            if (startsWith(head, ARCHIVE_MAGIC)) {
                continue; // static code for the linker; nothing to open
            }
            List<String> nested = null;
            if (!startsWith(head, ELF_MAGIC)) {
                try {
                    nested = scriptEntries(file);
                } catch (IOException e) {
                    throw new CannotFollowException("the linker script " + script + " names "
                            + file + ", which cannot be read (" + e.getMessage() + ")");
                }
            }
            if (nested == null) {
                // An ELF object, or a file the dynamic linker will say is none.
                if (!libraries.contains(file)) {
                    libraries.add(file);
                }
                continue;
            }
            chain.add(file);
            if (chain.size() > MAX_DEPTH) {
                throw new CannotFollowException("linker scripts name linker scripts more than "
                        + MAX_DEPTH + " deep (" + String.join(" -> ",
                                chain.stream().map(Path::toString).toList()) + ")");
            }
            follow(file, nested, searchPath, chain, libraries);
            chain.remove(chain.size() - 1);
        }
    }

    /** @return the file an entry of {@code script} (in {@code folder}) stands for, which exists */
    private static Path entryFile(Path script, Path folder, String entry, List<Path> searchPath)
            throws CannotFollowException {
        if (entry.startsWith("-l")) {
            String name = entry.startsWith("-l:") ? entry.substring(3)
                    : "lib" + entry.substring(2) + ".so";
            return found(script, folder, entry, name, searchPath);
        }
        // ld's "=" prefix means the sysroot, which for a library opened at run time is "/".
        String path = entry.startsWith("=") ? entry.substring(1) : entry;
        if (!path.contains("/")) {
            return found(script, folder, entry, path, searchPath);
        }
        Path file = folder.resolve(path); // an absolute path stays as it is
        if (!Files.isRegularFile(file)) {
            throw new CannotFollowException("the linker script " + script + " names " + file
                    + ", which does not exist");
        }
        return file;
    }

    private static Path found(Path script, Path folder, String entry, String name,
            List<Path> searchPath) throws CannotFollowException {
        List<Path> folders = new ArrayList<>();
        folders.add(folder);
        folders.addAll(searchPath);
        Path file = find(name, folders);
        if (file == null) {
            throw new CannotFollowException("the linker script " + script + " names " + entry
                    + ", found neither in " + folder + " nor in LD_LIBRARY_PATH");
        }
        return file;
    }

    /** @return the first {@code folder/name} that is a file, or null */
    private static Path find(String name, List<Path> folders) {
        for (Path folder : folders) {
            Path file = folder.resolve(name);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    /**
     * @return the entries of the file's {@code INPUT} and {@code GROUP} commands if it is a
     *         linker script (no ELF object, a small text with at least one such command), else
     *         null
     */
    static List<String> scriptEntries(Path file) throws IOException {
        byte[] head = head(file);
        if (startsWith(head, ELF_MAGIC) || startsWith(head, ARCHIVE_MAGIC)
                || Files.size(file) > MAX_SCRIPT_BYTES) {
            return null;
        }
        String text = Files.readString(file, StandardCharsets.ISO_8859_1);
        if (text.indexOf('\0') >= 0) {
            return null; // binary: no script
        }
        return entries(text);
    }

    /**
     * @param text a linker script's text
     * @return the file entries of its {@code INPUT} and {@code GROUP} commands, in order,
     *         without those inside {@code AS_NEEDED}; null if it has no such command
     */
    static List<String> entries(String text) {
        List<String> tokens = tokens(text);
        List<String> entries = null;
        int i = 0;
        while (i < tokens.size()) {
            String token = tokens.get(i);
            boolean command = i + 1 < tokens.size() && tokens.get(i + 1).equals("(");
            if (!command) {
                i++;
                continue;
            }
            int end = closing(tokens, i + 1);
            if (token.equals("INPUT") || token.equals("GROUP")) {
                if (entries == null) {
                    entries = new ArrayList<>();
                }
                int j = i + 2;
                while (j < end) {
                    String t = tokens.get(j);
                    if (t.equals("AS_NEEDED") && j + 1 < end && tokens.get(j + 1).equals("(")) {
                        j = closing(tokens, j + 1) + 1;
                    } else {
                        if (!t.equals(",") && !t.equals("(") && !t.equals(")")) {
                            entries.add(t);
                        }
                        j++;
                    }
                }
            }
            i = end + 1; // other commands (OUTPUT_FORMAT, SEARCH_DIR, ...) name no input
        }
        return entries;
    }

    /** @return the index of the ")" that closes the "(" at {@code open}, or the end */
    private static int closing(List<String> tokens, int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            if (tokens.get(i).equals("(")) {
                depth++;
            } else if (tokens.get(i).equals(")") && --depth == 0) {
                return i;
            }
        }
        return tokens.size();
    }

    /** Words, quoted names (unquoted) and the punctuation {@code ( ) , ;}, without comments. */
    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        int i = 0, n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == ';') {
                i++;
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '(' || c == ')' || c == ',') {
                tokens.add(String.valueOf(c));
                i++;
            } else if (c == '"') {
                int end = text.indexOf('"', i + 1);
                end = end < 0 ? n : end;
                tokens.add(text.substring(i + 1, end));
                i = end + 1;
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(text.charAt(i))
                        && "(),;\"".indexOf(text.charAt(i)) < 0 && !text.startsWith("/*", i)) {
                    i++;
                }
                tokens.add(text.substring(start, i));
            }
        }
        return tokens;
    }

    private static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(ARCHIVE_MAGIC.length);
        }
    }

    private static boolean startsWith(byte[] head, byte[] magic) {
        return head.length >= magic.length
                && Arrays.equals(head, 0, magic.length, magic, 0, magic.length);
    }

    private static String join(List<Path> files) {
        return String.join(", ", files.stream().map(Path::toString).toList());
    }

    /** @return the folders of {@code LD_LIBRARY_PATH} (empty entries, the current folder, left out) */
    static List<Path> libraryPath(String ldLibraryPath) {
        List<Path> folders = new ArrayList<>();
        if (ldLibraryPath != null) {
            for (String folder : ldLibraryPath.split(":")) {
                if (!folder.isEmpty()) {
                    folders.add(Path.of(folder));
                }
            }
        }
        return folders;
    }
}
