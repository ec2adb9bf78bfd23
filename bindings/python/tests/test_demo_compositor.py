"""The demo's compositor (examples/demo/python/compositor.py) checked on its own.

test_demo_frames.py holds the C and Python compositors to the same pixels; these tests hold the
Python one (and so both) to the geometry:

- the piecewise-affine path for homographies (a grid of triangles, each clipped without
  antialiasing) draws an affine scene as the single-matrix path does: no seams, no gaps, no
  shift — forcing it on a rotated, rounded, bordered card with a translucent group gives the
  same pixels up to antialiasing;
- a door turned about y in perspective (m34 = -1/500) covers the quadrilateral its corners
  project to: the drawn area matches the projected quad's area, and its centre is the door's
  colour.
"""

from __future__ import annotations

import math
import sys
from typing import Any, Tuple

import numpy as np
import pytest

import animcore
from _repo import repository

REPO = repository()
pytestmark = pytest.mark.skipif(REPO is None, reason="not run from the repository (no examples/demo)")


def modules() -> Tuple[Any, Any]:
    cairo = pytest.importorskip("cairo")
    assert REPO is not None
    demo_dir = str(REPO / "examples" / "demo" / "python")
    if demo_dir not in sys.path:
        sys.path.insert(0, demo_dir)
    import compositor

    return cairo, compositor


def pixels(cairo: Any, surface: Any) -> np.ndarray:
    surface.flush()
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    data = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(height, stride)
    return data[:, : width * 4].reshape(height, width, 4).astype(np.int16)


def draw(cairo: Any, compositor: Any, entries: Any, width: int, height: int) -> np.ndarray:
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    compositor.Compositor().draw(cairo.Context(surface), entries)
    return pixels(cairo, surface)


def test_the_triangle_grid_draws_an_affine_scene_as_the_matrix_does(monkeypatch: Any) -> None:
    cairo, compositor = modules()
    with animcore.Engine() as engine:
        root = engine.layer(
            bounds=(0, 0, 200, 160), position=(100, 80), background_color=(0.94, 0.94, 0.94, 1)
        )
        card = engine.layer(
            bounds=(0, 0, 120, 70),
            position=(100, 80),
            background_color=(0.2, 0.45, 0.85, 1),
            corner_radius=12,
            border_width=3,
            border_color=(0.1, 0.1, 0.1, 1),
        )
        card["transform.rotation.z"] = 0.5
        badge = engine.layer(
            bounds=(0, 0, 40, 30), position=(90, 20), background_color=(1, 0.6, 0.1, 1),
            opacity=0.6, corner_radius=6,
        )  # fmt: skip
        badge.add_sublayer(engine.layer(bounds=(0, 0, 10, 10), position=(20, 15),
                                        background_color=(1, 1, 1, 1)))  # fmt: skip
        card.add_sublayer(badge)
        root.add_sublayer(card)
        with engine.render_list() as render:
            entries = render.fill(root, presentation=False)
            assert int(entries["flags"][2]) & animcore.RenderFlag.OPACITY_GROUP
            once = draw(cairo, compositor, entries, 200, 160)
            monkeypatch.setattr(compositor, "_is_affine", lambda m: False)
            grid = draw(cairo, compositor, entries, 200, 160)
    difference = np.abs(once - grid).max(axis=2)
    assert once.std() > 0
    # The same picture: only antialiased edge pixels may round another way.
    assert int(difference.max()) <= 24, int(difference.max())
    assert int((difference > 2).sum()) <= 0.005 * difference.size, int((difference > 2).sum())


def test_a_door_in_perspective_covers_its_projected_corners() -> None:
    cairo, compositor = modules()
    with animcore.Engine() as engine:
        container = engine.layer(bounds=(0, 0, 300, 300), position=(150, 150))
        perspective = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        perspective[11] = -1.0 / 500.0
        container.sublayer_transform = animcore.Transform3D(*perspective)
        door = engine.layer(
            bounds=(0, 0, 128, 256), position=(86, 150), background_color=(0.8, 0.1, 0.1, 1)
        )
        door.anchor_point = (0, 0.5)
        door["transform.rotation.y"] = -0.8
        container.add_sublayer(door)
        with engine.render_list() as render:
            entries = render.fill(container, presentation=False)
            matrix = entries["matrix"][1]
            assert matrix[0, 3] != 0.0  # a homography: the grid path
            drawn = draw(cairo, compositor, entries, 300, 300)

    corners = []
    for x, y in ((0, 0), (128, 0), (128, 256), (0, 256)):
        X, Y, _, W = np.array([x, y, 0, 1], dtype=float) @ matrix
        corners.append((X / W, Y / W))
    area = 0.5 * abs(
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]))
    )
    covered = float(drawn[:, :, 3].sum()) / 255.0  # ARGB32: alpha is byte 3 (little-endian)
    assert abs(covered - area) <= 0.01 * area, (covered, area)
    cx = sum(x for x, _ in corners) / 4
    cy = sum(y for _, y in corners) / 4
    b, g, r, a = drawn[int(cy), int(cx)]
    assert a == 255 and abs(r - 204) <= 1 and abs(g - 26) <= 1 and abs(b - 26) <= 1
    assert not math.isnan(area) and area < 128 * 256  # foreshortened


def test_a_group_inside_a_plain_opacity_is_blended_once() -> None:
    """An outer opacity without a group (allowsGroupOpacity off) over an inner group: the inner
    layer and its overlapping sublayer are drawn into the group as if opaque and the group is
    blended at opacity x alpha = 0.5 x 0.5, so where they overlap the red is a quarter, not
    counted twice (header: ac_render_entry.alpha)."""
    cairo, compositor = modules()
    with animcore.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 40, 40), position=(20, 20), background_color=(1, 1, 1, 1))
        outer = engine.layer(
            bounds=(0, 0, 40, 40), position=(20, 20), opacity=0.5, allows_group_opacity=False
        )
        inner = engine.layer(
            bounds=(0, 0, 30, 30), position=(20, 20), opacity=0.5, background_color=(1, 0, 0, 1)
        )
        inner.add_sublayer(
            engine.layer(bounds=(0, 0, 20, 20), position=(15, 15), background_color=(1, 0, 0, 1))
        )
        outer.add_sublayer(inner)
        root.add_sublayer(outer)
        with engine.render_list() as render:
            entries = render.fill(root, presentation=False)
            flags = [int(f) for f in entries["flags"]]
            assert not flags[1] & animcore.RenderFlag.OPACITY_GROUP
            assert flags[2] & animcore.RenderFlag.OPACITY_GROUP
            drawn = draw(cairo, compositor, entries, 40, 40)
    # (20, 20): under the inner layer and its sublayer; (7, 7): under the inner layer alone.
    for x, y in ((20, 20), (7, 7)):
        b, g, r, a = (int(v) for v in drawn[y, x])
        assert a == 255 and r == 255
        assert abs(g - 191) <= 1 and abs(b - 191) <= 1, (x, y, r, g, b)  # white less a quarter
