package io.puzzleatlas.core.definition;

import java.util.Locale;

/**
 * The characters of a definition file's text that both forms judge the same way: which may make a move name, which are
 * blanks other than the plain ones (a no-break space pasted from a web page looks like a space but separates nothing),
 * and how a character is named in a message ({@code U+00A0 (no-break space)}), so that an invisible one is never
 * reported as itself.
 */
final class DefinitionText {
    private DefinitionText() {}

    /**
     * Whether {@code cp} may stand in a move name: a letter, mark, digit, punctuation or symbol (Unicode general
     * categories L, M, N, P, S), but not {@code '} (the inverse suffix). No spaces, control or format characters, lone
     * surrogates, private-use or unassigned code points: a name must read the same wherever it is printed, and answers
     * separate names by spaces.
     */
    static boolean isNameCharacter(int cp) {
        if (cp == '\'') {
            return false;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER,
                    Character.LOWERCASE_LETTER,
                    Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER,
                    Character.OTHER_LETTER,
                    Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK,
                    Character.COMBINING_SPACING_MARK,
                    Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER,
                    Character.OTHER_NUMBER,
                    Character.CONNECTOR_PUNCTUATION,
                    Character.DASH_PUNCTUATION,
                    Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION,
                    Character.OTHER_PUNCTUATION,
                    Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL,
                    Character.MODIFIER_SYMBOL,
                    Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    /** Why {@code name} cannot name a move (empty, or its first character that may not stand in it), or null. */
    static String badMoveName(String name) {
        if (name.isEmpty()) {
            return "a move name must not be empty";
        }
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            if (!isNameCharacter(cp)) {
                return "move name \"" + printable(name) + "\" holds " + describe(cp)
                        + ": a move name is letters, digits, punctuation and symbols, without '";
            }
            i += Character.charCount(cp);
        }
        return null;
    }

    /**
     * Whether {@code c} is a blank or invisible character other than the plain ASCII ones: a no-break space, an
     * ideographic space, a zero-width space, a byte-order mark inside the text, a line or paragraph separator.
     */
    static boolean isStrayBlank(char c) {
        if (c < 0x80) {
            return false;
        }
        return Character.isWhitespace(c)
                || Character.isSpaceChar(c)
                || Character.getType(c) == Character.FORMAT
                || Character.getType(c) == Character.CONTROL;
    }

    /** {@code U+00A0 (no-break space)}: a character as a message names it, whether visible or not. */
    static String describe(int cp) {
        String code = String.format(Locale.ROOT, "U+%04X", cp);
        if (Character.isSurrogate((char) cp) && cp <= Character.MAX_VALUE) {
            return code + " (a lone surrogate, not a character)";
        }
        String name = Character.getName(cp);
        return name == null ? code + " (unassigned)" : code + " (" + name.toLowerCase(Locale.ROOT) + ")";
    }

    /** {@code text} cut to 40 characters, every character that is not a name character shown as {@code ?}. */
    static String printable(String text) {
        String s = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (isNameCharacter(cp) || cp == '\'' || cp == ' ') {
                sb.appendCodePoint(cp);
            } else {
                sb.append('?');
            }
            i += Character.charCount(cp);
        }
        return sb.toString();
    }
}
