package stavka;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.swing.SwingUtilities;

import VASSAL.build.AbstractToolbarItem;
import VASSAL.build.Buildable;
import VASSAL.build.GameModule;
import VASSAL.build.module.documentation.HelpFile;
import VASSAL.configure.StringConfigurer;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyBuffer;

/**
 * A toolbar button of the Stavka referee in the Player. The rules live only in the
 * Python referee: each button writes the game to a temporary save, asks the installed
 * {@code stavka} program about it as this player's side, with the module the Player
 * opened (so a module built from one's own data is judged by that data), and shows the
 * answer in this window alone: in the Referee panel ({@link RefereePanel}), as marks on
 * the map ({@link Overlay}), and in one short chat line that names no card and no unit.
 * Only "Declare attack" puts a line in the log, on purpose, and only a line this side
 * was answered. The {@code action} attribute says which button this is: check, clear,
 * explain (the selected units' verdicts; each unit's menu item fires its key), layers
 * (ZOC and front gaps on or off), odds, duel, air or declare. Every button of a Player
 * shares one {@link Desk}, which keeps each side's state apart. In a module someone else
 * made, whose data an extension or the module itself carries ({@link GameData}), the
 * plugin names that file to the referee and knows pieces by their piece ids and places by
 * map pixels, as the answer gives them.
 */
public final class Referee extends AbstractToolbarItem {
  static final String PROGRAM_PREFERENCE = "StavkaProgram";
  private static final String HIDDEN = "this game hides information from the players; take a side to ask the referee.";
  private String action = "check";
  private Desk desk;

  public Referee() {
    setLaunchButton(makeLaunchButton("", "Referee", "", e -> press()));
  }

  Desk desk() {
    return desk;
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
    desk = Desk.of(module);
    if (module.getPrefs().getOption(PROGRAM_PREFERENCE) == null) {
      module.getPrefs().addOption("Stavka", new StringConfigurer(PROGRAM_PREFERENCE,
          "Stavka program or virtual environment (empty: the PATH, then pipx's folder)", ""));
    }
  }

  private void press() {
    try {
      ask();
    }
    catch (RuntimeException bug) {
      desk.say("the question could not be asked (" + bug + ").");
    }
  }

