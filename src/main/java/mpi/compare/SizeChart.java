package mpi.compare;

import java.awt.geom.Rectangle2D;

import org.knowm.xchart.XYChart;

/**
 * An XChart XY chart that tells where it drew its plot, so that a value panel and the ratio
 * panel beneath it can be lined up on one size axis (their y labels differ in width).
 */
final class SizeChart extends XYChart {
    SizeChart(int width, int height) {
        super(width, height);
    }

    /** @return the plot's bounds in the last image drawn of this chart */
    Rectangle2D plotBounds() {
        return plot.getBounds();
    }

    /** Draws the next image {@code width} pixels wide. */
    void resize(int width) {
        setWidth(width);
    }
}
