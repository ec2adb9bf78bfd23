"""Transactions (CATransaction), animation blocks (UIView.animate) and action answers.

Transactions are per thread and per engine: ``with engine.transaction(...)`` opens one on the
calling thread (nested inside any open one) and commits it when the block ends, even when the
block raises. Property changes made inside animate with its settings::

    with engine.transaction(duration=0.5, timing_function="ease_out", completion=done):
        layer.opacity = 0.0          # an implicit animation of 0.5 s, ease-out
        clock.time = 1.5             # custom properties alike, in the same frame

    with engine.animate(duration=0.5, curve="ease_out", completion=done):
        view.percent = 100           # UIKit's animation block

A change made with no transaction open opens an implicit one, committed by the next
:meth:`Engine.tick` (or :meth:`Transaction.flush`). Animations added in a transaction start at
the first tick after its outermost commit. Completions run once, during a tick, when every
animation added in the transaction has finished (``finished`` True) or any was removed first
(False); at the next tick when none was added.

:data:`NO_ACTION` is what an action callback answers to stop the action search with no action
(Objective-C's NSNull); None continues the search; a :class:`BasicAnimation` runs.
"""

from __future__ import annotations

import ctypes
import numbers
from typing import Any, Dict, Optional, Union

from . import _callbacks, _capi
from ._c_names import ANIMATE_OPTIONS, NONE, CNames, value_fields
from ._coerce import flag, real
from ._handles import EngineHandle, engine_ptr, key_bytes
from ._trampolines import CompletionCallback, CompletionEntry, completion_trampoline
from .actions import NO_ACTION, NoAction
from .errors import CallbackError, UnknownKeyError, check, raise_status
from .spring import Spring, optional_spring
from .timing_function import TimingFunction
from .values import from_c, kind_of, to_c

__all__ = [
    "NO_ACTION",
    "AnimateScope",
    "CompletionCallback",
    "Curve",
    "NoAction",
    "Transaction",
    "TransactionScope",
]

_lib = _capi.lib
_byref = ctypes.byref
_DURATION = CNames({"duration_s": "duration"})
_KEY = CNames(
    {
        "key: ": "",
        "a timing function is no ac_value: use ac_transaction_set_timing_function / "
        "ac_transaction_timing_function": "a timing function is not a keyed value: use "
        "transaction_state.timing_function",
    }
)

Curve = Union[str, TimingFunction]
"""An animation block's curve: a curve name ("ease_in_out", the default; "ease_in",
"ease_out", "linear", "default", "step_start", "step_end", or an alias such as UIKit's
"easeInOut", see :meth:`TimingFunction.named`) or any :class:`TimingFunction`."""


def run_committing(engine: EngineHandle, function: Any, during: str, names: CNames = NONE) -> None:
    """Runs a call that commits (``function(engine)``: a commit, a flush), which may run
    callbacks; ``during`` names it in their errors, ``names`` translates its own."""
    with _callbacks.guard(during):
        check(function(engine_ptr(engine)), names)


def _commit_on_exit(engine: EngineHandle, commit: Any, error: Optional[BaseException]) -> None:
    """Commits a ``with`` block's transaction or animation block through ``commit``. When the
    block raises, its exception stays the one raised: a commit a closed engine made moot (its
    close ended every open transaction) is skipped, and what callbacks raise while committing
    goes to sys.unraisablehook, as Engine.__exit__ does."""
    if error is None:
        run_committing(engine, commit, "commit")
        return
    if engine._ptr is None:  # closed
        return
    try:
        run_committing(engine, commit, "commit")
    except CallbackError as failure:
        for caught in failure.errors:
            _callbacks.report_unraisable(caught, "callback during a transaction's commit")


def _check_callable(callback: Any, name: str) -> None:
    if not callable(callback):
        raise TypeError(f"{name} must be callable, not {type(callback).__name__}")


def _function_struct(function: Union[TimingFunction, str]) -> _capi.ac_timing_function:
    if isinstance(function, str):
        function = TimingFunction._named(function, "timing_function")
    if not isinstance(function, TimingFunction):
        raise TypeError(
            f"timing_function must be a TimingFunction or a name, not {type(function).__name__}"
        )
    return function._c


