package org.gcs.lab;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Writes time-series line charts as PNG files with XChart, in the style of the paper's rate-vs-time figures: a
 * title, axis titles with units, a legend, one line per series (no point markers), optional vertical lines with
 * labels marking phase boundaries. Rendering is headless ({@code java.awt.headless=true} is set before any AWT
 * class is used). NaN values leave gaps; values above the y-axis maximum are clipped at the top.
 *
 * <pre>{@code
 * ChartWriter.chart("Rate of boston's traffic", "time (s)", "rate (KB/s)")
 *         .series("sender (3-s average)", times, rates)
 *         .marker(60, "berkeley joins")
 *         .write(dir.resolve("rate.png"));
 * }</pre>
 */
public final class ChartWriter {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** Default width of a chart in pixels. */
    public static final int WIDTH = 900;
    /** Default height of a chart in pixels. */
    public static final int HEIGHT = 420;

    /** Line colours, in series order (the Tableau 10 palette: distinct, readable in print). */
    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14),
        new Color(44, 160, 44), new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75),
        new Color(227, 119, 194), new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207)};

    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final List<Line> lines = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private Double yMax;
    private double[] window;
    private int width = WIDTH;
    private int height = HEIGHT;

    private record Line(String name, double[] x, double[] y, float width) {
    }

    private record Marker(double x, String label) {
    }

    private ChartWriter(String title, String xTitle, String yTitle) {
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    /**
     * Starts a chart.
     *
     * @param title the chart's title
     * @param xTitle the x axis title with its unit, e.g. {@code time (s)}
     * @param yTitle the y axis title with its unit, e.g. {@code rate (KB/s)}
     * @return a chart to add series to
     */
    public static ChartWriter chart(String title, String xTitle, String yTitle) {
        return new ChartWriter(title, xTitle, yTitle);
    }

    /** Adds a line (its name appears in the legend); {@code x} and {@code y} have the same length. */
    public ChartWriter series(String name, double[] x, double[] y) {
        return series(name, x, y, 1.4f);
    }

    /** Adds a line of a given stroke width, e.g. a thicker line for the main series. */
    public ChartWriter series(String name, double[] x, double[] y, float strokeWidth) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(name + ": " + x.length + " x values but " + y.length + " y values");
        }
        lines.add(new Line(name, x.clone(), y.clone(), strokeWidth));
        return this;
    }

    /** Adds a vertical line at {@code x} with a label near the top (e.g. a phase boundary). */
    public ChartWriter marker(double x, String label) {
        markers.add(new Marker(x, label));
        return this;
    }

    /** Sets the top of the y axis (the bottom is 0); larger values are clipped. */
    public ChartWriter yMax(double max) {
        if (max > 0 && Double.isFinite(max)) {
            this.yMax = max;
        }
        return this;
    }

    /**
     * Shows only [xMin, xMax] × [yMin, yMax], with two decimals on the y axis (for ratios), instead of the default
     * axes from 0.
     *
     * @param xMin the left end of the x axis
     * @param xMax the right end; above xMin
     * @param yMin the bottom of the y axis
     * @param yMax the top; above yMin
     * @return this
     */
    public ChartWriter window(double xMin, double xMax, double yMin, double yMax) {
        if (!(xMin < xMax && yMin < yMax)) {
            throw new IllegalArgumentException("the window needs xMin < xMax and yMin < yMax, got [" + xMin + ", "
                    + xMax + "] × [" + yMin + ", " + yMax + "]");
        }
        this.window = new double[] {xMin, xMax, yMin, yMax};
        return this;
    }

    /** Sets the size in pixels. */
    public ChartWriter size(int widthPx, int heightPx) {
        this.width = widthPx;
        this.height = heightPx;
        return this;
    }

    /**
     * Renders the chart and writes it as a PNG file.
     *
     * @param file the file, ending in {@code .png}
     * @return the file
     */
    public Path write(Path file) {
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(225, 225, 225));
        chart.getStyler().setLegendBorderColor(Color.WHITE);
        chart.getStyler().setAntiAlias(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(niceCeiling(maxX()));
        double top = yMax != null ? yMax : autoMax();
        chart.getStyler().setYAxisMax(top);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        if (window != null) {
            chart.getStyler().setXAxisMin(window[0]);
            chart.getStyler().setXAxisMax(window[1]);
            chart.getStyler().setYAxisMin(window[2]);
            chart.getStyler().setYAxisMax(window[3]);
            chart.getStyler().setYAxisDecimalPattern("0.00");
        }
        chart.getStyler().setAnnotationLineColor(Color.GRAY);
        chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[] {4f, 4f}, 0f));
        chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);
        int index = 0;
        for (Line line : lines) {
            double[] y = line.y().clone();
            for (int i = 0; i < y.length; i++) {
                if (Double.isInfinite(y[i])) {
                    y[i] = Double.NaN;
                } else if (y[i] > top) {
                    y[i] = top;
                }
            }
            XYSeries series = chart.addSeries(line.name(), line.x(), y);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineStyle(new BasicStroke(line.width()));
            series.setLineColor(PALETTE[index++ % PALETTE.length]);
        }
        // XChart puts the ticks on data points when the x values are equally spaced (ours are: one per 100 ms),
        // which gives steps like 17 s; an invisible point off the grid makes it choose round steps instead
        XYSeries spacer = chart.addSeries(" ", new double[] {0, top > 0 ? 1e-3 : 0}, new double[] {0, 0});
        spacer.setMarker(SeriesMarkers.NONE);
        spacer.setLineColor(new Color(0, 0, 0, 0));
        spacer.setShowInLegend(false);
        for (Marker marker : markers) {
            AnnotationLine vertical = new AnnotationLine(marker.x(), true, false);
            chart.addAnnotation(vertical);
            if (marker.label() != null && !marker.label().isEmpty()) {
                AnnotationText text = new AnnotationText(marker.label(), marker.x(), top * 0.96, false);
                chart.addAnnotation(text);
            }
        }
        try {
            if (!javax.imageio.ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", file.toFile())) {
                throw new IOException("no PNG writer in this JDK");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    private double maxX() {
        double max = 0;
        for (Line line : lines) {
            for (double v : line.x()) {
                if (Double.isFinite(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }

    /** @return {@code value} rounded up to two significant digits (1 for nothing), e.g. 59.9 → 60, 361 → 370 */
    static double niceCeiling(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double step = Math.pow(10, Math.floor(Math.log10(value))) / 10;
        return Math.ceil(value / step - 1e-9) * step;
    }

    private double autoMax() {
        double max = 0;
        for (Line line : lines) {
            for (double v : line.y()) {
                if (Double.isFinite(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max > 0 ? max * 1.1 : 1;
    }
}
