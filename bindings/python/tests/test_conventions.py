"""The binding's conventions, each stated once and held everywhere:

- "no value" is None: a timing not in effect has no progress, iteration time or iteration
  (``Timing.progress``, ``TimingState``, ``chain_evaluate``); batches say it alike (None in a
  list, a masked entry in a NumPy masked array, whose ``tolist()`` gives None);
- snapshot keys are the keys: exactly what ``layer[key]``, ``presentation[key]`` and
  animation key paths take (CALayer's camelCase names for the built-in properties); attributes
  take them and their snake_case spelling;
- time may go backwards: ``engine.tick(t)`` with ``t`` before the previous tick moves engine
  time back; running animations show their values at the earlier time, finished ones stay
  finished and no callback is delivered twice.
"""

from __future__ import annotations

import math
from typing import Any, Iterator, List, Tuple

import pytest

from animcore import (
    BasicAnimation,
    Color,
    Engine,
    Layer,
    NotAnimatableError,
    Property,
    Timing,
    TimingFunction,
    chain_evaluate,
)
from animcore.properties import snake_case

# ---- "no value" is None ------------------------------------------------------------------------

TIMING = Timing(duration=1.0, begin_time=1.0)  # fill mode removed: no effect outside [1, 2)
TIMES = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0]
IN_EFFECT = [False, False, True, True, False, False]


def test_a_single_value_says_no_effect_with_none() -> None:
    for time, in_effect in zip(TIMES, IN_EFFECT):
        progress = TIMING.progress(time)
        state = TIMING.evaluate(time)
        assert state.in_effect is in_effect
        if in_effect:
            assert progress is not None and state.progress is not None
            assert state.iteration_time is not None and state.current_iteration == 0.0
        else:
            assert progress is None
            assert (state.progress, state.iteration_time, state.current_iteration) == (
                None,
                None,
                None,
            )
        # The fields that always have a value keep it.
        assert math.isfinite(state.local_time) and state.active_duration == 1.0
    assert chain_evaluate([Timing.layer(), TIMING], 5.0).progress is None


def test_a_batch_says_no_effect_as_progress_does() -> None:
    as_list = TIMING.progress_batch(TIMES, TimingFunction.EASE_IN)
    assert as_list == [TIMING.progress(t, TimingFunction.EASE_IN) for t in TIMES]
    assert [value is not None for value in as_list] == IN_EFFECT


def test_a_numpy_batch_masks_what_has_no_value() -> None:
    numpy = pytest.importorskip("numpy", reason="NumPy is not installed: masked batches untested")
    times = numpy.array(TIMES)
    result = TIMING.progress_batch(times)
    assert isinstance(result, numpy.ma.MaskedArray)
    assert result.tolist() == [TIMING.progress(t) for t in TIMES]  # None where masked
    assert list(~numpy.ma.getmaskarray(result)) == IN_EFFECT
    assert result.mean() == pytest.approx(0.25)  # reductions skip the masked entries
    assert numpy.isnan(result.filled()).tolist() == [not e for e in IN_EFFECT]


def test_every_place_that_reports_no_value_says_none() -> None:
    """The library's NaN of "no effect" reaches Python nowhere: none of the places that report
    a missing value gives a float NaN."""
    values: List[Any] = []
    for time in TIMES:
        state = TIMING.evaluate(time)
        values += [TIMING.progress(time), state.progress, state.iteration_time]
        values.append(state.current_iteration)
    values += TIMING.progress_batch(TIMES)
    values.append(chain_evaluate([TIMING], 9.0).progress)
    assert not [v for v in values if isinstance(v, float) and math.isnan(v)]
    assert None in values


# ---- snapshot keys are the keys ----------------------------------------------------------------


class Dial(Layer):
    needle = Property(0.0)
    tint = Property(Color(1, 1, 1))


@pytest.fixture
def engine() -> Iterator[Engine]:
    with Engine() as engine:
        yield engine


def _same(a: Any, b: Any) -> bool:
    return bool(a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b)))


