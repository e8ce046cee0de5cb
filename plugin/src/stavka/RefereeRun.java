package stavka;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import VASSAL.build.GameModule;
import VASSAL.build.module.GameState;
import VASSAL.tools.io.ObfuscatingOutputStream;

/**
 * One question to the Python referee: the game as a temporary save, and one request line
 * to {@code stavka machine --serve}, a process started on the first question and kept for
 * the next ones (Python's start-up and the game's data are paid once), with fixed
 * arguments (no shell, no network), off the Swing event thread and within a time limit.
 * A service that died is started again; a service that does not answer in time is stopped.
 * The program is found where installers put it ({@link StavkaProgram}); the first answer
 * says which one answers, and a program missing or too old gets one line saying what to
 * install, the module's own install line (from its build file) and where to read more.
 * The temporary save holds both hands and every untried strength, so it is written in a
 * folder of this Player's own that only its user can open, readable by that user alone.
 */
final class RefereeRun {
  /** The oldest machine interface this plugin reads (the {@code version} of the JSON). */
  static final int INTERFACE_VERSION = 3;
  private static final long TIME_LIMIT_SECONDS = 30;
  private static final long VERSION_LIMIT_SECONDS = 10;
  private static final String READ_MORE = "Help > Referee says more.";
  private static final Timer WATCHDOG = new Timer("Stavka referee time limit", true);
  /** The build file's install lines for this module's Stavka: Windows's and the others'. */
  private static String installLine = "";
  private static String windowsInstallLine = "";
  private static boolean toldNotInstalled;
  private static File announced;
  private static Process server;
  private static File serverProgram;
  private static BufferedWriter requests;
  private static BufferedReader answers;
  private static File serverErrors;
  private static Path privateFolder;

  /** The referee's JSON, or why there is none; {@code notice}, when not null, says which program answered (its first answer). */
  static final class Answer {
    final Map<String, Object> json;
    final String failure;
    final String notice;
    /** Whether the failure is about the program (missing, too old, not answering), which
     *  names nothing of the game and is said in the chat in full. */
    final boolean aboutProgram;

    Answer(Map<String, Object> json, String failure, String notice, boolean aboutProgram) {
      this.json = json;
      this.failure = failure;
      this.notice = notice;
      this.aboutProgram = aboutProgram;
    }
  }

  private RefereeRun() {
  }

  /** Takes a build-file attribute of the buttons that belongs to the launching: the install lines; false for any other. */
  static boolean setAttribute(String key, Object value) {
    if ("install".equals(key)) {
      installLine = String.valueOf(value);
      return true;
    }
    if ("installWindows".equals(key)) {
      windowsInstallLine = String.valueOf(value);
      return true;
    }
    return false;
  }

  /** The value of an attribute {@link #setAttribute} takes, or null for any other. */
  static String getAttributeValueString(String key) {
    return "install".equals(key) ? installLine : "installWindows".equals(key) ? windowsInstallLine : null;
  }

  /** The start of a sentence that ends "and press again": the module's install line for this system. */
  private static String install() {
    final String line = File.separatorChar == '\\' ? windowsInstallLine : installLine;
    return line.isEmpty() ? "Install Stavka " : "Install it with one line, " + line + ", ";
  }

  /** Asks {@code stavka} with {@code arguments} (the save's path goes second) and hands its answer to {@code done}, off the event thread. */
  static void start(GameModule module, List<String> arguments, Consumer<Answer> done) {
    final String game = module.encode(module.getGameState().getRestoreCommand());
    final Object preferred = module.getPrefs().getValue(Referee.PROGRAM_PREFERENCE);
    final String preference = preferred == null ? "" : preferred.toString().trim();
    final String wanted = module.getGameVersion();
    final Thread worker = new Thread(() -> done.accept(ask(preference, wanted, game, arguments)), "Stavka referee");
    worker.setDaemon(true);
    worker.start();
  }

