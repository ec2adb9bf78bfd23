"""CAShapeLayer's shape and CAGradientLayer's gradient drawn with pycairo — the Python twin of
examples/demo/c/compositor_shape.c, call for call, with the same numbers in the same order (the
rules: examples/demo/c/compositor_shape.h). The values are the layer's presentation values,
read by the render entry's layer handle: the render list carries no shape or gradient data.
"""

from __future__ import annotations

import math
from typing import Any, List, Optional, Sequence, Tuple

import cairo
from animcore import AnimcoreError, FillRule, GradientType, Path, PathElementType

CURVE_STEPS = 32  # lines per curve when a stroke is trimmed
CONIC_WEDGES = 64  # wedges of a conic gradient's full turn

PLAIN, SHAPE, GRADIENT = 0, 1, 2  # what a layer draws of its class's own

_CAPS = (cairo.LINE_CAP_BUTT, cairo.LINE_CAP_ROUND, cairo.LINE_CAP_SQUARE)
_JOINS = (cairo.LINE_JOIN_MITER, cairo.LINE_JOIN_ROUND, cairo.LINE_JOIN_BEVEL)

Elements = List[Tuple[PathElementType, List[float]]]


def _presented(layer: Any, key: str, fallback: Any) -> Any:
    """A presentation value of the layer; fallback when it cannot be read."""
    try:
        return layer.presentation_value(key)
    except (AnimcoreError, KeyError):
        return fallback


def layer_kind(layer: Any) -> int:
    """SHAPE when the layer holds a non-empty path at "path", GRADIENT when it holds colours at
    "colors", else PLAIN (compositor_layer_kind())."""
    path = _presented(layer, "path", None)
    if isinstance(path, Path) and len(path) > 0:
        return SHAPE
    colors = _presented(layer, "colors", None)
    if isinstance(colors, list) and len(colors) > 0:
        return GRADIENT
    return PLAIN


def _elements(path: Path) -> Elements:
    return [(e.type, [float(v) for point in e.points for v in point]) for e in path]


def _build_path(cr: Any, elements: Elements) -> None:
    """The path as Cairo's (a quadratic curve raised to the cubic through the same points)."""
    x, y = 0.0, 0.0
    cr.new_path()
    cr.move_to(0.0, 0.0)  # an element before any move-to starts from (0, 0)
    for kind, p in elements:
        if kind is PathElementType.MOVE_TO:
            cr.move_to(p[0], p[1])
        elif kind is PathElementType.LINE_TO:
            cr.line_to(p[0], p[1])
        elif kind is PathElementType.QUAD_CURVE_TO:
            cr.curve_to(
                x + 2.0 / 3.0 * (p[0] - x), y + 2.0 / 3.0 * (p[1] - y),
                p[2] + 2.0 / 3.0 * (p[0] - p[2]), p[3] + 2.0 / 3.0 * (p[1] - p[3]), p[2], p[3],
            )  # fmt: skip
        elif kind is PathElementType.CURVE_TO:
            cr.curve_to(p[0], p[1], p[2], p[3], p[4], p[5])
        else:
            cr.close_path()
        x, y = cr.get_current_point()