  private void ask() {
    final GameModule module = GameModule.getGameModule();
    final Desk.SideState state = desk.state();
    if ("clear".equals(action)) {
      desk.clear();
      desk.say("marks cleared.");
      return;
    }
    if ("layers".equals(action) && state.layersShown) {
      desk.hideLayers();
      desk.say("zones of control and front gaps hidden.");
      return;
    }
    if ("declare".equals(action)) {
      desk.declare();
      return;
    }
    if (!module.getGameState().isGameStarted()) {
      desk.say("start or load a game first.");
      return;
    }
    final List<GamePiece> selected = selectedUnits();
    if ("explain".equals(action) && selected.isEmpty()) {
      desk.say("select a unit first, or use its menu item \"Referee: verdicts\".");
      return;
    }
    final String side = desk.side();
    final List<String> arguments = new ArrayList<>();
    if ("air".equals(action)) {
      arguments.add("air");
    }
    else if ("check".equals(action) || "explain".equals(action) || "layers".equals(action)) {
      arguments.add("check");
      if ("layers".equals(action)) {
        arguments.add("--layers");
      }
      if ("explain".equals(action) && !GameData.adopted()) {
        arguments.add("--units=" + unitIds(selected));
      }
    }
    else if (!attackArguments(arguments, selected, side, state)) {
      return;
    }
    // Turning Point's air missions hide nothing, so air asks as the referee.
    if (!side.isEmpty() && !"air".equals(action)) {
      arguments.add("--as=" + side);
    }
    // The data the game is judged by: an adopted game's (its extension, or the module
    // carrying it), else the module the Player opened.
    final String data = GameData.adoptedData();
    final String modulePath = data != null ? data : module.getDataArchive().getName();
    if (data != null || (modulePath != null && modulePath.endsWith(".vmod"))) {
      arguments.add("--module=" + modulePath);
    }
    arguments.add("--names=counter");
    arguments.add("--format=json");
    final long pressed = System.nanoTime();
    RefereeRun.start(module, arguments,
        answer -> SwingUtilities.invokeLater(() -> answered(answer, side, pressed, selected)));
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

  private static String unitIds(List<GamePiece> pieces) {
    final Set<String> ids = new LinkedHashSet<>();
    for (final GamePiece piece : pieces) {
      ids.add(String.valueOf(piece.getProperty("UnitId")));
    }
    return String.join(",", ids);
  }

  /**
   * The odds or duel command's arguments for the selected pieces; false (and a chat line)
   * when they do not make one attack yet. A duel is asked of the units selected in one
   * area, and the referee says which attacks and which defends. For odds, attackers
   * selected alone are noted, so that the defender, selected next, completes the attack:
   * hexes apart are hard to select at once.
   */
  private boolean attackArguments(List<String> arguments, List<GamePiece> selected, String side,
      Desk.SideState state) {
    if ("duel".equals(action)) {
      if (selected.isEmpty()) {
        desk.say("select the units of the combat (or the area they fight in) and press " + getConfigureName() + ".");
        return false;
      }
      arguments.add("duel");
      arguments.add("--units=" + unitIds(selected));
      return true;
    }
    if (!selected.isEmpty() && selected.get(0).getProperty("UnitId") == null) {
      return adoptedAttackArguments(arguments, selected, state);
    }
    final List<GamePiece> attackers = new ArrayList<>();
    GamePiece defender = null;
    final String defending = side.isEmpty() && !selected.isEmpty()
        ? String.valueOf(selected.get(selected.size() - 1).getProperty("SideName")) : null;
    for (final GamePiece piece : selected) {
      final String pieceSide = String.valueOf(piece.getProperty("SideName"));
      final boolean defends = defending != null ? pieceSide.equals(defending) : !pieceSide.equals(side);
      if (defends) {
        defender = defender == null ? piece : defender;
      }
      else {
        attackers.add(piece);
      }
    }
    if (defender == null && !attackers.isEmpty()) {
      state.notedAttackers = new ArrayList<>();
      for (final GamePiece attacker : attackers) {
        state.notedAttackers.add(String.valueOf(attacker.getProperty("UnitId")));
      }
      desk.say(attackers.size() + " attacker" + (attackers.size() > 1 ? "s" : "")
          + " noted; now select the defender and press " + getConfigureName() + " again.");
      return false;
    }
    final List<String> attacking = new ArrayList<>();
    if (!attackers.isEmpty()) {
      attacking.add(unitIds(attackers));
    }
    else if (defender != null && state.notedAttackers != null) {
      attacking.add(String.join(",", state.notedAttackers));
    }
    state.notedAttackers = null;
    if (defender == null || attacking.isEmpty()) {
      desk.say("select your attacking units and the defender first.");
      return false;
    }
    arguments.add("odds");
    arguments.add("--attack=" + defender.getProperty("LocationName"));
    arguments.add("--units=" + attacking.get(0));
    return true;
  }

  /**
   * The odds arguments for the pieces of a module someone else made, which say no side
   * and no unit: the attackers are selected first and noted, the defender is the
   * selection of the next press; each hex is named by a piece in it ({@code piece:ID}).
   */
  private boolean adoptedAttackArguments(List<String> arguments, List<GamePiece> selected, Desk.SideState state) {
    final List<String> pieces = new ArrayList<>();
    for (final GamePiece piece : selected) {
      pieces.add("piece:" + piece.getId());
    }
    if (state.notedAttackers == null || state.notedAttackers.containsAll(pieces)) {
      state.notedAttackers = pieces;
      desk.say(pieces.size() + " attacker" + (pieces.size() > 1 ? "s" : "")
          + " noted; now select the defender and press " + getConfigureName() + " again.");
      return false;
    }
    final String from = String.join(",", state.notedAttackers);
    state.notedAttackers = null;
    arguments.add("odds");
    arguments.add("--attack=" + pieces.get(0));
    arguments.add("--from=" + from);
    return true;
  }

  /** Shows an answer asked as {@code askedAs}; every path ends in one chat line at most. */
  private void answered(RefereeRun.Answer answer, String askedAs, long pressed, List<GamePiece> selected) {
    if (!askedAs.equals(desk.side())) {
      // Hot-seat: the side changed while the referee was thinking; its answer is not this side's.
      desk.say("the answer was for the " + (askedAs.isEmpty() ? "observer" : askedAs) + ", who has left the window; press again.");
      return;
    }
    if (answer.notice != null) {
      desk.say(answer.notice);
    }
    if (answer.failure != null) {
      desk.show("no answer", List.of(RefereePanel.Row.plain(answer.failure)));
      // What is wrong with the program names nothing of the game: said in full.
      desk.say(answer.aboutProgram ? answer.failure : "no answer: see the Referee panel.");
      return;
    }
    try {
      final Map<String, Object> json = answer.json;
      if (Fields.flag(json, "hidden")) {
        desk.show("nothing shown", List.of(RefereePanel.Row.plain(HIDDEN)));
        desk.say(HIDDEN);
        return;
      }
      show(json, pressed, selected);
    }
    catch (RuntimeException bad) {
      // A bad answer (or a bug here) is one line, never VASSAL's error dialog.
      desk.show("no answer", List.of(RefereePanel.Row.plain("the referee's answer could not be read: " + bad.getMessage() + ".")));
      desk.say("the referee's answer could not be read; install Stavka's current release.");
    }
  }

  private void show(Map<String, Object> json, long pressed, List<GamePiece> selected) {
    final Desk.SideState state = desk.state();
    if ("explain".equals(action)) {
      explain(json, selected);
      return;
    }
    if ("odds".equals(action) || "duel".equals(action) || "air".equals(action)) {
      final List<RefereePanel.Row> rows = new ArrayList<>();
      for (final String line : Fields.strings(json, "text")) {
        rows.add(RefereePanel.Row.plain(line));
      }
      final String what = "air".equals(action) ? "air missions" : "duel".equals(action) ? "the duel" : "the odds";
      if (!"air".equals(action)) {
        state.declarable = Fields.optional(json, "declare");
      }
      desk.show(what, rows);
      desk.say(what + ("duel".equals(action) ? " is" : " are") + " in the Referee panel"
          + ("air".equals(action) || state.declarable == null ? "." : "; Declare attack puts the attack in the log."));
      return;
    }
    final List<RefereePanel.Row> rows = new ArrayList<>();
    final boolean layers = "layers".equals(action);
    if (layers) {
      for (final String line : Fields.strings(json, "layers_text")) {
        rows.add(RefereePanel.Row.plain(line));
      }
    }
    for (final String line : Fields.strings(json, "text")) {
      rows.add(RefereePanel.Row.plain(line));
    }
    final List<Overlay.Mark> marks = new ArrayList<>();
    final List<RefereePanel.Row> marked = new ArrayList<>();
    final List<RefereePanel.Row> others = new ArrayList<>();
    for (final Object item : Fields.list(json.get("verdicts"), "verdicts")) {
      final Map<String, Object> verdict = Fields.object(item, "a verdict");
      final String line = Fields.string(verdict.get("line"), "a verdict's line");
      final Object unit = verdict.get("unit");
      final List<String> places = new ArrayList<>();
      for (final Object place : Fields.list(verdict.get("places"), "a verdict's places")) {
        places.add(Fields.string(place, "a place"));
      }
      final String place = places.isEmpty() ? null : places.get(0);
      final String unitId = unit == null ? null : Fields.string(unit, "a verdict's unit");
      if (verdict.get("mark") == null) {
        others.add(new RefereePanel.Row(line, null, "", unitId, place));
        continue;
      }
      final Map<String, Object> mark = Fields.object(verdict.get("mark"), "a mark");
      final Color colour = Fields.colour(mark.get("colour"), "a mark's colour");
      final String symbol = Fields.string(mark.get("symbol"), "a mark's symbol");
      marked.add(new RefereePanel.Row(line, colour, symbol, unitId, place));
      final Object pieceId = verdict.get("piece");
      final GamePiece piece = pieceId != null
          ? GameModule.getGameModule().getGameState().getPieceForId(Fields.string(pieceId, "a verdict's piece"))
          : Desk.unitPiece(unit);
      if (piece != null) {
        final Overlay.Shape shape = Fields.flag(verdict, "violation") ? Overlay.Shape.BOX : Overlay.Shape.RING;
        marks.add(new Overlay.Mark(piece.getMap(), piece.getPosition(), colour, symbol, shape));
        continue;
      }
      final Object points = verdict.get("points");
      for (int index = 0; index < places.size(); index++) {
        final Overlay.Mark at = points != null
            ? Desk.pointMark(Fields.list(points, "a verdict's points"), index, colour, symbol, Overlay.Shape.BOX)
            : Desk.placeMark(places.get(index), colour, symbol, Overlay.Shape.BOX);
        if (at != null) {
          marks.add(at);
        }
      }
    }
    rows.addAll(marked);
    rows.addAll(others);
    final List<Overlay.Mark> drawnLayers = new ArrayList<>();
    int hexes = 0;
    if (layers) {
      for (final Object item : Fields.list(json.get("layers"), "layers")) {
        final Map<String, Object> layer = Fields.object(item, "a layer");
        final Color colour = Fields.colour(layer.get("colour"), "a layer's colour");
        final Overlay.Shape shape = "cross".equals(layer.get("style")) ? Overlay.Shape.GAP : Overlay.Shape.ZONE;
        final List<Object> places = Fields.list(layer.get("places"), "a layer's places");
        final Object points = layer.get("points");
        for (int index = 0; index < places.size(); index++) {
          final Overlay.Mark at = points != null
              ? Desk.pointMark(Fields.list(points, "a layer's points"), index, colour, "", shape)
              : Desk.placeMark(Fields.string(places.get(index), "a place"), colour, "", shape);
          if (at != null) {
            drawnLayers.add(at);
            hexes++;
          }
        }
      }
    }
    desk.show(layers ? "zones of control and front gaps" : "the game", rows);
    desk.draw(marks, drawnLayers);
    state.layersShown = layers && !drawnLayers.isEmpty();
    final int verdicts = marked.size() + others.size();
    final String drawn = layers ? (drawnLayers.isEmpty() ? "no layer to draw" : hexes + " hexes of layers drawn") + ", " : "";
    // Said after the maps' repaint, so the time includes drawing the marks.
    SwingUtilities.invokeLater(() -> desk.say(verdicts + " verdicts in the Referee panel, " + drawn
        + marks.size() + " marked on the map (" + (System.nanoTime() - pressed) / 1_000_000 + " ms from the press)."));
  }

  /** Each selected unit's verdicts, each with its rule, as this player may see them. */
  private void explain(Map<String, Object> json, List<GamePiece> selected) {
    final List<Object> verdicts = Fields.list(json.get("verdicts"), "verdicts");
    if (GameData.adopted()) {
      explainPieces(verdicts, selected);
      return;
    }
    final List<Object> chosen = Fields.list(json.get("selected"), "selected");
    final List<RefereePanel.Row> rows = new ArrayList<>();
    final Set<String> asked = new LinkedHashSet<>();
    for (final GamePiece piece : selected) {
      asked.add(String.valueOf(piece.getProperty("UnitId")));
    }
    if (chosen.size() != asked.size()) {
      throw new Fields.BadAnswer("selected does not answer every unit asked about");
    }
    int index = 0;
    for (final String unit : asked) {
      final GamePiece piece = Desk.unitPiece(unit);
      rows.add(RefereePanel.Row.plain(piece == null ? "?" : piece.getName()));
      final List<Object> indexes = Fields.list(chosen.get(index++), "selected");
      for (final Object number : indexes) {
        final int at = Fields.index(number, "a verdict's index");
        if (at >= verdicts.size()) {
          throw new Fields.BadAnswer("selected names a verdict the answer does not hold");
        }
        final Map<String, Object> verdict = Fields.object(verdicts.get(at), "a verdict");
        final Object mark = verdict.get("mark");
        final Map<String, Object> shown = mark == null ? null : Fields.object(mark, "a mark");
        rows.add(new RefereePanel.Row("  " + Fields.string(verdict.get("line"), "a verdict's line"),
            shown == null ? null : Fields.colour(shown.get("colour"), "a mark's colour"),
            shown == null ? "" : Fields.string(shown.get("symbol"), "a mark's symbol"), unit, null));
      }
      if (indexes.isEmpty()) {
        rows.add(RefereePanel.Row.plain("  no verdict you may see."));
      }
    }
    shown(rows, asked.size());
  }

  /** The verdicts on each selected piece of a module someone else made, found by piece id. */
  private void explainPieces(List<Object> verdicts, List<GamePiece> selected) {
    final List<RefereePanel.Row> rows = new ArrayList<>();
    for (final GamePiece piece : selected) {
      rows.add(RefereePanel.Row.plain(piece.getName()));
      int found = 0;
      for (final Object item : verdicts) {
        final Map<String, Object> verdict = Fields.object(item, "a verdict");
        if (piece.getId().equals(verdict.get("piece"))) {
          rows.add(RefereePanel.Row.plain("  " + Fields.string(verdict.get("line"), "a verdict's line")));
          found++;
        }
      }
      if (found == 0) {
        rows.add(RefereePanel.Row.plain("  no verdict you may see."));
      }
    }
    shown(rows, selected.size());
  }

  private void shown(List<RefereePanel.Row> rows, int units) {
    desk.show("the verdicts on " + units + " unit" + (units > 1 ? "s" : ""), rows);
    desk.say("the verdicts on " + units + " unit" + (units > 1 ? "s are" : " is") + " in the Referee panel.");
  }
}
