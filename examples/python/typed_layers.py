"""Typed layers: the built-in properties and declared custom ones, as mypy sees them.

A layer class declared with Python's class syntax (a ``Layer`` subclass whose attributes are
``Property`` declarations) types its properties by their defaults; the built-in CALayer
properties are typed on every layer. ``typing.assert_type`` states each type; this file passes
``mypy --strict`` (``tests/test_typing.py`` runs it) and runs as a program, printing what a
display callback would draw while a strict Circle class animates::

    python examples/python/typed_layers.py
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, List

import animcore
from animcore import (
    Color,
    ContentsGravity,
    CornerMask,
    FillMode,
    Layer,
    LayerClass,
    Point,
    Property,
    Rect,
    Size,
    Token,
    Transform3D,
    Vector3,
)

if TYPE_CHECKING or sys.version_info >= (3, 11):
    from typing import assert_type
else:  # Python 3.9 and 3.10 run the example too; the types are mypy's business

    def assert_type(value: Any, _type: Any) -> Any:
        return value


FPS = 60


class Circle(Layer, strict=True):
    """A circle: a radius and a colour of its own, strict (a typo raises UnknownKeyError)."""

    radius = Property(10.0, needs_display=True)
    color = Property(Color(1, 0, 0))
    center = Property(Point(0, 0))
    spokes = Property(6, animatable=False)
    visible = Property(True)
    image = Property(Token(0))

    drawn: List[str] = []  # a class attribute: what display drew, for the printout

    def display(self) -> None:
        """The class's display (-display): draws the presentation's radius."""
        radius = self.presentation[Circle.radius]  # typed: float
        assert_type(radius, float)
        Circle.drawn.append(f"{radius:.2f}")


class Ring(Circle):
    """A subclass: Circle's properties, strictness and display, plus its own."""

    width = Property(2.0)
    axis = Property(Vector3(0, 0, 1))
    area = Property(Size(1, 1))
    box = Property(Rect(0, 0, 1, 1))
    turn = Property(Transform3D.identity())


def main() -> None:
    with animcore.Engine() as engine:
        circles = engine.layer_class(Circle)
        assert_type(circles, LayerClass[Circle])
        circle = circles(radius=20.0, center=(50, 50))
        assert_type(circle, Circle)
        ring = engine.layer(Ring, width=4.0)
        assert_type(ring, Ring)

        # Custom properties: what they read, by their defaults.
        assert_type(circle.radius, float)
        assert_type(circle.color, Color)
        assert_type(circle.center, Point)
        assert_type(circle.spokes, int)
        assert_type(circle.visible, bool)
        assert_type(circle.image, Token)
        assert_type(ring.width, float)
        assert_type(ring.radius, float)  # inherited
        assert_type(ring.axis, Vector3)
        assert_type(ring.area, Size)
        assert_type(ring.box, Rect)
        assert_type(ring.turn, Transform3D)
        assert_type(circle[Circle.radius], float)  # item access by the declaration
        assert_type(circle.presentation_value(Circle.color), Color)

        # Built-in properties: typed on every layer, under both spellings.
        plain = engine.layer()
        assert_type(plain, Layer)
        assert_type(plain.position, Point)
        assert_type(plain.anchor_point, Point)
        assert_type(plain.anchorPoint, Point)
        assert_type(plain.opacity, float)
        assert_type(plain.hidden, bool)
        assert_type(plain.bounds, Rect)
        assert_type(plain.frame, Rect)
        assert_type(plain.background_color, Color)
        assert_type(plain.shadow_offset, Size)
        assert_type(plain.transform, Transform3D)
        assert_type(plain.contents, Token)
        assert_type(plain.fill_mode, FillMode)
        assert_type(plain.contents_gravity, ContentsGravity)
        assert_type(plain.masked_corners, CornerMask)
        assert_type(plain.contents_scale, float)
        assert_type(plain.allows_group_opacity, bool)
        assert_type(plain.contents_center, Rect)
        assert_type(plain.presentation.contents_gravity, ContentsGravity)
        assert_type(plain.presentation.position, Point)
        assert_type(plain.presentation.opacity, float)
        assert_type(circle.presentation.bounds, Rect)
        assert_type(circle.presentation[Circle.center], Point)

        # Setting takes the named types or plain numbers.
        circle.center = (10.0, 20.0)
        circle.color = Color(0, 0, 1)
        circle.position = Point(160, 240)
        circle.bounds = (0, 0, 100, 100)
        circle.fill_mode = "both"
        circle.contents_gravity = "resizeAspect"

        # A class declared with a mapping: its custom properties are typed Any.
        clocks = engine.layer_class("Clock", {"time": 0.0})
        clock = clocks(time=1.5)
        assert_type(clock.time, Any)

        engine.tick(0.0)
        circle.set_needs_display()
        with engine.animate(duration=0.5, curve="ease_out"):
            circle.radius = 40.0  # an implicit animation of a typed custom property
        for frame in range(1, 32):
            engine.tick(frame / FPS)
        print(f"radius {circle.radius} (model), {circle.presentation[Circle.radius]} (shown)")
        print(f"display drew {len(Circle.drawn)} times: {' '.join(Circle.drawn[:8])} ...")
        try:
            circle["radiuss"] = 3.0  # a typo: Circle is strict
        except animcore.UnknownKeyError as error:
            print(f"typo refused: {error}")


if __name__ == "__main__":
    main()