class Transaction:
    """The calling thread's transaction state for one engine (CATransaction's class methods).

    Reading answers the innermost open transaction's value, inherited from the enclosing ones
    (the defaults when none is open; reading opens nothing). Setting changes the innermost
    transaction, opening an implicit one when none is open. Get it with
    ``engine.transaction_state`` or from ``with engine.transaction() as t``; every object reads
    the state of the thread that uses it.

    Item access reads and writes the transaction's key-value store (CATransaction
    valueForKey: / setValue:forKey:): "animationDuration" and "disableActions" are the settings
    below; other keys hold any value (``del t[key]`` unsets); a key never set raises
    UnknownKeyError.

    C: the transaction functions of the calling thread (ac_transaction_begin(),
    ac_transaction_commit(), ...)."""

    __slots__ = ("_engine",)

    def __init__(self, engine: EngineHandle) -> None:
        self._engine = engine

    def _ptr(self) -> Any:
        return engine_ptr(self._engine)

    # ---- scope -------------------------------------------------------------------------------

    def begin(self) -> None:
        """Opens a transaction on the calling thread (prefer ``with engine.transaction()``).

        C: ac_transaction_begin()."""
        check(_lib.ac_transaction_begin(self._ptr()))

    def commit(self) -> None:
        """Commits the calling thread's innermost explicit transaction. InvalidStateError when
        none is open (an implicit transaction is committed by tick or flush, not here).

        C: ac_transaction_commit()."""
        run_committing(self._engine, _lib.ac_transaction_commit, "commit")

    def flush(self) -> None:
        """Commits the calling thread's implicit transaction now; nothing while an explicit one
        is open (CATransaction flush).

        C: ac_transaction_flush()."""
        run_committing(self._engine, _lib.ac_transaction_flush, "flush")

    # ---- settings ----------------------------------------------------------------------------

    @property
    def duration(self) -> float:
        """animationDuration (s): implicit animations' and those added with duration 0; > 0,
        finite; default the engine's default duration (0.25).

        C: ac_transaction_animation_duration(), ac_transaction_set_animation_duration()."""
        out = ctypes.c_double()
        check(_lib.ac_transaction_animation_duration(self._ptr(), _byref(out)))
        return float(out.value)

    @duration.setter
    def duration(self, seconds: float) -> None:
        check(
            _lib.ac_transaction_set_animation_duration(self._ptr(), real(seconds, "duration")),
            _DURATION,
        )

    animation_duration = duration

    @property
    def timing_function(self) -> Optional[TimingFunction]:
        """animationTimingFunction: the curve of implicit animations ("default" when None) and
        of animations added without their own (linear when None). Setting None removes this
        transaction's own function (a nested one then reads the enclosing one's).

        C: ac_transaction_timing_function(), ac_transaction_set_timing_function()."""
        out = _capi.ac_timing_function()
        is_set = ctypes.c_int32()
        check(_lib.ac_transaction_timing_function(self._ptr(), _byref(out), _byref(is_set)))
        return TimingFunction._from_struct(out) if is_set.value else None

    @timing_function.setter
    def timing_function(self, function: Union[TimingFunction, str, None]) -> None:
        pointer = None if function is None else _byref(_function_struct(function))
        check(_lib.ac_transaction_set_timing_function(self._ptr(), pointer))

    animation_timing_function = timing_function

    @property
    def disable_actions(self) -> bool:
        """disableActions: property changes and tree events run no actions (the changes still
        happen); default False.

        C: ac_transaction_disable_actions(), ac_transaction_set_disable_actions()."""
        out = ctypes.c_int32()
        check(_lib.ac_transaction_disable_actions(self._ptr(), _byref(out)))
        return bool(out.value)

    @disable_actions.setter
    def disable_actions(self, disable: bool) -> None:
        check(
            _lib.ac_transaction_set_disable_actions(
                self._ptr(), 1 if flag(disable, "disable_actions") else 0
            )
        )

    @property
    def additive(self) -> bool:
        """Additive implicit animations (UIKit since iOS 8): the model takes the new value at
        once and an additive animation runs the difference from old - new to zero, so
        interrupted motion stays continuous; default False.

        C: ac_transaction_additive(), ac_transaction_set_additive()."""
        out = ctypes.c_int32()
        check(_lib.ac_transaction_additive(self._ptr(), _byref(out)))
        return bool(out.value)

    @additive.setter
    def additive(self, additive: bool) -> None:
        check(_lib.ac_transaction_set_additive(self._ptr(), 1 if flag(additive, "additive") else 0))

    @property
    def spring(self) -> Optional[Spring]:
        """The spring of implicit animations (None: none, they follow the timing function).
        With one, an implicit animation is a spring animation lasting its settling duration
        (unless this transaction sets a duration); one that interrupts a running animation of
        the property starts from its presentation value and velocity, so neither jumps.
        Setting None removes this transaction's own spring (a nested one then reads the
        enclosing one's).

        C: ac_transaction_spring(), ac_transaction_set_spring()."""
        out = _capi.ac_spring()
        _capi.ac_spring_init(out)
        is_set = ctypes.c_int32()
        check(_lib.ac_transaction_spring(self._ptr(), _byref(out), _byref(is_set)))
        return Spring._from_c(out) if is_set.value else None

    @spring.setter
    def spring(self, spring: Optional[Spring]) -> None:
        checked = optional_spring(spring)
        pointer = None if checked is None else _byref(checked._c)
        check(_lib.ac_transaction_set_spring(self._ptr(), pointer))

    def add_completion(self, completion: CompletionCallback) -> None:
        """Adds ``completion(finished)`` to the innermost transaction (opening an implicit one
        when none is open); several add up, each runs once (see the module docstring).

        C: ac_transaction_add_completion()."""
        _check_callable(completion, "completion")
        engine = self._engine
        status = _callbacks.register_for(
            CompletionEntry(engine, completion),
            lambda number: _lib.ac_transaction_add_completion(
                engine_ptr(engine), completion_trampoline, number, _callbacks.destroy
            ),
        )
        if status:
            raise_status(status)

    # ---- key-value store ---------------------------------------------------------------------

    def __getitem__(self, key: str) -> Any:
        """The value under ``key`` (UnknownKeyError when the thread never set it).

        C: ac_transaction_get_value()."""
        out = _capi.ac_value()
        check(_lib.ac_transaction_get_value(self._ptr(), key_bytes(key, "key"), _byref(out)), _KEY)
        return from_c(out)

    def __setitem__(self, key: str, value: Any) -> None:
        """Sets the value under ``key`` on the innermost transaction (its kind is the value's,
        see values.kind_of; "animationDuration" takes any real number).

        C: ac_transaction_set_value()."""
        encoded = key_bytes(key, "key")
        if (
            key == "animationDuration"
            and isinstance(value, numbers.Real)
            and not isinstance(value, bool)
        ):
            value = float(value)
        c = to_c(kind_of(value, key), value, key)
        status = _lib.ac_transaction_set_value(self._ptr(), encoded, _byref(c))
        if status:
            raise_status(status, value_fields("value", key, c.kind) | _KEY)

    def __delitem__(self, key: str) -> None:
        check(_lib.ac_transaction_set_value(self._ptr(), key_bytes(key, "key"), None))

    def get(self, key: str, default: Any = None) -> Any:
        """The value under ``key``, or ``default`` when the thread never set it.

        C: ac_transaction_get_value()."""
        try:
            return self[key]
        except UnknownKeyError:
            return default

    def __repr__(self) -> str:
        try:
            return (
                f"<Transaction duration={self.duration!r} timing_function={self.timing_function!r} "
                f"disable_actions={self.disable_actions!r} additive={self.additive!r} "
                f"spring={self.spring!r}>"
            )
        except Exception:  # noqa: BLE001 - a closed engine
            return "<Transaction (engine closed)>"


