"""Layer classes declared with Python's class syntax, strict classes, and unique class names.

- ``class Circle(animcore.Layer, strict=True): radius = Property(10.0)`` declares a class whose
  layers are instances of ``Circle``, with typed properties, a ``display`` method as the
  class's display, subclasses as subclasses;
- ``strict=True`` (either form) makes a typo fail where it is made: the library's
  UnknownKeyError (ac_class_set_strict) naming the declared properties; subclasses of a strict
  class are strict; Core Animation's permissive rule stays the default;
- a class name is unique in its engine (the library refuses a second one).
"""

from __future__ import annotations

import gc
import pickle
from typing import Iterator, List

import pytest

from animcore import (
    BasicAnimation,
    Color,
    Engine,
    InvalidArgumentError,
    Layer,
    NotAnimatableError,
    OutOfRangeError,
    Point,
    Property,
    UnknownKeyError,
)


class Circle(Layer, strict=True):
    radius = Property(10.0, needs_display=True)
    color = Property(Color(1, 0, 0))
    spokes = Property(6, animatable=False)

    drawn: List[float] = []

    def display(self) -> None:
        Circle.drawn.append(self.presentation[Circle.radius])

    def area(self) -> float:  # a method of the class: its layers have it
        return 3.0 * self.radius**2


class Ring(Circle):
    width = Property(2.0)


class Loose(Layer):  # permissive, the default
    level = Property(0.0)


@pytest.fixture
def engine() -> Iterator[Engine]:
    with Engine() as engine:
        Circle.drawn.clear()
        yield engine


# ---- class declarations ------------------------------------------------------------------------


def test_a_class_declaration_makes_layers_of_its_class(engine: Engine) -> None:
    circles = engine.layer_class(Circle)
    circle = circles(radius=3.0)
    assert isinstance(circle, Circle) and isinstance(circle, Layer)
    assert circles.layer_type is type(circle) and issubclass(circles.layer_type, Circle)
    assert circles.name == "Circle" and circles.declared_properties == ("radius", "color", "spokes")
    assert circles.superclass is engine.base_class
    assert (circle.radius, circle.color, circle.spokes) == (3.0, Color(1, 0, 0, 1), 6)
    assert circle.position == (0, 0) and circle.opacity == 1.0  # the built-in ones
    assert circle.area() == 27.0
    assert circle.snapshot()["radius"] == 3.0
    assert engine.layer_class(Circle) is circles  # declared once per engine
    assert engine.layer(Circle).layer_class is circles
    assert circle[Circle.radius] == 3.0 and circle.presentation[Circle.color] == Color(1, 0, 0)
    circle[Circle.radius] = 4.0
    assert circle.radius == 4.0 and circle[Layer.opacity] == 1.0
    assert Circle.radius == Property(10.0, needs_display=True) and Circle.radius.name == "radius"


