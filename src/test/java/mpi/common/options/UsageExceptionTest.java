package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A usage error is printed as one line, whatever the argument it quotes holds. */
class UsageExceptionTest {
    @Test
    void controlCharactersInAQuotedArgumentAreEscaped() {
        assertEquals("unexpected argument 'a\\u000ab\\u0009c\\u2028d'",
                new UsageException("unexpected argument 'a\nb\tc\u2028d'").getMessage());
    }

    @Test
    void plainMessagesAreUnchanged() {
        String message = "-m 8:4: minimum above maximum, é ok";
        assertEquals(message, new UsageException(message).getMessage());
    }
}
