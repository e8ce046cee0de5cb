package stavka;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.RenderingHints;
import java.util.ArrayList;
import java.util.List;

import VASSAL.build.module.Map;
import VASSAL.build.module.map.Drawable;

/**
 * The referee's marks on the maps, drawn only in this player's window: a Drawable is
 * painted with the map but is no piece and no command, so nothing of it reaches the
 * log, a save or the opponent.
 */
final class Overlay implements Drawable {
  /** How a mark is drawn: a ring round a unit, a square round a place (an illegal stack),
   *  a tinted disc on a hex of a layer (a zone of control) or a cross on one (a front gap). */
  enum Shape { RING, BOX, ZONE, GAP }

  /** One mark at one point of one map. */
  static final class Mark {
    final Map map;
    final Point at;
    final Color colour;
    final String symbol;
    final Shape shape;

    Mark(Map map, Point at, Color colour, String symbol, Shape shape) {
      this.map = map;
      this.at = at;
      this.colour = colour;
      this.symbol = symbol;
      this.shape = shape;
    }
  }

  private static final int RADIUS = 38;
  private static Overlay shown;
  private final List<Mark> marks;

  private Overlay(List<Mark> marks) {
    this.marks = marks;
  }

  /** Replaces what is drawn with {@code marks} (none: the overlay is cleared). */
  static void show(List<Mark> marks) {
    if (shown != null) {
      for (final Map map : Map.getMapList()) {
        map.removeDrawComponent(shown);
      }
    }
    shown = marks.isEmpty() ? null : new Overlay(new ArrayList<>(marks));
    for (final Map map : Map.getMapList()) {
      if (shown != null) {
        map.addDrawComponent(shown);
      }
      map.repaint();
    }
  }

  @Override
  public void draw(Graphics g, Map map) {
    final Graphics2D g2d = (Graphics2D) g;
    final double osScale = g2d.getDeviceConfiguration().getDefaultTransform().getScaleX();
    final double scale = map.getZoom() * osScale;
    final int radius = (int) Math.round(RADIUS * scale);
    g2d.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g2d.setFont(new Font(Font.SANS_SERIF, Font.BOLD, Math.max(9, (int) Math.round(20 * scale))));
    for (final Mark mark : marks) {
      if (mark.map != map) {
        continue;
      }
      final Point p = map.mapToDrawing(mark.at, osScale);
      g2d.setColor(mark.colour);
      g2d.setStroke(new BasicStroke((float) Math.max(2, 6 * scale)));
      if (mark.shape == Shape.RING) {
        g2d.drawOval(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
      }
      else if (mark.shape == Shape.BOX) {
        g2d.drawRect(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
      }
      else if (mark.shape == Shape.ZONE) {
        g2d.setColor(new Color(mark.colour.getRed(), mark.colour.getGreen(), mark.colour.getBlue(), 70));
        g2d.fillOval(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
      }
      else {
        g2d.drawLine(p.x - radius, p.y - radius, p.x + radius, p.y + radius);
        g2d.drawLine(p.x - radius, p.y + radius, p.x + radius, p.y - radius);
      }
      if (!mark.symbol.isEmpty()) {
        final int badge = Math.max(8, radius / 2);
        final int bx = p.x + radius - badge;
        final int by = p.y - radius - badge / 2;
        g2d.fillOval(bx, by, 2 * badge, 2 * badge);
        g2d.setColor(Color.WHITE);
        final int width = g2d.getFontMetrics().stringWidth(mark.symbol);
        g2d.drawString(mark.symbol, bx + badge - width / 2, by + badge + g2d.getFontMetrics().getAscent() / 3);
      }
    }
  }

  @Override
  public boolean drawAboveCounters() {
    return true;
  }
}