def test_the_display_method_is_the_classs_display(engine: Engine) -> None:
    circle = engine.layer(Circle)
    engine.tick(0.0)
    circle.radius = 20.0  # needs display, animates with the implicit 0.25 s
    for frame in range(1, 20):
        engine.tick(frame / 60)
    assert Circle.drawn[0] == 10.0 and Circle.drawn[-1] == 20.0
    assert 10.0 < Circle.drawn[len(Circle.drawn) // 2] < 20.0
    assert engine.layer_class(Circle).display is Circle.__dict__["display"]


def test_a_subclass_declares_a_subclass(engine: Engine) -> None:
    ring = engine.layer(Ring, width=3.0)
    rings = ring.layer_class
    assert isinstance(ring, Ring) and isinstance(ring, Circle)
    assert rings.superclass is engine.layer_class(Circle)  # declared first, on the way
    assert rings.declared_properties == ("width",)
    assert (ring.radius, ring.width) == (10.0, 3.0)
    assert rings.strict  # strictness and display are inherited
    assert rings.display is Circle.__dict__["display"]
    with pytest.raises(UnknownKeyError, match='"widht" is not a property of class Ring'):
        ring["widht"] = 1.0


def test_properties_keep_their_flags(engine: Engine) -> None:
    circle = engine.layer(Circle)
    engine.tick(0.0)
    with pytest.raises(NotAnimatableError, match='"spokes" is not animatable'):
        circle.add_animation(BasicAnimation("spokes", to_value=8))
    circle.spokes = 8  # not animatable: set at once, no implicit animation
    assert circle.animation_keys == []


def test_a_declaration_in_two_engines_makes_two_classes() -> None:
    with Engine() as one, Engine() as two:
        a, b = one.layer(Circle), two.layer(Circle)
        assert type(a) is not type(b) and isinstance(a, Circle) and isinstance(b, Circle)
        assert a.layer_class is not b.layer_class


def test_layers_of_a_declaration_take_no_python_attributes(engine: Engine) -> None:
    circle = engine.layer(Circle)
    with pytest.raises(AttributeError):
        circle.radiuss = 3.0  # type: ignore[attr-defined]  # no __dict__: a typo raises
    assert not hasattr(circle, "__dict__")
    with pytest.raises(TypeError, match="make layers with engine.layer"):
        Circle()


def test_wrong_declarations_are_refused() -> None:
    with pytest.raises(TypeError, match="sublayers"):

        class Clash(Layer):  # noqa: F841 - a property named like a Layer attribute
            sublayers = Property(0.0)  # type: ignore[assignment]

    with pytest.raises(OutOfRangeError, match="strict is 2"):

        class Odd(Layer, strict=2):  # noqa: F841 - an int where a bool goes
            pass

    with pytest.raises(TypeError, match="display must be a method"):

        class Shown(Layer):  # noqa: F841
            display = 3

    with Engine() as engine:
        with pytest.raises(TypeError, match="takes no other argument"):
            engine.layer_class(Circle, {"x": 1.0})  # type: ignore[call-overload]
        with pytest.raises(TypeError, match="name must be a str or a Layer subclass"):
            engine.layer_class(3)  # type: ignore[call-overload]
        with pytest.raises(TypeError, match="type of a layer class's layers"):
            engine.layer_class(type(engine.layer(Circle)))


def test_a_property_outside_a_class_body_names_no_key(engine: Engine) -> None:
    with pytest.raises(TypeError, match="outside a class body"):
        engine.layer()[Property(1.0)]


def test_property_is_an_immutable_value() -> None:
    prop = Property(Point(1, 2), needs_display=True)
    assert prop == Property(Point(1, 2), needs_display=True) and hash(prop) == hash(
        Property(Point(1, 2), needs_display=True)
    )
    assert pickle.loads(pickle.dumps(prop)) == prop
    with pytest.raises(AttributeError):
        prop.default = 3  # type: ignore[misc]
    assert (prop.default, prop.animatable, prop.needs_display, prop.kind) == (
        Point(1, 2),
        True,
        True,
        None,
    )


# ---- strict classes ----------------------------------------------------------------------------

DECLARED = "its own properties: radius, color"


def test_a_strict_class_refuses_a_typo_where_it_is_made() -> None:
    with Engine() as engine:
        circles = engine.layer_class(
            "Circle", {"radius": 1.0, "color": Color(1, 0, 0)}, strict=True
        )
        assert circles.strict
        circle = circles()
        engine.tick(0.0)
        for attempt in (
            lambda: circle.__setitem__("radiuss", 3),
            lambda: circle["radiuss"],
            lambda: circle.presentation["radiuss"],
            lambda: circle.add_animation(BasicAnimation("radiuss", to_value=10.0)),
        ):
            with pytest.raises(UnknownKeyError) as caught:
                attempt()
            message = str(caught.value)
            assert message.startswith(
                '"radiuss" is not a property of class Circle (a strict class)'
            )
            assert DECLARED in message
        circle["radius"] = 3.0  # declared keys, built-in ones and key paths still work
        circle["position.x"] = 5.0
        assert (circle.radius, circle.position.x) == (3.0, 5.0)


def test_the_default_is_core_animations_permissive_rule() -> None:
    with Engine() as engine:
        blobs = engine.layer_class("Blob", {"radius": 1.0})
        assert not blobs.strict and not engine.base_class.strict
        blob = blobs()
        blob["radiuss"] = 3  # stored, as Core Animation stores undeclared keys
        assert blob["radiuss"] == 3
        engine.tick(0.0)
        with pytest.raises(NotAnimatableError, match='^key_path is "radiuss"; it is not a'):
            blob.add_animation(BasicAnimation("radiuss", to_value=10.0))


def test_subclasses_of_a_strict_class_are_strict() -> None:
    with Engine() as engine:
        strict = engine.layer_class("Strict", {"a": 0.0}, strict=True)
        child = engine.layer_class("Child", {"b": 0.0}, superclass=strict)
        assert child.strict
        with pytest.raises(UnknownKeyError, match="its own properties: a, b;"):
            child()["c"] = 1.0
        loose = engine.layer_class("Loosened", {}, superclass=strict, strict=False)
        assert not loose.strict
        loose()["c"] = 1.0  # stored
        assert not engine.layer_class(Loose).strict
        assert engine.layer_class(Ring).strict


def test_strictness_can_change(engine: Engine) -> None:
    loose = engine.layer_class(Loose)
    layer = loose()
    layer["tag"] = 7
    loose.strict = True
    with pytest.raises(UnknownKeyError, match="its own properties: level"):
        layer["tag"]  # stored while permissive, unreachable while strict
    loose.strict = False
    assert layer["tag"] == 7


# ---- unique class names ------------------------------------------------------------------------


def test_a_class_name_is_unique_in_its_engine() -> None:
    with Engine() as engine:
        engine.layer_class("Circle", {"radius": 1.0})
        with pytest.raises(InvalidArgumentError) as caught:
            engine.layer_class("Circle", {"diameter": 2.0})
        assert str(caught.value) == (
            'name "Circle" is already the name of a layer class of this engine'
        )
        with pytest.raises(InvalidArgumentError, match='name "Circle" is already'):
            engine.layer_class(Circle)  # a declaration of the same name
        with pytest.raises(InvalidArgumentError, match='name "CALayer" is already'):
            engine.layer_class("CALayer")
        with Engine() as other:  # names are per engine
            assert other.layer_class("Circle").name == "Circle"


def test_a_failed_declaration_declares_nothing() -> None:
    with Engine() as engine:
        with pytest.raises(TypeError):
            engine.layer_class("Shape", {"x": 0.0}, display=3)  # type: ignore[call-overload]
        with pytest.raises(OutOfRangeError):
            engine.layer_class("Shape", {"x": 0.0}, strict=2)  # type: ignore[call-overload]
        assert engine.layer_class("Shape", {"x": 0.0}).name == "Shape"  # the name is free


def test_declarations_are_garbage_collected_with_their_engine() -> None:
    engine = Engine()
    engine.layer(Circle)
    engine.close()
    del engine
    gc.collect()
    with Engine() as again:
        assert again.layer(Circle).radius == 10.0


def test_threads_meeting_a_declaration_declare_it_once() -> None:
    import threading

    class Shared(Layer):
        level = Property(0.0)

    with Engine() as engine:
        start = threading.Barrier(8)
        classes: List[object] = []

        def work() -> None:
            start.wait()
            classes.append(engine.layer(Shared).layer_class)

        threads = [threading.Thread(target=work) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(classes) == 8 and all(c is classes[0] for c in classes)
