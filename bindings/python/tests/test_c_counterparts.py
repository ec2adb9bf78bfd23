"""Each public Python call names its C counterpart: every function of the package's
``__all__``, and every public method, property and descriptor of its classes, has a
docstring that names an ``ac_`` function the library exports ("C: ac_layer_set_value()"), or
says it is "Python only". Every ``ac_`` name a docstring gives exists in animcore.h."""

from __future__ import annotations

import enum
import inspect
import re
from typing import Any, Iterator, List, Tuple

import animcore
from _repo import header_text
from animcore import _capi
from animcore.properties import BuiltinProperty, PresentationProperty

_AC_NAME = re.compile(r"\bac_[a-z0-9_]+")
_HEADER_NAMES = set(_AC_NAME.findall(header_text()))
_LIBRARY_FUNCTIONS = set(_capi.PROTOTYPES)
# What a class inherits from Python itself (tuple, int, str, Enum, Exception) is not the
# binding's API.
_FOREIGN_BASES = (object, tuple, int, str, float, enum.Enum, BaseException, dict)


def _public(name: str) -> bool:
    return not name.startswith("_") or name in ("__call__", "__getitem__", "__setitem__")


def _members(cls: type) -> Iterator[Tuple[str, Any]]:
    """(qualified name, member) of what ``cls`` and its animcore bases define."""
    seen = set()
    for klass in cls.__mro__:
        if klass in _FOREIGN_BASES or not klass.__module__.startswith("animcore"):
            continue
        for name, member in vars(klass).items():
            if name in seen or not _public(name):
                continue
            seen.add(name)
            if isinstance(member, (staticmethod, classmethod)):
                member = member.__func__
            if isinstance(member, (property, BuiltinProperty, PresentationProperty)) or (
                inspect.isfunction(member)
            ):
                yield f"{cls.__name__}.{name}", member


def _calls() -> Iterator[Tuple[str, Any]]:
    for name in animcore.__all__:
        item = getattr(animcore, name)
        if inspect.isclass(item):
            yield name, item  # the class itself: its docstring covers construction
            yield from _members(item)
        elif inspect.isfunction(item):
            yield name, item


def _problem(doc: str) -> str:
    if "Python only" in doc:
        return ""
    names = _AC_NAME.findall(doc)
    unknown = sorted(set(names) - _HEADER_NAMES)
    if unknown:
        return f"names {unknown}, which animcore.h does not declare"
    if not set(names) & _LIBRARY_FUNCTIONS:
        return "names no ac_ function of the library and does not say 'Python only'"
    return ""


def test_every_public_call_names_its_c_counterpart() -> None:
    problems: List[str] = []
    checked = 0
    for name, item in _calls():
        doc = inspect.getdoc(item) or ""
        if not doc:
            problems.append(f"{name}: no docstring")
            continue
        problem = _problem(doc)
        if problem:
            problems.append(f"{name}: {problem}")
        checked += 1
    assert not problems, f"{len(problems)} of {checked}:\n" + "\n".join(problems)
    assert checked > 300


def test_the_check_sees_properties_methods_and_descriptors() -> None:
    names = dict(_calls())
    for expected in (
        "Layer.add_animation",  # a method
        "Layer.superlayer",  # a property
        "Layer.opacity",  # a typed built-in property
        "Presentation.position",  # a typed presentation property
        "Engine.tick",
        "TimingFunction.named",  # a classmethod
        "current_media_time",  # a function
        "AnimcoreError.name",  # an exception's property
    ):
        assert expected in names, expected
    assert _problem("C: ac_engine_tick().") == ""
    assert _problem("Python only.") == ""
    assert "does not declare" in _problem("C: ac_engine_tock().")
    assert "no ac_ function" in _problem("The layer.")
