"""Path and array values (PATH, NUMBERS, COLORS): a class declares them with empty defaults,
``layer.path = Path(...)``, ``layer["locations"] = [0, 0.5, 1]`` and colour lists read back as
model and presentation values and in snapshots; undeclared keys take them too; bad input raises
the library's errors naming the value; a velocity of them is refused. Their animations:
test_variable_animations.py."""

# Wrong argument types are passed on purpose in the bad-input tests.
# mypy: disable-error-code="arg-type"

from __future__ import annotations

import math
import pytest

from _frames import T0
from animcore import (
    Color,
    Engine,
    InvalidArgumentError,
    Layer,
    NotFiniteError,
    OutOfRangeError,
    Path,
    Point,
    Property,
    WrongKindError,
)
from animcore.values import ValueKind


class Shape(Layer):
    path = Property(Path())
    locations = Property([], kind="numbers")
    colors = Property([], kind="colors")


def test_paths_and_arrays_read_back(engine: Engine) -> None:
    layer = engine.layer(Shape)
    assert layer.path == Path() and layer["locations"] == [] and layer["colors"] == []
    triangle = Path().move_to(0, 0).quad_curve_to(5, -3, 10, 0).line_to(5, 8).close()
    layer.path = triangle
    layer["locations"] = (0, 0.5, 1)
    layer["colors"] = [Color(1, 0, 0, 1), (0, 0, 1, 0.5)]
    engine.tick(T0)
    assert layer.path == triangle
    assert layer.presentation["path"] == triangle
    assert layer["locations"] == [0.0, 0.5, 1.0]
    assert layer.presentation["colors"] == [Color(1, 0, 0, 1), Color(0, 0, 1, 0.5)]
    snapshot = layer.snapshot()
    assert snapshot["path"] == triangle and snapshot["locations"] == [0.0, 0.5, 1.0]
    assert layer.presentation.snapshot()["colors"][1] == Color(0, 0, 1, 0.5)
    layer["locations"] = []
    assert layer["locations"] == []


def test_undeclared_keys_hold_paths_and_arrays(engine: Engine) -> None:
    layer = engine.layer()
    layer["dashes"] = [4.0, 2.0]
    layer["outline"] = Path.rect(0, 0, 10, 5)
    assert layer["dashes"] == [4.0, 2.0]
    assert layer["outline"] == Path.rect(0, 0, 10, 5)


def test_kinds_and_limits() -> None:
    assert ValueKind.parse("path") is ValueKind.PATH and ValueKind.PATH.is_variable_length
    assert not ValueKind.COLOR.is_variable_length


def test_bad_values_name_the_argument(engine: Engine) -> None:
    layer = engine.layer(Shape)
    with pytest.raises(NotFiniteError, match=r"numbers\[1\]"):
        layer["locations"] = [0, math.nan]
    with pytest.raises(NotFiniteError, match=r"elements\[1\]"):
        layer.path = _infinite_path()
    with pytest.raises(NotFiniteError, match=r"rgba\[0\]\.v\[3\]"):
        layer["colors"] = [(0, 0, 0, math.inf)]
    with pytest.raises(OutOfRangeError, match="65536"):
        layer["locations"] = [0.0] * 65537
    with pytest.raises(TypeError, match=r"colors\[0\]"):
        layer["colors"] = [(1, 2, 3)]
    with pytest.raises(TypeError):
        layer["locations"] = "0.5"
    with pytest.raises(WrongKindError):
        layer["locations"] = Path()
    assert layer["locations"] == [], "nothing changed"


def _infinite_path() -> Path:
    path = Path().move_to(0, 0)
    path._elements.append(path._elements[0]._replace(points=(Point(math.inf, 0.0),)))
    return path


def test_defaults_must_be_empty(engine: Engine) -> None:
    with pytest.raises(InvalidArgumentError, match="default is empty"):
        engine.layer_class("Gradient", {"locations": [0.0, 1.0]})


def test_velocities_of_these_kinds_are_refused(engine: Engine) -> None:
    layer = engine.layer(Shape)
    with pytest.raises(WrongKindError):
        layer.presentation_velocity("path")
