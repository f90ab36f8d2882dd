package mpi.common.options;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** A choice of an option's value, which the command line names by its label. */
public interface Labelled {
    /** @return the name the command line gives, e.g. {@code buffer} */
    String label();

    /**
     * @param <E>     the kind of choice
     * @param choices the choices allowed
     * @param value   the text given
     * @return the choice whose label is {@code value}, if any
     */
    static <E extends Labelled> Optional<E> find(Iterable<E> choices, String value) {
        for (E choice : choices) {
            if (choice.label().equals(value)) {
                return Optional.of(choice);
            }
        }
        return Optional.empty();
    }

    /**
     * @param <E>     the kind of choice
     * @param choices the choices allowed
     * @param value   the text given
     * @return the choice whose label is {@code value}, if any
     */
    static <E extends Labelled> Optional<E> find(E[] choices, String value) {
        return find(Arrays.asList(choices), value);
    }

    /**
     * @param choices   the choices
     * @param separator what goes between two labels
     * @return their labels in order, e.g. {@code omb|max|root|global}
     */
    static String labels(Labelled[] choices, String separator) {
        return Arrays.stream(choices).map(Labelled::label).collect(Collectors.joining(separator));
    }
}
