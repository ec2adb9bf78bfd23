/*
 * The class-specific drawing of the demo's compositor (reference core-animation-geometry.md
 * §3.1 item 3, §4.1-4.2): CAShapeLayer's shape and CAGradientLayer's gradient, read by the
 * entry's layer handle (the render list carries no shape or gradient data) from the engine's
 * presentation values. Its Python twin is examples/demo/python/compositor_shape.py: the same
 * calls with the same numbers in the same order.
 *
 * Shape (drawn between the contents and the first sublayer; not clipped to the bounds):
 *   fill    path filled with fillColor by fillRule (non-zero, even-odd);
 *   stroke  over the fill, strokeColor, lineWidth (none when <= 0 [INFERRED]), lineCap,
 *           lineJoin, miterLimit, lineDashPattern with lineDashPhase (solid when the pattern
 *           has a negative number or sums to 0 [INFERRED]: Cairo refuses those), measured from
 *           the start of the stroked part [INFERRED: unverified, §4.1];
 *   trim    strokeStart and strokeEnd clamped to [0, 1] (the header's rule: the host clamps);
 *           start >= end strokes nothing [INFERRED]. When they cut the path, the stroked part
 *           is the arc-length interval [start L, end L] of the path flattened into lines
 *           (every quadratic and cubic curve in COMPOSITOR_CURVE_STEPS equal steps of its
 *           parameter; a close is its line back to the subpath's start), L the flattened
 *           length; the part is a polyline (its closes are plain corners, without the join a
 *           closed subpath has). Uncut (0 and 1) the path is stroked as it is, curves and
 *           closes included. An element before any move-to starts from (0, 0) [INFERRED: Core
 *           Graphics refuses such a path; the engine keeps it].
 * Gradient (drawn over the background, beneath the contents, clipped to the rounded bounds;
 *   the caller sets that clip):
 *   stops   the colours at locations when there are as many locations as colours, else
 *           evenly spaced (i / (n - 1)) [INFERRED for a count that differs]; one colour
 *           fills; none draws nothing; the end colours extend (Cairo's EXTEND_PAD);
 *   axial   a Cairo linear gradient from startPoint to endPoint in the bounds' unit space
 *           ((0, 0) the bounds' minimum corner, (1, 1) the maximum), so its lines of equal
 *           colour are perpendicular in unit space (§4.2 [INFERRED]);
 *   radial  a Cairo radial gradient of the unit circle mapped to the ellipse centred at
 *           startPoint with radii |endPoint - startPoint| along x and y;
 *   conic   Cairo has no conic gradient: a mesh of COMPOSITOR_CONIC_WEDGES wedges about
 *           startPoint (more where a location falls inside one: every location is a wedge
 *           edge), each a Coons patch with the colour of its two edge angles, reaching past
 *           the bounds; angle 0 towards endPoint, increasing from +x towards +y (§4.2), so
 *           inside a wedge the colour follows the chord, not the angle (an approximation
 *           within 1/COMPOSITOR_CONIC_WEDGES of a turn), and where the last colour meets the
 *           first (angle 0) Cairo's mesh rasteriser may bleed one into the other by a pixel;
 *   coincident points, a zero radius or empty bounds (undefined in Core Animation) fill
 *   with the last colour [INFERRED].
 * Every colour is multiplied by the entry's instance_color and alpha (as a CALayer's are).
 */
#ifndef ANIMCORE_DEMO_COMPOSITOR_SHAPE_H
#define ANIMCORE_DEMO_COMPOSITOR_SHAPE_H

#include <animcore.h>
#include <cairo.h>

#define COMPOSITOR_CURVE_STEPS 32  /* lines per curve when a stroke is trimmed */
#define COMPOSITOR_CONIC_WEDGES 64 /* wedges of a conic gradient's full turn */

/* The keys the compositor reads a shape or gradient layer by. */
typedef struct compositor_layer_keys {
    ac_key path, fill_color, fill_rule, stroke_color, stroke_start, stroke_end, line_width,
        miter_limit, line_cap, line_join, line_dash_phase, line_dash_pattern;
    ac_key colors, locations, start_point, end_point, type;
} compositor_layer_keys;

/* What a layer draws of its class's own (compositor_layer_kind()). */
enum { COMPOSITOR_PLAIN = 0, COMPOSITOR_SHAPE = 1, COMPOSITOR_GRADIENT = 2 };

/* The keys, interned in engine. */
void compositor_layer_keys_init(ac_engine *engine, compositor_layer_keys *keys);
/* COMPOSITOR_SHAPE when the layer holds a non-empty path at "path" (a CAShapeLayer or a class
 * based on it), COMPOSITOR_GRADIENT when it holds colours at "colors", else COMPOSITOR_PLAIN. */
int compositor_layer_kind(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer);
/* The shape of layer onto cr (whose matrix maps the layer's plane), its colours multiplied
 * by tint (the entry's instance colour) and alpha. */
void compositor_draw_shape(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer,
                           cairo_t *cr, const double *tint, double alpha);
/* The gradient of layer over bounds (x, y, width, height) onto cr (clipped by the caller). */
void compositor_draw_gradient(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer,
                              cairo_t *cr, const double *bounds, const double *tint, double alpha);

#endif
