"""The demo's compositor in pycairo: draws an animcore render list (``RenderList.fill()``, a
NumPy structured array) as Core Animation's render server would — the Python twin of
examples/demo/c/compositor.c, call for call, with the same numbers in the same order, so both
draw the same pixels. The rules (draw order, clips, groups, masks, and how a layer in
perspective is drawn as a grid of affine triangles) are written out in
examples/demo/c/compositor.h.

    comp = Compositor(engine)                  # engine: shape and gradient layers' values
    comp.set_contents(token, surface)          # the host's surface for a contents token
    comp.draw(cr, render.fill(root))

Shape and gradient layers are drawn by compositor_shape.py (the twin of compositor_shape.c);
transitions' snapshots are kept here as compositor.c keeps them.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Tuple

import cairo
import numpy as np
from animcore import ContentsGravity, CornerMask, RenderFlag, TransitionLayering, TransitionState

import compositor_shape

GRID = 16  # cells per side of a layer drawn in perspective
MARGIN = 2.0  # how far (in the layer's units) the grid reaches past the bounds
ARC_STEPS = 8  # chords per rounded corner of a clip in perspective
BLUR_SIGMAS = 3.0  # the shadow blur's kernel reaches 3 sigma
BLUR_MAX_REACH = 64  # ... but at most 64 device pixels either side
KERNEL_ONE = 4096  # the kernel's fixed point: the centre weight
TINT_ONE = 65536  # an instance colour component's fixed point: 1
MAX_SNAPSHOTS = 16  # transitions' old images kept at once

PART_OWN, PART_BORDER = 1, 2  # background and contents; the border (after sublayers)

Point = Tuple[float, float]


class _Entry:
    """One render list entry's fields as Python numbers (the C struct's fields)."""

    __slots__ = (
        "layer", "parent", "subtree_end", "mask", "flags", "matrix", "bounds", "opacity", "alpha",
        "background_color", "border_color", "border_width", "corner_radius",
        "contents_rect", "contents_scale", "contents", "contents_gravity", "masked_corners",
        "shadow_color", "shadow_opacity", "shadow_radius", "shadow_offset", "contents_center",
        "instance_color", "transition_id", "transition_old_offset", "transition_new_offset",
        "transition_old_alpha", "transition_new_alpha", "transition_layering", "transition_state",
    )  # fmt: skip

    def __init__(self, row: Any) -> None:
        self.layer = int(row["layer"])
        self.parent = int(row["parent"])
        self.subtree_end = int(row["subtree_end"])
        self.mask = int(row["mask"])
        self.flags = int(row["flags"])
        self.matrix: List[float] = [float(v) for v in row["matrix"].ravel()]
        self.bounds: List[float] = [float(v) for v in row["bounds"]]
        self.opacity = float(row["opacity"])
        self.alpha = float(row["alpha"])
        self.background_color: List[float] = [float(v) for v in row["background_color"]]
        self.border_color: List[float] = [float(v) for v in row["border_color"]]
        self.border_width = float(row["border_width"])
        self.corner_radius = float(row["corner_radius"])
        self.contents_rect: List[float] = [float(v) for v in row["contents_rect"]]
        self.contents_scale = float(row["contents_scale"])
        self.contents = int(row["contents"])
        self.contents_gravity = int(row["contents_gravity"])
        self.masked_corners = int(row["masked_corners"])
        self.shadow_color: List[float] = [float(v) for v in row["shadow_color"]]
        self.shadow_opacity = float(row["shadow_opacity"])
        self.shadow_radius = float(row["shadow_radius"])
        self.shadow_offset: List[float] = [float(v) for v in row["shadow_offset"]]
        self.contents_center: List[float] = [float(v) for v in row["contents_center"]]
        self.instance_color: List[float] = [float(v) for v in row["instance_color"]]
        self.transition_id = int(row["transition_id"])
        self.transition_old_offset: List[float] = [float(v) for v in row["transition_old_offset"]]
        self.transition_new_offset: List[float] = [float(v) for v in row["transition_new_offset"]]
        self.transition_old_alpha = float(row["transition_old_alpha"])
        self.transition_new_alpha = float(row["transition_new_alpha"])
        self.transition_layering = int(row["transition_layering"])
        self.transition_state = int(row["transition_state"])


def _is_affine(m: List[float]) -> bool:
    return m[3] == 0.0 and m[7] == 0.0 and m[15] == 1.0


def _invertible(xx: float, yx: float, xy: float, yy: float) -> bool:
    """A 2D map Cairo can invert (a layer seen edge-on is not drawn: it covers no area)."""
    det = xx * yy - yx * xy
    return abs(det) > 1e-9


def _project(m: List[float], x: float, y: float) -> Tuple[float, float, float]:
    """(x, y, 0, 1) . M: w and the point divided by it (when w > 0)."""
    X = x * m[0] + y * m[4] + m[12]
    Y = x * m[1] + y * m[5] + m[13]
    W = x * m[3] + y * m[7] + m[15]
    if W > 0.0:
        return W, X / W, Y / W
    return W, 0.0, 0.0


def _own_alpha(e: _Entry) -> float:
    """What an entry's own drawing is multiplied by: its alpha, or 1 inside the group it opens
    (drawn as if opaque, the group blended at opacity * alpha)."""
    return 1.0 if e.flags & RenderFlag.OPACITY_GROUP else e.alpha


def _instance_tinted(e: _Entry, color: List[float]) -> List[float]:
    """A colour the entry draws, multiplied component by component by its instance_color (the
    replicator instances it is drawn in; (1, 1, 1, 1) outside replicators)."""
    return [color[c] * e.instance_color[c] for c in range(4)]


def _tint_factor(component: float) -> int:
    """The fixed-point factor (TINT_ONE = 1) of one instance colour component."""
    return int(math.floor(component * TINT_ONE + 0.5))


def _instance_tinted_surface(e: _Entry, surface: cairo.ImageSurface) -> cairo.ImageSurface:
    """The contents' surface with its red, green and blue multiplied by the entry's instance
    colour (its alpha goes into the paint's alpha): a new ARGB32 copy, each premultiplied
    channel v becoming (v * f + TINT_ONE // 2) // TINT_ONE in integers, as compositor.c's
    instance_tinted_surface(); surface itself when r = g = b = 1."""
    ic = e.instance_color
    if ic[0] == 1.0 and ic[1] == 1.0 and ic[2] == 1.0:
        return surface
    width, height = surface.get_width(), surface.get_height()
    out = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    cr = cairo.Context(out)
    cr.set_source_surface(surface, 0, 0)
    cr.set_operator(cairo.OPERATOR_SOURCE)
    cr.paint()
    del cr
    out.flush()
    stride = out.get_stride()
    pixels = np.ndarray((height, stride // 4), dtype=np.uint32, buffer=out.get_data())[:, :width]
    p = pixels.astype(np.int64)
    q = p & 0xFF000000
    for c, component in enumerate((ic[2], ic[1], ic[0])):  # the b, g, r bytes
        v = (p >> (8 * c)) & 0xFF
        q |= ((v * _tint_factor(component) + TINT_ONE // 2) // TINT_ONE) << (8 * c)
    pixels[:, :] = q.astype(np.uint32)
    out.mark_dirty()
    return out


def _corner_radius(e: _Entry) -> float:
    r, half_w, half_h = e.corner_radius, e.bounds[2] / 2.0, e.bounds[3] / 2.0
    if r > half_w:
        r = half_w
    if r > half_h:
        r = half_h
    return r if r > 0.0 else 0.0


def _corner_radii(r: float, corners: int) -> List[float]:
    """The radii of the corners (x0 y0), (x1 y0), (x1 y1), (x0 y1)."""
    return [
        r if corners & CornerMask.MIN_X_MIN_Y else 0.0,
        r if corners & CornerMask.MAX_X_MIN_Y else 0.0,
        r if corners & CornerMask.MAX_X_MAX_Y else 0.0,
        r if corners & CornerMask.MIN_X_MAX_Y else 0.0,
    ]


def _rounded_path(cr: Any, x: float, y: float, width: float, height: float, radii: List[float]) -> None:
    """A rounded rectangle as a closed subpath: corner by corner, clockwise on a y-down screen."""
    x1, y1 = x + width, y + height
    cx = [x + radii[0], x1 - radii[1], x1 - radii[2], x + radii[3]]
    cy = [y + radii[0], y + radii[1], y1 - radii[2], y1 - radii[3]]
    px, py = [x, x1, x1, x], [y, y, y1, y1]
    cr.new_sub_path()
    for k in range(4):
        a0 = math.pi + k * (math.pi / 2.0)
        if radii[k] > 0.0:
            cr.arc(cx[k], cy[k], radii[k], a0, a0 + math.pi / 2.0)
        else:
            cr.line_to(px[k], py[k])
    cr.close_path()


def _draw_piece(
    cr: Any, surface: cairo.ImageSurface, flipped: bool, src: List[float], dst: List[float],
    clip: List[float], aa: bool, alpha: float,
) -> None:  # fmt: skip
    """One piece of the contents: source pixels src (x, y, w, h) drawn into the layer's
    rectangle dst, mirrored in y when flipped, clipped to clip (with antialiasing, or without:
    the nine parts' inner cuts tile the plane then)."""
    cr.save()
    cr.rectangle(clip[0], clip[1], clip[2], clip[3])
    if not aa:
        cr.set_antialias(cairo.ANTIALIAS_NONE)
    cr.clip()
    cr.set_antialias(cairo.ANTIALIAS_DEFAULT)
    if flipped:
        cr.translate(dst[0], dst[1] + dst[3])
        cr.scale(dst[2] / src[2], -(dst[3] / src[3]))
    else:
        cr.translate(dst[0], dst[1])
        cr.scale(dst[2] / src[2], dst[3] / src[3])
    cr.set_source_surface(surface, -src[0], -src[1])
    cr.get_source().set_extend(cairo.EXTEND_PAD)  # edge pixels extended
    cr.paint_with_alpha(alpha)
    cr.restore()


def _nine_axis(
    s0: float, ss: float, c0: float, cs: float, scale: float, d0: float, ds: float
) -> Tuple[List[float], List[float]]:
    """One axis of the nine parts: the source cuts (pixels) and the destination cuts (layer
    units), as compositor.c's nine_axis(): caps at their logical size, a centre narrower than
    a pixel widened to one source pixel, caps wider than ds shrunk in proportion [INFERRED]."""
    a = 0.0 if c0 < 0.0 else (1.0 if c0 > 1.0 else c0)
    b = c0 + cs
    b = a if b < a else (1.0 if b > 1.0 else b)
    s = [s0, s0 + a * ss, s0 + b * ss, s0 + ss]
    if s[2] - s[1] < 1.0:
        mid = (s[1] + s[2]) / 2.0
        s[1] = mid - 0.5
        s[2] = mid + 0.5
    lead, trail = (s[1] - s[0]) / scale, (s[3] - s[2]) / scale
    if lead < 0.0:
        lead = 0.0
    if trail < 0.0:
        trail = 0.0
    if lead + trail > ds:
        f = ds / (lead + trail)
        lead = lead * f
        trail = trail * f
    return s, [d0, d0 + lead, d0 + ds - trail, d0 + ds]


def _draw_nine_part(
    cr: Any, surface: cairo.ImageSurface, e: _Entry, src: List[float], dst: List[float],
    alpha: float,
) -> None:  # fmt: skip
    """contentsCenter: the contents in nine parts (see compositor.c's draw_nine_part())."""
    cc = e.contents_center
    flipped = bool(e.flags & RenderFlag.CONTENTS_FLIPPED)
    margin = dst[2] + dst[3] + 1.0
    xs, xd = _nine_axis(src[0], src[2], cc[0], cc[2], e.contents_scale, dst[0], dst[2])
    ys, yd = _nine_axis(src[1], src[3], cc[1], cc[3], e.contents_scale, 0.0, dst[3])
    cr.save()
    cr.rectangle(dst[0], dst[1], dst[2], dst[3])
    cr.clip()
    for j in range(3):
        y0 = dst[1] + dst[3] - yd[j + 1] if flipped else dst[1] + yd[j]
        y1 = dst[1] + dst[3] - yd[j] if flipped else dst[1] + yd[j + 1]
        for i in range(3):
            piece = [xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j]]
            to = [xd[i], y0, xd[i + 1] - xd[i], y1 - y0]
            cx0 = xd[0] - margin if i == 0 else xd[i]
            cx1 = xd[3] + margin if i == 2 else xd[i + 1]
            cy0 = y0 - margin if (j == 2 if flipped else j == 0) else y0
            cy1 = y1 + margin if (j == 0 if flipped else j == 2) else y1
            clip = [cx0, cy0, cx1 - cx0, cy1 - cy0]
            if not (piece[2] > 0.0 and piece[3] > 0.0 and to[2] > 0.0 and to[3] > 0.0):
                continue
            _draw_piece(cr, surface, flipped, piece, to, clip, False, alpha)
    cr.restore()


def _casts_shadow(e: _Entry) -> bool:
    if e.flags & RenderFlag.SUBLAYERS_ONLY:
        return False
    return e.shadow_opacity > 0.0 and e.shadow_color[3] > 0.0


def _blur_kernel(sigma: float) -> List[int]:
    """The blur's integer weights k[0 .. reach] (compositor.c's blur_kernel(), same
    expressions: a Gaussian of sigma device pixels in fixed point KERNEL_ONE, reaching
    ceil(3 sigma), at most BLUR_MAX_REACH)."""
    reach = 0
    if sigma > 0.0:
        r = math.ceil(BLUR_SIGMAS * sigma)
        reach = BLUR_MAX_REACH if r > BLUR_MAX_REACH else int(r)
    k = [KERNEL_ONE]
    for d in range(1, reach + 1):
        weight = KERNEL_ONE * math.exp(-float(d * d) / (2.0 * sigma * sigma))
        k.append(int(math.floor(weight + 0.5)))
    return k


def _blur_rows(a: "np.ndarray[Any, Any]", k: List[int]) -> "np.ndarray[Any, Any]":
    """One pass of the separable blur along each row of a (uint8): the kernel-weighted sum
    within reach (zero outside) divided by the total, rounded half up — compositor.c's
    blur_line() in int64 NumPy, so the bytes are the same."""
    reach = len(k) - 1
    total = k[0] + 2 * sum(k[1:])
    height, n = a.shape
    padded = np.zeros((height, n + 2 * reach), dtype=np.int64)
    padded[:, reach : reach + n] = a
    acc = np.zeros((height, n), dtype=np.int64)
    for d in range(-reach, reach + 1):
        acc += k[abs(d)] * padded[:, reach + d : reach + d + n]
    out: "np.ndarray[Any, Any]" = ((acc + total // 2) // total).astype(np.uint8)
    return out


def _blurred_alpha(layer: cairo.ImageSurface, k: List[int]) -> cairo.ImageSurface:
    """The shadow's mask: layer's alpha (ARGB32: the top byte of each native 32-bit pixel)
    blurred, rows first, then columns, in a new A8 surface — only within the non-zero pixels'
    box widened by the reach (compositor.c's blur_box(): zero elsewhere, the same bytes)."""
    width, height, stride = layer.get_width(), layer.get_height(), layer.get_stride()
    reach = len(k) - 1
    layer.flush()
    pixels = np.frombuffer(layer.get_data(), dtype=np.uint32).reshape(height, stride // 4)
    alpha = (pixels[:, :width] >> 24).astype(np.uint8)
    mask = cairo.ImageSurface(cairo.FORMAT_A8, width, height)
    mask.flush()
    out = np.ndarray((height, mask.get_stride()), dtype=np.uint8, buffer=mask.get_data())
    ys, xs = np.nonzero(alpha.any(axis=1))[0], np.nonzero(alpha.any(axis=0))[0]
    if len(xs):
        x0, x1 = max(int(xs[0]) - reach, 0), min(int(xs[-1]) + reach, width - 1)
        y0, y1 = max(int(ys[0]) - reach, 0), min(int(ys[-1]) + reach, height - 1)
        box = alpha[y0 : y1 + 1, x0 : x1 + 1]
        out[y0 : y1 + 1, x0 : x1 + 1] = _blur_rows(_blur_rows(box, k).T.copy(), k).T
    mask.mark_dirty()
    return mask


class _Snapshot:
    """A transition's old image: the layer's last drawing in device pixels (None: the layer
    was not drawn), and the root's space into its pixels."""

    def __init__(self, layer: int, surface: Optional[cairo.ImageSurface], base: cairo.Matrix) -> None:
        self.layer = layer
        self.surface = surface
        self.base = base


class Compositor:
    """Draws render lists; holds the host's contents table (token -> surface), the engine
    whose shape and gradient layers it reads (None: they draw as plain layers), the list it
    drew last and the transitions' snapshots (by transition id)."""

    def __init__(self, engine: Any = None) -> None:
        self._contents: Dict[int, cairo.ImageSurface] = {}
        self._engine = engine
        self._cr: Any = None
        self._entries: List[_Entry] = []
        self._base = cairo.Matrix()
        self._previous: List[_Entry] = []
        self._snapshots: Dict[int, _Snapshot] = {}

    def set_contents(self, token: int, surface: cairo.ImageSurface) -> None:
        """Registers (or replaces) the surface drawn for layers whose contents token is token."""
        if token != 0:
            self._contents[int(token)] = surface

    def _surface(self, token: int) -> Optional[cairo.ImageSurface]:
        return self._contents.get(token)

    def draw(self, cr: Any, entries: Any) -> None:
        """Draws a render list (its root first) onto cr under cr's current matrix; takes and
        drops the transitions' snapshots the entries ask for and keeps the list."""
        self._cr = cr
        self._entries = [_Entry(row) for row in entries]
        self._base = cr.get_matrix()
        self._update_snapshots()
        if self._entries:
            cr.save()
            self._draw_entry(0)
            cr.restore()
            cr.set_matrix(self._base)
        self._keep_list()
        self._cr = None

    def _layer_kind(self, e: _Entry) -> int:
        """What the entry's layer draws of its class's own: a shape, a gradient or nothing."""
        if self._engine is None:
            return compositor_shape.PLAIN
        return compositor_shape.layer_kind(self._layer(e))

    def _layer(self, e: _Entry) -> Any:
        """The Layer of the entry's handle (the binding's one object per handle)."""
        return self._engine._wrap(e.layer)

    def _set_affine(self, m: List[float]) -> None:
        cr = self._cr
        cr.set_matrix(self._base)
        cr.transform(cairo.Matrix(m[0], m[1], m[4], m[5], m[12], m[13]))

    def _draw_contents(self, e: _Entry) -> None:
        """The contents: the registered surface, multiplied by the entry's instance colour,
        placed by gravity, cropped by contentsRect, in nine parts when contentsCenter is not
        the unit rect."""
        registered = self._surface(e.contents)
        if e.contents == 0 or registered is None:
            return
        self._place_contents(e, _instance_tinted_surface(e, registered))

    def _place_contents(self, e: _Entry, surface: cairo.ImageSurface) -> None:
        """The contents (already multiplied by the instance colour's red, green and blue)
        placed by gravity, cropped by contentsRect, in nine parts when contentsCenter is not
        the unit rect."""
        cr = self._cr
        iw, ih = float(surface.get_width()), float(surface.get_height())
        sx, sy = e.contents_rect[0] * iw, e.contents_rect[1] * ih
        sw, sh = e.contents_rect[2] * iw, e.contents_rect[3] * ih
        if not (sw > 0.0 and sh > 0.0 and e.contents_scale > 0.0):
            return
        cw, ch = sw / e.contents_scale, sh / e.contents_scale  # the logical size
        W, H = e.bounds[2], e.bounds[3]
        dx, dy, dw, dh = 0.0, 0.0, cw, ch
        g = e.contents_gravity
        if g == ContentsGravity.RESIZE:
            dw, dh = W, H
        elif g in (ContentsGravity.RESIZE_ASPECT, ContentsGravity.RESIZE_ASPECT_FILL):
            s = W / cw if W / cw < H / ch else H / ch
            if g == ContentsGravity.RESIZE_ASPECT_FILL:
                s = W / cw if W / cw > H / ch else H / ch
            dw = cw * s
            dh = ch * s
            dx = (W - dw) / 2.0
            dy = (H - dh) / 2.0
        elif g == ContentsGravity.TOP:
            dx, dy = (W - cw) / 2.0, H - ch
        elif g == ContentsGravity.BOTTOM:
            dx = (W - cw) / 2.0
        elif g == ContentsGravity.LEFT:
            dy = (H - ch) / 2.0
        elif g == ContentsGravity.RIGHT:
            dx, dy = W - cw, (H - ch) / 2.0
        elif g == ContentsGravity.TOP_LEFT:
            dy = H - ch
        elif g == ContentsGravity.TOP_RIGHT:
            dx, dy = W - cw, H - ch
        elif g == ContentsGravity.BOTTOM_LEFT:
            pass
        elif g == ContentsGravity.BOTTOM_RIGHT:
            dx = W - cw
        else:  # CENTER
            dx, dy = (W - cw) / 2.0, (H - ch) / 2.0
        dx = dx + e.bounds[0]
        dy = dy + e.bounds[1]
        if not (dw > 0.0 and dh > 0.0):
            return
        src, dst = [sx, sy, sw, sh], [dx, dy, dw, dh]
        c = e.contents_center
        alpha = _own_alpha(e) * e.instance_color[3]
        if c[0] == 0.0 and c[1] == 0.0 and c[2] == 1.0 and c[3] == 1.0:
            flipped = bool(e.flags & RenderFlag.CONTENTS_FLIPPED)
            _draw_piece(cr, surface, flipped, src, dst, dst, True, alpha)
        else:
            _draw_nine_part(cr, surface, e, src, dst, alpha)

    def _draw_part(self, e: _Entry, part: int) -> None:
        """One part of an entry's own drawing, in its plane (cr's matrix maps the plane)."""
        cr = self._cr
        r = _corner_radius(e)
        b = e.bounds
        radii = _corner_radii(r, e.masked_corners)
        if part == PART_OWN:
            kind = self._layer_kind(e)
            if e.background_color[3] > 0.0:
                cr.new_path()
                _rounded_path(cr, b[0], b[1], b[2], b[3], radii)
                c = _instance_tinted(e, e.background_color)
                cr.set_source_rgba(c[0], c[1], c[2], c[3] * _own_alpha(e))
                cr.fill()
            if kind == compositor_shape.GRADIENT:  # over the background, in the rounded bounds
                cr.save()
                cr.new_path()
                _rounded_path(cr, b[0], b[1], b[2], b[3], radii)
                cr.clip()
                compositor_shape.draw_gradient(self._layer(e), cr, b, e.instance_color, _own_alpha(e))
                cr.restore()
            self._draw_contents(e)
            if kind == compositor_shape.SHAPE:  # between the contents and the sublayers
                compositor_shape.draw_shape(self._layer(e), cr, e.instance_color, _own_alpha(e))
            return
        bw = e.border_width
        cr.new_path()
        _rounded_path(cr, b[0], b[1], b[2], b[3], radii)
        if b[2] - 2.0 * bw > 0.0 and b[3] - 2.0 * bw > 0.0:
            ri = r - bw if r - bw > 0.0 else 0.0
            inner = _corner_radii(ri, e.masked_corners)
            _rounded_path(cr, b[0] + bw, b[1] + bw, b[2] - 2.0 * bw, b[3] - 2.0 * bw, inner)
        cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
        c = _instance_tinted(e, e.border_color)
        cr.set_source_rgba(c[0], c[1], c[2], c[3] * _own_alpha(e))
        cr.fill()

    def _has_part(self, e: _Entry, part: int) -> bool:
        """Whether the entry draws that part of its own; a transform layer's entry
        (SUBLAYERS_ONLY) draws none (only its sublayers)."""
        if e.flags & RenderFlag.SUBLAYERS_ONLY:
            return False
        if part == PART_OWN:
            return (
                e.background_color[3] > 0.0
                or (e.contents != 0 and self._surface(e.contents) is not None)
                or self._layer_kind(e) != compositor_shape.PLAIN
            )
        return e.border_width > 0.0 and e.border_color[3] > 0.0

    def _draw_triangle(
        self, e: _Entry, part: int, ax: float, ay: float, ux: float, vy: float,
        qa: Point, qb: Point, qc: Point,
    ) -> None:  # fmt: skip
        """A triangle of the grid, clipped without antialiasing, under the affine map taking
        its layer corners (ax, ay), (ax + ux, ay), (ax, ay + vy) to qa, qb, qc."""
        cr = self._cr
        xx, yx = (qb[0] - qa[0]) / ux, (qb[1] - qa[1]) / ux
        xy, yy = (qc[0] - qa[0]) / vy, (qc[1] - qa[1]) / vy
        if not _invertible(xx, yx, xy, yy):
            return
        t = cairo.Matrix(xx, yx, xy, yy, qa[0] - xx * ax - xy * ay, qa[1] - yx * ax - yy * ay)
        cr.save()
        cr.set_matrix(self._base)
        cr.new_path()
        cr.move_to(qa[0], qa[1])
        cr.line_to(qb[0], qb[1])
        cr.line_to(qc[0], qc[1])
        cr.close_path()
        cr.set_antialias(cairo.ANTIALIAS_NONE)
        cr.clip()
        cr.set_antialias(cairo.ANTIALIAS_DEFAULT)
        cr.transform(t)
        self._draw_part(e, part)
        cr.restore()

    def _draw_in_plane(self, e: _Entry, part: int) -> None:
        """An entry's part in its plane: once under its matrix, or piecewise (homography)."""
        cr = self._cr
        m = e.matrix
        if not self._has_part(e, part):
            return
        if _is_affine(m):
            if not _invertible(m[0], m[1], m[4], m[5]):
                return
            cr.save()
            self._set_affine(m)
            self._draw_part(e, part)
            cr.restore()
            return
        N = GRID
        x0, y0 = e.bounds[0] - MARGIN, e.bounds[1] - MARGIN
        width, height = e.bounds[2] + 2.0 * MARGIN, e.bounds[3] + 2.0 * MARGIN
        gx = [x0 + width * i / N for i in range(N + 1)]
        gy = [y0 + height * i / N for i in range(N + 1)]
        qw: List[List[float]] = []
        q: List[List[Point]] = []
        for j in range(N + 1):
            row_w: List[float] = []
            row_q: List[Point] = []
            for i in range(N + 1):
                w, px, py = _project(m, gx[i], gy[j])
                row_w.append(w)
                row_q.append((px, py))
            qw.append(row_w)
            q.append(row_q)
        for j in range(N):
            for i in range(N):
                if not (qw[j][i] > 0.0 and qw[j][i + 1] > 0.0 and qw[j + 1][i] > 0.0
                        and qw[j + 1][i + 1] > 0.0):  # fmt: skip
                    continue  # at or behind the eye
                ux, vy = gx[i + 1] - gx[i], gy[j + 1] - gy[j]
                self._draw_triangle(e, part, gx[i], gy[j], ux, vy, q[j][i], q[j][i + 1], q[j + 1][i])
                self._draw_triangle(
                    e, part, gx[i + 1], gy[j + 1], -ux, -vy, q[j + 1][i + 1], q[j + 1][i], q[j][i + 1]
                )

    def _clip_to_bounds(self, e: _Entry) -> None:
        """RenderFlag.CLIPS: cr's clip narrowed to the entry's rounded bounds (root space)."""
        cr = self._cr
        m, b = e.matrix, e.bounds
        radii = _corner_radii(_corner_radius(e), e.masked_corners)
        cr.new_path()
        if _is_affine(m):
            if _invertible(m[0], m[1], m[4], m[5]):  # else an empty clip
                self._set_affine(m)
                _rounded_path(cr, b[0], b[1], b[2], b[3], radii)
        else:  # the rounded bounds as a polygon, each vertex projected
            x1, y1 = b[0] + b[2], b[1] + b[3]
            cx = [b[0] + radii[0], x1 - radii[1], x1 - radii[2], b[0] + radii[3]]
            cy = [b[1] + radii[0], b[1] + radii[1], y1 - radii[2], y1 - radii[3]]
            inside = True
            cr.set_matrix(self._base)
            for k in range(4):
                a0 = math.pi + k * (math.pi / 2.0)
                for s in range(ARC_STEPS + 1):
                    a = a0 + (math.pi / 2.0) * s / ARC_STEPS
                    w, px, py = _project(m, cx[k] + radii[k] * math.cos(a), cy[k] + radii[k] * math.sin(a))
                    if not w > 0.0:
                        inside = False
                    else:
                        cr.line_to(px, py)
            cr.close_path()
            if not inside:
                cr.new_path()  # reaching behind the eye: clipped away
        cr.set_matrix(self._base)
        cr.clip()

    def _draw_body(self, i: int) -> None:
        """The entry's own drawing, its subtree (the mask's entries excepted), its border."""
        e = self._entries[i]
        self._draw_in_plane(e, PART_OWN)
        j = i + 1
        while j < e.subtree_end:
            if j == e.mask:
                j = self._entries[j].subtree_end  # drawn into the mask below
            else:
                j = self._draw_entry(j)
        self._draw_in_plane(e, PART_BORDER)

    def _to_device(self, e: _Entry, x: float, y: float) -> Optional[Point]:
        """A point of the entry's plane in device space (None at or behind the eye)."""
        w, px, py = _project(e.matrix, x, y)
        if not w > 0.0:
            return None
        return self._base.transform_point(px, py)

    def _shadow_geometry(self, e: _Entry) -> Optional[Tuple[float, float, float]]:
        """sigma and the offset (device pixels) from the map's derivative at the bounds'
        centre, as compositor.c's shadow_geometry() [INFERRED for perspective]."""
        cx, cy = e.bounds[0] + e.bounds[2] / 2.0, e.bounds[1] + e.bounds[3] / 2.0
        c = self._to_device(e, cx, cy)
        u = self._to_device(e, cx + 1.0, cy)
        v = self._to_device(e, cx, cy + 1.0)
        o = self._to_device(e, cx + e.shadow_offset[0], cy + e.shadow_offset[1])
        if c is None or u is None or v is None or o is None:
            return None
        det = (u[0] - c[0]) * (v[1] - c[1]) - (u[1] - c[1]) * (v[0] - c[0])
        return e.shadow_radius * math.sqrt(abs(det)), o[0] - c[0], o[1] - c[1]

    def _draw_with_shadow(self, i: int) -> None:
        """Entry i with its shadow beneath it: the body drawn once offscreen (device space),
        its alpha blurred, filled with the shadow colour, then the body over it (see
        compositor.c's draw_with_shadow())."""
        e = self._entries[i]
        cr = self._cr
        geometry = self._shadow_geometry(e)
        if geometry is None:
            self._draw_body(i)
            return
        sigma, off_x, off_y = geometry
        k = _blur_kernel(sigma)
        reach = len(k) - 1
        cr.save()
        cr.identity_matrix()
        x1, y1, x2, y2 = cr.clip_extents()
        cr.restore()
        px, py = reach + math.ceil(abs(off_x)), reach + math.ceil(abs(off_y))
        ox, oy = int(math.floor(x1) - px), int(math.floor(y1) - py)
        width, height = int(math.ceil(x2) + px) - ox, int(math.ceil(y2) + py) - oy
        if not (x2 > x1 and y2 > y1):
            return  # nothing of it can be seen
        layer = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        base = self._base
        self._base = base.multiply(cairo.Matrix(x0=-ox, y0=-oy))  # the root's space, shifted
        self._cr = cairo.Context(layer)
        if e.flags & RenderFlag.CLIPS:
            self._clip_to_bounds(e)
        self._draw_body(i)
        self._cr, self._base = cr, base
        mask = _blurred_alpha(layer, k)
        cr.save()
        cr.identity_matrix()
        c = _instance_tinted(e, e.shadow_color)
        c[3] = e.shadow_color[3]  # the instance alpha is in the body's alpha already
        cr.set_source_rgba(c[0], c[1], c[2], c[3] * e.shadow_opacity)
        cr.mask_surface(mask, ox + off_x, oy + off_y)
        cr.set_source_surface(layer, ox, oy)
        cr.paint()
        cr.restore()

    def _draw_layer(self, i: int) -> None:
        """Entry i and its subtree (and its mask) as listed: clip, group, shadow, body, mask."""
        cr = self._cr
        e = self._entries[i]
        group, masked = bool(e.flags & RenderFlag.OPACITY_GROUP), e.mask >= 0
        cr.save()
        if e.flags & RenderFlag.CLIPS:
            self._clip_to_bounds(e)
        if group or masked:
            cr.push_group()
        if _casts_shadow(e):
            self._draw_with_shadow(i)
        else:
            self._draw_body(i)
        if masked:
            content = cr.pop_group()
            cr.push_group()
            self._draw_entry(e.mask)
            mask = cr.pop_group()
            if group:
                cr.push_group()
            cr.set_source(content)
            cr.mask(mask)
        if group:
            cr.pop_group_to_source()
            cr.paint_with_alpha(e.opacity * e.alpha)
        cr.restore()

    def _draw_entry(self, i: int) -> int:
        """Draws entry i and its subtree (and its mask), through its transition when one is
        in effect; answers the index after them."""
        e = self._entries[i]
        snap = None
        if e.transition_state & TransitionState.IN_EFFECT:
            snap = self._snapshots.get(e.transition_id)
        if snap is not None:
            self._draw_transition(i, snap)
        else:
            self._draw_layer(i)
        return e.subtree_end

    # ---- transitions (compositor.c's draw_transition() and its helpers) ---------------------

    def _paint_old(self, snap: _Snapshot, d: Point, alpha: float) -> None:
        """The snapshot, moved by d (the root's space), painted at alpha (None: nothing)."""
        cr = self._cr
        if snap.surface is None:
            return
        to_root = _copy(snap.base)
        try:
            to_root.invert()
        except cairo.Error:
            return
        cr.save()
        cr.set_matrix(self._base)
        cr.translate(d[0], d[1])
        cr.transform(to_root)
        cr.set_source_surface(snap.surface, 0.0, 0.0)
        cr.paint_with_alpha(alpha)
        cr.restore()

    def _paint_new(self, i: int, d: Point, alpha: float, operator: Any) -> None:
        """The new image, moved by d (the root's space), painted at alpha with operator."""
        cr = self._cr
        base = self._base
        self._base = cairo.Matrix(x0=d[0], y0=d[1]).multiply(base)  # moved, then the base
        cr.save()
        cr.identity_matrix()
        cr.push_group()
        self._draw_layer(i)
        cr.pop_group_to_source()
        cr.set_operator(operator)
        cr.paint_with_alpha(alpha)
        cr.restore()
        self._base = base

    def _draw_transition(self, i: int, snap: _Snapshot) -> None:
        """Entry i in a transition: old and new images at its offsets and alphas, by its
        layering, clipped to the rounded bounds when it clips."""
        cr = self._cr
        e = self._entries[i]
        d_old = _root_offset(e, e.transition_old_offset)
        d_new = _root_offset(e, e.transition_new_offset)
        if d_old is None or d_new is None:
            return  # its centre at or behind the eye
        cr.save()
        if e.flags & RenderFlag.CLIPS:
            self._clip_to_bounds(e)
        cr.identity_matrix()
        if e.transition_layering == TransitionLayering.OLD_OVER_NEW:
            self._paint_new(i, d_new, e.transition_new_alpha, cairo.OPERATOR_OVER)
            self._paint_old(snap, d_old, e.transition_old_alpha)
        elif e.transition_layering == TransitionLayering.CROSS_DISSOLVE:
            cr.push_group()
            self._paint_old(snap, d_old, e.transition_old_alpha)
            self._paint_new(i, d_new, e.transition_new_alpha, cairo.OPERATOR_ADD)
            cr.pop_group_to_source()
            cr.paint()
        else:  # NEW_OVER_OLD
            self._paint_old(snap, d_old, e.transition_old_alpha)
            self._paint_new(i, d_new, e.transition_new_alpha, cairo.OPERATOR_OVER)
        cr.restore()

    def _take_snapshot(self, e: _Entry) -> None:
        """The snapshot of e's transition: the previous list's entries of its layer drawn
        again in device space into a surface of the target's size; replaces the layer's
        older one."""
        for key in [k for k, snap in self._snapshots.items() if snap.layer == e.layer or k == e.transition_id]:
            del self._snapshots[key]
        if len(self._snapshots) == MAX_SNAPSHOTS:
            return  # the old image is then the new
        surface = None
        for j, old in enumerate(self._previous):
            if old.layer != e.layer or old.flags & RenderFlag.IS_MASK:
                continue
            target = self._cr.get_target()
            surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, target.get_width(), target.get_height())
            cr, entries = self._cr, self._entries
            self._cr, self._entries = cairo.Context(surface), self._previous
            self._cr.set_matrix(self._base)
            self._draw_layer(j)
            self._cr, self._entries = cr, entries
            break
        self._snapshots[e.transition_id] = _Snapshot(e.layer, surface, _copy(self._base))

    def _update_snapshots(self) -> None:
        """Before drawing: the snapshots the entries drop (ENDED) and take (BEGAN)."""
        for e in self._entries:
            if e.transition_state & TransitionState.ENDED:
                self._snapshots.pop(e.transition_id, None)
            if e.transition_state & TransitionState.BEGAN:
                self._take_snapshot(e)

    def _keep_list(self) -> None:
        """After drawing: the snapshots of layers with no entry dropped, and the list kept."""
        listed = {e.layer for e in self._entries}
        for key in [k for k, snap in self._snapshots.items() if snap.layer not in listed]:
            del self._snapshots[key]
        self._previous = self._entries


def _copy(m: cairo.Matrix) -> cairo.Matrix:
    return cairo.Matrix(m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)


def _root_offset(e: _Entry, offset: List[float]) -> Optional[Point]:
    """A transition's offset (the layer's space) moved into the root's space: the image of the
    bounds' centre plus it, less the centre's (None when either is behind the eye)."""
    cx, cy = e.bounds[0] + e.bounds[2] / 2.0, e.bounds[1] + e.bounds[3] / 2.0
    wc, c0, c1 = _project(e.matrix, cx, cy)
    wo, o0, o1 = _project(e.matrix, cx + offset[0], cy + offset[1])
    if not (wc > 0.0 and wo > 0.0):
        return None
    return o0 - c0, o1 - c1