  private static synchronized Answer ask(String preference, String wanted, String game, List<String> arguments) {
    final StavkaProgram found = StavkaProgram.find(preference);
    if (found.program == null) {
      return notInstalled(found.where);
    }
    if (server != null && !found.program.equals(serverProgram)) {
      server.destroy();
      server = null;
    }
    final String program = found.program.getPath();
    File save = null;
    try {
      save = privateSave();
      writeSave(save, game);
      final List<String> command = new ArrayList<>(arguments);
      command.add(1, save.getPath());
      final String request = "{\"args\": " + Json.quote(command) + "}";
      for (int attempt = 0; attempt < 2; attempt++) {
        final boolean fresh = server == null || !server.isAlive();
        if (fresh) {
          try {
            startServer(found.program);
          }
          catch (IOException notRun) {
            return programTrouble("cannot run " + program + " (" + notRun.getMessage() + "); the game plays on without it. "
                + READ_MORE);
          }
        }
        final Process asked = server;
        final TimerTask stop = new TimerTask() {
          @Override
          public void run() {
            asked.destroyForcibly();
          }
        };
        WATCHDOG.schedule(stop, TIME_LIMIT_SECONDS * 1000);
        String line = null;
        try {
          requests.write(request + "\n");
          requests.flush();
          line = answers.readLine();
        }
        catch (IOException died) {
          // The service ended: started again below, or reported.
        }
        final boolean inTime = stop.cancel();
        if (line != null) {
          return read(found, wanted, line, save.getPath());
        }
        server = null;
        if (!inTime) {
          return programTrouble("'" + program + "' gave no answer within " + TIME_LIMIT_SECONDS + " s and was stopped.");
        }
        if (fresh) {
          final String error = firstLine(serverErrors);
          final String version = error.contains("No such command") ? versionOf(found.program) : null;
          return version == null
              ? programTrouble(program + " could not serve the referee (" + error + "). " + READ_MORE)
              : tooOld(found, wanted, version, "no referee service");
        }
      }
      return programTrouble("'" + program + "' stopped twice in a row.");
    }
    catch (IOException | RuntimeException e) {
      return failed("the referee's answer could not be read (" + e.getMessage() + ").");
    }
    finally {
      if (save != null && !save.delete()) {
        save.deleteOnExit();
      }
    }
  }

  /** Stavka is nowhere the plugin looks: what to install and where to read more, in full once a session, in short after. */
  private static Answer notInstalled(String where) {
    if (toldNotInstalled) {
      return programTrouble("Stavka is not installed (" + where + "); " + READ_MORE);
    }
    toldNotInstalled = true;
    return programTrouble("this button asks Stavka, the referee program, which is not installed (" + where + "). "
        + install() + "and press again; the game plays on without it. " + READ_MORE);
  }

  private static Answer tooOld(StavkaProgram found, String wanted, String version, String gives) {
    return programTrouble("this module's referee needs Stavka " + wanted + " or newer (machine interface "
        + INTERFACE_VERSION + "); " + found.program.getPath() + " (" + found.where + ") is Stavka " + version
        + " (" + gives + "). " + install() + "and press again. " + READ_MORE);
  }

