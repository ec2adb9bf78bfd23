"""Actions from Python (reference §4; A1-A11 of §9.4 adapted): the delegate's action callback
(None continues, NO_ACTION stops, a BasicAnimation runs), the actions table, the class's
default action, the built-in implicit animation (from the presentation value, with the
transaction's duration and curve), action_for_key unaffected by disable_actions, no action for
an unchanged value or before a layer's first tick, tree events, redirected key paths, callbacks
that raise or answer garbage, the table holding a copy, registrations, and threads."""

from __future__ import annotations

import gc
import math
import threading
import weakref
from typing import Any, List, Optional, Tuple

import pytest

import animcore
from _frames import approx, frame
from animcore import (
    DynamicLayer,
    NO_ACTION,
    BasicAnimation,
    CallbackError,
    Color,
    Engine,
    Layer,
    NotAnimatableError,
    Point,
    Property,
    TimingFunction,
    Transition,
)


def committed(engine: Engine, layer_class: Any = None, **values: Any) -> DynamicLayer:
    layer: DynamicLayer = engine.layer(layer_class, **values)
    engine.tick(frame(0))
    return layer


def duration_of(layer: Layer, key: str) -> Optional[float]:
    animation = layer.animation(key)
    return None if animation is None else animation.duration


class Script:
    """An action callback that records what it is asked and answers ``answer`` (a callable of
    (layer, key) or a fixed answer)."""

    def __init__(self, answer: Any = None) -> None:
        self.answer = answer
        self.asked: List[Tuple[Layer, str]] = []
        self.threads: List[int] = []

    def __call__(self, layer: Layer, key: str) -> Any:
        self.asked.append((layer, key))
        self.threads.append(threading.get_ident())
        return self.answer(layer, key) if callable(self.answer) else self.answer

    @property
    def keys(self) -> List[str]:
        return [key for _, key in self.asked]


def marker(duration: float, key_path: str = "position") -> BasicAnimation:
    """A recognisable animation: duration d, from (-d, -d) (or -d)."""
    start: Any = Point(-duration, -duration) if key_path == "position" else -duration
    return BasicAnimation(key_path, from_value=start, duration=duration)


# ---- A1-A4, A6: the order of the search -----------------------------------------------------------


def test_a1_delegate_no_action_ends_the_search(engine: Engine) -> None:
    layer = committed(engine)
    delegate, klass = Script(NO_ACTION), Script(marker(4))
    layer.set_delegate(action=delegate)
    layer.set_action("position", marker(3))
    engine.base_class.default_action = klass
    assert layer.action_for_key("position") is NO_ACTION
    layer.position = (5, 5)
    assert layer.animation_keys == [] and layer.position == (5, 5)  # not even the built-in one
    assert delegate.keys == ["position", "position"] and delegate.asked[0][0] is layer
    assert klass.asked == []


def test_a2_delegate_none_falls_through_to_the_table(engine: Engine) -> None:
    layer = committed(engine)
    delegate = Script(None)
    layer.set_delegate(action=delegate)
    layer.set_action("position", marker(3))
    found = layer.action_for_key("position")
    assert (
        isinstance(found, BasicAnimation) and found.duration == 3 and found.key_path == "position"
    )
    layer.position = (5, 5)
    copy = layer.animation("position")
    assert (
        isinstance(copy, BasicAnimation) and copy.duration == 3 and copy.from_value == Point(-3, -3)
    )
    assert len(delegate.asked) == 2


def test_a3_delegate_answer_wins_over_the_table(engine: Engine) -> None:
    layer = committed(engine)
    layer.set_delegate(action=Script(marker(2)))
    layer.set_action("position", marker(3))
    answer = layer.action_for_key("position")
    assert isinstance(answer, BasicAnimation) and answer.duration == 2
    layer.position = (5, 5)
    assert duration_of(layer, "position") == 2


def test_a4_table_no_action_ends_the_search(engine: Engine) -> None:
    layer = committed(engine)
    klass = Script(marker(4))
    layer.set_action("position", NO_ACTION)
    engine.base_class.default_action = klass
    assert layer.action_for_key("position") is NO_ACTION
    layer.position = (5, 5)
    assert layer.animation_keys == [] and klass.asked == []
    layer.set_action("position", None)  # removing the entry restores the rest of the search
    answer = layer.action_for_key("position")
    assert isinstance(answer, BasicAnimation) and answer.duration == 4
    layer.set_action("nothingHere", None)  # harmless


