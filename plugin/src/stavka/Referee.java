package stavka;

import java.awt.Color;
import java.awt.Point;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.swing.SwingUtilities;

import VASSAL.build.AbstractToolbarItem;
import VASSAL.build.Buildable;
import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.documentation.HelpFile;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.command.Command;
import VASSAL.configure.StringConfigurer;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyBuffer;
import VASSAL.counters.Stack;

/**
 * A toolbar button of the Stavka referee in the Player. The rules live only in the
 * Python referee: each button writes the game to a temporary save, asks the installed
 * {@code stavka} program about it as this player's side, and shows the answer in this
 * window alone (chat lines through {@link GameModule#warn}, marks through {@link Overlay}).
 * Only "Declare attack" puts a line in the log, on purpose. The {@code action}
 * attribute says which button this is: check, clear, explain (the selected units'
 * verdicts; each unit's menu item fires its key), layers (ZOC and front gaps on or
 * off), odds, duel, air or declare. In a module someone else made, whose data an
 * extension or the module itself carries ({@link GameData}), the plugin names that file
 * to the referee and knows pieces by their piece ids and places by map pixels, as the
 * answer gives them.
 */
public final class Referee extends AbstractToolbarItem {
  static final String PROGRAM_PREFERENCE = "StavkaProgram";
  private static final String PREFIX = "Referee: ";
  private static String declarable;
  private static List<GamePiece> notedAttackers;
  private static boolean layersShown;
  private static List<Overlay.Mark> verdictMarks = new ArrayList<>();
  private String action = "check";

  public Referee() {
    setLaunchButton(makeLaunchButton("", "Referee", "", e -> press()));
  }

  @Override
  public void setAttribute(String key, Object value) {
    if ("action".equals(key)) {
      action = String.valueOf(value);
    }
    else if (!RefereeRun.setAttribute(key, value)) {
      super.setAttribute(key, value);
    }
  }

  @Override
  public String getAttributeValueString(String key) {
    final String launching = RefereeRun.getAttributeValueString(key);
    return "action".equals(key) ? action : launching != null ? launching : super.getAttributeValueString(key);
  }

  @Override
  public Class<?>[] getAllowableConfigureComponents() {
    return new Class<?>[0];
  }

  @Override
  public HelpFile getHelpFile() {
    return null;
  }

  @Override
  public void addTo(Buildable parent) {
    super.addTo(parent);
    final GameModule module = GameModule.getGameModule();
    if (module.getPrefs().getOption(PROGRAM_PREFERENCE) == null) {
      module.getPrefs().addOption("Stavka", new StringConfigurer(PROGRAM_PREFERENCE,
          "Stavka program or virtual environment (empty: the PATH, then pipx's folder)", ""));
    }
  }

  private static String mySide() {
    final String side = PlayerRoster.getMySide();
    return side == null ? "" : side;
  }

  private void press() {
    final GameModule module = GameModule.getGameModule();
    if ("clear".equals(action)) {
      layersShown = false;
      verdictMarks = new ArrayList<>();
      Overlay.show(verdictMarks);
      module.warn(PREFIX + "marks cleared.");
      return;
    }
    if ("layers".equals(action) && layersShown) {
      layersShown = false;
      Overlay.show(verdictMarks);
      module.warn(PREFIX + "zones of control and front gaps hidden.");
      return;
    }
    if ("declare".equals(action)) {
      declare(module);
      return;
    }
    if (!module.getGameState().isGameStarted()) {
      module.warn(PREFIX + "start or load a game first.");
      return;
    }
    final List<String> arguments = new ArrayList<>();
    final List<GamePiece> selected = selectedUnits();
    if ("explain".equals(action) && selected.isEmpty()) {
      module.warn(PREFIX + "select a unit first, or use its menu item \"Referee: verdicts\".");
      return;
    }
    if ("air".equals(action)) {
      arguments.add("air");
    }
    else if ("check".equals(action) || "explain".equals(action) || "layers".equals(action)) {
      arguments.add("check");
      layersShown |= "layers".equals(action);
      if (layersShown) {
        arguments.add("--layers");
      }
    }
    else if (!attackArguments(arguments)) {
      return;
    }
    // Turning Point's air missions hide nothing, so air asks as the referee.
    if (!mySide().isEmpty() && !"air".equals(action)) {
      arguments.add("--as");
      arguments.add(mySide());
    }
    final String data = GameData.adoptedData();
    if (data != null) {
      arguments.add("--module");
      arguments.add(data);
    }
    arguments.add("--format");
    arguments.add("json");
    final long pressed = System.nanoTime();
    RefereeRun.start(module, arguments, answer -> SwingUtilities.invokeLater(() -> show(module, answer, pressed, selected)));
  }

