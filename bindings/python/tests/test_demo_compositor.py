"""The demo's compositor (examples/demo/python/compositor.py) checked on its own.

test_demo_frames.py holds the C and Python compositors to the same pixels; these tests hold the
Python one (and so both) to the geometry:

- the piecewise-affine path for homographies (a grid of triangles, each clipped without
  antialiasing) draws an affine scene as the single-matrix path does: no seams, no gaps, no
  shift — forcing it on a rotated, rounded, bordered card with a translucent group gives the
  same pixels up to antialiasing;
- a door turned about y in perspective (m34 = -1/500) covers the quadrilateral its corners
  project to: the drawn area matches the projected quad's area, and its centre is the door's
  colour;
- a shadow lies beneath its layer, shifted by the offset and blurred (darkest by the edge,
  half at the shifted edge, nothing past 3 sigma), clipped by the layer's masksToBounds, cast
  only by a layer that draws; its blur is compositor.c's integer blur, byte for byte;
- contentsCenter draws nine parts: corners unscaled, edges stretched one way, the middle both;
- compositor.c (through the compositor_probe program) draws what compositor.py draws, pixel for
  pixel, on a scene the demo hosts do not show: a shadow and nine parts in perspective, flipped
  nine-part contents turned, a translucent group's shadow, caps wider than their layer;
- both multiply a replicator instance's instance_color into the contents, border and shadow
  (the same pixels), and draw nothing of a transform layer's own (SUBLAYERS_ONLY).
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any, Tuple

import numpy as np
import pytest

import animcore
from _repo import repository
from test_demo_frames import ENV_VAR, c_hosts_dir, cairo_installed

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


def shadow_scene(
    cairo: Any, compositor: Any, clips: bool = False, fill: float = 1.0
) -> np.ndarray:
    """A 40 x 40 black square (alpha fill) at (60, 40) on white, its shadow black, opacity 1,
    radius 4 (sigma 4 pixels: the root's space is the device's), offset (6, 0): to the right."""
    with animcore.Engine() as engine:
        root = engine.layer(
            bounds=(0, 0, 160, 120), position=(80, 60), background_color=(1, 1, 1, 1)
        )
        square = engine.layer(
            bounds=(0, 0, 40, 40), position=(80, 60), background_color=(0, 0, 0, fill)
        )
        square.shadow_opacity = 1.0
        square.shadow_radius = 4.0
        square.shadow_offset = (6, 0)
        square.masks_to_bounds = clips
        root.add_sublayer(square)
        with engine.render_list() as render:
            return draw(cairo, compositor, render.fill(root, presentation=False), 160, 120)


def test_a_shadow_falls_beneath_a_square_offset_and_blurred() -> None:
    """§3.3: blur(alpha translated by the offset, sigma = radius) x colour x opacity, beneath
    the layer. The square spans x 60..100, its shadow's edge x 66..106 (the offset, +x is
    right); along the middle row the shadow is darkest next to the square, half dark at its
    offset edge (a Gaussian's half), fades outward and is gone beyond the edge + 3 sigma."""
    cairo, compositor = modules()
    drawn = shadow_scene(cairo, compositor)
    row = drawn[60, :, 1]  # green: 255 on white, 0 under full shadow
    assert (row[60:100] == 0).all()  # the square itself, drawn over its shadow
    right = [int(v) for v in row[100:120]]
    assert right[0] < 40  # darkest by the edge (4 pixels inside the shadow's edge)
    assert right == sorted(right)  # lighter outward
    assert abs(right[6] - 128) <= 12, right  # x = 106, the shadow's edge: half
    assert (row[106 + 12 :] == 255).all()  # nothing past the edge + 3 sigma
    # The offset's direction: to the right. Left of the square the shadow is 7 pixels outside
    # its edge (x = 59 against the edge at 66): faint; right of it, 6 pixels inside: dark.
    assert int(row[59]) > 200 and int(row[59]) > right[0] + 150
    assert (row[: 66 - 12] == 255).all()
    # Above and below: symmetric (no y offset), from x = 66 to 106 as wide as the shadow.
    column = drawn[:, 86, 1]
    assert [int(v) for v in column[:40]] == [int(v) for v in column[119:79:-1]]
    assert abs(int(column[39]) - 128) <= 16 and (column[: 40 - 12] == 255).all()  # edge: half


def test_a_shadow_is_clipped_by_its_layers_bounds_and_needs_a_drawing() -> None:
    """§3.1 item 7: masksToBounds clips the layer's own shadow (none outside the bounds, so an
    opaque square shows none); §3.3: a layer that draws nothing casts no shadow."""
    cairo, compositor = modules()
    clipped = shadow_scene(cairo, compositor, clips=True)
    assert (clipped[:, 100:, :3] == 255).all() and (clipped[:, :60, :3] == 255).all()
    assert (clipped[40:80, 60:100, :3] == 0).all()
    nothing = shadow_scene(cairo, compositor, fill=0.0)
    assert (nothing[:, :, :3] == 255).all()


def test_the_shadow_blur_is_the_integer_blur_of_the_c_compositor() -> None:
    """compositor.py's NumPy blur gives the bytes of compositor.c's blur_line() (written out
    here in plain Python from the C): the same kernel, the same sums, the same rounding."""
    _, compositor = modules()
    k = compositor._blur_kernel(2.5)
    assert len(k) == 9 and k[0] == compositor.KERNEL_ONE  # reach ceil(3 x 2.5) = 8
    assert k == [int(math.floor(4096 * math.exp(-d * d / 12.5) + 0.5)) for d in range(9)]
    total = k[0] + 2 * sum(k[1:])

    def blur_line(line: Any) -> Any:
        n, reach = len(line), len(k) - 1
        out = []
        for x in range(n):
            near = [d for d in range(-reach, reach + 1) if 0 <= x + d < n]
            s = sum(k[abs(d)] * int(line[x + d]) for d in near)
            out.append((s + total // 2) // total)
        return out

    rng = np.random.default_rng(31)
    a = (rng.random((23, 37)) * 256).astype(np.uint8)
    a[5:15, 10:30] = 255
    expected = np.array([blur_line(r) for r in a], dtype=np.uint8)
    expected = np.array([blur_line(c) for c in expected.T], dtype=np.uint8).T
    got = compositor._blur_rows(compositor._blur_rows(a, k).T.copy(), k).T
    assert (got == expected).all()


def test_contents_center_stretches_the_middle_and_keeps_the_corners() -> None:
    """§3.4: contentsCenter (0.25, 0.25, 0.5, 0.5) of a 40 x 40 image in 120 x 90 bounds:
    10-pixel corners copied unscaled, the top edge stretched only across (its rows unchanged),
    the left edge only down (its columns unchanged), the middle both ways."""
    cairo, compositor = modules()
    image = cairo.ImageSurface(cairo.FORMAT_ARGB32, 40, 40)
    stride = image.get_stride()
    data = np.ndarray((40, stride), dtype=np.uint8, buffer=image.get_data())
    ys, xs = np.mgrid[0:40, 0:40]
    pixels_in = data[:, :160].reshape(40, 40, 4)  # B, G, R, A: x in red, y in green
    pixels_in[:, :, 0], pixels_in[:, :, 1] = 128, ys * 6
    pixels_in[:, :, 2], pixels_in[:, :, 3] = xs * 6, 255
    image.mark_dirty()
    source = pixels(cairo, image)
    with animcore.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 120, 90), position=(60, 45))
        card = engine.layer(bounds=(0, 0, 120, 90), position=(60, 45))
        card.contents = 1
        card.contents_center = (0.25, 0.25, 0.5, 0.5)
        root.add_sublayer(card)
        with engine.render_list() as render:
            entries = render.fill(root, presentation=False)
            surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 120, 90)
            comp = compositor.Compositor()
            comp.set_contents(1, image)
            comp.draw(cairo.Context(surface), entries)
    drawn = pixels(cairo, surface)
    assert (drawn[:10, :10] == source[:10, :10]).all()  # top left
    assert (drawn[:10, 110:] == source[:10, 30:]).all()  # top right
    assert (drawn[80:, :10] == source[30:, :10]).all()  # bottom left
    assert (drawn[80:, 110:] == source[30:, 30:]).all()  # bottom right
    assert (drawn[:10, 10:110, 1] == source[:10, 10:11, 1]).all()  # top edge: rows kept
    assert (drawn[10:80, :10, 2] == source[10:11, :10, 2]).all()  # left edge: columns kept
    # The middle: 20 source pixels across 100, 20 down 70; its red grows from 60 to 174.
    middle = drawn[45, 10:110, 2]
    assert int(middle[0]) <= 66 and int(middle[-1]) >= 168 and list(middle) == sorted(middle)


