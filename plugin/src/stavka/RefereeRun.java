package stavka;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import VASSAL.build.GameModule;
import VASSAL.build.module.GameState;
import VASSAL.tools.io.ObfuscatingOutputStream;

/**
 * One question to the Python referee: the game as a temporary save, the program run on it
 * with fixed arguments (no shell, no network) off the Swing event thread and within a time
 * limit, and its JSON answer or the one line saying why there is none.
 */
final class RefereeRun {
  /** The oldest machine interface this plugin reads (the {@code version} of the JSON). */
  static final int INTERFACE_VERSION = 1;
  private static final long TIME_LIMIT_SECONDS = 30;

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

  /** Runs {@code stavka} with {@code arguments} (the save's path goes second) and hands its answer to {@code done}, off the event thread. */
  static void start(GameModule module, List<String> arguments, Consumer<Answer> done) {
    final String game = module.encode(module.getGameState().getRestoreCommand());
    final Object preferred = module.getPrefs().getValue(Referee.PROGRAM_PREFERENCE);
    final String program = preferred == null || preferred.toString().trim().isEmpty()
        ? "stavka" : preferred.toString().trim();
    final Thread worker = new Thread(() -> done.accept(ask(program, game, arguments)), "Stavka referee");
    worker.setDaemon(true);
    worker.start();
  }

  @SuppressWarnings("unchecked")
  private static Answer ask(String program, String game, List<String> arguments) {
    File save = null;
    File out = null;
    File err = null;
    try {
      save = File.createTempFile("stavka-referee", ".vsav");
      out = File.createTempFile("stavka-referee", ".json");
      err = File.createTempFile("stavka-referee", ".txt");
      writeSave(save, game);
      final List<String> command = new ArrayList<>();
      command.add(program);
      command.add(arguments.get(0));
      command.add(save.getPath());
      command.addAll(arguments.subList(1, arguments.size()));
      final Process process;
      try {
        process = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
      }
      catch (IOException notFound) {
        return failed("cannot run '" + program + "' (" + notFound.getMessage() + "). Install Stavka so that "
            + "'stavka' is on the PATH, or name the program in Preferences > Stavka; the game plays on without it.");
      }
      if (!process.waitFor(TIME_LIMIT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return failed("'" + program + "' gave no answer within " + TIME_LIMIT_SECONDS + " s and was stopped.");
      }
      final String answer = new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        final String reason = new String(Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8).trim();
        final String first = reason.isEmpty() ? "exit status " + process.exitValue() : reason.split("\n")[0];
        return failed("'" + program + "' could not judge this game: " + first);
      }
      final Object json = Json.parse(answer);
      if (!(json instanceof Map) || !(((Map<String, Object>) json).get("version") instanceof Double)
          || (Double) ((Map<String, Object>) json).get("version") < INTERFACE_VERSION) {
        return failed("'" + program + "' is too old for this module's referee button; install Stavka's current release.");
      }
      return new Answer((Map<String, Object>) json, null);
    }
    catch (IOException | RuntimeException e) {
      return failed("the referee's answer could not be read (" + e.getMessage() + ").");
    }
    catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failed("stopped.");
    }
    finally {
      for (final File file : new File[] {save, out, err}) {
        if (file != null && !file.delete()) {
          file.deleteOnExit();
        }
      }
    }
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
