"""Seed 003's door (Listing 9.2) as a layer tree, shared by the demos that show it — the Python
twin of examples/demo/c/door_scene.c: a 300 x 300 container whose sublayerTransform has the
perspective m34 = -1/500; the doorway; the door (frame 128 x 256, position (86, 150),
anchorPoint (0, 0.5): it turns about its left edge) with the host's "Door.png" as contents,
rounded corners that clip it, a border, and a window at opacity 0.7 whose mask is a rounded
layer."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Tuple

import animcore
import cairo
from animcore import Layer, Transform3D

import demo_common as demo
from compositor import Compositor
from demo_common import Context

SIZE = 300  # the container, and the screen, in points
DOOR_W, DOOR_H = 128, 256
DOOR_TOKEN = 1  # the contents token of "Door.png"


@dataclass
class DoorScene:
    """The tree's layers: the container (the root to draw) and the door (what turns)."""

    container: Layer
    door: Layer


def door_image() -> cairo.ImageSurface:
    """"Door.png": planks of wood, four panels and a knob, in a surface of the door's size."""
    image = demo.surface(DOOR_W, DOOR_H)
    cr = Context(image)
    cr.set_source_rgb(0.55, 0.33, 0.17)
    cr.paint()
    cr.set_source_rgb(0.42, 0.24, 0.11)
    cr.set_line_width(4)
    for row in range(2):
        for column in range(2):
            cr.rectangle(16 + column * 52, 20 + row * 120, 44, 100)
    cr.stroke()
    cr.arc(110, 136, 6, 0, 2 * math.pi)
    cr.set_source_rgb(0.9, 0.75, 0.2)
    cr.fill()
    return image


def build_door_scene(engine: animcore.Engine, comp: Compositor) -> DoorScene:
    """Builds the tree in ``engine`` and gives ``comp`` the door's image under its token."""
    comp.set_contents(DOOR_TOKEN, door_image())

    def layer_in(
        superlayer: Optional[Layer], w: float, h: float, x: float, y: float,
        color: Tuple[float, float, float, float],
    ) -> Layer:  # fmt: skip
        layer = engine.layer(bounds=(0, 0, w, h), position=(x, y), background_color=color)
        if superlayer is not None:
            superlayer.add_sublayer(layer)
        return layer

    # The container: the screen, its sublayers seen in perspective (the eye 500 in front).
    perspective = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    perspective[11] = -1.0 / 500.0  # m34
    container = layer_in(None, SIZE, SIZE, SIZE / 2.0, SIZE / 2.0, (0.94, 0.94, 0.94, 1))
    container.sublayer_transform = Transform3D(*perspective)
    layer_in(container, DOOR_W, DOOR_H, 150, 150, (0.16, 0.16, 0.2, 1))  # the doorway
    door = layer_in(container, DOOR_W, DOOR_H, 150 - 64, 150, (0, 0, 0, 0))
    door.anchor_point = (0, 0.5)
    door.contents = DOOR_TOKEN
    door.corner_radius = 10
    door.masks_to_bounds = True
    door.border_width = 3
    door.border_color = (0.3, 0.16, 0.07, 1)
    window = layer_in(door, 64, 40, 64, 48, (0.7, 0.85, 1, 1))
    window.opacity = 0.7
    window_mask = layer_in(None, 64, 40, 32, 20, (0, 0, 0, 1))
    window_mask.corner_radius = 20
    window.mask = window_mask
    return DoorScene(container=container, door=door)