def probe_scene(cairo: Any, directory: Path) -> Tuple[Any, Path]:
    """The probe's scene: its render list (entries) and its contents image (token 1) as a PNG.
    In a perspective root (m34 = -1/400): a card turned about y with nine-part contents and a
    shadow; a flipped (geometryFlipped) layer turned about z, its contents in nine parts, its
    shadow, and a translucent sublayer (an opacity group) with contents and a shadow of its
    own, drawn mirrored back in the flipped plane; a layer smaller than its caps with a
    zero-sized centre."""
    image = cairo.ImageSurface(cairo.FORMAT_ARGB32, 48, 40)
    cr = cairo.Context(image)
    cr.set_source_rgb(0.9, 0.5, 0.1)
    cr.paint()
    corners = (((0, 0, 12, 10), (0.1, 0.2, 0.7)), ((36, 30, 12, 10), (0.1, 0.7, 0.2)))
    for (x, y, w, h), colour in corners:  # blue at the top left, green at the bottom right
        cr.set_source_rgb(*colour)
        cr.rectangle(x, y, w, h)
        cr.fill()
    cr.set_source_rgb(1, 1, 1)
    cr.arc(24, 20, 6, 0, 2 * math.pi)
    cr.fill()
    png = directory / "contents.png"
    image.write_to_png(str(png))
    with animcore.Engine() as engine:
        root = engine.layer(
            bounds=(0, 0, 300, 240), position=(150, 120), background_color=(0.95, 0.95, 0.95, 1)
        )
        perspective = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        perspective[11] = -1.0 / 400.0
        root.sublayer_transform = animcore.Transform3D(*perspective)
        card = engine.layer(bounds=(0, 0, 140, 90), position=(110, 80), contents=1)
        card.contents_center = (0.25, 0.25, 0.5, 0.5)
        card.shadow_opacity, card.shadow_radius, card.shadow_offset = 0.6, 5, (4, 8)
        card["transform.rotation.y"] = 0.6
        flipped = engine.layer(bounds=(0, 0, 100, 60), position=(220, 180), contents=1)
        flipped.contents_center = (0.3, 0.0, 0.4, 1.0)
        flipped.geometry_flipped = True
        flipped.shadow_opacity, flipped.shadow_radius, flipped.shadow_offset = 0.8, 2.5, (-3, 5)
        flipped["transform.rotation.z"] = 0.3
        child = engine.layer(
            bounds=(0, 0, 30, 30), position=(90, 55), background_color=(0.2, 0.6, 0.9, 1),
            opacity=0.6, contents=1,
        )  # fmt: skip
        child.shadow_opacity, child.shadow_radius, child.shadow_offset = 1, 3, (0, 6)
        flipped.add_sublayer(child)
        tiny = engine.layer(bounds=(0, 0, 20, 14), position=(40, 200), contents=1)
        tiny.contents_center = (0.4, 0.4, 0.0, 0.0)
        for layer in (card, flipped, tiny):
            root.add_sublayer(layer)
        with engine.render_list() as render:
            entries = render.fill(root, presentation=False).copy()
    flags = [int(f) for f in entries["flags"]]
    assert entries["matrix"][1][0, 3] != 0.0  # the card: a homography
    # The flipped layer's own image keeps its orientation; its sublayer's plane is mirrored.
    assert not flags[2] & animcore.RenderFlag.CONTENTS_FLIPPED
    assert flags[3] & animcore.RenderFlag.CONTENTS_FLIPPED
    assert flags[3] & animcore.RenderFlag.OPACITY_GROUP
    return entries, png