class TransactionScope:
    """``with engine.transaction(...)``: begins on enter (applying the settings given), commits
    on exit, also when the block raises. Yields the :class:`Transaction` state."""

    __slots__ = ("_state", "_settings", "_entered")

    def __init__(self, state: Transaction, settings: Dict[str, Any]) -> None:
        self._state = state
        self._settings = settings
        self._entered = False

    def __enter__(self) -> Transaction:
        if self._entered:
            raise RuntimeError("a transaction scope can be entered once")
        self._entered = True
        state = self._state
        state.begin()
        try:
            settings = self._settings
            if settings.get("duration") is not None:
                state.duration = settings["duration"]
            if settings.get("timing_function") is not None:
                state.timing_function = settings["timing_function"]
            if settings.get("disable_actions") is not None:
                state.disable_actions = settings["disable_actions"]
            if settings.get("additive") is not None:
                state.additive = settings["additive"]
            if settings.get("spring") is not None:
                state.spring = settings["spring"]
            for key, value in (settings.get("values") or {}).items():
                state[key] = value
            if settings.get("completion") is not None:
                state.add_completion(settings["completion"])
        except BaseException:
            state.commit()
            raise
        return state

    def __exit__(self, kind: Any, error: Optional[BaseException], traceback: Any) -> None:
        _commit_on_exit(self._state._engine, _lib.ac_transaction_commit, error)