def test_a6_the_base_class_has_no_default_action(engine: Engine) -> None:
    layer = committed(engine)
    for key in ("position", "opacity", "onOrderIn", "anyKeyAtAll"):
        assert layer.action_for_key(key) is None


def test_class_default_action_and_inheritance(engine: Engine) -> None:
    layer = committed(engine)
    Earlier = engine.layer_class("Earlier")

    def by_key(l: Layer, key: str) -> Any:
        if key == "position":
            return marker(4)
        return NO_ACTION if key == "opacity" else None

    engine.base_class.default_action = by_key
    layer.position = (1, 2)
    assert duration_of(layer, "position") == 4
    layer.opacity = 0.5  # NO_ACTION: no animation, the value changes
    assert duration_of(layer, "opacity") is None and layer.opacity == 0.5
    layer.z_position = 8  # None: the built-in implicit animation
    assert duration_of(layer, "zPosition") == 0.25
    old = Earlier()
    assert old.action_for_key("position") is None  # declared earlier: keeps what it had
    engine.base_class.default_action = None
    assert engine.base_class.default_action is None
    assert layer.action_for_key("opacity") is None
    Base = engine.layer_class("Base", {"level": 0.0})
    Base.default_action = Script(marker(1.5, "level"))
    Derived = engine.layer_class("Derived", superclass=Base)
    assert Derived.default_action is Base.default_action
    derived = Derived()
    engine.tick(frame(1))
    derived.level = 2
    assert duration_of(derived, "level") == 1.5


# ---- the built-in implicit animation ---------------------------------------------------------------


def curve(name: str, x: float) -> float:
    return TimingFunction.named(name)(min(max(x, 0.0), 1.0))


def test_a9_built_in_implicit_animation_tick_by_tick(engine: Engine) -> None:
    layer = committed(engine)
    layer.opacity = 0.2
    assert layer.opacity == 0.2  # at once
    implicit = layer.animation("opacity")
    assert isinstance(implicit, BasicAnimation)
    assert (implicit.key_path, implicit.from_value, implicit.duration) == ("opacity", 1.0, 0.25)
    assert implicit.timing_function == TimingFunction.DEFAULT and not implicit.additive
    begin = frame(1)
    for k in range(1, 21):
        engine.tick(frame(k))
        expected = 1 + (0.2 - 1) * curve("default", (frame(k) - begin) / 0.25)
        assert layer.presentation.opacity == approx(expected), k
    assert layer.animation_keys == []
    # The transaction's duration and curve.
    with engine.transaction(duration=0.5, timing_function="easeIn"):
        layer.position = (64, -32)
    assert duration_of(layer, "position") == 0.5
    begin = frame(21)
    for k in range(21, 61):
        engine.tick(frame(k))
        f = curve("easeIn", (frame(k) - begin) / 0.5)
        assert layer.presentation.position == approx((64 * f, -32 * f)), k
    # A key path change searches the property's key and animates the whole property.
    delegate = Script(None)
    layer.set_delegate(action=delegate)
    layer["position.x"] = 10
    assert delegate.keys == ["position"] and duration_of(layer, "position") == 0.25


def test_an_answer_with_no_values_animates_from_the_presentation(engine: Engine) -> None:
    layer = committed(engine)
    layer.set_delegate(action=lambda l, key: BasicAnimation(key))
    with engine.transaction(duration=0.5):
        layer.z_position = 60
    for k in range(1, 41):
        engine.tick(frame(k))
        assert layer.presentation.z_position == approx(60 * min((frame(k) - frame(1)) / 0.5, 1)), k


# ---- A7, A8: disable_actions, unchanged values, the first tick -------------------------------------


def test_a7_action_for_key_ignores_disable_actions(engine: Engine) -> None:
    layer = committed(engine)
    delegate = Script(None)
    layer.set_delegate(action=delegate)
    layer.set_action("position", marker(3))
    layer.set_action("bounds", NO_ACTION)
    enabled = [layer.action_for_key(k) for k in ("position", "bounds", "opacity")]
    with engine.transaction(disable_actions=True):
        disabled = [layer.action_for_key(k) for k in ("position", "bounds", "opacity")]
    assert enabled == disabled and enabled[1] is NO_ACTION and enabled[2] is None
    assert len(delegate.asked) == 6


