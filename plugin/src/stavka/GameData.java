package stavka;

import java.io.IOException;

import VASSAL.build.GameModule;
import VASSAL.build.module.ModuleExtension;
import VASSAL.tools.DataArchive;

/**
 * Where the data of the game being played is, when the module does not carry it: a
 * module someone else made gets the referee from an extension ({@code stavka extension})
 * that carries the data Stavka adopted from that module. Its pieces carry no unit ids, so
 * the referee's answer names them by their piece ids ({@code piece}) and places by map
 * pixels ({@code points}) instead.
 */
final class GameData {
  /** The file every module or extension that carries a game's data holds. */
  static final String DATA_FILE = "stavka-data/game.toml";

  private GameData() {
  }

  /** The loaded extension carrying the game's data, or null: the module carries its own. */
  static String extension() {
    for (final ModuleExtension extension : GameModule.getGameModule().getComponentsOf(ModuleExtension.class)) {
      final DataArchive archive = extension.getDataArchive();
      try {
        if (archive != null && archive.contains(DATA_FILE)) {
          return archive.getName();
        }
      }
      catch (IOException unreadable) {
        // An extension that cannot be read carries no data for the referee.
      }
    }
    return null;
  }

  /** Whether the game is one adopted from a module someone else made. */
  static boolean adopted() {
    return extension() != null;
  }
}