class _Trim:
    """The stroked part of a flattened path: [from, to] of its arc length (to < 0: measure)."""

    def __init__(self, cr: Any, start: float, end: float) -> None:
        self.cr = cr
        self.start, self.end = start, end
        self.length = 0.0  # the arc length walked so far
        self.x, self.y = 0.0, 0.0
        self.drawing = False  # the last line ended inside: the next one continues it

    def move(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self.drawing = False

    def line(self, x: float, y: float) -> None:
        """A line from the current point to (x, y): its part inside [from, to] drawn."""
        dx, dy = x - self.x, y - self.y
        l = math.sqrt(dx * dx + dy * dy)  # noqa: E741
        start, end = self.length, self.length + l
        if self.end >= 0.0 and l > 0.0:
            lo = self.start if self.start > start else start
            hi = self.end if self.end < end else end
            if hi > lo:
                f0, f1 = (lo - start) / l, (hi - start) / l
                if not (self.drawing and lo == start):
                    self.cr.move_to(self.x + f0 * dx, self.y + f0 * dy)
                self.cr.line_to(self.x + f1 * dx, self.y + f1 * dy)
                self.drawing = hi == end
            else:
                self.drawing = False
        self.length = end
        self.x, self.y = x, y


def _flatten(t: _Trim, elements: Elements) -> None:
    """The path walked as lines: curves in CURVE_STEPS steps of their parameter."""
    sx, sy = 0.0, 0.0
    t.move(0.0, 0.0)
    for kind, p in elements:
        x0, y0 = t.x, t.y
        if kind is PathElementType.MOVE_TO:
            t.move(p[0], p[1])
            sx, sy = p[0], p[1]
        elif kind is PathElementType.LINE_TO:
            t.line(p[0], p[1])
        elif kind is PathElementType.QUAD_CURVE_TO:
            for k in range(1, CURVE_STEPS + 1):
                s = k / CURVE_STEPS
                r = 1.0 - s
                t.line(r * r * x0 + 2.0 * r * s * p[0] + s * s * p[2],
                       r * r * y0 + 2.0 * r * s * p[1] + s * s * p[3])  # fmt: skip
        elif kind is PathElementType.CURVE_TO:
            for k in range(1, CURVE_STEPS + 1):
                s = k / CURVE_STEPS
                r = 1.0 - s
                a, b, c, d = r * r * r, 3.0 * r * r * s, 3.0 * r * s * s, s * s * s
                t.line(a * x0 + b * p[0] + c * p[2] + d * p[4], a * y0 + b * p[1] + c * p[3] + d * p[5])
        else:
            t.line(sx, sy)


def _stroked_path(cr: Any, elements: Elements, start: float, end: float) -> None:
    """The stroked part of the path as cr's path: all of it, or the trimmed polyline."""
    if start <= 0.0 and end >= 1.0:
        _build_path(cr, elements)
        return
    measure = _Trim(cr, 0.0, -1.0)
    _flatten(measure, elements)
    part = _Trim(cr, start * measure.length, end * measure.length)
    cr.new_path()
    _flatten(part, elements)


def _clamp01(v: float) -> float:
    return 0.0 if v < 0.0 else (1.0 if v > 1.0 else v)


def _set_dash(layer: Any, cr: Any) -> None:
    """lineDashPattern with lineDashPhase, or solid (a negative number or a sum of 0)."""
    cr.set_dash([], 0.0)
    dashes = _presented(layer, "lineDashPattern", [])
    if not dashes:
        return
    valid, total = True, 0.0
    for dash in dashes:
        if dash < 0.0:
            valid = False
        total += dash
    if valid and total > 0.0:
        cr.set_dash([float(d) for d in dashes], float(_presented(layer, "lineDashPhase", 0.0)))


def _set_stroke_style(layer: Any, cr: Any, width: float) -> None:
    cap = int(_presented(layer, "lineCap", 0))
    join = int(_presented(layer, "lineJoin", 0))
    miter = float(_presented(layer, "miterLimit", 10.0))
    cr.set_line_width(width)
    cr.set_line_cap(_CAPS[cap if 0 <= cap <= 2 else 0])
    cr.set_line_join(_JOINS[join if 0 <= join <= 2 else 0])
    cr.set_miter_limit(miter if miter > 1.0 else 1.0)
    _set_dash(layer, cr)


def _set_tinted(cr: Any, color: Sequence[float], tint: Sequence[float], alpha: float) -> None:
    cr.set_source_rgba(color[0] * tint[0], color[1] * tint[1], color[2] * tint[2], color[3] * tint[3] * alpha)


def draw_shape(layer: Any, cr: Any, tint: Sequence[float], alpha: float) -> None:
    """The shape of layer onto cr (whose matrix maps the layer's plane), its colours
    multiplied by tint and alpha (compositor_draw_shape())."""
    path = _presented(layer, "path", None)
    if not isinstance(path, Path) or len(path) == 0:
        return
    elements = _elements(path)
    fill = [float(v) for v in _presented(layer, "fillColor", (0.0, 0.0, 0.0, 1.0))]
    stroke = [float(v) for v in _presented(layer, "strokeColor", (0.0, 0.0, 0.0, 0.0))]
    rule = int(_presented(layer, "fillRule", 0))
    width = float(_presented(layer, "lineWidth", 1.0))
    start = _clamp01(float(_presented(layer, "strokeStart", 0.0)))
    end = _clamp01(float(_presented(layer, "strokeEnd", 1.0)))
    cr.save()
    if fill[3] > 0.0:
        _build_path(cr, elements)
        cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if rule == FillRule.EVEN_ODD else cairo.FILL_RULE_WINDING)
        _set_tinted(cr, fill, tint, alpha)
        cr.fill()
    if stroke[3] > 0.0 and width > 0.0 and start < end:
        _stroked_path(cr, elements, start, end)
        _set_stroke_style(layer, cr, width)
        _set_tinted(cr, stroke, tint, alpha)
        cr.stroke()
    cr.new_path()
    cr.restore()


# ---- Gradients ----------------------------------------------------------------------------


class _Stops:
    """The gradient's stops: n colours at offsets."""

    def __init__(self, rgba: List[List[float]], at: List[float]) -> None:
        self.n = len(rgba)
        self.rgba, self.at = rgba, at


def _read_stops(layer: Any) -> Optional[_Stops]:
    colors = _presented(layer, "colors", [])
    if not colors:
        return None
    rgba = [[float(v) for v in color] for color in colors]
    n = len(rgba)
    locations = _presented(layer, "locations", [])
    if len(locations) == n:
        at = [float(v) for v in locations]
    else:
        at = [i / (n - 1) if n > 1 else 0.0 for i in range(n)]
    return _Stops(rgba, at)