def test_disable_actions_stops_actions_not_the_change(engine: Engine) -> None:
    layer = committed(engine)
    delegate = Script(marker(2))
    layer.set_delegate(action=delegate)
    with engine.transaction(disable_actions=True):
        layer.position = (9, 9)
        layer.opacity = 0.25
        with engine.transaction():  # inherited
            layer.z_position = 4
    assert delegate.asked == [] and layer.animation_keys == [] and layer.position == (9, 9)
    engine.tick(frame(1))
    assert (layer.presentation.opacity, layer.presentation.z_position) == (0.25, 4)
    layer.position = (1, 1)  # the flag applied to that transaction only
    assert len(delegate.asked) == 1 and duration_of(layer, "position") == 2
    engine.tick(frame(2))
    engine.transaction_state["disableActions"] = True  # by key: the implicit transaction
    layer.border_width = 3
    assert duration_of(layer, "borderWidth") is None
    engine.tick(frame(3))
    layer.border_width = 4
    assert duration_of(layer, "borderWidth") == 2


def test_the_same_value_runs_nothing(engine: Engine) -> None:
    layer = committed(engine)
    delegate = Script(marker(2))
    layer.set_delegate(action=delegate)
    layer.opacity = 1
    layer.position = (0, 0)
    layer["position.x"] = 0
    layer.background_color = Color(0, 0, 0, 0)
    assert delegate.asked == [] and layer.animation_keys == []


def test_a8_no_action_before_the_first_tick(engine: Engine) -> None:
    layer = engine.layer()
    delegate = Script(None)
    layer.set_delegate(action=delegate)
    layer.opacity = 0.5  # A8: never committed: no animation
    layer.position = (10, 20)
    assert layer.animation_keys == [] and delegate.asked == []
    engine.tick(frame(0))
    assert layer.presentation.opacity == 0.5
    layer.opacity = 1  # A9: committed now: 0.25 s
    assert len(delegate.asked) == 1 and duration_of(layer, "opacity") == 0.25
    Flags = engine.layer_class("Flags", {"mode": Property(0, animatable=False)})
    flagged = Flags()
    engine.tick(frame(2))
    script = Script(marker(1, "mode"))
    flagged.set_delegate(action=script)
    flagged.needs_display_on_bounds_change = True
    flagged.mode = 3
    flagged["someUndeclaredKey"] = 4.0
    flagged.speed = 2
    flagged.time_offset = 1
    assert script.asked == [] and flagged.animation_keys == [] and flagged.mode == 3


def test_a10_animation_blocks_reach_every_layer(engine: Engine) -> None:
    """A10 adapted: on Apple, a standalone layer ignores UIView.animate's duration (0.25, not
    0.8) because UIKit's parameters only reach layers it is the delegate of. animcore's blocks
    are transactions that carry their options to every layer changed inside (by design: custom
    and built-in properties animate together); a transaction's own duration wins as on Apple."""
    standalone = committed(engine)
    with engine.animate(duration=0.8):
        standalone.opacity = 0.5
    assert duration_of(standalone, "opacity") == 0.8
    standalone.z_position = 1  # outside: the transaction default
    assert duration_of(standalone, "zPosition") == 0.25


def test_a11_a_view_like_delegate(engine: Engine) -> None:
    """A11 adapted: a UIView-like delegate answers NO_ACTION outside an animation block and an
    animation inside one (fill both, from value only)."""

    def view_action(layer: Layer, key: str) -> Any:
        if not engine.transaction_state.get("inAnimationBlock", False):
            return NO_ACTION
        return BasicAnimation(key, from_value=layer.presentation[key], fill_mode="both")

    layer = committed(engine)
    layer.set_delegate(action=view_action)
    layer.opacity = 0.5
    assert layer.animation_keys == []
    with engine.animate(duration=0.8, curve="linear") as block:
        block["inAnimationBlock"] = True
        layer.opacity = 0.0
    animation = layer.animation("opacity")
    assert isinstance(animation, BasicAnimation)
    assert (animation.from_value, animation.to_value, animation.by_value) == (0.5, None, None)
    assert animation.fill_mode == "both" and animation.duration == 0.8
    assert animation.timing_function == TimingFunction.LINEAR  # the block's curve