class AnimateScope:
    """``with engine.animate(...)``: an animation block (UIView.animate) opened on enter and
    committed on exit, also when the block raises."""

    __slots__ = ("_state", "_options", "_completion", "_entered", "_spring")

    def __init__(
        self,
        state: Transaction,
        *,
        duration: float,
        delay: float,
        curve: Curve,
        repeat_count: float,
        autoreverses: bool,
        begin_from_current_state: bool,
        additive: bool,
        completion: Optional[CompletionCallback],
        spring: Optional[Spring] = None,
    ) -> None:
        options = _capi.ac_animate_options()
        _capi.ac_animate_options_init(options)
        options.duration_s = real(duration, "duration")
        options.delay_s = real(delay, "delay")
        options.repeat_count = real(repeat_count, "repeat_count")
        options.autoreverses = 1 if flag(autoreverses, "autoreverses") else 0
        options.begin_from_current_state = (
            1 if flag(begin_from_current_state, "begin_from_current_state") else 0
        )
        options.additive = 1 if flag(additive, "additive") else 0
        # Every curve, named or not, is passed as a function: names go through the library's
        # one table of curve names (ac_timing_function_named), aliases included.
        if isinstance(curve, str):
            curve = TimingFunction._named(curve, "curve")
        if not isinstance(curve, TimingFunction):
            raise TypeError(f"curve must be a str or a TimingFunction, not {type(curve).__name__}")
        options.curve = _capi.AC_CURVE_CUSTOM
        options.custom_function = curve._c
        if completion is not None:
            _check_callable(completion, "completion")
        checked = optional_spring(spring)
        self._spring: Optional[_capi.ac_spring] = None
        if checked is not None:
            self._spring = _capi.ac_spring.from_buffer_copy(checked._c)  # kept alive here
            options.spring = ctypes.pointer(self._spring)
        self._state = state
        self._options = options
        self._completion: Optional[CompletionCallback] = completion
        self._entered = False

    def __enter__(self) -> Transaction:
        if self._entered:
            raise RuntimeError("an animation block can be entered once")
        self._entered = True
        engine = self._state._engine
        options = self._options

        def begin(number: int) -> int:
            options.completion_user_data = number
            return int(_lib.ac_animate_begin(engine_ptr(engine), _byref(options)))

        if self._completion is None:
            status = begin(0)
        else:
            options.completion = completion_trampoline
            options.completion_destroy = _callbacks.destroy
            status = _callbacks.register_for(CompletionEntry(engine, self._completion), begin)
        if status:
            raise_status(status, ANIMATE_OPTIONS)
        return self._state

    def __exit__(self, kind: Any, error: Optional[BaseException], traceback: Any) -> None:
        _commit_on_exit(self._state._engine, _lib.ac_animate_commit, error)
