"""Animators (UIViewPropertyAnimator, Web Animations' Animation): one clock over animations on
any layers, to start, pause, scrub, reverse, speed up, finish at a position or cancel, with a
completion told where it ended.

Seed 003's door, scrubbed by a drag, then released::

    animator = engine.animator(duration=1.0, timing_function="linear")
    with animator:                        # the changes made inside become its animations
        door["transform.rotation.y"] = -math.pi / 2
    animator.pause()                      # the drag begins (inactive -> paused)
    animator.fraction_complete = 0.4      # ... and moves
    animator.continue_animation(timing_function="ease_out")   # released: on to the end
    # or: animator.reversed = True; animator.start()          # back to where it began

It runs on the engine's own timing: its animations stay ordinary animations whose speed, time
offset and begin time each call sets, so fill, did-start/did-stop and the presentation work as
for any animation. When it ends it writes what they show at that position into the model
(nothing snaps back) and removes them. Paused and scrubbed to or past an animation's end, it
holds that animation there without ending it (Web Animations: paused is not finished): its
did-stop comes when the running clock leaves it (past its end, or its start when reversed), or,
with finished False, when the animator finishes or is cancelled, so scrubbing back shows it again
with nothing sent twice (a group, an animation of no length or one paced by steps
ends where it is scrubbed past its end).

Its clock runs in engine seconds, also over layers with their own time (a speed, time offset or
begin time, theirs or an ancestor's): each call converts its rate through each layer's time
scale at that moment. Running it over a layer whose time stands still or runs backwards
(speed <= 0) raises InvalidStateError.
"""

from __future__ import annotations

import ctypes
import enum
import weakref
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from . import _callbacks, _capi
from ._c_names import CNames
from ._coerce import flag, real
from ._handles import EngineHandle, engine_ptr, key_bytes
from .animation import Animation
from .errors import check as check_status
from .spring import Spring
from .timing_function import TimingFunction
from .transaction import run_committing

if TYPE_CHECKING:
    from .layer import Layer

__all__ = ["Animator", "AnimatorCompletion", "AnimatorPosition", "AnimatorState"]

_lib = _capi.lib


_OWN_STATE = CNames({"animator: ": ""})
"""C names the animator in an error about its own state ("animator: the animator has
finished; ..."); in Python it is the object the method was called on."""


def check(status: int) -> None:
    """``errors.check`` for an animator call: its own name left out of the message."""
    check_status(status, _OWN_STATE)


class AnimatorState(enum.IntEnum):
    """Where an animator is in its life (UIKit's state and isRunning; the Web's playState).

    C: AC_ANIMATOR_INACTIVE ... AC_ANIMATOR_FINISHED, read by ac_animator_get_info()."""

    INACTIVE = _capi.AC_ANIMATOR_INACTIVE
    """Made, not started: its animations are held at their start."""
    RUNNING = _capi.AC_ANIMATOR_RUNNING
    """Its clock runs at its rate."""
    PAUSED = _capi.AC_ANIMATOR_PAUSED
    """Its clock stands still."""
    FINISHED = _capi.AC_ANIMATOR_FINISHED
    """Ended (by itself, finish() or cancel()); it is not reused."""


class AnimatorPosition(enum.IntEnum):
    """Where an animator ended (UIViewAnimatingPosition, and a cancel).

    C: AC_ANIMATOR_POSITION_END ... AC_ANIMATOR_POSITION_CANCELLED, given to ac_animator_finish()
    and to the completions of ac_animator_add_completion()."""

    END = _capi.AC_ANIMATOR_POSITION_END
    """The model holds the animations' end values."""
    START = _capi.AC_ANIMATOR_POSITION_START
    """The model holds their start values."""
    CURRENT = _capi.AC_ANIMATOR_POSITION_CURRENT
    """The model holds what they showed where it stood."""
    CANCELLED = _capi.AC_ANIMATOR_POSITION_CANCELLED
    """cancel(): the model as it was."""


AnimatorCompletion = Callable[[AnimatorPosition], Any]
"""``completion(position)``: where the animator ended. Runs once, during a tick."""

_POSITIONS = {"end": AnimatorPosition.END, "start": AnimatorPosition.START, "current": AnimatorPosition.CURRENT}


class _CompletionEntry:
    """A registered animator completion."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: EngineHandle, callback: AnimatorCompletion) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


def _completion(engine_p: Any, position: int, user_data: Optional[int]) -> None:
    item = _callbacks.entry(user_data)
    if item is None or item.engine() is None:
        return
    try:
        item.callback(AnimatorPosition(position))
    except BaseException as error:  # noqa: BLE001 - reported by the call that ran it
        _callbacks.report(error)


_completion_trampoline: Any = _capi.ac_animator_completion_fn(_completion)


def _function(value: Union[TimingFunction, str, None], name: str) -> Any:
    """A timing function argument as the C struct (None: NULL)."""
    if value is None:
        return None
    if isinstance(value, str):
        value = TimingFunction._named(value, name)
    if not isinstance(value, TimingFunction):
        raise TypeError(f"{name} must be a TimingFunction, a curve name or None, not {type(value).__name__}")
    return ctypes.byref(value._c)


def _release(engine: EngineHandle, handle: int) -> None:
    """Drops the wrapper's reference (a weakref finalizer: never raises)."""
    ptr = engine._ptr
    if ptr is not None:
        _lib.ac_animator_release(ptr, handle)