  private static List<GamePiece> selectedUnits() {
    final List<GamePiece> selected = new ArrayList<>();
    final boolean adopted = GameData.adopted();
    for (final GamePiece piece : KeyBuffer.getBuffer().asList()) {
      if (adopted || piece.getProperty("UnitId") != null) {
        selected.add(piece);
      }
    }
    return selected;
  }

  /** Whether a verdict is on this piece: by its piece id, or by its unit id. */
  private static boolean isOn(Map<String, Object> verdict, GamePiece piece) {
    final Object pieceId = verdict.get("piece");
    if (pieceId != null) {
      return pieceId.equals(piece.getId());
    }
    final Object unit = piece.getProperty("UnitId");
    return unit != null && unit.equals(verdict.get("unit"));
  }

  /**
   * The odds or duel command's arguments for the selected pieces; false (and a chat line)
   * when they do not make one attack yet. Attackers selected alone are noted, so that the
   * defender, selected next, completes the attack: hexes apart are hard to select at once.
   */
  private boolean attackArguments(List<String> arguments) {
    final List<GamePiece> selected = selectedUnits();
    if (!selected.isEmpty() && selected.get(0).getProperty("UnitId") == null) {
      return adoptedAttackArguments(arguments, selected);
    }
    final List<GamePiece> attackers = new ArrayList<>();
    GamePiece defender = null;
    final String defending = mySide().isEmpty() && !selected.isEmpty()
        ? String.valueOf(selected.get(selected.size() - 1).getProperty("SideName")) : null;
    for (final GamePiece piece : selected) {
      final String side = String.valueOf(piece.getProperty("SideName"));
      final boolean defends = defending != null ? side.equals(defending) : !side.equals(mySide());
      if (defends) {
        defender = defender == null ? piece : defender;
      }
      else {
        attackers.add(piece);
      }
    }
    if (defender == null && !attackers.isEmpty()) {
      notedAttackers = attackers;
      GameModule.getGameModule().warn(PREFIX + "attackers noted (" + names(attackers)
          + "); now select the defender and press " + getConfigureName() + " again.");
      return false;
    }
    if (defender != null && attackers.isEmpty() && notedAttackers != null) {
      attackers.addAll(notedAttackers);
    }
    notedAttackers = null;
    if (defender == null || attackers.isEmpty()) {
      GameModule.getGameModule().warn(PREFIX + "select your attacking units and the defender first.");
      return false;
    }
    arguments.add(action);
    if ("duel".equals(action)) {
      arguments.add(String.valueOf(attackers.get(0).getProperty("UnitId")));
      arguments.add(String.valueOf(defender.getProperty("UnitId")));
      return true;
    }
    final Set<String> from = new LinkedHashSet<>();
    for (final GamePiece attacker : attackers) {
      from.add(String.valueOf(attacker.getProperty("LocationName")));
    }
    arguments.add("--attack");
    arguments.add(String.valueOf(defender.getProperty("LocationName")));
    arguments.add("--from");
    arguments.add(String.join(",", from));
    return true;
  }

  /**
   * The odds arguments for the pieces of a module someone else made, which say no side
   * and no unit: the attackers are selected first and noted, the defender is the
   * selection of the next press; each hex is named by a piece in it ({@code piece:ID}).
   */
  private boolean adoptedAttackArguments(List<String> arguments, List<GamePiece> selected) {
    if (notedAttackers == null || notedAttackers.containsAll(selected)) {
      notedAttackers = selected;
      GameModule.getGameModule().warn(PREFIX + "attackers noted (" + names(selected)
          + "); now select the defender and press " + getConfigureName() + " again.");
      return false;
    }
    final Set<String> from = new LinkedHashSet<>();
    for (final GamePiece attacker : notedAttackers) {
      from.add("piece:" + attacker.getId());
    }
    notedAttackers = null;
    arguments.add(action);
    arguments.add("--attack");
    arguments.add("piece:" + selected.get(0).getId());
    arguments.add("--from");
    arguments.add(String.join(",", from));
    return true;
  }

