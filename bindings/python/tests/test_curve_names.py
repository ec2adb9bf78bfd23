"""One spelling per curve: every curve has one snake_case name, and the aliases (Core
Animation's values and constants, UIKit's name, CSS's keywords) are accepted everywhere a
curve is named, alike: ``TimingFunction.named``, ``transaction(timing_function=)``,
``animate(curve=)``, the transaction state, every animation's ``timing_function=`` and a
keyframe animation's ``timing_functions``. Every name goes through the library's one table
(ac_timing_function_named)."""

from __future__ import annotations

import re
from typing import Callable, Dict, Iterator, List, Optional, Tuple

import pytest

from _repo import header_text
from animcore import (
    CURVE_NAMES,
    AnimationGroup,
    BasicAnimation,
    DecayAnimation,
    Engine,
    KeyframeAnimation,
    SpringAnimation,
    TimingFunction,
    UnknownNameError,
)

ALIASES: Dict[str, Tuple[str, ...]] = {
    "linear": ("kCAMediaTimingFunctionLinear",),
    "ease_in": ("easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in"),
    "ease_out": ("easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out"),
    "ease_in_out": (
        "easeInEaseOut",
        "kCAMediaTimingFunctionEaseInEaseOut",
        "easeInOut",
        "ease-in-out",
    ),
    "default": ("kCAMediaTimingFunctionDefault", "ease"),
    "step_start": ("step-start",),
    "step_end": ("step-end",),
}
SPELLINGS: List[Tuple[str, str]] = [
    (canonical, spelling)
    for canonical, aliases in ALIASES.items()
    for spelling in (canonical, *aliases)
]


def _header_canonical_names() -> List[str]:
    """The first column of ac_timing_function_named's table in animcore.h."""
    text = header_text()
    start = text.index("A named timing function")
    block = text[start : text.index("ac_timing_function_named(", start)]
    return re.findall(r'^ \*   "([a-z_]+)" ', block, re.M)


def test_the_names_are_the_headers() -> None:
    assert CURVE_NAMES == tuple(_header_canonical_names()) == tuple(ALIASES)


@pytest.fixture
def engine() -> Iterator[Engine]:
    with Engine() as engine:
        engine.tick(0.0)
        yield engine


def _added(engine: Engine, **block: str) -> Optional[TimingFunction]:
    """The timing function of the implicit animation an animation block made."""
    layer = engine.layer()
    engine.tick(1.0)
    with engine.animate(**block):  # type: ignore[arg-type]
        layer.opacity = 0.5
    animation = layer.animation("opacity")
    assert animation is not None
    return animation.timing_function


def _in_transaction(engine: Engine, name: str) -> Optional[TimingFunction]:
    with engine.transaction(timing_function=name) as state:
        return state.timing_function


def _set_on_state(engine: Engine, name: str) -> Optional[TimingFunction]:
    with engine.transaction() as state:
        state.timing_function = name
        return state.timing_function


def _first(animation: KeyframeAnimation) -> Optional[TimingFunction]:
    functions = animation.timing_functions
    return functions[0] if functions else None


ENTRY_POINTS: List[Tuple[str, Callable[[Engine, str], Optional[TimingFunction]]]] = [
    ("TimingFunction.named", lambda engine, name: TimingFunction.named(name)),
    ("transaction(timing_function=)", _in_transaction),
    ("Transaction.timing_function", _set_on_state),
    ("animate(curve=)", lambda engine, name: _added(engine, curve=name)),
    (
        "BasicAnimation(timing_function=)",
        lambda engine, name: BasicAnimation("opacity", timing_function=name).timing_function,
    ),
    (
        "SpringAnimation(timing_function=)",
        lambda engine, name: SpringAnimation("opacity", timing_function=name).timing_function,
    ),
    (
        "DecayAnimation(timing_function=)",
        lambda engine, name: DecayAnimation("opacity", timing_function=name).timing_function,
    ),
    (
        "KeyframeAnimation(timing_function=)",
        lambda engine, name: KeyframeAnimation("opacity", timing_function=name).timing_function,
    ),
    (
        "KeyframeAnimation(timing_functions=)",
        lambda engine, name: _first(KeyframeAnimation("opacity", timing_functions=[name])),
    ),
    (
        "AnimationGroup(timing_function=)",
        lambda engine, name: AnimationGroup([], timing_function=name).timing_function,
    ),
]


@pytest.mark.parametrize("where,read", ENTRY_POINTS, ids=[w for w, _ in ENTRY_POINTS])
@pytest.mark.parametrize("canonical,spelling", SPELLINGS, ids=[s for _, s in SPELLINGS])
def test_every_spelling_is_accepted_everywhere_alike(
    engine: Engine,
    where: str,
    read: Callable[[Engine, str], Optional[TimingFunction]],
    canonical: str,
    spelling: str,
) -> None:
    function = read(engine, spelling)
    assert function == TimingFunction.named(canonical), f"{where} took {spelling!r} otherwise"
    assert function is not None and function.name == canonical


@pytest.mark.parametrize("where,read", ENTRY_POINTS, ids=[w for w, _ in ENTRY_POINTS])
def test_an_unknown_name_is_refused_everywhere_with_the_names(
    engine: Engine, where: str, read: Callable[[Engine, str], Optional[TimingFunction]]
) -> None:
    with pytest.raises(UnknownNameError) as caught:
        read(engine, "easeinout")  # no such spelling: the library's table decides
    message = str(caught.value)
    assert '"easeinout" is not a timing function name' in message
    assert "linear, ease_in, ease_out, ease_in_out, default, step_start, step_end" in message


def test_the_class_attributes_are_the_curves() -> None:
    assert TimingFunction.LINEAR.name == "linear"
    assert TimingFunction.EASE_IN.name == "ease_in"
    assert TimingFunction.EASE_OUT.name == "ease_out"
    assert TimingFunction.EASE_IN_OUT.name == "ease_in_out"
    assert TimingFunction.EASE_IN_EASE_OUT is TimingFunction.EASE_IN_OUT  # CA's name for it
    assert TimingFunction.DEFAULT.name == "default" != TimingFunction.EASE_IN_OUT.name
    assert TimingFunction.STEP_START == TimingFunction.steps(1, "start")
    assert TimingFunction.STEP_END == TimingFunction.steps(1, "end")
    assert TimingFunction.steps(1, "end").name == "step_end"  # one name, whatever made it
    assert TimingFunction.cubic_bezier(0.1, 0.2, 0.3, 0.4).name is None


def test_the_default_curve_of_animate_is_ease_in_out(engine: Engine) -> None:
    assert _added(engine) == TimingFunction.EASE_IN_OUT
    assert _added(engine, curve="default") == TimingFunction.DEFAULT
