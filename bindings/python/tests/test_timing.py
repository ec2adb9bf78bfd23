"""Timing: defaults, value semantics, the worked examples T1-T15 of the reference (section 9.1,
an animation on a layer with default timing, so parent time = e + begin), batches and threads."""

from __future__ import annotations

import array
import ctypes
import math
import pickle
import threading
from typing import Any, List, Optional

import pytest

import animcore
from animcore import FillMode, Phase, Timing, TimingFunction, TimingState, _capi

TOL = 1e-9


def approx(value: float) -> Any:
    return pytest.approx(value, abs=TOL)


# ---- defaults (T22) and construction -------------------------------------------------------------


def test_animation_defaults() -> None:
    timing = Timing.animation()
    assert (timing.begin_time, timing.duration, timing.speed, timing.time_offset) == (0, 0, 1, 0)
    assert (timing.repeat_count, timing.repeat_duration) == (0, 0)
    assert timing.autoreverses is False and timing.fill_mode is FillMode.REMOVED
    assert Timing() == timing


def test_layer_defaults() -> None:
    timing = Timing.layer()
    assert timing.duration == math.inf
    assert (timing.begin_time, timing.speed, timing.time_offset) == (0, 1, 0)
    assert (timing.repeat_count, timing.repeat_duration) == (0, 0)
    assert timing.autoreverses is False and timing.fill_mode is FillMode.REMOVED
    assert timing == Timing.animation(duration=math.inf)


def test_arguments_are_keyword_only_and_normalised() -> None:
    with pytest.raises(TypeError):
        Timing(1.0)  # type: ignore[call-arg]
    timing = Timing(duration=2, repeat_count=1, autoreverses=1)  # type: ignore[arg-type]
    assert type(timing.duration) is float and type(timing.repeat_count) is float
    assert timing.autoreverses is True


@pytest.mark.parametrize(
    "given,expected",
    [
        ("removed", FillMode.REMOVED),
        ("forwards", FillMode.FORWARDS),
        ("backwards", FillMode.BACKWARDS),
        ("both", FillMode.BOTH),
        (FillMode.BOTH, FillMode.BOTH),
        ("kCAFillModeForwards", FillMode.FORWARDS),
    ],
)
def test_fill_mode_spellings(given: Any, expected: FillMode) -> None:
    assert Timing(fill_mode=given).fill_mode is expected
    assert Timing(fill_mode=given).fill_mode == expected.value


def test_value_semantics() -> None:
    a = Timing(duration=1.5, begin_time=2.0, fill_mode="both")
    b = Timing(begin_time=2, duration=1.5, fill_mode=FillMode.BOTH)
    assert a == b and hash(a) == hash(b) and a != Timing(duration=1.5)
    assert eval(repr(a), {"Timing": Timing, "inf": math.inf}) == a
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(AttributeError):
        a.duration = 3.0  # type: ignore[misc]


def test_replace() -> None:
    a = Timing.layer(speed=2.0)
    b = a.replace(time_offset=1.0)
    assert (b.speed, b.time_offset, b.duration) == (2.0, 1.0, math.inf)
    assert a.time_offset == 0.0
    with pytest.raises(animcore.OutOfRangeError):
        a.replace(duration=-1.0)


def test_validate_and_struct() -> None:
    timing = Timing(duration=1.0, autoreverses=True)
    timing.validate()
    raw = timing.as_struct()
    assert (raw.duration_s, raw.autoreverses, raw.struct_size) == (1.0, 1, 64)
    raw.duration_s = 5.0
    assert timing.duration == 1.0  # a copy


# ---- the state -----------------------------------------------------------------------------------


def test_state_fields() -> None:
    state = Timing(duration=2.0, begin_time=1.0).evaluate(2.0)
    assert isinstance(state, TimingState)
    assert state == TimingState(Phase.ACTIVE, True, False, 1.0, 1.0, 0.5, 0.0, 2.0, 3.0)
    with pytest.raises(Exception):
        state.progress = 1.0  # type: ignore[misc]