  private static String names(List<GamePiece> pieces) {
    final List<String> names = new ArrayList<>();
    for (final GamePiece piece : pieces) {
      names.add(piece.getName());
    }
    return String.join(", ", names);
  }

  private void declare(GameModule module) {
    if (declarable == null) {
      module.warn(PREFIX + "ask for the odds of an attack first, then declare it.");
      return;
    }
    final String side = mySide().isEmpty() ? "" : " (" + mySide() + ")";
    final Command line = new Chatter.DisplayText(module.getChatter(), "* Attack declared" + side + ": " + declarable);
    line.execute();
    module.sendAndLog(line);
    declarable = null;
  }

  /**
   * Shows an answer of the referee: a failure as its one line, else the chat lines and
   * marks it gives; the last line names every mark drawn and the time since the press.
   */
  @SuppressWarnings("unchecked")
  private void show(GameModule module, RefereeRun.Answer answer, long pressed, List<GamePiece> selected) {
    if (answer.notice != null) {
      module.warn(PREFIX + answer.notice);
    }
    if (answer.failure != null) {
      module.warn(PREFIX + answer.failure);
      return;
    }
    final Map<String, Object> json = answer.json;
    if (mySide().isEmpty() && Boolean.TRUE.equals(json.get("hidden"))) {
      module.warn(PREFIX + "this game hides information from the players; take a side to ask the referee.");
      return;
    }
    if ("explain".equals(action)) {
      explain(module, (List<Object>) json.get("verdicts"), selected);
      return;
    }
    for (final Object line : (List<Object>) json.get("layers".equals(action) ? "layers_text" : "text")) {
      module.warn(PREFIX + line);
    }
    if ("odds".equals(action) || "duel".equals(action)) {
      declarable = json.get("declare") == null ? null : String.valueOf(json.get("declare"));
    }
    if (!"check".equals(action) && !"layers".equals(action)) {
      return;
    }
    verdictMarks = new ArrayList<>();
    final List<String> drawn = new ArrayList<>();
    for (final Object item : (List<Object>) json.get("verdicts")) {
      final Map<String, Object> verdict = (Map<String, Object>) item;
      final Map<String, Object> mark = (Map<String, Object>) verdict.get("mark");
      if (mark == null) {
        continue;
      }
      final Color colour = Color.decode(String.valueOf(mark.get("colour")));
      final String symbol = String.valueOf(mark.get("symbol"));
      final GamePiece piece = verdict.get("piece") != null
          ? module.getGameState().getPieceForId(String.valueOf(verdict.get("piece")))
          : unitPiece(verdict.get("unit"));
      if (piece != null) {
        final boolean breach = Boolean.TRUE.equals(verdict.get("violation"));
        verdictMarks.add(new Overlay.Mark(piece.getMap(), piece.getPosition(), colour, symbol,
            breach ? Overlay.Shape.BOX : Overlay.Shape.RING));
        drawn.add(mark.get("meaning") + " " + verdict.get("subject"));
        continue;
      }
      final List<Object> places = (List<Object>) verdict.get("places");
      final List<Object> points = (List<Object>) verdict.get("points");
      for (int index = 0; index < places.size(); index++) {
        final Overlay.Mark placed = points != null
            ? pointMark(points, index, colour, symbol, Overlay.Shape.BOX)
            : placeMark(String.valueOf(places.get(index)), colour, symbol, Overlay.Shape.BOX);
        if (placed != null) {
          verdictMarks.add(placed);
          drawn.add(mark.get("meaning") + " " + places.get(index));
        }
      }
    }
    final List<Overlay.Mark> marks = new ArrayList<>(verdictMarks);
    if (layersShown && json.get("layers") != null) {
      final List<String> layers = new ArrayList<>();
      for (final Object item : (List<Object>) json.get("layers")) {
        final Map<String, Object> layer = (Map<String, Object>) item;
        final Color colour = Color.decode(String.valueOf(layer.get("colour")));
        final Overlay.Shape shape = "cross".equals(layer.get("style")) ? Overlay.Shape.GAP : Overlay.Shape.ZONE;
        int count = 0;
        final List<Object> places = (List<Object>) layer.get("places");
        final List<Object> points = (List<Object>) layer.get("points");
        for (int index = 0; index < places.size(); index++) {
          final Overlay.Mark placed = points != null
              ? pointMark(points, index, colour, "", shape)
              : placeMark(String.valueOf(places.get(index)), colour, "", shape);
          if (placed != null) {
            marks.add(placed);
            count++;
          }
        }
        layers.add(layer.get("name") + " " + count);
      }
      module.warn(PREFIX + "layers drawn: " + (layers.isEmpty() ? "none" : String.join("; ", layers)) + ".");
    }
    Overlay.show(marks);
    // Posted after the maps' repaint, so the time includes drawing the marks.
    SwingUtilities.invokeLater(() -> module.warn(PREFIX
        + (drawn.isEmpty() ? "nothing to mark on the map" : "marked " + String.join("; ", drawn))
        + " (" + (System.nanoTime() - pressed) / 1_000_000 + " ms from the press)."));
  }

