package stavka;

import java.io.IOException;

import VASSAL.build.GameModule;
import VASSAL.build.module.ModuleExtension;
import VASSAL.tools.DataArchive;

/**
 * Where the data of a game adopted from a module someone else made is: an extension
 * ({@code stavka extension}) or the module itself ({@code stavka attach}) carries it, with
 * the {@code module.toml} that says how the module's saves name its units. Such a module's
 * pieces carry no unit ids, so the referee's answer names them by their piece ids
 * ({@code piece}) and places by map pixels ({@code points}) instead.
 */
final class GameData {
  /** The file of an adopted game's data, in an extension or a module that carries it. */
  static final String ADOPTED_FILE = "stavka-data/module.toml";

  private GameData() {
  }

  /** The extension or module carrying an adopted game's data, or null: a module Stavka built. */
  static String adoptedData() {
    for (final ModuleExtension extension : GameModule.getGameModule().getComponentsOf(ModuleExtension.class)) {
      final String found = carrying(extension.getDataArchive());
      if (found != null) {
        return found;
      }
    }
    return carrying(GameModule.getGameModule().getDataArchive());
  }

  /** Whether the game is one adopted from a module someone else made. */
  static boolean adopted() {
    return adoptedData() != null;
  }

  private static String carrying(DataArchive archive) {
    try {
      return archive != null && archive.contains(ADOPTED_FILE) ? archive.getName() : null;
    }
    catch (IOException unreadable) {
      return null;
    }
  }
}
