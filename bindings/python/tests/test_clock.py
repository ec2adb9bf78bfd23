"""The host clock (Engine.clock): a host that ticks lazily sees a transaction's animations begin
at the change, as Core Animation begins them at their commit's time. Implicit and explicit
transactions, nesting, no clock, bad readings, a clock that raises, the global speed, and the
clock cleared."""

from __future__ import annotations

import pytest

from animcore import CallbackError, Engine, NotFiniteError, OutOfRangeError, TimingFunction

curve = TimingFunction.DEFAULT


class HostClock:
    """A clock the test moves by hand, counting its reads."""

    def __init__(self, now: float = 10.0) -> None:
        self.now = now
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


def lazy_host(clock=None):
    engine = Engine()
    layer = engine.layer()
    if clock is not None:
        engine.clock = clock
    engine.tick(10)
    return engine, layer


def test_lazy_host_begins_at_the_change() -> None:
    clock = HostClock()
    engine, layer = lazy_host(clock)
    assert engine.clock is clock
    clock.now = 10.2
    layer.opacity = 0
    engine.tick(10.5)
    # 0.25 s from 10.2: over at 10.5, as Core Animation shows (without a clock: still 1).
    assert layer.presentation.opacity == 0
    clock.now = 10.6
    with engine.transaction(duration=1):
        layer.opacity = 1
    engine.tick(11)
    assert layer.presentation.opacity == pytest.approx(curve(0.4), abs=1e-9)


def test_implicit_reads_at_the_first_change_explicit_at_the_outermost_commit() -> None:
    clock = HostClock()
    engine, layer = lazy_host(clock)
    engine.tick(10.1)
    clock.reads = 0
    clock.now = 10.2
    engine.transaction_state.duration = 1
    clock.now = 10.3
    layer.opacity = 0
    assert clock.reads == 1
    engine.tick(10.5)
    assert layer.presentation.opacity == pytest.approx(1 - curve(0.3), abs=1e-9)

    clock.reads = 0
    with engine.transaction(duration=1):
        with engine.transaction():
            layer.z_position = 5
        assert clock.reads == 0
        clock.now = 10.6
    assert clock.reads == 1
    engine.tick(10.9)
    assert layer.presentation.z_position == pytest.approx(5 * curve(0.3), abs=1e-9)


def test_no_clock_and_cleared_clock_begin_at_the_tick() -> None:
    clock = HostClock()
    engine, layer = lazy_host(clock)
    engine.clock = None
    assert engine.clock is None
    clock.now = 10.2
    with engine.transaction(duration=1):
        layer.opacity = 0
    engine.tick(10.5)
    assert layer.presentation.opacity == 1
    engine.tick(10.75)
    assert layer.presentation.opacity == pytest.approx(1 - curve(0.25), abs=1e-9)
    assert clock.reads == 0
    with pytest.raises(TypeError, match="clock"):
        engine.clock = 10.2  # type: ignore[assignment]


@pytest.mark.parametrize(
    "reading, error", [(float("nan"), NotFiniteError), (float("inf"), NotFiniteError), (-2e15, OutOfRangeError)]
)
def test_bad_readings_refuse_the_next_tick_once(reading: float, error: type) -> None:
    clock = HostClock()
    engine, layer = lazy_host(clock)
    clock.now = reading
    with engine.transaction(duration=1):
        layer.opacity = 0
    before = engine.current_time
    with pytest.raises(error, match="clock reading"):
        engine.tick(11)
    assert engine.current_time == before
    engine.tick(11.25)  # begins here
    assert layer.presentation.opacity == 1
    engine.tick(11.5)
    assert layer.presentation.opacity == pytest.approx(1 - curve(0.25), abs=1e-9)


def test_a_clock_that_raises() -> None:
    def broken() -> float:
        raise RuntimeError("no time")

    engine, layer = lazy_host(broken)
    with pytest.raises(CallbackError, match="no time"):
        with engine.transaction(duration=1):
            layer.opacity = 0
    # It read NaN: the next tick is refused, naming the clock; the one after begins it.
    with pytest.raises(NotFiniteError, match="clock reading"):
        engine.tick(11)
    engine.tick(11.25)
    engine.tick(11.5)
    assert layer.presentation.opacity == pytest.approx(1 - curve(0.25), abs=1e-9)


def test_global_speed() -> None:
    clock = HostClock()
    engine, layer = lazy_host(clock)
    engine.global_speed = 0.5
    engine.tick(11)  # engine time 10.5
    clock.now = 11.2  # engine time 10.6
    with engine.transaction(duration=1):
        layer.opacity = 0
    engine.tick(12)  # engine time 11
    assert engine.current_time == pytest.approx(11)
    assert layer.presentation.opacity == pytest.approx(1 - curve(0.4), abs=1e-9)
