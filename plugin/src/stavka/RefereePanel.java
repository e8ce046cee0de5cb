package stavka;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Window;
import java.util.List;
import java.util.function.Consumer;

import javax.swing.BorderFactory;
import javax.swing.DefaultListCellRenderer;
import javax.swing.DefaultListModel;
import javax.swing.Icon;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.ListSelectionModel;
import javax.swing.WindowConstants;

/**
 * The "Referee" panel: the referee's last answer in this player's window, as a list a
 * player reads down, each verdict with its mark's colour and symbol. Choosing a line that
 * is about a unit or a place centres the map on it. The panel sits beside the chat; its
 * "Window" button moves it into a window of its own, and "Dock" back. It holds nothing of
 * the game: it is cleared with the marks whenever the side changes or a game is closed.
 */
final class RefereePanel extends JPanel {
  private static final long serialVersionUID = 1L;
  private static final int WIDTH = 460;

  /** One line of the panel: what it says (in full as the tooltip), its mark, and what a
   *  click centres the map on: a unit's id or a place's name, or neither. */
  static final class Row {
    final String text;
    final String full;
    final Color colour;
    final String symbol;
    final String unit;
    final String place;

    Row(String full, Color colour, String symbol, String unit, String place) {
      this.text = full.split("\n", 2)[0];
      this.full = full;
      this.colour = colour;
      this.symbol = symbol;
      this.unit = unit;
      this.place = place;
    }

    static Row plain(String text) {
      return new Row(text, null, "", null, null);
    }

    boolean points() {
      return unit != null || place != null;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  private final DefaultListModel<Row> rows = new DefaultListModel<>();
  private final JList<Row> list = new JList<>(rows);
  private final JLabel heading = new JLabel();
  private final JButton dock = new JButton("Window");
  private JComponent dockedIn;
  private JDialog window;

  RefereePanel(Consumer<Row> pick) {
    super(new BorderLayout());
    setName("Referee");
    setBorder(BorderFactory.createMatteBorder(0, 1, 0, 0, Color.GRAY));
    setPreferredSize(new Dimension(WIDTH, 200));
    heading.setFont(heading.getFont().deriveFont(Font.BOLD));
    heading.setBorder(BorderFactory.createEmptyBorder(2, 6, 2, 6));
    dock.setToolTipText("Show the Referee panel in a window of its own, or back beside the chat");
    dock.setMargin(new java.awt.Insets(1, 6, 1, 6));
    dock.addActionListener(e -> toggleWindow());
    final JPanel top = new JPanel(new BorderLayout());
    top.add(heading, BorderLayout.CENTER);
    final JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT, 2, 0));
    buttons.add(dock);
    top.add(buttons, BorderLayout.EAST);
    add(top, BorderLayout.NORTH);
    list.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
    list.setCellRenderer(new Renderer());
    list.addListSelectionListener(e -> {
      final Row row = list.getSelectedValue();
      if (!e.getValueIsAdjusting() && row != null && row.points()) {
        pick.accept(row);
      }
    });
    add(new JScrollPane(list), BorderLayout.CENTER);
    clear("Referee");
  }

  /** Shows {@code shown} under {@code title}, in place of what the panel held. */
  void show(String title, List<Row> shown) {
    heading.setText(title);
    rows.clear();
    for (final Row row : shown) {
      rows.addElement(row);
    }
    list.clearSelection();
    if (!rows.isEmpty()) {
      list.ensureIndexIsVisible(0);
    }
  }

  /** Nothing but {@code title}: the panel of a side that has asked nothing yet. */
  void clear(String title) {
    show(title, List.of());
  }

  /** Puts the panel beside the chat of the main window (the East of its control panel). */
  void dockInto(JComponent controlPanel) {
    if (dockedIn == controlPanel && window == null) {
      return;
    }
    closeWindow();
    dockedIn = controlPanel;
    controlPanel.add(this, BorderLayout.EAST);
    dock.setText("Window");
    controlPanel.revalidate();
    controlPanel.repaint();
  }

  private void toggleWindow() {
    if (window != null) {
      dockInto(dockedIn);
      return;
    }
    final Window owner = javax.swing.SwingUtilities.getWindowAncestor(this);
    if (dockedIn != null) {
      dockedIn.remove(this);
      dockedIn.revalidate();
      dockedIn.repaint();
    }
    window = new JDialog(owner, "Referee");
    window.setDefaultCloseOperation(WindowConstants.DO_NOTHING_ON_CLOSE);
    window.addWindowListener(new java.awt.event.WindowAdapter() {
      @Override
      public void windowClosing(java.awt.event.WindowEvent e) {
        dockInto(dockedIn);
      }
    });
    window.getContentPane().add(this);
    dock.setText("Dock");
    window.pack();
    window.setLocationRelativeTo(owner);
    window.setVisible(true);
  }

  private void closeWindow() {
    if (window != null) {
      window.getContentPane().remove(this);
      window.dispose();
      window = null;
    }
  }

  /** A line with its mark: the mark's colour and symbol in a disc before the text. */
  private static final class Renderer extends DefaultListCellRenderer {
    private static final long serialVersionUID = 1L;

    @Override
    public Component getListCellRendererComponent(JList<?> owner, Object value, int index,
        boolean selected, boolean focused) {
      final JLabel label = (JLabel) super.getListCellRendererComponent(owner, value, index, selected, focused);
      final Row row = (Row) value;
      label.setIcon(row.colour == null ? null : new Badge(row.colour, row.symbol));
      label.setToolTipText(row.full.equals(row.text) ? null : "<html><pre>" + escaped(row.full) + "</pre></html>");
      return label;
    }

    private static String escaped(String text) {
      return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
  }

  /** A mark's colour and symbol, as on the map. */
  private static final class Badge implements Icon {
    private static final int SIZE = 16;
    private final Color colour;
    private final String symbol;

    Badge(Color colour, String symbol) {
      this.colour = colour;
      this.symbol = symbol;
    }

    @Override
    public void paintIcon(Component c, Graphics g, int x, int y) {
      final Graphics2D g2d = (Graphics2D) g.create();
      g2d.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g2d.setColor(colour);
      g2d.fillOval(x, y, SIZE, SIZE);
      g2d.setColor(Color.WHITE);
      g2d.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
      final int width = g2d.getFontMetrics().stringWidth(symbol);
      g2d.drawString(symbol, x + (SIZE - width) / 2, y + SIZE - 4);
      g2d.dispose();
    }

    @Override
    public int getIconWidth() {
      return SIZE;
    }

    @Override
    public int getIconHeight() {
      return SIZE;
    }
  }
}