def test_the_callback_sees_the_old_value(engine: Engine) -> None:
    layer = committed(engine)
    seen: List[Tuple[float, float]] = []

    def read(l: Layer, key: str) -> None:
        seen.append((l.opacity, l.presentation.opacity))

    layer.set_delegate(action=read)
    layer.opacity = 0.5
    assert seen == [(1.0, 1.0)]
    for k in range(1, 9):
        engine.tick(frame(k))
    layer.opacity = 0.0
    assert seen[1][0] == 0.5 and 0.5 < seen[1][1] < 1.0  # mid-flight


# ---- tree events -----------------------------------------------------------------------------------


def test_tree_events(engine: Engine) -> None:
    parent, child, other = engine.layer(), engine.layer(), engine.layer()
    engine.tick(frame(0))
    superlayers: List[Optional[Layer]] = []

    def tree_actions(layer: Layer, key: str) -> Any:
        if key in ("onOrderIn", "transition"):
            return BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=0.5)
        if key == "onOrderOut":
            superlayers.append(layer.superlayer)
            return NO_ACTION
        return None

    child_script, other_script = Script(tree_actions), Script(tree_actions)
    child.set_delegate(action=child_script)
    other.set_delegate(action=other_script)
    parent.add_sublayer(child)  # onOrderIn: a fade under "onOrderIn"
    assert child_script.keys == ["onOrderIn"] and child.animation_keys == ["onOrderIn"]
    fade = child.animation("onOrderIn")
    assert isinstance(fade, BasicAnimation) and fade.key_path == "opacity"
    engine.tick(frame(1))
    assert child.presentation.opacity == approx(0)
    engine.tick(frame(16))
    assert child.presentation.opacity == approx(0.5)
    parent.replace_sublayer(child, other)  # transition on the new layer
    assert other_script.keys == ["transition"] and duration_of(other, "transition") == 0.5
    assert list(parent.sublayers) == [other] and child.superlayer is None
    assert child_script.keys == ["onOrderIn"]  # neither onOrderIn nor onOrderOut
    other.remove_from_superlayer()  # onOrderOut: before it leaves
    assert other_script.keys[-1] == "onOrderOut" and superlayers == [parent]
    child.remove_from_superlayer()  # no superlayer: nothing
    assert len(child_script.asked) == 1
    with engine.transaction(disable_actions=True):
        parent.add_sublayer(child)
        child.remove_from_superlayer()
    assert len(child_script.asked) == 1
    with pytest.raises(animcore.InvalidArgumentError):
        parent.replace_sublayer(child, other)  # child is not a sublayer of parent


def test_sublayers_event_on_the_superlayer(engine: Engine) -> None:
    """A layer whose sublayers change is asked for "sublayers" after the sublayer's own event
    (a move asks the superlayer it left first); a transition answered runs under "transition";
    a handler that adds a sublayer each time it is asked stops at 16 nested searches."""
    parent, other, child = engine.layer(), engine.layer(), engine.layer()
    engine.tick(frame(0))
    asked: List[Tuple[str, str]] = []
    names = {parent: "parent", other: "other", child: "child"}
    for layer in names:
        layer.set_delegate(action=lambda layer, key: asked.append((names[layer], key)))
    parent.set_action("sublayers", Transition("push", "fromLeft", duration=0.5))
    parent.add_sublayer(child)
    assert asked == [("child", "onOrderIn"), ("parent", "sublayers")]
    assert parent.animation_keys == ["transition"]
    asked.clear()
    other.add_sublayer(child)  # a move
    assert asked == [("child", "onOrderIn"), ("parent", "sublayers"), ("other", "sublayers")]
    asked.clear()
    child.remove_from_superlayer()
    assert asked == [("child", "onOrderOut"), ("other", "sublayers")]

    def add_one_more(layer: Layer, key: str) -> Any:
        if key == "sublayers":
            layer.add_sublayer(engine.layer())
        return None

    other.set_delegate(action=add_one_more)
    other.add_sublayer(child)
    assert len(other.sublayers) == 17  # the child and one per nested search


