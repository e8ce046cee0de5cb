package stavka;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Typed reads of the referee's JSON answer: each says what it expected when the answer
 * does not hold it, so a bad answer is one line for the player and never an exception
 * on the event thread (which VASSAL would show as a bug report).
 */
final class Fields {
  /** An answer that is not the machine interface's: the one line why. */
  static final class BadAnswer extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadAnswer(String why) {
      super(why);
    }
  }

  private Fields() {
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object value, String what) {
    if (!(value instanceof Map)) {
      throw new BadAnswer(what + " is not an object");
    }
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object value, String what) {
    if (!(value instanceof List)) {
      throw new BadAnswer(what + " is not a list");
    }
    return (List<Object>) value;
  }

  static String string(Object value, String what) {
    if (!(value instanceof String)) {
      throw new BadAnswer(what + " is not text");
    }
    return (String) value;
  }

  /** {@code key} of {@code answer}: a list of strings. */
  static List<String> strings(Map<String, Object> answer, String key) {
    final List<String> strings = new ArrayList<>();
    for (final Object item : list(answer.get(key), key)) {
      strings.add(string(item, key));
    }
    return strings;
  }

  /** {@code key} of {@code answer} as text, or null when the answer holds null there. */
  static String optional(Map<String, Object> answer, String key) {
    final Object value = answer.get(key);
    return value == null ? null : string(value, key);
  }

  static boolean flag(Map<String, Object> answer, String key) {
    final Object value = answer.get(key);
    if (!(value instanceof Boolean)) {
      throw new BadAnswer(key + " is not true or false");
    }
    return (Boolean) value;
  }

  /** A whole number the JSON reader read as a double. */
  static int index(Object value, String what) {
    if (!(value instanceof Double) || (Double) value != Math.rint((Double) value) || (Double) value < 0) {
      throw new BadAnswer(what + " is not an index");
    }
    return ((Double) value).intValue();
  }

  /** A map pixel's coordinate: a finite number, rounded to the pixel. */
  static int coordinate(Object value, String what) {
    if (!(value instanceof Double) || ((Double) value).isNaN() || ((Double) value).isInfinite()) {
      throw new BadAnswer(what + " is not a number");
    }
    return (int) Math.round((Double) value);
  }

  /** A colour written {@code #rrggbb}. */
  static Color colour(Object value, String what) {
    final String text = string(value, what);
    if (!text.matches("#[0-9a-fA-F]{6}")) {
      throw new BadAnswer(what + " is not a colour #rrggbb");
    }
    return new Color(Integer.parseInt(text.substring(1), 16));
  }
}