def test_not_in_effect_gives_nan_and_none() -> None:
    timing = Timing(duration=1.0, begin_time=1.0)
    state = timing.evaluate(0.0)
    assert state.phase is Phase.BEFORE and not state.in_effect
    assert state.phase == "before"  # type: ignore[comparison-overlap]  # a str enum
    assert state.progress is None and state.iteration_time is None
    assert state.current_iteration is None
    assert state.local_time == -1.0 and state.end_time == 2.0
    assert timing.progress(0.0) is None
    assert timing.evaluate(2.0).phase is Phase.AFTER and timing.progress(2.0) is None


def test_phase_boundaries() -> None:
    timing = Timing(duration=1.0, begin_time=1.0)
    assert timing.evaluate(1.0).phase is Phase.ACTIVE  # begin <= t
    assert timing.evaluate(1.999).phase is Phase.ACTIVE
    assert timing.evaluate(2.0).phase is Phase.AFTER  # t >= end


def test_active_duration_and_end_time() -> None:
    timing = Timing(duration=1.5, autoreverses=True, repeat_count=2, begin_time=1.0, speed=2.0)
    assert timing.active_duration == approx(6.0)
    assert timing.end_time == approx(1.0 + 3.0)
    assert Timing.layer().end_time == math.inf
    assert Timing(duration=1.0, repeat_count=math.inf).active_duration == math.inf


def test_duration_zero_is_a_zero_length_interval() -> None:
    timing = Timing(fill_mode="both")
    assert timing.progress(-1.0) == 0.0
    assert timing.progress(1.0) == 1.0
    assert timing.end_time == 0.0


# ---- worked examples T1-T15 ----------------------------------------------------------------------


def test_T1_basic() -> None:
    timing = Timing(duration=1.5)
    assert timing.progress(0.75) == approx(0.5)
    assert timing.end_time == approx(1.5)
    assert timing.evaluate(1.5).phase is Phase.AFTER


def test_T2_begin_later_with_and_without_backwards_fill() -> None:
    now = 0.0
    timing = Timing(duration=1.5, begin_time=now + 1.0)
    assert timing.progress(now + 0.5) is None
    assert timing.replace(fill_mode="backwards").progress(now + 0.5) == approx(0.0)


def test_T3_autoreverses() -> None:
    timing = Timing(duration=1.5, autoreverses=True)
    state = timing.evaluate(2.25)
    assert state.progress == approx(0.5) and state.reversed
    assert timing.active_duration == approx(3.0)
    assert timing.progress(3.0) is None and timing.progress(3.5) is None


def test_T4_repeat_count() -> None:
    timing = Timing(duration=1.5, repeat_count=2)
    assert timing.progress(1.8) == approx(0.2)
    assert timing.end_time == approx(3.0)
    assert timing.replace(fill_mode="forwards").progress(3.0) == approx(1.0)


def test_T5_fractional_repeat_count() -> None:
    timing = Timing(duration=2.0, repeat_count=1.5)
    assert timing.progress(2.5) == approx(0.25)
    assert timing.end_time == approx(3.0)
    assert timing.replace(fill_mode="forwards").progress(3.0) == approx(0.5)


def test_T6_repeat_duration() -> None:
    timing = Timing(duration=1.5, repeat_duration=2.0, fill_mode="forwards")
    assert timing.end_time == approx(2.0)
    assert timing.progress(2.0) == approx(1 / 3)
    assert timing.progress(10.0) == approx(1 / 3)


def test_T7_repeat_duration_ends_early() -> None:
    timing = Timing(duration=1.5, repeat_duration=1.0, fill_mode="forwards")
    assert timing.end_time == approx(1.0)
    assert timing.progress(1.0) == approx(2 / 3)