def test_an_answer_that_cannot_be_added(engine: Engine) -> None:
    """The change still happens and the call raises the add's error."""
    parent, fresh = engine.layer(), engine.layer()
    engine.tick(frame(0))
    fresh.set_delegate(action=lambda layer, key: BasicAnimation(key))  # "onOrderIn" as it is
    with pytest.raises(NotAnimatableError):
        parent.add_sublayer(fresh)
    assert fresh.superlayer is parent and fresh.animation_keys == []


# ---- redirected key paths (seed 004's colour) -------------------------------------------------------


def test_an_action_may_animate_another_key_path(engine: Engine) -> None:
    Circle = engine.layer_class(
        "Circle", {"color": Color(1, 0, 0, 1), "colorRef": Color(1, 0, 0, 1)}
    )
    circle = committed(engine, Circle)

    def redirect(layer: Layer, key: str) -> Any:
        if key == "color":
            return BasicAnimation(
                "colorRef",
                from_value=layer.presentation.colorRef,
                to_value=Color(0, 1, 0, 1),
                duration=1.0,
            )
        return None

    Circle.default_action = redirect
    circle.color = Color(0, 1, 0, 1)
    animation = circle.animation("color")
    assert isinstance(animation, BasicAnimation) and animation.key_path == "colorRef"
    engine.tick(frame(1))
    engine.tick(frame(1) + 0.5)
    assert circle.presentation.color_ref == approx(Color(0.5, 0.5, 0, 1))
    assert circle.presentation.color == Color(0, 1, 0, 1)


# ---- callbacks that raise, answer garbage, or do things ---------------------------------------------


def test_a_raising_action_is_reported_by_the_setter(engine: Engine) -> None:
    layer = committed(engine)

    def bad(l: Layer, key: str) -> Any:
        raise LookupError(f"no action for {key}")

    layer.set_delegate(action=bad)
    with pytest.raises(CallbackError, match="no action for opacity") as caught:
        layer.opacity = 0.5
    assert caught.value.during == "setting opacity"
    assert layer.opacity == 0.5  # the change happened
    assert duration_of(layer, "opacity") == 0.25  # the search went on: the built-in one
    with pytest.raises(CallbackError):
        layer.add_sublayer(engine.layer())  # actions of tree events too (the child's own: none)
        raise CallbackError("unreachable", [RuntimeError()])


@pytest.mark.parametrize("garbage", [3, "opacity", Point(1, 2), True])
def test_garbage_answers_raise_type_error_and_continue(engine: Engine, garbage: Any) -> None:
    layer = committed(engine)
    layer.set_delegate(action=lambda l, key: garbage)
    with pytest.raises(CallbackError) as caught:
        layer.z_position = 10
    assert isinstance(caught.value.__cause__, TypeError)
    assert duration_of(layer, "zPosition") == 0.25  # the built-in one


def test_an_answer_of_the_wrong_kind(engine: Engine) -> None:
    layer = committed(engine)
    layer.set_delegate(action=lambda l, key: BasicAnimation(key, from_value=Point(1, 2)))
    with pytest.raises(CallbackError) as caught:
        layer.border_width = 3
    assert isinstance(caught.value.__cause__, animcore.WrongKindError)
    assert layer.border_width == 3


def test_callbacks_that_change_things(engine: Engine) -> None:
    layer = committed(engine)
    layer.add_animation(BasicAnimation("zPosition", from_value=0, to_value=9, duration=10), "spin")
    engine.tick(frame(3))
    made: List[Layer] = []

    def busy(l: Layer, key: str) -> Any:
        if key != "opacity":  # (the "sublayers" event its own add causes)
            return None
        l.remove_all_animations()
        l.add_animation(
            BasicAnimation("zPosition", from_value=0, to_value=5, duration=1.0), "extra"
        )
        child = engine.layer()
        l.add_sublayer(child)
        made.append(child)
        return BasicAnimation(key, from_value=0.5)

    layer.set_delegate(action=busy)
    layer.opacity = 0.0
    assert layer.animation_keys == ["extra", "opacity"] and list(layer.sublayers) == made
    engine.tick(frame(4))
    assert layer.presentation.opacity == approx(0.5)


def test_a_callback_that_closes_the_engine() -> None:
    engine = Engine()
    layer = committed(engine)
    layer.set_delegate(action=lambda l, key: engine.close())
    with pytest.raises(animcore.InvalidStateError, match="engine"):
        layer.opacity = 0.5  # the header: the change reports AC_ERR_INVALID_STATE
    assert engine.closed
    with pytest.raises(animcore.BadHandleError):
        layer.opacity = 0.25