class Animator:
    """An animator of an engine: make it with ``engine.animator(duration=..., timing_function=...)``.

    As a context manager it is a block (UIViewPropertyAnimator's addAnimations): the property
    changes made inside, on any layer, animate with its duration and curve, and the animations
    they make (and those added with ``layer.add_animation`` inside) become its own, held at
    their start until it starts; the block commits when it ends, also when it raises. It stays
    inactive: call :meth:`start`, or scrub it.

    Its clock runs on engine time: calls take effect at the engine's current time (the last
    tick's); a running animator ends during the tick whose time reaches the end it runs to.
    The wrapper holds one reference: when it is garbage collected, a running animator runs on
    to its end; an inactive or paused one is cancelled.

    C: ac_animator (ac_animator_create(), ac_animator_release())."""

    __slots__ = ("_engine", "_handle", "__weakref__")

    def __init__(
        self, engine: EngineHandle, duration: float, timing_function: Union[TimingFunction, str, None] = None
    ) -> None:
        """Use ``engine.animator(...)``.

        C: ac_animator_create()."""
        out = _capi.ac_animator()
        check(
            _lib.ac_animator_create(
                engine_ptr(engine), real(duration, "duration"), _function(timing_function, "timing_function"),
                ctypes.byref(out),
            )
        )
        self._engine = engine
        self._handle = int(out.value)
        finalizer = weakref.finalize(self, _release, engine, self._handle)
        finalizer.atexit = False

    def _ptr(self) -> Any:
        return engine_ptr(self._engine)

    # ---- animations --------------------------------------------------------------------------

    def __enter__(self) -> "Animator":
        """Opens a block of the inactive animator on the calling thread. Inside it the
        animator's own control calls (start, pause, seeks, reversed, rate, continue, finish,
        cancel) raise InvalidStateError; another animator's block may be nested inside, and what
        it makes stays that animator's.

        C: ac_animator_begin()."""
        check(_lib.ac_animator_begin(self._ptr(), self._handle))
        return self

    def __exit__(self, kind: Any, error: Optional[BaseException], traceback: Any) -> None:
        """Takes over the animations the block made and commits it (also when it raised).

        C: ac_animator_commit()."""
        if error is not None and self._engine._ptr is None:
            return
        handle = self._handle
        try:
            run_committing(self._engine, lambda ptr: _lib.ac_animator_commit(ptr, handle), "commit", _OWN_STATE)
        except Exception:
            if error is None:
                raise

    def add_animation(self, layer: "Layer", animation: Animation, key: Optional[str] = None) -> None:
        """Adds a copy of ``animation`` to ``layer`` under ``key`` as one of the animator's
        (``layer.add_animation`` inside a block): a duration of 0 takes the animator's.

        Errors: those of ``Layer.add_animation``; InvalidStateError unless inactive;
        InvalidArgumentError for an animation with speed 0 or repeating forever.

        C: ac_animator_add_animation()."""
        if key is not None:
            key_bytes(key, "key")
        with self:
            layer.add_animation(animation, key)

    def add_completion(self, completion: AnimatorCompletion) -> None:
        """Adds ``completion(position)``, called once, during a tick, with where it ended;
        several run in the order added. InvalidStateError once finished.

        C: ac_animator_add_completion()."""
        if not callable(completion):
            raise TypeError(f"completion must be callable, not {type(completion).__name__}")
        engine, handle = self._engine, self._handle
        check(
            _callbacks.register_for(
                _CompletionEntry(engine, completion),
                lambda number: _lib.ac_animator_add_completion(
                    engine_ptr(engine), handle, _completion_trampoline, number, _callbacks.destroy
                ),
            )
        )

    # ---- control -----------------------------------------------------------------------------

    def start(self) -> None:
        """Runs its clock from where it stands (startAnimation; Web play).

        C: ac_animator_start()."""
        check(_lib.ac_animator_start(self._ptr(), self._handle))

    def pause(self) -> None:
        """Stops its clock where it stands (pauseAnimation; Web pause).

        C: ac_animator_pause()."""
        check(_lib.ac_animator_pause(self._ptr(), self._handle))

    def continue_animation(
        self, timing_function: Union[TimingFunction, str, None] = None, duration_factor: float = 1.0
    ) -> None:
        """Runs it on from where it stands, the time left × ``duration_factor`` (> 0); with a
        ``timing_function`` the part of each animation's motion left is taken over by a basic
        one (under no key) from the value shown now to the end, paced by it, so nothing jumps
        (continueAnimation(withTimingParameters: durationFactor:)); the original stays and shows
        the motion outside that part (scrubbing back, reversing, finish("start")). InvalidArgumentError with a curve when an animation is not a basic
        or spring animation or is additive; OutOfRangeError when the clock would run beyond
        1e6 of its seconds per second (rate / duration_factor). All or nothing: when refused,
        nothing changes.

        C: ac_animator_continue()."""
        function = _function(timing_function, "timing_function")
        check(_lib.ac_animator_continue(self._ptr(), self._handle, function, real(duration_factor, "duration_factor")))

    def continue_with_spring(self, spring: Spring) -> None:
        """Runs it on with ``spring`` taking over each animation, each with a spring of its own,
        from the value and velocity it has now in its layer's time (its initial velocity is
        replaced), lasting the spring's settling duration.

        C: ac_animator_continue_with_spring()."""
        if not isinstance(spring, Spring):
            raise TypeError(f"spring must be a Spring, not {type(spring).__name__}")
        check(_lib.ac_animator_continue_with_spring(self._ptr(), self._handle, ctypes.byref(spring._c)))

    def finish(self, position: Union[AnimatorPosition, str] = AnimatorPosition.END) -> None:
        """Ends it at ``position`` ("end", "start", "current" or an AnimatorPosition; UIKit's
        finishAnimation(at:)): the model takes what its animations show there, they are
        removed, and the completions run at the next tick.

        C: ac_animator_finish()."""
        if isinstance(position, str):
            if position not in _POSITIONS:
                raise ValueError(f"position is {position!r}; it must be 'end', 'start' or 'current'")
            position = _POSITIONS[position]
        if not isinstance(position, int):
            raise TypeError(f"position must be an AnimatorPosition or a name, not {type(position).__name__}")
        check(_lib.ac_animator_finish(self._ptr(), self._handle, int(position)))

    def cancel(self) -> None:
        """Ends it without moving the model (Web cancel): its animations are removed; the
        completions run at the next tick with CANCELLED.

        C: ac_animator_cancel()."""
        check(_lib.ac_animator_cancel(self._ptr(), self._handle))

    # ---- state -------------------------------------------------------------------------------

    def _info(self) -> _capi.ac_animator_info:
        info = _capi.ac_animator_info()
        info.struct_size = ctypes.sizeof(info)
        check(_lib.ac_animator_get_info(self._ptr(), self._handle, ctypes.byref(info)))
        return info

    @property
    def state(self) -> AnimatorState:
        """Where it is in its life.

        C: ac_animator_get_info() (state)."""
        return AnimatorState(self._info().state)

    @property
    def fraction_complete(self) -> float:
        """Progress from start to end in [0, 1] (also while reversed). Setting it moves it
        there (inactive becomes paused; a running one runs on from there; paused at 1, its
        animations show their end without ending: no on_stop until it finishes or its clock runs
        to the end); values outside [0, 1] raise OutOfRangeError (not clamped), NaN
        NotFiniteError.

        C: ac_animator_get_info() (fraction_complete), ac_animator_set_fraction_complete()."""
        return float(self._info().fraction_complete)

    @fraction_complete.setter
    def fraction_complete(self, fraction: float) -> None:
        check(_lib.ac_animator_set_fraction_complete(self._ptr(), self._handle, real(fraction, "fraction_complete")))

    @property
    def current_time(self) -> float:
        """Seconds from its start in [0, duration] (Web currentTime); setting seeks there.

        C: ac_animator_get_info() (time_s), ac_animator_seek()."""
        return float(self._info().time_s)

    @current_time.setter
    def current_time(self, seconds: float) -> None:
        check(_lib.ac_animator_seek(self._ptr(), self._handle, real(seconds, "current_time")))

    @property
    def duration(self) -> float:
        """Seconds from start to end (the duration given, or its animations' latest end).

        C: ac_animator_get_info() (duration_s)."""
        return float(self._info().duration_s)

    @property
    def reversed(self) -> bool:
        """Whether it runs towards its start (UIKit's isReversed); setting it turns it from
        where it stands (fraction_complete does not jump).

        C: ac_animator_get_info() (reversed), ac_animator_set_reversed()."""
        return bool(self._info().reversed)

    @reversed.setter
    def reversed(self, value: bool) -> None:
        check(_lib.ac_animator_set_reversed(self._ptr(), self._handle, int(flag(value, "reversed"))))

    @property
    def rate(self) -> float:
        """Its playback rate (Web playbackRate): its seconds per engine second, negative back
        towards the start, 0 standing still; default 1.

        C: ac_animator_get_info() (rate), ac_animator_set_rate()."""
        return float(self._info().rate)

    @rate.setter
    def rate(self, value: float) -> None:
        check(_lib.ac_animator_set_rate(self._ptr(), self._handle, real(value, "rate")))

    @property
    def animation_count(self) -> int:
        """How many of its animations are still attached.

        C: ac_animator_get_info() (animation_count)."""
        return int(self._info().animation_count)

    def __repr__(self) -> str:
        try:
            info = self._info()
        except Exception:  # noqa: BLE001 - a closed engine
            return "Animator(<gone>)"
        return (
            f"Animator(state={AnimatorState(info.state).name.lower()}, "
            f"fraction_complete={info.fraction_complete:g}, duration={info.duration_s:g})"
        )