def test_T8_autoreverses_with_repeat_count() -> None:
    timing = Timing(duration=1.0, autoreverses=True, repeat_count=2, fill_mode="forwards")
    assert timing.active_duration == approx(4.0)
    forward = timing.evaluate(2.25)
    assert forward.progress == approx(0.25) and not forward.reversed
    assert forward.current_iteration == 1.0
    backward = timing.evaluate(3.5)
    assert backward.progress == approx(0.5) and backward.reversed
    assert timing.progress(4.0) == approx(0.0)


def test_T9_fractional_autoreversing_legs() -> None:
    timing = Timing(duration=0.5, repeat_count=2.5, autoreverses=True, fill_mode="forwards")
    assert timing.end_time == approx(2.5)
    legs = [timing.evaluate(0.25 + 0.5 * leg) for leg in range(5)]
    assert [state.reversed for state in legs] == [False, True, False, True, False]
    assert all(state.progress == approx(0.5) for state in legs)
    assert timing.evaluate(0.4).progress == approx(0.8)
    assert timing.evaluate(0.6).progress == approx(0.8)
    assert timing.progress(2.5) == approx(1.0)


def test_T10_speed() -> None:
    timing = Timing(duration=3.0, speed=2.0)
    assert timing.progress(0.75) == approx(0.5)
    assert timing.end_time == approx(1.5)


def test_T11_negative_speed() -> None:
    timing = Timing(duration=1.5, speed=-1.0, fill_mode="forwards")
    assert timing.progress(0.5) == approx(2 / 3)
    assert timing.end_time == approx(1.5)
    assert timing.progress(1.5) == approx(0.0)


def test_T12_negative_speed_with_offset() -> None:
    timing = Timing(duration=2.0, begin_time=20.0, speed=-1.0, time_offset=2.0)
    assert timing.progress(21.0) == approx(0.5)
    assert timing.evaluate(22.0).phase is Phase.AFTER
    assert timing.progress(22.0) is None
    assert timing.replace(fill_mode="forwards").progress(22.0) == approx(0.0)


def test_T13_time_offset_wraps() -> None:
    timing = Timing(duration=3.0, time_offset=1.0, fill_mode="forwards")
    assert timing.progress(0.0) == approx(1 / 3)
    assert timing.progress(1.9) == approx(2.9 / 3)
    assert timing.progress(2.5) == approx(0.5 / 3)
    assert timing.end_time == approx(3.0)
    assert timing.progress(3.0) == approx(1 / 3)


def test_T14_time_offset_after_speed() -> None:
    timing = Timing(duration=1.0, time_offset=0.5, speed=2.0, fill_mode="forwards")
    for e, p in ((0.0, 0.5), (0.2, 0.9), (0.3, 0.1), (0.45, 0.4)):
        assert timing.progress(e) == approx(p), f"e={e}"
    assert timing.end_time == approx(0.5)
    assert timing.progress(0.5) == approx(0.5)
    assert timing.progress(7.0) == approx(0.5)


def test_T15_negative_begin_time() -> None:
    now = 0.0
    timing = Timing(duration=1.5, begin_time=now - 0.5)
    assert timing.progress(now) == approx(1 / 3)
    assert timing.end_time == approx(now + 1.0)


def test_speed_zero_freezes_at_the_offset() -> None:
    timing = Timing(duration=1.0, speed=0.0, time_offset=0.3)
    for t in (0.0, 5.0, 1e6):
        assert timing.progress(t) == approx(0.3)
    assert timing.end_time == math.inf


# ---- progress with a timing function -------------------------------------------------------------


def test_progress_through_a_timing_function() -> None:
    timing = Timing(duration=1.0)
    assert timing.progress(0.25, TimingFunction.EASE_IN_EASE_OUT) == pytest.approx(
        0.129162, abs=1e-6
    )
    assert timing.progress(0.5, TimingFunction.named("easeIn")) == pytest.approx(0.315357, abs=1e-6)
    assert timing.progress(0.25, None) == 0.25
    assert timing.progress(0.5, TimingFunction.steps(4)) == 0.5


