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
 * The temporary save holds both hands and every untried strength, so it is written in a
 * folder of this Player's own that only its user can open, readable by that user alone.
 */
final class RefereeRun {
  /** The oldest machine interface this plugin reads (the {@code version} of the JSON). */
  static final int INTERFACE_VERSION = 3;
  private static final long TIME_LIMIT_SECONDS = 30;
  private static final Timer WATCHDOG = new Timer("Stavka referee time limit", true);
  private static Process server;
  private static BufferedWriter requests;
  private static BufferedReader answers;
  private static File serverErrors;
  private static Path privateFolder;

  /** The referee's JSON, or why there is none. */
  static final class Answer {
    final Map<String, Object> json;
    final String failure;

    Answer(Map<String, Object> json, String failure) {
      this.json = json;
      this.failure = failure;
    }
  }

  private RefereeRun() {
  }

  /** Asks {@code stavka} with {@code arguments} (the save's path goes second) and hands its answer to {@code done}, off the event thread. */
  static void start(GameModule module, List<String> arguments, Consumer<Answer> done) {
    final String game = module.encode(module.getGameState().getRestoreCommand());
    final Object preferred = module.getPrefs().getValue(Referee.PROGRAM_PREFERENCE);
    final String program = preferred == null || preferred.toString().trim().isEmpty()
        ? "stavka" : preferred.toString().trim();
    final Thread worker = new Thread(() -> done.accept(ask(program, game, arguments)), "Stavka referee");
    worker.setDaemon(true);
    worker.start();
  }

  private static synchronized Answer ask(String program, String game, List<String> arguments) {
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
            startServer(program);
          }
          catch (IOException notFound) {
            return failed("cannot run '" + program + "' (" + notFound.getMessage() + "). Install Stavka so that "
                + "'stavka' is on the PATH, or name the program in Preferences > Stavka; the game plays on without it.");
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
          return read(program, line, save.getPath());
        }
        server = null;
        if (!inTime) {
          return failed("'" + program + "' gave no answer within " + TIME_LIMIT_SECONDS + " s and was stopped.");
        }
        if (fresh) {
          return failed("'" + program + "' could not serve the referee (" + firstLine(serverErrors)
              + "); install Stavka's current release.");
        }
      }
      return failed("'" + program + "' stopped twice in a row.");
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

  private static void startServer(String program) throws IOException {
    if (serverErrors == null) {
      serverErrors = File.createTempFile("stavka-referee", ".txt");
      serverErrors.deleteOnExit();
    }
    final ProcessBuilder builder = new ProcessBuilder(program, "machine", "--serve").redirectError(serverErrors);
    builder.environment().put("PYTHONIOENCODING", "utf-8");
    server = builder.start();
    requests = new BufferedWriter(new OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8));
    answers = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
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
  private static Answer read(String program, String line, String savePath) {
    final Object reply = Json.parse(line);
    if (!(reply instanceof Map)) {
      return failed("the referee's answer could not be read.");
    }
    final Map<String, Object> answer = (Map<String, Object>) reply;
    if (!Double.valueOf(0).equals(answer.get("exit"))) {
      final String error = String.valueOf(answer.get("error")).replace("stavka: " + savePath + ": ", "")
          .replace(savePath, "the game");
      return failed("'" + program + "' could not judge this game: " + error);
    }
    final Object json = answer.get("answer");
    if (!(json instanceof Map) || !(((Map<String, Object>) json).get("version") instanceof Double)
        || (Double) ((Map<String, Object>) json).get("version") < INTERFACE_VERSION) {
      return failed("'" + program + "' is too old for this module's referee button; install Stavka's current release.");
    }
    return new Answer((Map<String, Object>) json, null);
  }

  private static Answer failed(String why) {
    return new Answer(null, why);
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
