package io.puzzleatlas.core.puzzle;

/** Parsing the tokens of a board's text form, with {@link InvalidBoardException}s that say which token is wrong. */
public final class BoardText {
    private BoardText() {}

    /** A token as a small integer (optional sign, at most 9 characters); {@code index} is 0-based. */
    public static int parseSmallInt(String token, int index) {
        if (token.isEmpty() || token.length() > 9) {
            throw new InvalidBoardException("token " + (index + 1) + " '" + abbreviate(token) + "' is not a "
                    + (token.isEmpty() ? "value" : "value in range"));
        }
        int v = 0;
        int start = token.charAt(0) == '-' || token.charAt(0) == '+' ? 1 : 0;
        if (start == token.length()) {
            throw new InvalidBoardException("token " + (index + 1) + " '" + token + "' is not a number");
        }
        for (int i = start; i < token.length(); i++) {
            char ch = token.charAt(i);
            if (ch < '0' || ch > '9') {
                throw new InvalidBoardException(
                        "token " + (index + 1) + " '" + abbreviate(token) + "' is not a number");
            }
            v = v * 10 + (ch - '0');
        }
        return token.charAt(0) == '-' ? -v : v;
    }

    /**
     * A token as an error line may show it: at most 20 characters, each control character, NUL or non-ASCII character
     * replaced by '?', so that input bytes never reach a terminal raw. Every message that quotes an input token goes
     * through here.
     */
    public static String abbreviate(String token) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < token.length() && i < 20; i++) {
            char ch = token.charAt(i);
            sb.append(ch >= 0x20 && ch < 0x7F ? ch : '?');
        }
        return token.length() > 20 ? sb + "..." : sb.toString();
    }
}