# ---- batches -------------------------------------------------------------------------------------


BATCH_TIMING = Timing(duration=2.0, begin_time=1.0, autoreverses=True, fill_mode="backwards")
BATCH_TIMES = [0.0, 0.5, 1.0, 1.5, 2.5, 3.0, 4.0, 5.0, 6.0]


def _expected(
    times: List[float], function: Optional[TimingFunction] = None
) -> List[Optional[float]]:
    return [BATCH_TIMING.progress(t, function) for t in times]


def _same(actual: List[Optional[float]], expected: List[Optional[float]]) -> bool:
    return len(actual) == len(expected) and all(a == e for a, e in zip(actual, expected))


@pytest.mark.parametrize(
    "container",
    [list, tuple, lambda xs: array.array("d", xs), lambda xs: (x for x in xs)],
    ids=["list", "tuple", "array", "generator"],
)
def test_batch_from_python_sequences(container: Any) -> None:
    result = BATCH_TIMING.progress_batch(container(BATCH_TIMES))
    assert isinstance(result, list) and all(x is None or type(x) is float for x in result)
    assert _same(result, _expected(BATCH_TIMES))
    assert result[-1] is None  # after the end, fill backwards only: no value, as progress()


def test_batch_with_a_function_and_empty() -> None:
    eased = BATCH_TIMING.progress_batch(BATCH_TIMES, TimingFunction.EASE_OUT)
    assert _same(eased, _expected(BATCH_TIMES, TimingFunction.EASE_OUT))
    assert BATCH_TIMING.progress_batch([]) == []
    source = array.array("d", BATCH_TIMES)
    BATCH_TIMING.progress_batch(source)
    assert list(source) == BATCH_TIMES  # the input is not written


def test_batch_numpy_round_trip() -> None:
    np = pytest.importorskip("numpy", reason="NumPy is not installed: NumPy batches not tested")
    times = np.linspace(-1.0, 7.0, 4001)
    result = BATCH_TIMING.progress_batch(times, TimingFunction.EASE_IN)
    assert isinstance(result, np.ma.MaskedArray) and result.dtype == np.float64
    assert result.shape == times.shape
    expected = _expected(list(times), TimingFunction.EASE_IN)
    assert result.tolist() == expected  # None where not in effect, as progress() says
    assert np.ma.count_masked(result) == np.count_nonzero(times >= 5.0)
    assert np.isnan(result.filled()).sum() == np.count_nonzero(times >= 5.0)


def test_batch_numpy_shapes_dtypes_and_strides() -> None:
    np = pytest.importorskip("numpy", reason="NumPy is not installed: NumPy batches not tested")
    grid = np.array(BATCH_TIMES[:8], dtype=np.float64).reshape(2, 4)
    result: Any = BATCH_TIMING.progress_batch(grid)
    assert result.shape == (2, 4)
    assert result.ravel().tolist() == _expected(BATCH_TIMES[:8])
    as_float32: Any = BATCH_TIMING.progress_batch(grid.astype(np.float32))
    assert as_float32.dtype == np.float64
    as_int = BATCH_TIMING.progress_batch(np.arange(7))
    assert as_int.tolist() == _expected([float(t) for t in range(7)])
    strided = np.array(BATCH_TIMES * 2)[::2]
    assert BATCH_TIMING.progress_batch(strided).tolist() == _expected(list(strided))
    assert BATCH_TIMING.progress_batch(np.empty(0)).shape == (0,)
    scalar: Any = BATCH_TIMING.progress_batch(np.array(2.0))
    assert scalar.shape == () and float(scalar) == BATCH_TIMING.progress(2.0)