def probe_draw(
    cairo: Any, compositor: Any, entries: Any, png: Path, directory: Path, width: int, height: int
) -> Tuple[np.ndarray, np.ndarray]:
    """entries drawn (contents token 1: png) by compositor.py and by compositor.c through the
    compositor_probe program: the Python pixels and the C pixels."""
    probe = c_hosts_dir() / "compositor_probe"
    if not probe.is_file():
        if not cairo_installed():
            pytest.skip(f"{probe} was not built: Cairo is not installed (pkg-config finds none)")
        pytest.fail(f"Cairo is installed but {probe} is missing: build it or set {ENV_VAR}")
    (directory / "entries.bin").write_bytes(entries.tobytes())
    command = [str(probe), str(directory / "entries.bin"), str(png), str(width), str(height)]
    completed = subprocess.run(command + [str(directory / "c.png")], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    comp = compositor.Compositor()
    comp.set_contents(1, cairo.ImageSurface.create_from_png(str(png)))
    comp.draw(cairo.Context(surface), entries)
    drawn = pixels(cairo, surface)
    return drawn, pixels(cairo, cairo.ImageSurface.create_from_png(str(directory / "c.png")))


def test_the_c_compositor_draws_the_python_compositors_pixels(tmp_path: Path) -> None:
    cairo, compositor = modules()
    entries, png = probe_scene(cairo, tmp_path)
    drawn, c_drawn = probe_draw(cairo, compositor, entries, png, tmp_path, 300, 240)
    assert drawn.std() > 0
    # As test_demo_frames.py: identical on one machine; 2 levels for another Cairo's rounding.
    assert int(np.abs(drawn - c_drawn).max()) <= 2, int(np.abs(drawn - c_drawn).max())


def test_instance_colours_tint_everything_an_entry_draws_in_c_and_python(tmp_path: Path) -> None:
    """A replicator's instance_color multiplies every colour drawn for an entry (background,
    contents, border, shadow), the same in compositor.c and compositor.py; a transform layer
    (SUBLAYERS_ONLY) draws nothing of its own, only its sublayers."""
    cairo, compositor = modules()
    image = cairo.ImageSurface(cairo.FORMAT_ARGB32, 20, 20)
    cr = cairo.Context(image)
    cr.set_source_rgb(1, 1, 1)
    cr.paint()
    png = tmp_path / "white.png"
    image.write_to_png(str(png))
    with animcore.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 200, 100), position=(100, 50), background_color=(1, 1, 1, 1))
        replicators = engine.builtin_class(animcore.BuiltInClass.REPLICATOR_LAYER)
        replicator = replicators(bounds=(0, 0, 120, 60), position=(70, 50))
        replicator["instanceCount"] = 3
        replicator["instanceTransform"] = animcore.Transform3D.translation(40, 0, 0)
        replicator["instanceColor"] = (1, 0.5, 1, 1)
        replicator["instanceBlueOffset"] = -0.5
        tile = engine.layer(bounds=(0, 0, 30, 30), position=(20, 30), contents=1)
        tile.border_width, tile.border_color = 3, (0.5, 0.5, 0.5, 1)
        tile.shadow_opacity, tile.shadow_radius, tile.shadow_offset = 1, 2, (0, 4)
        replicator.add_sublayer(tile)
        transforms = engine.builtin_class(animcore.BuiltInClass.TRANSFORM_LAYER)
        group = transforms(bounds=(0, 0, 40, 40), position=(170, 50))
        group.add_sublayer(engine.layer(bounds=(0, 0, 10, 10), position=(20, 20), background_color=(0, 0, 1, 1)))
        root.add_sublayer(replicator)
        root.add_sublayer(group)
        with engine.render_list() as render:
            entries = render.fill(root, presentation=False).copy()
    assert [list(c) for c in entries["instance_color"][2:5]] == [[1, 0.5, 1, 1], [1, 0.5, 0.5, 1], [1, 0.5, 0, 1]]
    assert int(entries["flags"][5]) & animcore.RenderFlag.SUBLAYERS_ONLY
    drawn, c_drawn = probe_draw(cairo, compositor, entries, png, tmp_path, 200, 100)
    assert int(np.abs(drawn - c_drawn).max()) <= 2, int(np.abs(drawn - c_drawn).max())
    # The white contents tinted: (B, G, R) of each tile's middle, instance after instance.
    for k, blue in enumerate((255, 128, 0)):
        b, g, r, a = (int(v) for v in drawn[50, 25 + 40 * k])
        assert (r, a) == (255, 255) and abs(g - 128) <= 1 and abs(b - blue) <= 1, (k, b, g, r)
    # The transform layer draws nothing itself (root white there); its sublayer is blue.
    assert (drawn[32, 152, :3] == 255).all()
    assert tuple(int(v) for v in drawn[50, 170, :3]) == (255, 0, 0)
