package stavka;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.List;

import VASSAL.build.module.Map;
import VASSAL.build.module.map.Drawable;

/**
 * The referee's marks and layers on the maps, drawn only in this player's window: a
 * Drawable is painted with the map but is no piece and no command, so nothing of it
 * reaches the log, a save or the opponent. Layers (zones of control, front gaps) are
 * drawn under the counters, so every counter keeps its colours; marks (a ring round a
 * unit, a box round a breach) over them, each with a white halo that keeps a red mark
 * visible on a red counter.
 */
final class Overlay {
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
  private static final Color HALO = Color.WHITE;
  private Drawn marks;
  private Drawn layers;

  /** Replaces what is drawn with {@code marks} over the counters and {@code layers}
   *  under them (none: nothing is drawn). */
  void show(List<Mark> shownMarks, List<Mark> shownLayers) {
    for (final Map map : Map.getMapList()) {
      for (final Drawn drawn : new Drawn[] {marks, layers}) {
        if (drawn != null) {
          map.removeDrawComponent(drawn);
        }
      }
    }
    marks = shownMarks.isEmpty() ? null : new Drawn(shownMarks, true);
    layers = shownLayers.isEmpty() ? null : new Drawn(shownLayers, false);
    for (final Map map : Map.getMapList()) {
      for (final Drawn drawn : new Drawn[] {layers, marks}) {
        if (drawn != null) {
          map.addDrawComponent(drawn);
        }
      }
      map.repaint();
    }
  }

  /** One set of marks, drawn over the counters or under them. */
  private static final class Drawn implements Drawable {
    private final List<Mark> marks;
    private final boolean above;

    Drawn(List<Mark> marks, boolean above) {
      this.marks = new ArrayList<>(marks);
      this.above = above;
    }

    @Override
    public boolean drawAboveCounters() {
      return above;
    }

    @Override
    public void draw(Graphics g, Map map) {
      final Graphics2D g2d = (Graphics2D) g;
      final double osScale = g2d.getDeviceConfiguration().getDefaultTransform().getScaleX();
      final double scale = map.getZoom() * osScale;
      final int radius = (int) Math.round(RADIUS * scale);
      final float width = (float) Math.max(2, 6 * scale);
      g2d.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g2d.setFont(new Font(Font.SANS_SERIF, Font.BOLD, Math.max(9, (int) Math.round(20 * scale))));
      for (final Mark mark : marks) {
        if (mark.map != map) {
          continue;
        }
        final Point p = map.mapToDrawing(mark.at, osScale);
        final Color colour = mark.colour;
        if (mark.shape == Shape.ZONE) {
          g2d.setColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 90));
          g2d.fillOval(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
          continue;
        }
        if (mark.shape == Shape.GAP) {
          g2d.setColor(colour);
          g2d.setStroke(new BasicStroke(width));
          g2d.drawLine(p.x - radius, p.y - radius, p.x + radius, p.y + radius);
          g2d.drawLine(p.x - radius, p.y + radius, p.x + radius, p.y - radius);
          continue;
        }
        outlined(g2d, colour, width, mark.shape == Shape.RING, p, radius);
        if (!mark.symbol.isEmpty()) {
          badge(g2d, colour, mark.symbol, p, radius);
        }
      }
    }

    /** A ring or a box in {@code colour} on a white halo twice as wide. */
    private static void outlined(Graphics2D g2d, Color colour, float width, boolean ring, Point p, int radius) {
      final Stroke halo = new BasicStroke(width * 2);
      final Stroke line = new BasicStroke(width);
      for (final Object[] pass : new Object[][] {{HALO, halo}, {colour, line}}) {
        g2d.setColor((Color) pass[0]);
        g2d.setStroke((Stroke) pass[1]);
        if (ring) {
          g2d.drawOval(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
        }
        else {
          g2d.drawRect(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
        }
      }
    }

    private static void badge(Graphics2D g2d, Color colour, String symbol, Point p, int radius) {
      final int badge = Math.max(8, radius / 2);
      final int bx = p.x + radius - badge;
      final int by = p.y - radius - badge / 2;
      g2d.setColor(HALO);
      g2d.fillOval(bx - 2, by - 2, 2 * badge + 4, 2 * badge + 4);
      g2d.setColor(colour);
      g2d.fillOval(bx, by, 2 * badge, 2 * badge);
      g2d.setColor(Color.WHITE);
      final int width = g2d.getFontMetrics().stringWidth(symbol);
      g2d.drawString(symbol, bx + badge - width / 2, by + badge + g2d.getFontMetrics().getAscent() / 3);
    }
  }
}