# ---- the table holds a copy; registrations -----------------------------------------------------------


def test_the_table_holds_a_copy(engine: Engine) -> None:
    layer = committed(engine)
    events: List[str] = []
    description = BasicAnimation(
        "opacity",
        from_value=0.1,
        duration=0.75,
        on_start=lambda l, key: events.append("start"),
        on_stop=lambda l, key, finished: events.append(f"stop {finished}"),
    )
    layer.set_action("opacity", description)
    description.duration = 5  # edited afterwards: the entry does not change
    for k in range(2):
        layer.opacity = 0.5 if k == 0 else 0.9
        copy = layer.animation("opacity")
        assert (
            isinstance(copy, BasicAnimation)
            and copy.duration == 0.75
            and copy.from_value == approx(0.1)
        )
        engine.tick(frame(1 + 60 * k))
        engine.tick(frame(60 + 60 * k))
    assert events == ["start", "stop True"] * 2  # each use added a copy with the callbacks
    start = animcore._callbacks.registered_count()
    layer.set_action("opacity", None)  # removing the entry ends the last holder
    assert animcore._callbacks.registered_count() == start - 1


def test_registrations_live_exactly_while_registered() -> None:
    engine = Engine()
    layer = committed(engine)
    start = animcore._callbacks.registered_count()
    first = Script(None)
    watch = weakref.ref(first)
    layer.set_delegate(action=first)
    del first
    layer.set_delegate(display=lambda l: None)  # does not touch the action
    layer.opacity = 0.5
    assert watch() is not None and len(watch().asked) == 1  # type: ignore[union-attr]
    layer.set_delegate(display=None)
    layer.opacity = 0.6
    assert len(watch().asked) == 2  # type: ignore[union-attr]
    layer.set_delegate(action=Script(None))  # replacing ends the previous registration only
    gc.collect()
    assert watch() is None
    assert animcore._callbacks.registered_count() == start + 1
    layer.set_delegate(action=None)
    assert animcore._callbacks.registered_count() == start
    engine.base_class.default_action = Script(None)
    klass = engine.layer_class("Sub", {"x": 0.0})
    klass.default_action = Script(None)
    layer.set_delegate(action=Script(None))
    assert animcore._callbacks.registered_count() == start + 3
    del layer  # the layer's destruction ends its registrations
    gc.collect()
    assert animcore._callbacks.registered_count() == start + 2
    engine.close()
    assert animcore._callbacks.registered_count() == start
    with pytest.raises(TypeError):
        Engine().base_class.default_action = 3  # type: ignore[assignment]


# ---- threads ---------------------------------------------------------------------------------------


def test_actions_run_on_the_changing_thread(engine: Engine) -> None:
    layers = [committed(engine) for _ in range(4)]
    script = Script(None)
    for layer in layers:
        layer.set_delegate(action=script)
    idents: List[int] = []

    def change(layer: Layer) -> None:
        idents.append(threading.get_ident())
        for n in range(20):
            layer.z_position = n + 1

    threads = [threading.Thread(target=change, args=(layer,)) for layer in layers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(script.threads) == set(idents)  # (idents of finished threads may be reused)
    assert len(script.asked) == 80
    for layer in layers:
        assert layer.z_position == 20 and layer.animation_keys == ["zPosition"]


def test_additive_implicit_animations_keep_running(engine: Engine) -> None:
    layer = committed(engine)
    with engine.transaction(additive=True, duration=1.0, timing_function="linear"):
        layer.z_position = 100
    engine.tick(frame(1))
    engine.tick(frame(31))
    with engine.transaction(additive=True, duration=1.0, timing_function="linear"):
        layer.z_position = 0
    keys = layer.animation_keys
    assert len(keys) == 2 and all(k.startswith("zPosition.additive.") for k in keys)
    previous = layer.presentation.z_position
    for k in range(32, 130):
        engine.tick(frame(k))
        value = layer.presentation.z_position
        assert abs(value - previous) <= 100 / 60 * 2 + 1e-9, k  # no jump
        previous = value
    assert layer.presentation.z_position == 0 and math.isclose(previous, 0.0, abs_tol=1e-12)
