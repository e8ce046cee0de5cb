package stavka;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the {@code stavka} program is installed, looked for where installers put it: the
 * program or virtual environment named in Preferences &gt; Stavka, else the PATH, else
 * pipx's folder ({@code PIPX_BIN_DIR}, else {@code ~/.local/bin}, which pipx uses on
 * Windows, macOS and Linux alike). A Player started from a desktop menu often has no
 * shell PATH, and pipx's folder is often not on it, so the PATH alone is not enough.
 */
final class StavkaProgram {
  private static final boolean WINDOWS = File.separatorChar == '\\';
  private static final String NAME = WINDOWS ? "stavka.exe" : "stavka";

  /** The program found, or null. */
  final File program;
  /** Where it was found, as a player reads it ("on the PATH"), or why none was. */
  final String where;

  private StavkaProgram(File program, String where) {
    this.program = program;
    this.where = where;
  }

  /** The program to run: the one {@code preference} names (a program, a virtual environment or a folder), else the first found. */
  static StavkaProgram find(String preference) {
    if (!preference.isEmpty()) {
      final File named = new File(preference);
      for (final File candidate : inside(named)) {
        if (runnable(candidate)) {
          return new StavkaProgram(candidate, "named in Preferences > Stavka");
        }
      }
      return new StavkaProgram(null, "Preferences > Stavka names " + preference
          + ", which is neither a stavka program nor a virtual environment holding one");
    }
    final String path = System.getenv("PATH");
    if (path != null) {
      for (final String folder : path.split(File.pathSeparator)) {
        final File candidate = new File(folder, NAME);
        if (!folder.isEmpty() && runnable(candidate)) {
          return new StavkaProgram(candidate, "on the PATH");
        }
      }
    }
    for (final File folder : pipxFolders()) {
      final File candidate = new File(folder, NAME);
      if (runnable(candidate)) {
        return new StavkaProgram(candidate, "in pipx's folder");
      }
    }
    final List<String> looked = new ArrayList<>();
    for (final File folder : pipxFolders()) {
      looked.add(folder.getPath());
    }
    return new StavkaProgram(null, "not on the PATH nor in " + String.join(" or ", looked));
  }

  /** A named program itself, or the program inside a named virtual environment or folder. */
  private static List<File> inside(File named) {
    final List<File> candidates = new ArrayList<>();
    if (named.isDirectory()) {
      candidates.add(new File(new File(named, "bin"), "stavka"));
      candidates.add(new File(new File(named, "Scripts"), "stavka.exe"));
      candidates.add(new File(named, NAME));
    }
    else {
      candidates.add(named);
    }
    return candidates;
  }

  /** pipx's bin folders: {@code PIPX_BIN_DIR}, then {@code .local/bin} in the home folder. */
  private static List<File> pipxFolders() {
    final List<File> folders = new ArrayList<>();
    final String pipx = System.getenv("PIPX_BIN_DIR");
    if (pipx != null && !pipx.isEmpty()) {
      folders.add(new File(pipx));
    }
    folders.add(new File(new File(home(), ".local"), "bin"));
    return folders;
  }

  /** The home folder pipx uses: {@code USERPROFILE} on Windows, {@code HOME} elsewhere. */
  private static String home() {
    final String home = System.getenv(WINDOWS ? "USERPROFILE" : "HOME");
    return home == null || home.isEmpty() ? System.getProperty("user.home") : home;
  }

  private static boolean runnable(File file) {
    return file.isFile() && file.canExecute();
  }
}
