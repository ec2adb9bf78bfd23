"""Display and callbacks from Python: the display rules (never at creation, a needs-display
property set to a new value, every tick while it animates, setNeedsDisplay, bounds changes with
needsDisplayOnBoundsChange), delegates, callables kept alive exactly while registered, calls
back into the engine, and callbacks that raise (reported by the call that ran them, never a
crash)."""

from __future__ import annotations

import gc
import weakref
from typing import Any, List

import pytest

import animcore
from _frames import T0, approx, frame
from animcore import BasicAnimation, CallbackError, DynamicLayer, Engine, Layer, LayerClass, Property


class Recorder:
    """A display callback that records what it sees (an object, so tests can watch it die)."""

    def __init__(self) -> None:
        self.layers: List[Layer] = []
        self.times: List[float] = []

    def __call__(self, layer: Layer) -> None:
        self.layers.append(layer)
        self.times.append(layer.presentation.time)


class Counter:
    """A display callback that only counts (keeps no layer alive)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, layer: Layer) -> None:
        self.count += 1


def clock_class(engine: Engine, display: Any = None) -> LayerClass[DynamicLayer]:
    """ "time" needs display (animatable), "label" needs display (not animatable), "weight" not."""
    return engine.layer_class(
        "Clock",
        {"time": 0.0, "label": Property(0, animatable=False, needs_display=True), "weight": 0.0},
        needs_display={"time"},
        display=display,
    )


def test_display_rules(engine: Engine) -> None:
    seen = Recorder()
    Clock = clock_class(engine, seen)
    layer, other = Clock(), Clock()
    engine.tick(frame(0))
    engine.tick(frame(1))
    assert seen.layers == []  # never at creation
    layer.label = 3
    assert layer.needs_display and not other.needs_display
    engine.tick(frame(2))
    assert seen.layers == [layer] and seen.layers[0] is layer
    assert not layer.needs_display
    engine.tick(frame(3))
    assert len(seen.layers) == 1
    layer.label = 3  # the same value: nothing
    assert not layer.needs_display
    layer.weight = 5  # not needs-display
    layer.opacity = 0.5
    layer["tag"] = 1  # undeclared
    for k in range(4, 30):
        engine.tick(frame(k))
    assert len(seen.layers) == 1
    layer.label = 4
    layer.label = 5
    layer.set_needs_display()
    engine.tick(frame(30))
    assert len(seen.layers) == 2  # once per tick at most
    other.set_needs_display()
    engine.tick(frame(31))
    assert seen.layers[-1] is other


def test_display_every_tick_while_animating(engine: Engine) -> None:
    seen = Recorder()
    Clock = clock_class(engine, seen)
    layer = Clock()
    layer.add_animation(BasicAnimation("time", from_value=0, to_value=1, duration=0.51), "time")
    for k in range(41):
        engine.tick(frame(k))
        assert len(seen.times) == (k + 1 if k <= 31 else 32), k
        if k <= 30:
            assert seen.times[k] == approx((k / 60) / 0.51)
    assert seen.times[31] == 0.0  # removed: the model again
    seen.times.clear()
    layer.add_animation(BasicAnimation("weight", from_value=0, to_value=1, duration=0.5), "w")
    for k in range(41, 80):
        engine.tick(frame(k))
    assert seen.times == []


def test_bounds_change_with_needs_display_on_bounds_change(engine: Engine) -> None:
    seen = Recorder()
    Clock = clock_class(engine, seen)
    still, redraws = Clock(), Clock(needs_display_on_bounds_change=True)
    still.bounds = (0, 0, 10, 10)
    redraws.bounds = (0, 0, 10, 10)
    assert not still.needs_display and redraws.needs_display
    engine.tick(frame(0))
    assert seen.layers == [redraws]
    redraws.position = (5, 5)
    assert not redraws.needs_display
    redraws.frame = (0, 0, 20, 20)
    assert redraws.needs_display


def test_delegate_display_wins(engine: Engine) -> None:
    by_class, by_delegate = Recorder(), Recorder()
    Clock = clock_class(engine, by_class)
    layer = Clock()
    layer.set_delegate(display=by_delegate)
    layer.set_needs_display()
    engine.tick(1)
    assert (len(by_delegate.layers), len(by_class.layers)) == (1, 0)
    layer.set_delegate(display=None)
    layer.set_needs_display()
    engine.tick(2)
    assert (len(by_delegate.layers), len(by_class.layers)) == (1, 1)
    with pytest.raises(TypeError):
        layer.set_delegate(display=3)


def test_subclasses_start_with_the_display_of_their_superclass(engine: Engine) -> None:
    first, second = Recorder(), Recorder()
    Clock = clock_class(engine, first)
    Early = engine.layer_class("Early", superclass=Clock)
    Clock.display = second
    Late = engine.layer_class("Late", superclass=Clock)
    assert (Early.display, Late.display, Clock.display) == (first, second, second)
    layers = [Clock(), Early(), Late()]
    for layer in layers:
        layer.set_needs_display()
    engine.tick(1)
    assert first.layers == [layers[1]]
    assert sorted(l.handle for l in second.layers) == sorted([layers[0].handle, layers[2].handle])
    Clock.display = None
    assert Clock.display is None


def test_callables_live_exactly_while_registered() -> None:
    engine = Engine()
    gc.collect()  # (garbage of earlier tests holding registrations goes first, not in the count)
    start = animcore._callbacks.registered_count()
    recorder = Recorder()
    watch = weakref.ref(recorder)
    Clock = clock_class(engine, recorder)
    del recorder
    gc.collect()
    assert watch() is not None  # kept by the registration
    assert animcore._callbacks.registered_count() == start + 1
    Clock.display = Recorder()  # replaced: the first registration ends
    gc.collect()
    assert watch() is None
    layer = Clock()
    delegate = Counter()  # (a callable holding its layer would keep it alive)
    delegate_watch = weakref.ref(delegate)
    layer.set_delegate(display=delegate)
    del delegate
    layer.set_needs_display()
    engine.tick(1)
    assert delegate_watch() is not None and delegate_watch().count == 1  # type: ignore[union-attr]
    del layer  # the layer's destruction ends its delegate
    gc.collect()
    assert delegate_watch() is None
    stops: List[bool] = []
    kept = Clock()
    kept.add_animation(
        BasicAnimation("time", to_value=1.0, duration=10, on_stop=lambda l, k, f: stops.append(f)),
        "t",
    )
    assert animcore._callbacks.registered_count() == start + 2
    engine.close()  # stops what runs (finished False), ends every registration
    assert stops == [False]
    assert animcore._callbacks.registered_count() == start
    with pytest.raises(animcore.BadHandleError):
        Clock.display = Recorder()
    assert animcore._callbacks.registered_count() == start  # a failed call keeps nothing


def test_a_failed_registration_keeps_nothing(engine: Engine) -> None:
    start = animcore._callbacks.registered_count()
    foreign: LayerClass[Layer] = LayerClass(engine, 4242, "Fake", None, ())
    with pytest.raises(animcore.BadHandleError, match="layer_class"):
        foreign.display = Recorder()
    assert animcore._callbacks.registered_count() == start


# ---- callbacks that call into the engine ---------------------------------------------------------


def test_callbacks_may_call_into_the_engine(engine: Engine) -> None:
    Clock = clock_class(engine)
    parent, target = engine.layer(), engine.layer()
    made: List[Layer] = []

    def display(layer: DynamicLayer) -> None:
        if made:
            return
        child = engine.layer()
        parent.add_sublayer(child)
        made.append(child)
        target.add_animation(
            BasicAnimation("zPosition", from_value=100, to_value=200, duration=0.3), "from-display"
        )
        layer.weight = 7
        layer.set_needs_display()  # owed at the next tick

    Clock.display = display
    layer = Clock()
    layer.set_needs_display()
    engine.tick(frame(0))
    assert parent.sublayers == tuple(made) and layer.weight == 7
    assert target.animation_keys == ["from-display"]
    engine.tick(frame(1))  # commits the animation added from display
    engine.tick(frame(10))
    assert 100 < target.presentation.z_position < 200

    def chain(l: Layer, key: Any, finished: bool) -> None:
        if finished:
            l.add_animation(
                BasicAnimation("zPosition", from_value=100, to_value=200, duration=0.3), "second"
            )
            made[0].remove_from_superlayer()

    layer.add_animation(
        BasicAnimation("zPosition", from_value=0, to_value=10, duration=0.21, on_stop=chain),
        "first",
    )
    for k in range(11, 31):
        engine.tick(frame(k))
    assert layer.animation_keys == ["second"] and parent.sublayers == ()


def test_tick_and_close_from_inside_callbacks() -> None:
    engine = Engine()
    Clock = clock_class(engine)
    inner: List[float] = []

    def display(layer: Layer) -> None:
        if not inner:
            inner.append(engine.current_time)
            engine.tick(engine.current_time + 1)  # a tick from inside a tick
            inner.append(engine.current_time)

    Clock.display = display
    layer = Clock()
    layer.set_needs_display()
    engine.tick(5.0)
    assert inner == [5.0, 6.0]

    def closes(layer: Layer) -> None:
        engine.close()

    Clock.display = closes
    layer.set_needs_display()
    engine.tick(7.0)
    assert engine.closed


# ---- callbacks that raise ------------------------------------------------------------------------


def test_a_raising_display_is_reported_by_tick(engine: Engine) -> None:
    calls: List[Layer] = []

    def bad(layer: Layer) -> None:
        calls.append(layer)
        raise ValueError(f"cannot draw {len(calls)}")

    Clock = clock_class(engine, bad)
    first, second = Clock(), Clock()
    first.set_needs_display()
    second.set_needs_display()
    with pytest.raises(CallbackError) as caught:
        engine.tick(1.0)
    assert len(calls) == 2  # the other callbacks still ran
    assert caught.value.during == "tick" and len(caught.value.errors) == 2
    assert isinstance(caught.value.__cause__, ValueError)
    assert "cannot draw 1" in str(caught.value) and "1 more" in str(caught.value)
    assert engine.current_time == 1.0  # the tick completed
    engine.tick(2.0)  # nothing owed, nothing raised
    assert len(calls) == 2


def test_raising_animation_callbacks(engine: Engine) -> None:
    layer = engine.layer()

    def start(l: Layer, key: Any) -> None:
        raise RuntimeError("start")

    stops: List[bool] = []

    def stop(l: Layer, key: Any, finished: bool) -> None:
        stops.append(finished)
        raise KeyError("stop")

    layer.add_animation(
        BasicAnimation("opacity", to_value=0.0, duration=0.1, on_start=start, on_stop=stop), "f"
    )
    with pytest.raises(CallbackError, match="start"):
        engine.tick(T0)
    engine.tick(T0 + 0.05)
    with pytest.raises(CallbackError) as caught:
        engine.tick(T0 + 0.2)
    assert isinstance(caught.value.errors[0], KeyError) and stops == [True]
    layer.add_animation(BasicAnimation("opacity", to_value=0.0, duration=5, on_stop=stop), "g")
    engine.tick(T0 + 0.3)
    with pytest.raises(CallbackError) as closing:
        engine.close()
    assert closing.value.during == "close" and stops == [True, False]


def test_keyboard_interrupt_in_a_callback_propagates_as_is(engine: Engine) -> None:
    def interrupted(layer: Layer) -> None:
        raise KeyboardInterrupt

    Clock = clock_class(engine, interrupted)
    layer = Clock()
    layer.set_needs_display()
    with pytest.raises(KeyboardInterrupt):
        engine.tick(1.0)
    assert engine.current_time == 1.0


def test_callback_errors_pickle() -> None:
    import pickle

    error = CallbackError("tick", [ValueError("x")])
    copy = pickle.loads(pickle.dumps(error))
    assert copy.during == "tick" and isinstance(copy.errors[0], ValueError)


def test_closing_on_an_exception_keeps_that_exception(monkeypatch: Any) -> None:
    """A with block left by an exception: what callbacks raise while the engine closes goes to
    sys.unraisablehook, and the block's own exception is the one raised."""
    import sys

    reported: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    def stop(layer: Layer, key: Any, finished: bool) -> None:
        raise RuntimeError("stop while closing")

    with pytest.raises(ZeroDivisionError):
        with Engine() as engine:
            layer = engine.layer()
            layer.add_animation(BasicAnimation("opacity", to_value=0.0, duration=9, on_stop=stop))
            engine.tick(1.0)
            1 / 0
    assert [type(r.exc_value) for r in reported] == [RuntimeError]
    assert "Engine.close" in reported[0].err_msg


def test_closing_on_an_exception_with_python_s_own_hook() -> None:
    """The same with Python's default sys.unraisablehook (in a child process, so the real hook
    runs): the callback's error is printed, the block's own exception is the one raised, and no
    TypeError about the hook's argument type replaces either."""
    import subprocess
    import sys
    import textwrap

    program = textwrap.dedent(
        """
        from animcore import BasicAnimation, Engine

        def stop(layer, key, finished):
            raise RuntimeError("stop while closing")

        try:
            with Engine() as engine:
                layer = engine.layer()
                layer.add_animation(BasicAnimation("opacity", to_value=0.0, duration=9, on_stop=stop))
                engine.tick(1.0)
                1 / 0
        except ZeroDivisionError:
            print("the block's own exception")
        """
    )
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "the block's own exception"
    assert "Exception ignored in animcore callback during Engine.close" in result.stderr
    assert "RuntimeError: stop while closing" in result.stderr
    assert "TypeError" not in result.stderr