  private static void startServer(File program) throws IOException {
    if (serverErrors == null) {
      serverErrors = File.createTempFile("stavka-referee", ".txt");
      serverErrors.deleteOnExit();
    }
    final ProcessBuilder builder = new ProcessBuilder(program.getPath(), "machine", "--serve").redirectError(serverErrors);
    builder.environment().put("PYTHONIOENCODING", "utf-8");
    server = builder.start();
    serverProgram = program;
    requests = new BufferedWriter(new OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8));
    answers = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
  }

  /** The version {@code program --version} names ("stavka, version 0.1.0"), or null if it names none in time. */
  private static String versionOf(File program) {
    try {
      final Process asked = new ProcessBuilder(program.getPath(), "--version").redirectErrorStream(true).start();
      asked.getOutputStream().close();
      final BufferedReader output = new BufferedReader(new InputStreamReader(asked.getInputStream(), StandardCharsets.UTF_8));
      final String line = output.readLine();
      if (!asked.waitFor(VERSION_LIMIT_SECONDS, TimeUnit.SECONDS)) {
        asked.destroyForcibly();
        return null;
      }
      final String prefix = "stavka, version ";
      return line != null && line.startsWith(prefix) ? line.substring(prefix.length()).trim() : null;
    }
    catch (IOException e) {
      return null;
    }
    catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static String firstLine(File file) throws IOException {
    final String text = new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8).trim();
    return text.isEmpty() ? "it stopped at once" : text.split("\n")[0];
  }

  /** A new empty file for the game, readable by this user alone, in {@link #privateFolder}. */
  private static File privateSave() throws IOException {
    final boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    if (privateFolder == null || !Files.isDirectory(privateFolder)) {
      final FileAttribute<?>[] owner = posix
          ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))}
          : new FileAttribute<?>[0];
      // Elsewhere (Windows) the user's own temporary folder is private already.
      privateFolder = Files.createTempDirectory("stavka-referee", owner);
      privateFolder.toFile().deleteOnExit();
    }
    final FileAttribute<?>[] mine = posix
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
        : new FileAttribute<?>[0];
    return Files.createTempFile(privateFolder, "game", ".vsav", mine).toFile();
  }

  /** The service's answer line: the command's JSON, or the one line saying why there is
   *  none, which names the game rather than its temporary save. */
  @SuppressWarnings("unchecked")
  private static Answer read(StavkaProgram found, String wanted, String line, String savePath) {
    final String program = found.program.getPath();
    final Object reply = Json.parse(line);
    if (!(reply instanceof Map)) {
      return failed("the referee's answer could not be read.");
    }
    final Map<String, Object> answer = (Map<String, Object>) reply;
    final Object json = answer.get("answer");
    final Object version = json instanceof Map ? ((Map<String, Object>) json).get("version") : null;
    if (Double.valueOf(0).equals(answer.get("exit"))
        && (!(version instanceof Double) || (Double) version < INTERFACE_VERSION)) {
      final Object stavka = answer.get("stavka");
      final String named = stavka != null ? String.valueOf(stavka) : versionOf(found.program);
      return tooOld(found, wanted, named == null ? "of unknown version" : named,
          "machine interface " + (version instanceof Double ? String.valueOf(((Double) version).intValue()) : "none"));
    }
    if (!Double.valueOf(0).equals(answer.get("exit"))) {
      final String error = String.valueOf(answer.get("error")).replace("stavka: " + savePath + ": ", "")
          .replace(savePath, "the game");
      return failed("'" + program + "' could not judge this game: " + error);
    }
    String notice = null;
    if (!found.program.equals(announced)) {
      announced = found.program;
      final Object stavka = answer.get("stavka");
      notice = "asking Stavka" + (stavka == null ? "" : " " + stavka) + " at " + program + " (" + found.where + ").";
    }
    return new Answer((Map<String, Object>) json, null, notice, false);
  }

  private static Answer failed(String why) {
    return new Answer(null, why, null, false);
  }

  private static Answer programTrouble(String why) {
    return new Answer(null, why, null, true);
  }

  /** A save as VASSAL writes one: the game's restore command, obfuscated, in the zip entry saves keep it in. */
  private static void writeSave(File file, String game) throws IOException {
    final ByteArrayOutputStream obfuscated = new ByteArrayOutputStream();
    try (OutputStream stream = new ObfuscatingOutputStream(obfuscated)) {
      stream.write(game.getBytes(StandardCharsets.UTF_8));
    }
    try (ZipOutputStream zip = new ZipOutputStream(new FileOutputStream(file))) {
      zip.putNextEntry(new ZipEntry(GameState.SAVEFILE_ZIP_ENTRY));
      zip.write(obfuscated.toByteArray());
      zip.closeEntry();
    }
  }
}
