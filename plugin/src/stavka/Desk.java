package stavka;

import java.awt.Color;
import java.awt.Point;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.swing.JComponent;
import javax.swing.SwingUtilities;
import javax.swing.Timer;

import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.GameComponent;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.command.Command;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

/**
 * What the referee's buttons share in one Player: the Referee panel, the marks on the
 * maps, and each side's own state (the attack it may declare, the attackers it noted,
 * whether its layers are drawn). Hot-seat players take turns at one window, so whatever
 * one side was shown goes when the side changes (the roster's side-change event, checked
 * again on every press and every second, since not every way of taking a side fires it)
 * and when a game is closed or loaded: the panel and the marks are cleared, and an answer
 * asked as one side that arrives when another sits at the window is dropped.
 */
final class Desk implements GameComponent {
  static final String PREFIX = "Referee: ";
  private static final int SIDE_CHECK_MS = 1000;

  /** One side's state between presses. */
  static final class SideState {
    String declarable;
    List<String> notedAttackers;
    boolean layersShown;
  }

  private final GameModule module;
  private final RefereePanel panel = new RefereePanel(this::centre);
  private final Overlay overlay = new Overlay();
  private final Map<String, SideState> sides = new HashMap<>();
  private final Timer sideCheck = new Timer(SIDE_CHECK_MS, e -> sideNow());
  private List<Overlay.Mark> marks = new ArrayList<>();
  private String side;

  private Desk(GameModule module) {
    this.module = module;
    this.side = mySide();
    module.getGameState().addGameComponent(this);
    final PlayerRoster roster = module.getPlayerRoster();
    if (roster != null) {
      roster.addSideChangeListenerToInstance((before, after) -> SwingUtilities.invokeLater(this::sideNow));
    }
  }

  /** The desk of {@code module}'s referee buttons: the first button's, made once. */
  static Desk of(GameModule module) {
    for (final Referee button : module.getComponentsOf(Referee.class)) {
      if (button.desk() != null) {
        return button.desk();
      }
    }
    return new Desk(module);
  }

  static String mySide() {
    final String side = PlayerRoster.getMySide();
    return side == null ? "" : side;
  }

  /** The state of the side now at the window, after clearing what another side left. */
  SideState state() {
    sideNow();
    return sides.computeIfAbsent(side, key -> new SideState());
  }

  /** The side at the window when a question was asked. */
  String side() {
    sideNow();
    return side;
  }

  /** Clears the panel and the marks if another side sits at the window now. */
  void sideNow() {
    final String now = mySide();
    if (!now.equals(side)) {
      side = now;
      clear();
    }
  }

  /** No mark, no layer, an empty panel; the side's layers are no longer drawn. */
  void clear() {
    marks = new ArrayList<>();
    overlay.show(marks, List.of());
    for (final SideState state : sides.values()) {
      state.layersShown = false;
    }
    panel.clear(heading());
  }

  /** Hides the layers and keeps the marks. */
  void hideLayers() {
    state().layersShown = false;
    overlay.show(marks, List.of());
  }

  private String heading() {
    return side.isEmpty() ? "Referee (no side)" : "Referee — as " + side;
  }

  /** Shows {@code rows} in the panel under a heading naming the side and {@code what}. */
  void show(String what, List<RefereePanel.Row> rows) {
    final JComponent controlPanel = module.getControlPanel();
    if (controlPanel != null) {
      panel.dockInto(controlPanel);
    }
    panel.show(heading() + ": " + what, rows);
  }

  /** Draws {@code newMarks} over the counters and {@code layers} under them. */
  void draw(List<Overlay.Mark> newMarks, List<Overlay.Mark> layers) {
    marks = new ArrayList<>(newMarks);
    overlay.show(marks, layers);
  }

  /** One short line in this window's chat: never sent, never logged, never in a save. */
  void say(String line) {
    module.warn(PREFIX + line);
  }

  /** Puts the attack last asked about in the log, if this side asked it. */
  void declare() {
    final SideState state = state();
    if (state.declarable == null) {
      say("ask for the odds of an attack first, then declare it.");
      return;
    }
    final String named = side.isEmpty() ? "" : " (" + side + ")";
    final Command line = new Chatter.DisplayText(module.getChatter(), "* Attack declared" + named + ": " + state.declarable);
    line.execute();
    module.sendAndLog(line);
    state.declarable = null;
  }

  private void centre(RefereePanel.Row row) {
    final GamePiece piece = row.unit == null ? null : unitPiece(row.unit);
    if (piece != null) {
      piece.getMap().centerAt(piece.getPosition());
      return;
    }
    final Overlay.Mark at = row.place == null ? null : placeMark(row.place, Color.BLACK, "", Overlay.Shape.BOX);
    if (at != null) {
      at.map.centerAt(at.at);
    }
  }

  /** The piece on a map whose unit is {@code unit}, or null. */
  static GamePiece unitPiece(Object unit) {
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

  /** A mark at the place a map's grid names {@code place} (a hex, an area), or null. */
  static Overlay.Mark placeMark(String place, Color colour, String symbol, Overlay.Shape shape) {
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

  /** A mark at the map pixel an answer gives for the place at {@code index} (an adopted
   *  module's map may print no place names), or null when that map is not here. */
  static Overlay.Mark pointMark(List<Object> points, int index, Color colour, String symbol, Overlay.Shape shape) {
    if (index >= points.size() || points.get(index) == null) {
      return null;
    }
    final Map<String, Object> point = Fields.object(points.get(index), "a point");
    final VASSAL.build.module.Map map = VASSAL.build.module.Map.getMapById(Fields.string(point.get("map"), "a point's map"));
    if (map == null) {
      return null;
    }
    return new Overlay.Mark(map, new Point(Fields.coordinate(point.get("x"), "a point's x"),
        Fields.coordinate(point.get("y"), "a point's y")), colour, symbol, shape);
  }

  @Override
  public void setup(boolean gameStarting) {
    side = mySide();
    sides.clear();
    clear();
    if (gameStarting) {
      sideCheck.start();
    }
    else {
      sideCheck.stop();
    }
  }

  @Override
  public Command getRestoreCommand() {
    return null;
  }
}
