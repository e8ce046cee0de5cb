package stavka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the referee's JSON answer into maps, lists, strings, numbers, booleans and null.
 * VASSAL ships no JSON library the three engine versions share, and the answer is small
 * and comes from our own program, so a strict reader of a few dozen lines is enough.
 */
final class Json {
  /** The deepest nesting read: the referee's answers nest four levels. */
  private static final int MAX_DEPTH = 64;
  private final String text;
  private int at;
  private int depth;

  private Json(String text) {
    this.text = text;
  }

  /** The value {@code text} holds; an IllegalArgumentException says where it is broken. */
  static Object parse(String text) {
    final Json reader = new Json(text);
    final Object value = reader.value();
    reader.space();
    if (reader.at != text.length()) {
      throw reader.broken();
    }
    return value;
  }

  /** {@code strings} as a JSON list of strings. */
  static String quote(List<String> strings) {
    final StringBuilder out = new StringBuilder("[");
    for (final String item : strings) {
      out.append(out.length() > 1 ? ", \"" : "\"");
      for (final char c : item.toCharArray()) {
        if (c == '"' || c == '\\') {
          out.append('\\').append(c);
        }
        else if (c < ' ') {
          out.append(String.format("\\u%04x", (int) c));
        }
        else {
          out.append(c);
        }
      }
      out.append('"');
    }
    return out.append(']').toString();
  }

  private IllegalArgumentException broken() {
    return new IllegalArgumentException("unreadable referee answer at character " + at);
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private boolean next(char expected) {
    space();
    if (at < text.length() && text.charAt(at) == expected) {
      at++;
      return true;
    }
    return false;
  }

  private Object value() {
    space();
    if (at >= text.length() || depth >= MAX_DEPTH) {
      throw broken();
    }
    depth++;
    try {
      return plainValue();
    }
    finally {
      depth--;
    }
  }

  private Object plainValue() {
    final char first = text.charAt(at);
    if (next('{')) {
      final Map<String, Object> object = new LinkedHashMap<>();
      if (next('}')) {
        return object;
      }
      do {
        space();
        final String key = string();
        if (!next(':')) {
          throw broken();
        }
        object.put(key, value());
      } while (next(','));
      if (!next('}')) {
        throw broken();
      }
      return object;
    }
    if (next('[')) {
      final List<Object> list = new ArrayList<>();
      if (next(']')) {
        return list;
      }
      do {
        list.add(value());
      } while (next(','));
      if (!next(']')) {
        throw broken();
      }
      return list;
    }
    if (first == '"') {
      return string();
    }
    for (final String word : new String[] {"true", "false", "null"}) {
      if (text.startsWith(word, at)) {
        at += word.length();
        return "null".equals(word) ? null : Boolean.valueOf(word);
      }
    }
    final int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    try {
      return Double.valueOf(text.substring(start, at));
    }
    catch (NumberFormatException e) {
      throw broken();
    }
  }

  private String string() {
    if (at >= text.length() || text.charAt(at) != '"') {
      throw broken();
    }
    at++;
    final StringBuilder out = new StringBuilder();
    while (at < text.length()) {
      final char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      final char escaped = text.charAt(at++);
      final int simple = "\"\\/bfnrt".indexOf(escaped);
      if (simple >= 0) {
        out.append("\"\\/\b\f\n\r\t".charAt(simple));
      }
      else if (escaped == 'u' && at + 4 <= text.length() && text.substring(at, at + 4).matches("[0-9a-fA-F]{4}")) {
        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
        at += 4;
      }
      else {
        throw broken();
      }
    }
    throw broken();
  }
}