def test_snapshot_keys_are_what_item_access_and_key_paths_take(engine: Engine) -> None:
    gauges = engine.layer_class("Gauge", {"lineWidth": 1.0, "fillColor": Color(0, 0, 0)})
    for layer in (engine.layer(), gauges(), engine.layer(Dial)):
        engine.tick(0.0)
        snapshot = layer.snapshot()
        assert list(snapshot) == list(layer.layer_class.property_names[:-1])  # but "frame"
        assert "anchorPoint" in snapshot and "anchor_point" not in snapshot
        for key, value in snapshot.items():
            assert _same(layer[key], value), key  # item access takes the key
            assert _same(layer.presentation[key], value), key
            assert _same(getattr(layer, key), value), key  # attributes take it ...
            assert _same(getattr(layer, snake_case(key)), value), key  # ... and snake_case
        presented = layer.presentation.snapshot()
        assert list(presented) == list(snapshot)


def test_snapshot_keys_are_animation_key_paths(engine: Engine) -> None:
    """Every snapshot key names its property as an animation's key path: an animatable one
    takes the animation; the others (the layer's own timing) are refused as that property,
    never as an unknown key."""
    layer = engine.layer(Dial)
    engine.tick(0.0)
    animated: List[str] = []
    for key, value in layer.snapshot().items():
        if isinstance(value, float) and not math.isfinite(value):
            value = 1.0  # the layer's duration is inf: animate to a finite one
        try:
            layer.add_animation(BasicAnimation(key, to_value=value, duration=1.0), key)
        except NotAnimatableError as error:
            assert str(error) == f'property "{key}" is not animatable', key
        else:
            animated.append(key)
    assert sorted(layer.animation_keys) == sorted(animated)
    assert {"position", "anchorPoint", "backgroundColor", "needle", "tint"} <= set(animated)
    engine.tick(0.5)


# ---- time going backwards ----------------------------------------------------------------------


def test_ticking_back_moves_engine_time_back(engine: Engine) -> None:
    layer = engine.layer()
    events: List[Tuple[Any, ...]] = []
    engine.tick(10.0)
    layer.add_animation(
        BasicAnimation(
            "opacity",
            from_value=0.0,
            to_value=1.0,
            duration=1.0,
            on_start=lambda l, k: events.append(("start", k)),
            on_stop=lambda l, k, finished: events.append(("stop", k, finished)),
        ),
        "fade",
    )
    layer.add_animation(
        BasicAnimation(
            "zPosition",
            from_value=0.0,
            to_value=10.0,
            duration=4.0,
            on_stop=lambda l, k, finished: events.append(("stop", k, finished)),
        ),
        "z",
    )
    completions: List[bool] = []
    engine.transaction_state.add_completion(completions.append)
    engine.tick(10.0)  # both begin at 10
    engine.tick(11.5)  # fade finished (and was removed), z runs
    assert events == [("start", "fade"), ("stop", "fade", True)]
    assert layer.animation_keys == ["z"] and completions == []  # z still runs

    engine.tick(10.25)  # back: engine time follows the host's
    assert engine.current_time == 10.25
    assert layer.presentation.z_position == pytest.approx(0.625)  # z at the earlier time
    assert layer.presentation.opacity == 1.0  # fade stays finished: the model value
    engine.tick(9.0)  # before z began: it has no effect there (fill mode removed)
    assert layer.presentation.z_position == 0.0 and layer.animation_keys == ["z"]

    engine.tick(15.0)  # forwards again: z finishes once, nothing is delivered twice
    assert events == [("start", "fade"), ("stop", "fade", True), ("stop", "z", True)]
    assert completions == [True] and layer.animation_keys == []


def test_ticking_back_follows_the_global_speed(engine: Engine) -> None:
    engine.tick(100.0)
    engine.global_speed = 2.0
    engine.tick(101.0)
    assert engine.current_time == 102.0
    engine.tick(100.5)  # half a second back in host time: a second back in engine time
    assert engine.current_time == 101.0