  /** Each selected unit's verdicts, each with its rule, as this player may see them. */
  @SuppressWarnings("unchecked")
  private static void explain(GameModule module, List<Object> verdicts, List<GamePiece> selected) {
    for (final GamePiece piece : selected) {
      int found = 0;
      for (final Object item : verdicts) {
        final Map<String, Object> verdict = (Map<String, Object>) item;
        if (isOn(verdict, piece)) {
          for (final String line : String.valueOf(verdict.get("line")).split("\n")) {
            module.warn(PREFIX + line);
          }
          found++;
        }
      }
      if (found == 0) {
        module.warn(PREFIX + piece.getName() + ": no verdict you may see.");
      }
    }
  }

  private static GamePiece unitPiece(Object unit) {
    if (unit == null) {
      return null;
    }
    for (final GamePiece piece : GameModule.getGameModule().getGameState().getAllPieces()) {
      final List<GamePiece> inside = new ArrayList<>();
      if (piece instanceof Stack) {
        inside.addAll(((Stack) piece).asList());
      }
      else {
        inside.add(piece);
      }
      for (final GamePiece one : inside) {
        if (unit.equals(one.getProperty("UnitId")) && one.getMap() != null) {
          return one;
        }
      }
    }
    return null;
  }

  /** A mark at the map pixel the answer gives for the place at {@code index}, if its map is here. */
  @SuppressWarnings("unchecked")
  private static Overlay.Mark pointMark(List<Object> points, int index, Color colour, String symbol, Overlay.Shape shape) {
    if (index >= points.size() || !(points.get(index) instanceof Map)) {
      return null;
    }
    final Map<String, Object> point = (Map<String, Object>) points.get(index);
    final VASSAL.build.module.Map map = VASSAL.build.module.Map.getMapById(String.valueOf(point.get("map")));
    if (map == null || !(point.get("x") instanceof Double) || !(point.get("y") instanceof Double)) {
      return null;
    }
    return new Overlay.Mark(map, new Point(((Double) point.get("x")).intValue(), ((Double) point.get("y")).intValue()),
        colour, symbol, shape);
  }

  private static Overlay.Mark placeMark(String place, Color colour, String symbol, Overlay.Shape shape) {
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
      for (final Board board : map.getBoards()) {
        if (board.getGrid() == null) {
          continue;
        }
        try {
          final Point at = board.getGrid().getLocation(place);
          if (at != null && board.bounds().contains(at.x + board.bounds().x, at.y + board.bounds().y)) {
            at.translate(board.bounds().x, board.bounds().y);
            return new Overlay.Mark(map, at, colour, symbol, shape);
          }
        }
        catch (Exception notHere) {
          // This board does not hold the place; another may.
        }
      }
    }
    return null;
  }
}
