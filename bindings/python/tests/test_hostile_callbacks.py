"""Callbacks under hostile use (issue 35): an exception a callback raises is raised by the call
that ran it (LayerBatch.set included, and a change whose action closes the engine first), and
nothing is held afterwards; a refused registration keeps nothing; an engine whose own callbacks
refer to it is garbage-collected without close(); a callback that raises with no binding call to
raise it goes to sys.unraisablehook at once."""

from __future__ import annotations

import gc
import sys
import weakref
from typing import Any, Callable, List

import pytest

from animcore import (
    BadHandleError,
    BasicAnimation,
    CallbackError,
    DynamicLayer,
    Engine,
    InvalidStateError,
    _callbacks,
)


class Boom(Exception):
    """The user's own exception."""


def raising_action(layer: DynamicLayer, key: str) -> None:
    raise Boom(key)


def committed_layer(engine: Engine) -> DynamicLayer:
    layer: DynamicLayer = engine.layer()
    engine.tick(0.0)
    return layer


def alive_after(rounds: int, make: Callable[[], Engine]) -> int:
    """How many of ``rounds`` engines made by ``make`` (and dropped) outlive a collection."""
    refs = [weakref.ref(make()) for _ in range(rounds)]
    # Twice: a layer's finalizer holds its engine, so engines go in the round after their layers.
    gc.collect()
    gc.collect()
    return sum(ref() is not None for ref in refs)


# ---- 1. exceptions are raised by the call that ran the callback ---------------------------------


def test_batch_set_raises_what_an_action_raised() -> None:
    with Engine() as engine:
        layer = committed_layer(engine)
        layer.set_delegate(action=raising_action)
        with pytest.raises(CallbackError) as caught:
            engine.batch([layer]).set("opacity", [0.5])
        assert isinstance(caught.value.__cause__, Boom)
        assert caught.value.errors == (caught.value.__cause__,)
        assert str(caught.value.__cause__) == "opacity"
        assert caught.value.call_error is None
        assert layer.opacity == 0.5  # the change was made
        assert not _callbacks.pending()


def test_an_action_that_closes_the_engine_then_raises() -> None:
    engine = Engine()
    layer = committed_layer(engine)

    def action(layer: DynamicLayer, key: str) -> None:
        engine.close()
        raise Boom("after close")

    layer.set_delegate(action=action)
    with pytest.raises(CallbackError) as caught:
        layer.opacity = 0.5
    error = caught.value
    assert isinstance(error.__cause__, Boom) and str(error.__cause__) == "after close"
    # The change itself failed (the engine went away under it): said too, in Python's words.
    assert isinstance(error.call_error, InvalidStateError)
    assert error.__context__ is error.call_error
    assert str(error.call_error) == "the engine is closed (Engine.close() was called)"
    assert "then the call failed: InvalidStateError" in str(error)
    assert engine.closed
    assert not _callbacks.pending()


def test_an_action_that_closes_the_engine_during_a_batch_set() -> None:
    engine = Engine()
    layers = [engine.layer() for _ in range(3)]
    engine.tick(0.0)

    def action(layer: DynamicLayer, key: str) -> None:
        engine.close()
        raise Boom(key)

    layers[0].set_delegate(action=action)
    with pytest.raises(CallbackError) as caught:
        engine.batch(layers).set("opacity", [0.5, 0.25, 0.125])
    assert isinstance(caught.value.__cause__, Boom)
    assert not _callbacks.pending()


@pytest.mark.parametrize("block", ["transaction", "animate"])
def test_a_block_keeps_the_exception_when_its_engine_closed_inside(block: str) -> None:
    """The change's CallbackError leaves the ``with`` block as it is: the block's commit, made
    moot by the close, no longer replaced it with BadHandleError."""
    engine = Engine()
    layer = committed_layer(engine)

    def action(layer: DynamicLayer, key: str) -> None:
        engine.close()
        raise Boom(key)

    layer.set_delegate(action=action)
    scope = engine.transaction() if block == "transaction" else engine.animate()
    with pytest.raises(CallbackError) as caught:
        with scope:
            layer.opacity = 0.5
    assert isinstance(caught.value.__cause__, Boom)
    assert not _callbacks.pending()