def test_batch_numpy_contiguous_float64_input_is_not_copied() -> None:
    np = pytest.importorskip("numpy", reason="NumPy is not installed: NumPy batches not tested")
    from animcore._buffers import DoubleBatch

    times = np.linspace(0.0, 1.0, 16)
    batch = DoubleBatch(times, "parent_times")
    assert batch.inputs is not None
    assert ctypes.addressof(batch.inputs.contents) == times.ctypes.data
    before = times.copy()
    BATCH_TIMING.progress_batch(times)
    np.testing.assert_array_equal(times, before)


# ---- threads -------------------------------------------------------------------------------------


def test_threads_evaluate_concurrently() -> None:
    timings = [Timing(duration=1.0 + i, repeat_count=3, autoreverses=bool(i % 2)) for i in range(8)]
    times = [0.01 * k for k in range(600)]
    expected = [[t.evaluate(x) for x in times] for t in timings]
    failures: List[str] = []
    start = threading.Barrier(len(timings))

    def work(index: int) -> None:
        start.wait()
        for _ in range(5):
            for x, want in zip(times, expected[index]):
                got = timings[index].evaluate(x)
                if got != want:
                    failures.append(f"thread {index} at {x}: {got} != {want}")
                    return

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(timings))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[:3]


def test_last_error_messages_are_per_thread() -> None:
    """Each thread fails with its own value, waits until every other thread has failed too,
    then reads its last error: it must still be its own."""
    count = 6
    failed = threading.Barrier(count)
    results: List[Optional[str]] = [None] * count

    def work(index: int) -> None:
        duration = -float(index + 1)
        try:
            Timing(duration=duration)
        except animcore.OutOfRangeError as error:
            caught = error.message
        else:  # pragma: no cover - the library accepted a negative duration
            caught = "no error"
        failed.wait()
        raw = _capi.lib.ac_last_error_message().decode()
        own = f"duration is {duration}; it must be >= 0"  # the raw message in Python's words
        results[index] = (
            caught
            if caught == own
            and raw == f"AC_ERR_OUT_OF_RANGE: timing->duration_s is {duration}; it must be >= 0"
            else f"{caught!r} / {raw!r}"
        )

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, result in enumerate(results):
        assert result is not None and str(-float(index + 1)) in result, result
        assert "/" not in result, f"thread {index} saw another thread's error: {result}"


# ---- header invariants at the edge of double range -----------------------------------------------


@pytest.mark.parametrize(
    "arguments,parent_time",
    [
        # e * speed overflows to inf: the state says in effect but progress is NaN.
        (dict(duration=1.0, repeat_count=math.inf, speed=2.0), 1e308),
        (dict(duration=1.0, repeat_count=math.inf, speed=1e300), 1e10),
        # parent - begin overflows to inf: phase AFTER although the timing never ends.
        (dict(duration=1.0, repeat_count=math.inf, begin_time=-1e308), 1e308),
    ],
    ids=["speed-overflow-2", "speed-overflow-1e300", "elapsed-overflow"],
)
def test_state_invariants_hold_for_huge_finite_inputs(arguments: Any, parent_time: float) -> None:
    """The header: progress is NaN only when not in effect, phase is ACTIVE for begin <= parent
    time < end. Inputs beyond the documented limits are refused; none may give an inconsistent
    state."""
    try:
        timing = Timing(**arguments)
        state = timing.evaluate(parent_time)
    except animcore.OutOfRangeError:
        return  # beyond the documented limits (|time| <= 1e15 s, |speed| <= 1e6): refused
    expected_phase = (
        Phase.ACTIVE if timing.begin_time <= parent_time < state.end_time else state.phase
    )
    assert state.phase is expected_phase, f"{timing} at {parent_time}: {state}"
    if state.in_effect:
        assert (
            state.progress is not None and 0.0 <= state.progress <= 1.0
        ), f"{timing} at {parent_time}: {state}"
        assert timing.progress(parent_time) is not None