def _color_at(s: _Stops, t: float) -> List[float]:
    """The colour of the stops at t: linear between neighbouring stops, the ends beyond."""
    k = 0
    while k < s.n and s.at[k] <= t:
        k += 1
    a = s.rgba[0 if k == 0 else k - 1]
    b = s.rgba[s.n - 1 if k == s.n else k]
    span = 0.0 if k == 0 or k == s.n else s.at[k] - s.at[k - 1]
    f = (t - s.at[k - 1]) / span if span > 0.0 else 0.0
    return [a[c] + (b[c] - a[c]) * f for c in range(4)]


def _add_stops(pattern: Any, s: _Stops, tint: Sequence[float], alpha: float) -> None:
    for i in range(s.n):
        c = s.rgba[i]
        pattern.add_color_stop_rgba(
            _clamp01(s.at[i]), c[0] * tint[0], c[1] * tint[1], c[2] * tint[2], c[3] * tint[3] * alpha
        )
    pattern.set_extend(cairo.EXTEND_PAD)


def _conic_wedge(
    mesh: Any, s: _Stops, tint: Sequence[float], alpha: float, c: Sequence[float], r: float,
    a0: float, a1: float, t0: float, t1: float,
) -> None:  # fmt: skip
    """One wedge of a conic gradient, from angle a0 to a1 about c, in the colours of t0, t1."""
    c0, c1 = _color_at(s, t0), _color_at(s, t1)
    mesh.begin_patch()
    mesh.move_to(c[0], c[1])
    mesh.line_to(c[0] + r * math.cos(a0), c[1] + r * math.sin(a0))
    mesh.line_to(c[0] + r * math.cos(a1), c[1] + r * math.sin(a1))
    mesh.line_to(c[0], c[1])
    for corner in range(4):
        k = c0 if corner < 2 else c1
        mesh.set_corner_color_rgba(corner, k[0] * tint[0], k[1] * tint[1], k[2] * tint[2], k[3] * tint[3] * alpha)
    mesh.end_patch()


def _conic_pattern(
    s: _Stops, tint: Sequence[float], alpha: float, sp: Sequence[float], ep: Sequence[float]
) -> Any:
    """The conic gradient about sp (unit space), angle 0 towards ep: wedges of at most a
    CONIC_WEDGES-th of a turn, cut at every location."""
    mesh = cairo.MeshPattern()
    a0, r = math.atan2(ep[1] - sp[1], ep[0] - sp[0]), 0.0
    for cx, cy in ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)):
        dx, dy = cx - sp[0], cy - sp[1]
        d = math.sqrt(dx * dx + dy * dy)
        if d > r:
            r = d
    r = 2.0 * r + 1.0  # past the bounds, beyond a wedge's chord too
    t = 0.0
    while t < 1.0:
        nxt = math.floor(t * CONIC_WEDGES + 1.0) / CONIC_WEDGES
        for at in s.at:
            if t < at < nxt:
                nxt = at
        if nxt > 1.0:
            nxt = 1.0
        _conic_wedge(mesh, s, tint, alpha, sp, r, a0 + 2.0 * math.pi * t, a0 + 2.0 * math.pi * nxt, t, nxt)
        t = nxt
    return mesh


def _gradient_pattern(
    cr: Any, kind: int, s: _Stops, tint: Sequence[float], alpha: float,
    sp: Sequence[float], ep: Sequence[float],
) -> Any:  # fmt: skip
    """The gradient's pattern in unit space (cr's matrix maps it); None when undefined."""
    dx, dy = ep[0] - sp[0], ep[1] - sp[1]
    if kind == GradientType.RADIAL:
        rx, ry = abs(dx), abs(dy)
        if not (rx > 0.0 and ry > 0.0):
            return None
        cr.translate(sp[0], sp[1])
        cr.scale(rx, ry)
        radial = cairo.RadialGradient(0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
        _add_stops(radial, s, tint, alpha)
        return radial
    if dx == 0.0 and dy == 0.0:
        return None
    if kind == GradientType.CONIC:
        return _conic_pattern(s, tint, alpha, sp, ep)
    pattern = cairo.LinearGradient(sp[0], sp[1], ep[0], ep[1])
    _add_stops(pattern, s, tint, alpha)
    return pattern


def draw_gradient(layer: Any, cr: Any, bounds: Sequence[float], tint: Sequence[float], alpha: float) -> None:
    """The gradient of layer over bounds onto cr, clipped by the caller
    (compositor_draw_gradient())."""
    s = _read_stops(layer)
    if s is None:
        return
    sp = [float(v) for v in _presented(layer, "startPoint", (0.5, 0.0))]
    ep = [float(v) for v in _presented(layer, "endPoint", (0.5, 1.0))]
    kind = int(_presented(layer, "type", 0))
    pattern = None
    cr.save()
    if bounds[2] > 0.0 and bounds[3] > 0.0 and s.n > 1:
        cr.translate(bounds[0], bounds[1])
        cr.scale(bounds[2], bounds[3])
        pattern = _gradient_pattern(cr, kind, s, tint, alpha, sp, ep)
    if pattern is not None:
        cr.set_source(pattern)
    else:
        _set_tinted(cr, s.rgba[s.n - 1], tint, alpha)
    cr.paint()
    cr.restore()