def test_lost_exceptions_keep_no_engine_alive() -> None:
    """200 rounds of an action that closes its engine and raises: every engine is freed (the
    errors, with their tracebacks, were held before)."""

    def round_trip() -> Engine:
        engine = Engine()
        layer = committed_layer(engine)

        def action(layer: DynamicLayer, key: str) -> None:
            engine.close()
            raise Boom()

        layer.set_delegate(action=action)
        with pytest.raises(CallbackError):
            layer.opacity = 0.5
        batch_engine = Engine()
        other = committed_layer(batch_engine)
        other.set_delegate(action=raising_action)
        with pytest.raises(CallbackError):
            batch_engine.batch([other]).set("opacity", [0.5])
        batch_engine.close()
        return engine

    assert alive_after(200, round_trip) == 0
    assert not _callbacks.pending()


def test_a_callback_with_no_call_to_raise_it_goes_to_the_unraisable_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The safety net: a report outside any guarded call is never held."""
    seen: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", seen.append)
    _callbacks.report(Boom("nobody's"))
    assert not _callbacks.pending()
    assert len(seen) == 1 and isinstance(seen[0].exc_value, Boom)


# ---- 2. a refused registration keeps nothing ----------------------------------------------------


def test_a_completion_refused_by_a_closed_engine_stays_unregistered() -> None:
    def refused() -> Engine:
        engine = Engine()
        engine.close()
        with pytest.raises(BadHandleError):
            engine.transaction_state.add_completion(lambda finished: engine)
        with pytest.raises(BadHandleError):
            with engine.animate(completion=lambda finished: engine):
                pass
        return engine

    before = _callbacks.registered_count()
    assert alive_after(100, refused) == 0
    assert _callbacks.registered_count() == before


def test_every_refused_registration_keeps_nothing() -> None:
    """Display (layer and class), action (layer and class), animation delegates and completions
    on a closed engine: refused, and nothing registered."""
    engine = Engine()
    layer = engine.layer()
    cls = engine.layer_class("Refusing", {"v": 0.0})
    engine.close()
    before = _callbacks.registered_count()
    attempts: List[Callable[[], Any]] = [
        lambda: layer.set_delegate(display=print),
        lambda: layer.set_delegate(action=lambda layer, key: None),
        lambda: setattr(cls, "display", print),
        lambda: setattr(cls, "default_action", lambda layer, key: None),
        lambda: layer.add_animation(BasicAnimation("opacity", to_value=0.0, on_stop=print)),
        lambda: engine.transaction_state.add_completion(print),
    ]
    for attempt in attempts:
        with pytest.raises(BadHandleError):
            attempt()
    assert _callbacks.registered_count() == before


# ---- also: an engine referred to by its own callbacks is collected -------------------------------


def test_an_engine_its_own_callbacks_refer_to_is_collected_without_close() -> None:
    def self_referring() -> Engine:
        engine = Engine()
        layer = engine.layer()
        engine.layer_class("Clock", {"t": 0.0}, display=lambda layer: engine.current_time)
        layer.set_delegate(display=lambda layer: engine, action=lambda layer, key: engine and None)
        layer.add_animation(
            BasicAnimation("opacity", to_value=0.0, duration=5, on_stop=lambda *a: engine), key="k"
        )
        engine.transaction_state.add_completion(lambda finished: engine)
        engine.tick(0.0)
        return engine

    before = _callbacks.registered_count()
    assert alive_after(100, self_referring) == 0
    assert _callbacks.registered_count() == before  # each registration ended with its engine


def test_an_engine_alive_keeps_its_callbacks() -> None:
    """The other side of the weak table: while the engine lives, its callbacks run, even when
    nothing but the engine refers to them."""
    engine = Engine()
    layer = committed_layer(engine)
    stops: List[bool] = []
    layer.add_animation(
        BasicAnimation("opacity", to_value=0.0, duration=1, on_stop=lambda l, k, f: stops.append(f))
    )
    gc.collect()
    for now in (0.5, 1.0, 2.0, 3.0):
        engine.tick(now)
    assert stops == [True]
    engine.close()
