"""Transactions and animation blocks from Python (reference §5; X1-X12 of §9.4 adapted):
defaults, nesting and inheritance, values that end with their transaction, keyed values, the
implicit transaction and flush, commit without begin, completions (once, after the outermost
commit, during a tick; several; finished False on removal, replacement or layer destruction;
nested; left open at close), animations starting after the outermost commit, with blocks that
raise, animation blocks and their options, and per-thread transactions with real threads."""

from __future__ import annotations

import functools
import math
import threading
from typing import Any, List, Optional, Tuple

import pytest

import animcore
from _frames import approx, frame
from animcore import (
    BasicAnimation,
    CallbackError,
    Color,
    Engine,
    InvalidArgumentError,
    InvalidStateError,
    Layer,
    NotFiniteError,
    OutOfRangeError,
    Token,
    TimingFunction,
    UnknownKeyError,
    UnknownNameError,
    WrongKindError,
)


class Completions:
    """Records completion calls: (finished, engine time, whether inside Engine.tick)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.calls: List[Tuple[bool, float, bool]] = []
        self.ticking = False

    def tick(self, now: float) -> None:
        self.ticking = True
        try:
            self.engine.tick(now)
        finally:
            self.ticking = False

    def callback(self) -> Any:
        def completion(finished: bool) -> None:
            self.calls.append((finished, self.engine.current_time, self.ticking))

        return completion


def committed(engine: Engine, **values: Any) -> Layer:
    layer = engine.layer(**values)
    engine.tick(frame(0))
    return layer


def duration_of(layer: Layer, key: str) -> Optional[float]:
    animation = layer.animation(key)
    return None if animation is None else animation.duration


# ---- X1: defaults ------------------------------------------------------------------------------


def test_x1_defaults(engine: Engine) -> None:
    state = engine.transaction_state
    assert (state.duration, state.disable_actions, state.additive) == (0.25, False, False)
    assert state.timing_function is None
    assert state["animationDuration"] == 0.25 and state["disableActions"] is False
    with pytest.raises(UnknownKeyError, match="aKeyNobodyDefined"):
        _ = state["aKeyNobodyDefined"]
    assert state.get("aKeyNobodyDefined", "unset") == "unset"
    with pytest.raises(InvalidStateError, match="commit without begin"):
        state.commit()  # reading opened nothing


def test_the_engines_default_duration_is_the_transactions() -> None:
    with Engine(default_duration=0.5) as engine:
        assert engine.transaction_state.duration == 0.5
        layer = committed(engine)
        layer.opacity = 0.5
        assert duration_of(layer, "opacity") == 0.5
        with engine.transaction(duration=2):
            layer.z_position = 7
        assert duration_of(layer, "zPosition") == 2


# ---- X2, X3: values end with their transaction; nesting inherits --------------------------------


def test_x2_value_lives_with_its_transaction(engine: Engine) -> None:
    with engine.transaction() as t:
        t.duration = 1.5
        assert engine.transaction_state.duration == 1.5 and t["animationDuration"] == 1.5
    assert engine.transaction_state.duration == 0.25


def test_x3_nesting_inherits_and_does_not_leak(engine: Engine) -> None:
    state = engine.transaction_state
    with engine.transaction(
        duration=1,
        disable_actions=True,
        timing_function="easeIn",
        additive=True,
        values={"outerKey": 42.0},
    ):
        with engine.transaction() as inner:
            assert (inner.duration, inner.disable_actions, inner.additive) == (1, True, True)
            assert inner.timing_function == TimingFunction.EASE_IN
            assert inner["outerKey"] == 42
            inner.timing_function = None  # removes only its own
            assert inner.timing_function == TimingFunction.EASE_IN
            inner.duration = 2
            inner.disable_actions = False
            inner.timing_function = TimingFunction.LINEAR
            inner.additive = False
            inner["outerKey"] = 7.0
            inner["innerKey"] = True
            assert (state.duration, state.disable_actions, state.additive) == (2, False, False)
            assert state.timing_function == TimingFunction.LINEAR and state["outerKey"] == 7
        assert (state.duration, state.disable_actions, state.additive) == (1, True, True)
        assert state.timing_function == TimingFunction.EASE_IN and state["outerKey"] == 42
        with pytest.raises(UnknownKeyError):
            _ = state["innerKey"]
    assert (state.duration, state.disable_actions, state.additive) == (0.25, False, False)
    assert state.timing_function is None and state.get("outerKey") is None


def test_nested_transactions_animate_with_the_inherited_settings(engine: Engine) -> None:
    layer = committed(engine)
    with engine.transaction(duration=1.5, timing_function="easeIn"):
        with engine.transaction():
            layer.opacity = 0.5
    copy = layer.animation("opacity")
    assert copy is not None and copy.duration == 1.5
    assert copy.timing_function == TimingFunction.EASE_IN


# ---- X4, X5: keyed access and arbitrary keys ----------------------------------------------------


def test_x4_keyed_access_shares_storage(engine: Engine) -> None:
    with engine.transaction() as t:
        t.duration = 0.75
        assert t["animationDuration"] == 0.75
        t["animationDuration"] = 1.25
        assert t.duration == 1.25
        t["animationDuration"] = 2  # an int is a number here
        assert t.duration == 2.0
        t["disableActions"] = True
        assert t.disable_actions is True and t["disableActions"] is True
        with pytest.raises(WrongKindError):
            t["animationDuration"] = True
        with pytest.raises(WrongKindError):
            del t["animationDuration"]
        with pytest.raises(WrongKindError):
            t["disableActions"] = 1.25
        with pytest.raises(OutOfRangeError):
            t["animationDuration"] = 0.0
        # In Python's words: the property to use, not the C functions.
        with pytest.raises(InvalidArgumentError, match=r"use transaction_state\.timing_function$"):
            t["animationTimingFunction"] = 1.0
        with pytest.raises(InvalidArgumentError, match=r"use transaction_state\.timing_function$"):
            _ = t["animationTimingFunction"]
        assert (t.duration, t.disable_actions) == (2.0, True)  # refused changes changed nothing


def test_x5_arbitrary_keys(engine: Engine) -> None:
    with engine.transaction() as t:
        t["aKeyNobodyDefined"] = Token(0x53544F524544)
        t["tint"] = Color(1, 0.5, 0, 1)
        t["größe"] = 3
        assert t["aKeyNobodyDefined"] == Token(0x53544F524544)
        assert t["tint"] == (1, 0.5, 0, 1) and isinstance(t["tint"], Color)
        assert t["größe"] == 3
        del t["tint"]
        del t["neverSet"]  # harmless
        with pytest.raises(UnknownKeyError):
            _ = t["tint"]
        with pytest.raises(TypeError):
            t["pair"] = (1, 2)  # which kind?
    assert engine.transaction_state.get("aKeyNobodyDefined") is None


# ---- X6, X7: the implicit transaction, flush; commit without begin ------------------------------


def test_x6_x7_implicit_transaction_and_flush(engine: Engine) -> None:
    layer = committed(engine)
    state = engine.transaction_state
    state.duration = 5  # X6: nothing begun: an implicit transaction
    assert state.duration == 5
    engine.flush()
    assert state.duration == 0.25
    engine.flush()  # nothing pending: harmless
    state.duration = 5
    state["custom"] = 3.0
    engine.tick(frame(1))  # the next tick ends it too
    assert state.duration == 0.25 and state.get("custom") is None
    state.duration = 2  # its duration drives the changes made in it
    layer.opacity = 0.25
    assert duration_of(layer, "opacity") == 2
    engine.tick(frame(2))
    opacity = layer.animation("opacity")
    assert opacity is not None and opacity.begin_time == approx(frame(2))
    layer.z_position = 5
    assert duration_of(layer, "zPosition") == 0.25
    # X7: flush inside an explicit transaction keeps its values.
    with engine.transaction() as t:
        t.duration = 7
        t.flush()
        assert t.duration == 7
    assert state.duration == 0.25


def test_commit_without_begin(engine: Engine) -> None:
    layer = committed(engine)
    log = Completions(engine)
    state = engine.transaction_state
    with pytest.raises(InvalidStateError, match="commit without begin"):
        state.commit()
    state.duration = 5  # an implicit transaction holding a setting, a change, a completion
    layer.opacity = 0.5
    state.add_completion(log.callback())
    with pytest.raises(InvalidStateError):
        state.commit()
    assert state.duration == 5 and layer.opacity == 0.5 and layer.animation_keys == ["opacity"]
    assert log.calls == []
    log.tick(frame(1))
    assert log.calls == []
    log.tick(frame(1) + 5)
    assert log.calls == [(True, frame(1) + 5, True)]


# ---- X9-X12: completions -------------------------------------------------------------------------


def test_x9_completion_without_animations(engine: Engine) -> None:
    log = Completions(engine)
    engine.tick(frame(0))
    with engine.transaction(completion=log.callback()):
        pass
    assert log.calls == []  # not synchronously inside commit
    log.tick(frame(1))
    assert log.calls == [(True, frame(1), True)]
    for k in range(2, 6):
        log.tick(frame(k))
    assert len(log.calls) == 1  # once
    # While its transaction is open it never runs, ticks or not.
    with engine.transaction(completion=log.callback()):
        for k in range(6, 11):
            log.tick(frame(k))
        assert len(log.calls) == 1
    log.tick(frame(11))
    assert log.calls[-1] == (True, frame(11), True)


def test_completion_waits_for_every_animation(engine: Engine) -> None:
    layer = committed(engine)
    log = Completions(engine)
    with engine.transaction(duration=0.5, completion=log.callback()):
        layer.opacity = 0.0  # implicit, 0.5 s
        layer.add_animation(
            BasicAnimation("zPosition", from_value=0, to_value=10, duration=1.0), "lift"
        )
    start = frame(1)
    for k in range(1, 81):
        log.tick(frame(k))
        if frame(k) < start + 1 - 1e-9:
            assert log.calls == [], k
    assert log.calls == [(True, approx(start + 1), True)]


def test_x10_several_completions_add_up(engine: Engine) -> None:
    layer = committed(engine)
    order: List[int] = []
    with engine.transaction() as t:
        for index in range(3):
            t.add_completion(functools.partial(lambda i, finished: order.append(i), index))
        layer.z_position = 3
    for k in range(1, 31):
        engine.tick(frame(k))
    assert order == [0, 1, 2]


def test_x11_completion_reports_unfinished(engine: Engine) -> None:
    layer = committed(engine)
    log = Completions(engine)
    # Removal: finished False, once the other animation of the group has ended too.
    with engine.transaction(duration=1, completion=log.callback()):
        layer.opacity = 0.0
        layer.z_position = 9
    for k in range(1, 9):
        log.tick(frame(k))
    layer.remove_animation("opacity")
    log.tick(frame(9))
    assert log.calls == []
    for k in range(10, 71):
        log.tick(frame(k))
    assert log.calls == [(False, approx(frame(61)), True)]
    # The layer destroyed: finished False at the next tick.
    log.calls.clear()
    doomed = engine.layer()
    engine.tick(frame(111))
    with engine.transaction(duration=1, completion=log.callback()):
        doomed.opacity = 0.0
    for k in range(112, 116):
        log.tick(frame(k))
    del doomed
    assert log.calls == []
    log.tick(frame(116))
    assert log.calls == [(False, frame(116), True)]


def test_x12_nested_completions(engine: Engine) -> None:
    layer = committed(engine)
    outer, inner = Completions(engine), Completions(engine)
    with engine.transaction(completion=outer.callback()):
        with engine.transaction(completion=inner.callback()):
            pass
        for k in range(1, 6):
            outer.tick(frame(k))
        assert inner.calls == [] and outer.calls == []
    outer.tick(frame(6))
    assert [c[1] for c in inner.calls + outer.calls] == [frame(6), frame(6)]
    # The outer completion counts the nested transaction's animations.
    outer.calls.clear()
    inner.calls.clear()
    with engine.transaction(duration=0.25, completion=outer.callback()):
        layer.opacity = 0.5
        with engine.transaction(duration=1, completion=inner.callback()):
            layer.z_position = 40
    for k in range(7, 91):
        engine.tick(frame(k))
    assert [c[1] for c in inner.calls] == [approx(frame(7) + 1)]
    assert [c[:2] for c in outer.calls] == [(True, approx(frame(7) + 1))]


def test_completion_errors_are_raised_by_tick(engine: Engine) -> None:
    def bad(finished: bool) -> None:
        raise ValueError("completion failed")

    with engine.transaction(completion=bad):
        pass
    with pytest.raises(CallbackError, match="completion failed") as caught:
        engine.tick(1.0)
    assert caught.value.during == "tick"
    with pytest.raises(TypeError):
        engine.transaction(completion=3)  # type: ignore[arg-type]


def test_transactions_open_at_close_end_with_finished_false() -> None:
    engine = Engine()
    layer = committed(engine)
    calls: List[Tuple[str, bool]] = []
    start = animcore._callbacks.registered_count()
    state = engine.transaction_state
    state.add_completion(lambda f: calls.append(("implicit", f)))
    state.begin()
    state.add_completion(lambda f: calls.append(("explicit", f)))
    layer.add_animation(
        BasicAnimation(
            "opacity",
            from_value=1,
            to_value=0,
            duration=1,
            on_stop=lambda l, k, f: calls.append(("stop", f)),
        ),
        "fade",
    )
    state.begin()
    state.add_completion(lambda f: calls.append(("nested", f)))
    engine.close()
    assert sorted(calls) == [
        ("explicit", False),
        ("implicit", False),
        ("nested", False),
        ("stop", False),
    ]
    assert calls[0] == ("stop", False)  # the animation stopped before the completions
    assert animcore._callbacks.registered_count() == start  # every registration ended


# ---- animations wait for the outermost commit; blocks that raise --------------------------------


def test_animations_start_after_the_outermost_commit(engine: Engine) -> None:
    layer = committed(engine)
    with engine.transaction(duration=0.5, timing_function="linear"):
        with engine.transaction():
            layer.z_position = 100
        assert layer.animation_keys == ["zPosition"] and layer.z_position == 100
        for k in range(1, 7):
            engine.tick(frame(k))
            assert layer.presentation.z_position == 0
    begin = frame(7)
    for k in range(7, 46):
        t = frame(k)
        engine.tick(t)
        expected = 100.0 if t >= begin + 0.5 else 100 * (t - begin) / 0.5
        assert layer.presentation.z_position == approx(expected), k


def test_a_block_that_raises_still_commits(engine: Engine) -> None:
    layer = committed(engine)
    with pytest.raises(ZeroDivisionError):
        with engine.transaction(duration=3):
            layer.opacity = 0.5
            1 / 0
    assert engine.transaction_state.duration == 0.25  # committed
    assert duration_of(layer, "opacity") == 3
    with pytest.raises(InvalidStateError):
        engine.transaction_state.commit()  # nothing left open
    with pytest.raises(OutOfRangeError):
        with engine.transaction(duration=-1):
            pass
    with pytest.raises(InvalidStateError):
        engine.transaction_state.commit()  # a refused setting committed what it opened
    scope = engine.transaction()
    with scope:
        pass
    with pytest.raises(RuntimeError):
        with scope:
            pass


# ---- animation blocks ----------------------------------------------------------------------------


def curve(name: str, x: float) -> float:
    return TimingFunction.named(name)(min(max(x, 0.0), 1.0))


@pytest.mark.parametrize(
    "curve_name,expected",
    [
        ("ease_in_out", "easeInEaseOut"),
        ("ease_in", "easeIn"),
        ("easeOut", "easeOut"),
        ("linear", "linear"),
    ],
)
def test_animation_block_curves(engine: Engine, curve_name: str, expected: str) -> None:
    layer = committed(engine)
    with engine.animate(duration=0.5, curve=curve_name):
        layer.z_position = 100
    for k in range(1, 40):
        engine.tick(frame(k))
        assert layer.presentation.z_position == approx(
            100 * curve(expected, (frame(k) - frame(1)) / 0.5)
        ), k


def test_animation_block_options(engine: Engine) -> None:
    layer = committed(engine)
    done: List[bool] = []
    custom = TimingFunction.cubic_bezier(0.1, 0.9, 0.2, 1.0)
    engine.animate(
        lambda: setattr(layer, "z_position", 10.0),
        duration=1.0,
        delay=0.5,
        curve=custom,
        repeat_count=2,
        autoreverses=True,
        begin_from_current_state=False,
        completion=done.append,
    )
    animation = layer.animation("zPosition")
    assert animation is not None
    assert (animation.duration, animation.repeat_count, animation.autoreverses) == (1, 2, True)
    assert animation.timing_function == custom
    engine.tick(frame(1))
    engine.tick(frame(1) + 0.25)  # the delay: the start value meanwhile
    assert layer.presentation.z_position == 0
    for k in range(2, 300):
        engine.tick(frame(1) + k / 60)
    assert done == [True]
    with pytest.raises(OutOfRangeError):
        with engine.animate(duration=0):
            pass
    with pytest.raises(NotFiniteError):
        with engine.animate(duration=math.nan):
            pass
    with pytest.raises(OutOfRangeError):
        with engine.animate(delay=-1):
            pass
    with pytest.raises(UnknownNameError, match='^curve: "wobbly" is not a timing function name'):
        engine.animate(curve="wobbly")
    with pytest.raises(TypeError):
        engine.animate(curve=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        engine.transaction_state.commit()  # refused blocks opened nothing


def test_explicit_animations_in_a_block_take_its_duration_and_curve(engine: Engine) -> None:
    layer = committed(engine)
    with engine.animate(duration=0.8, curve="ease_in"):
        layer.add_animation(BasicAnimation("zPosition", from_value=0, to_value=1), "z")
        layer.add_animation(
            BasicAnimation(
                "opacity", from_value=0, to_value=1, duration=2, timing_function="linear"
            ),
            "o",
        )
    z, o = layer.animation("z"), layer.animation("o")
    assert z is not None and z.duration == 0.8 and z.timing_function == TimingFunction.EASE_IN
    assert o is not None and o.duration == 2 and o.timing_function == TimingFunction.LINEAR


def test_blocks_nest_and_mix_with_transactions(engine: Engine) -> None:
    layer = committed(engine)
    with engine.animate(duration=2):
        with engine.transaction(duration=0.5):
            layer.opacity = 0.5
        layer.z_position = 1
    assert duration_of(layer, "opacity") == 0.5 and duration_of(layer, "zPosition") == 2


# ---- X8: threads ---------------------------------------------------------------------------------


def test_x8_threads_have_their_own_transactions(engine: Engine) -> None:
    barrier = threading.Barrier(2)
    seen: List[Any] = []

    def thread_b() -> None:
        barrier.wait()  # A holds its transaction
        seen.append((engine.transaction_state.duration, engine.transaction_state.disable_actions))
        with engine.transaction(duration=2) as t:
            barrier.wait()
            barrier.wait()  # A committed
            seen.append(t.duration)
        seen.append(engine.transaction_state.duration)

    b = threading.Thread(target=thread_b)
    b.start()
    with engine.transaction(duration=5, disable_actions=True) as t:
        barrier.wait()
        barrier.wait()  # B has its own open
        assert (t.duration, t.disable_actions) == (5, True)
    assert engine.transaction_state.duration == 0.25
    barrier.wait()
    b.join()
    assert seen == [(0.25, False), 2.0, 0.25]


def test_concurrent_changes_from_several_threads_lose_nothing() -> None:
    """Four threads change properties in their own transactions (explicit and implicit) while
    this one ticks: every last change is kept, every completion runs once."""
    engine = Engine()
    workers, changes, per_worker = 4, 200, 4
    layers = [[engine.layer() for _ in range(per_worker)] for _ in range(workers)]
    engine.tick(frame(0))
    completions = [[0] * (changes // 20) for _ in range(workers)]
    failures: List[BaseException] = []
    done = threading.Event()
    finished_workers = [0]
    lock = threading.Lock()

    def count(index: int, slot: int, finished: bool) -> None:
        completions[index][slot] += 1

    def work(index: int) -> None:
        try:
            for change in range(changes):
                layer = layers[index][change % per_worker]
                explicit = change % 2 == 0
                state = engine.transaction_state
                if explicit:
                    state.begin()
                if change % 20 == 0:
                    slot = change // 20
                    state.add_completion(functools.partial(count, index, slot))
                state.duration = 0.05 + 0.01 * index
                layer.z_position = index * 100000 + change
                layer.opacity = (change % 100) / 100
                if explicit:
                    assert state.duration == approx(0.05 + 0.01 * index)
                    state.commit()
            engine.flush()
        except BaseException as error:  # noqa: BLE001
            failures.append(error)
        finally:
            with lock:
                finished_workers[0] += 1
                if finished_workers[0] == workers:
                    done.set()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    k = 1
    while not done.is_set():
        engine.tick(frame(k))
        k += 1
    for thread in threads:
        thread.join()
    for _ in range(60):
        engine.tick(frame(k))
        k += 1
    assert failures == []
    for index in range(workers):
        for n, layer in enumerate(layers[index]):
            last = changes - per_worker + n
            assert layer.z_position == index * 100000 + last
            assert layer.presentation.z_position == index * 100000 + last
            assert layer.opacity == approx((last % 100) / 100)
            assert layer.animation_keys == []
        assert completions[index] == [1] * (changes // 20)
    engine.close()
