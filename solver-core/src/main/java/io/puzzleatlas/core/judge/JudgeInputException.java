package io.puzzleatlas.core.judge;

/** Judge input that cannot be read; the message names the token position and the reason. */
public final class JudgeInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JudgeInputException(String message) {
        super(message);
    }
}
