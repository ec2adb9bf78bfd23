"""The C descriptions' in-place setters (ac_animation_set_value, _set_timing,
_set_timing_function, _set_flag, _set_key_path) and release, through the raw table
(animcore._capi.lib): a refused edit leaves the description as it was, a released handle stays
refused when its slot is reused, a delegate survives every plain edit and its destroy runs
exactly once, and callbacks that call back into the descriptions do not deadlock."""

from __future__ import annotations

import ctypes
import threading
from typing import Callable, Dict, List, Optional, Tuple

import pytest

from animcore import _capi

lib = _capi.lib
# A handle's low bits: the slot index (Sources/AnimCore/Support/Handle.swift, indexBits 22).
_INDEX_MASK = (1 << 22) - 1


def _check(status: int) -> None:
    assert status == _capi.AC_OK, (status, lib.ac_last_error_message().decode())


def _fails(status: int, expected: int, *words: str) -> str:
    message = lib.ac_last_error_message().decode()
    assert status == expected, (status, message)
    for word in words:
        assert word in message, (word, message)
    return message


@pytest.fixture
def engine() -> "ctypes._Pointer[_capi.ac_engine]":
    pointer = ctypes.POINTER(_capi.ac_engine)()
    _check(lib.ac_engine_create(None, ctypes.byref(pointer)))
    yield pointer
    _check(lib.ac_engine_destroy(pointer))


def _create(engine: object, kind: str = "basic", key_path: bytes = b"opacity") -> int:
    handle = _capi.ac_animation(0)
    create = getattr(lib, f"ac_animation_create_{kind}")
    _check(create(engine, key_path, ctypes.byref(handle)))
    return handle.value


def _get_value(engine: object, animation: int, which: int) -> Optional[Tuple[int, List[float]]]:
    value = _capi.ac_value()
    is_set = ctypes.c_int32(-1)
    _check(lib.ac_animation_get_value(engine, animation, which, ctypes.byref(value), ctypes.byref(is_set)))
    assert is_set.value in (0, 1)
    return (value.kind, list(value.v[:4])) if is_set.value else None


def _get_timing(engine: object, animation: int) -> Tuple[float, ...]:
    timing = _capi.ac_timing()
    timing.struct_size = ctypes.sizeof(_capi.ac_timing)
    _check(lib.ac_animation_get_timing(engine, animation, ctypes.byref(timing)))
    return (timing.begin_time_s, timing.duration_s, timing.speed, timing.repeat_count, timing.autoreverses)


def _get_flag(engine: object, animation: int, flag: int) -> int:
    on = ctypes.c_int32(-1)
    _check(lib.ac_animation_get_flag(engine, animation, flag, ctypes.byref(on)))
    return on.value


def _key_path(engine: object, animation: int) -> str:
    buffer = ctypes.create_string_buffer(256)
    length = ctypes.c_size_t(0)
    _check(lib.ac_animation_key_path(engine, animation, buffer, 256, ctypes.byref(length)))
    return buffer.value.decode()


def _get_function(engine: object, animation: int) -> Optional[Tuple[float, float, float, float]]:
    function = _capi.ac_timing_function()
    is_set = ctypes.c_int32(-1)
    _check(lib.ac_animation_get_timing_function(engine, animation, ctypes.byref(function), ctypes.byref(is_set)))
    return (function.x1, function.y1, function.x2, function.y2) if is_set.value else None


def _bezier(x1: float, y1: float, x2: float, y2: float) -> _capi.ac_timing_function:
    function = _capi.ac_timing_function()
    function.kind = _capi.AC_TIMING_FUNCTION_CUBIC_BEZIER
    function.x1, function.y1, function.x2, function.y2 = x1, y1, x2, y2
    return function


def _snapshot(engine: object, animation: int) -> tuple:
    """Everything the plain setters touch, read back."""
    values = tuple(_get_value(engine, animation, which) for which in (0, 1, 2))
    flags = tuple(_get_flag(engine, animation, flag) for flag in (0, 1, 2))
    return (values, flags, _get_timing(engine, animation), _get_function(engine, animation), _key_path(engine, animation))


def _configure(engine: object, animation: int) -> None:
    _check(lib.ac_animation_set_value(engine, animation, _capi.AC_ANIMATION_FROM, ctypes.byref(_capi.ac_value_scalar(0.25))))
    _check(lib.ac_animation_set_value(engine, animation, _capi.AC_ANIMATION_TO, ctypes.byref(_capi.ac_value_scalar(0.75))))
    timing = _capi.ac_timing()
    _check(lib.ac_timing_init_animation(ctypes.byref(timing)))
    timing.duration_s = 2.0
    timing.repeat_count = 3.0
    _check(lib.ac_animation_set_timing(engine, animation, ctypes.byref(timing)))
    _check(lib.ac_animation_set_timing_function(engine, animation, ctypes.byref(_bezier(0.1, 0.2, 0.3, 0.4))))
    _check(lib.ac_animation_set_flag(engine, animation, _capi.AC_ANIMATION_ADDITIVE, 1))
    _check(lib.ac_animation_set_key_path(engine, animation, b"position.x"))


def test_refused_edits_leave_the_description_unchanged(engine: object) -> None:
    animation = _create(engine)
    _configure(engine, animation)
    before = _snapshot(engine, animation)
    assert before[0][0] == (_capi.AC_VALUE_SCALAR, [0.25, 0, 0, 0]) and before[0][2] is None
    set_value = lib.ac_animation_set_value
    scalar = _capi.ac_value_scalar(9.0)
    _fails(set_value(engine, animation, 7, ctypes.byref(scalar)), _capi.AC_ERR_OUT_OF_RANGE, "which")
    _fails(set_value(engine, animation, _capi.AC_ANIMATION_VELOCITY, ctypes.byref(scalar)), _capi.AC_ERR_OUT_OF_RANGE)
    bad_kind = _capi.ac_value_scalar(9.0)
    bad_kind.kind = 99
    _fails(set_value(engine, animation, _capi.AC_ANIMATION_TO, ctypes.byref(bad_kind)), _capi.AC_ERR_INVALID_ARGUMENT, "value->kind", "99")
    reserved = _capi.ac_value_scalar(9.0)
    reserved.reserved = 1
    _fails(set_value(engine, animation, _capi.AC_ANIMATION_TO, ctypes.byref(reserved)), _capi.AC_ERR_INVALID_ARGUMENT, "value->reserved")
    _fails(set_value(engine, animation, _capi.AC_ANIMATION_TO, ctypes.byref(_capi.ac_value_scalar(float("nan")))), _capi.AC_ERR_NOT_FINITE)
    bad_timing = _capi.ac_timing()
    _check(lib.ac_timing_init_animation(ctypes.byref(bad_timing)))
    bad_timing.speed = float("nan")
    assert lib.ac_animation_set_timing(engine, animation, ctypes.byref(bad_timing)) != _capi.AC_OK
    bad_function = _bezier(2.0, 0.0, 0.5, 1.0)  # x1 outside [0, 1]
    assert lib.ac_animation_set_timing_function(engine, animation, ctypes.byref(bad_function)) != _capi.AC_OK
    _fails(lib.ac_animation_set_flag(engine, animation, 5, 1), _capi.AC_ERR_OUT_OF_RANGE, "flag")
    _fails(lib.ac_animation_set_flag(engine, animation, _capi.AC_ANIMATION_CUMULATIVE, 2), _capi.AC_ERR_OUT_OF_RANGE, "on is 2")
    _fails(lib.ac_animation_set_key_path(engine, animation, b""), _capi.AC_ERR_UNKNOWN_KEY, "key_path")
    _fails(lib.ac_animation_set_key_path(engine, animation, None), _capi.AC_ERR_NULL_POINTER, "key_path")
    assert _snapshot(engine, animation) == before
    _check(lib.ac_animation_release(engine, animation))


def test_decay_and_keyframe_refusals_leave_their_values(engine: object) -> None:
    decay = _create(engine, "decay", b"position")
    point = _capi.ac_value_point(1.0, 2.0)
    _check(lib.ac_animation_set_value(engine, decay, _capi.AC_ANIMATION_FROM, ctypes.byref(point)))
    _check(lib.ac_animation_set_value(engine, decay, _capi.AC_ANIMATION_VELOCITY, ctypes.byref(_capi.ac_value_point(3.0, 4.0))))
    wrong = _capi.ac_value_bool(1)
    _fails(lib.ac_animation_set_value(engine, decay, _capi.AC_ANIMATION_FROM, ctypes.byref(wrong)), _capi.AC_ERR_WRONG_KIND, "value is a bool")
    _fails(lib.ac_animation_set_value(engine, decay, _capi.AC_ANIMATION_TO, ctypes.byref(point)), _capi.AC_ERR_INVALID_ARGUMENT)
    assert _get_value(engine, decay, _capi.AC_ANIMATION_FROM) == (_capi.AC_VALUE_POINT, [1.0, 2.0, 0.0, 0.0])
    assert _get_value(engine, decay, _capi.AC_ANIMATION_VELOCITY) == (_capi.AC_VALUE_POINT, [3.0, 4.0, 0.0, 0.0])
    # Unset by NULL, then read back unset.
    _check(lib.ac_animation_set_value(engine, decay, _capi.AC_ANIMATION_VELOCITY, None))
    assert _get_value(engine, decay, _capi.AC_ANIMATION_VELOCITY) is None
    assert _get_value(engine, decay, _capi.AC_ANIMATION_FROM) is not None

    keyframe = _create(engine, "keyframe", b"opacity")
    _fails(lib.ac_animation_set_value(engine, keyframe, _capi.AC_ANIMATION_FROM, ctypes.byref(_capi.ac_value_scalar(1))), _capi.AC_ERR_INVALID_ARGUMENT)
    kind = ctypes.c_int32(-1)
    _check(lib.ac_animation_get_kind(engine, keyframe, ctypes.byref(kind)))
    assert kind.value == _capi.AC_ANIMATION_KIND_KEYFRAME, "a refused set_value must not turn a keyframe into a basic animation"

    spring = _create(engine, "spring", b"opacity")
    _check(lib.ac_animation_set_value(engine, spring, _capi.AC_ANIMATION_BY, ctypes.byref(_capi.ac_value_scalar(0.5))))
    _check(lib.ac_animation_get_kind(engine, spring, ctypes.byref(kind)))
    assert kind.value == _capi.AC_ANIMATION_KIND_SPRING, "setting a spring's value keeps it a spring"
    assert _get_value(engine, spring, _capi.AC_ANIMATION_BY) == (_capi.AC_VALUE_SCALAR, [0.5, 0, 0, 0])
    for handle in (decay, keyframe, spring):
        _check(lib.ac_animation_release(engine, handle))


def test_released_handles_stay_refused_when_their_slot_is_reused(engine: object) -> None:
    first = _create(engine)
    _configure(engine, first)
    _check(lib.ac_animation_release(engine, first))
    second = _create(engine)  # reuses the freed slot, under a new stamp
    assert second != first
    assert second & _INDEX_MASK == first & _INDEX_MASK, "the freed slot is reused (same index bits)"
    assert _get_value(engine, second, _capi.AC_ANIMATION_FROM) is None, "a reused slot starts fresh"
    assert _key_path(engine, second) == "opacity"
    scalar = _capi.ac_value_scalar(1.0)
    for status in (
        lib.ac_animation_set_value(engine, first, _capi.AC_ANIMATION_FROM, ctypes.byref(scalar)),
        lib.ac_animation_get_value(engine, first, 0, ctypes.byref(_capi.ac_value()), ctypes.byref(ctypes.c_int32())),
        lib.ac_animation_set_flag(engine, first, 0, 1),
        lib.ac_animation_set_key_path(engine, first, b"opacity"),
        lib.ac_animation_release(engine, first),
    ):
        _fails(status, _capi.AC_ERR_BAD_HANDLE, "animation is")
    assert _get_value(engine, second, _capi.AC_ANIMATION_FROM) is None, "edits through the stale handle reached nothing"
    _check(lib.ac_animation_release(engine, second))
    _fails(lib.ac_animation_release(engine, second), _capi.AC_ERR_BAD_HANDLE, "animation is")
    _check(lib.ac_animation_release(engine, 0))  # 0 is no animation: a no-op
    # A handle with the stamp bits cleared (stamp 0, the free slot's mark) names nothing.
    third = _create(engine)
    _check(lib.ac_animation_release(engine, third))
    zero_stamp = third & ((0xFF << 56) | _INDEX_MASK)  # kind and index kept, stamp 0
    _fails(lib.ac_animation_set_flag(engine, zero_stamp, 0, 1), _capi.AC_ERR_BAD_HANDLE)


class _Delegate:
    """An ac_animation_delegate counting its callbacks; `on_destroy` may call back in."""

    def __init__(self, on_destroy: Optional[Callable[[], None]] = None, on_stop: Optional[Callable[[], None]] = None) -> None:
        self.starts = 0
        self.stops: List[int] = []
        self.destroys = 0
        self.on_destroy = on_destroy
        self.on_stop = on_stop
        self.start_fn = _capi.ac_animation_start_fn(self._start)
        self.stop_fn = _capi.ac_animation_stop_fn(self._stop)
        self.destroy_fn = _capi.ac_destroy_fn(self._destroy)
        self.struct = _capi.ac_animation_delegate()
        _capi.ac_animation_delegate_init(self.struct)
        self.struct.did_start = self.start_fn
        self.struct.did_stop = self.stop_fn
        self.struct.destroy = self.destroy_fn

    def _start(self, engine: object, layer: int, key: Optional[bytes], user_data: object) -> None:
        self.starts += 1

    def _stop(self, engine: object, layer: int, key: Optional[bytes], finished: int, user_data: object) -> None:
        self.stops.append(finished)
        if self.on_stop is not None:
            self.on_stop()

    def _destroy(self, user_data: object) -> None:
        self.destroys += 1
        if self.on_destroy is not None:
            self.on_destroy()


def _layer(engine: object) -> int:
    layer = _capi.ac_layer(0)
    _check(lib.ac_layer_create(engine, 0, ctypes.byref(layer)))
    return layer.value


def test_a_delegate_survives_plain_edits_and_is_destroyed_once(engine: object) -> None:
    delegate = _Delegate()
    animation = _create(engine)
    _check(lib.ac_animation_set_delegate(engine, animation, ctypes.byref(delegate.struct)))
    _configure(engine, animation)  # set_value, set_timing, set_timing_function, set_flag, set_key_path
    _check(lib.ac_animation_set_value(engine, animation, _capi.AC_ANIMATION_FROM, None))
    _check(lib.ac_animation_set_timing_function(engine, animation, None))
    assert delegate.destroys == 0, "a plain edit dropped the delegate"
    layer = _layer(engine)
    _check(lib.ac_layer_add_animation(engine, layer, animation, b"fade"))
    _check(lib.ac_engine_tick(engine, 0.0))
    _check(lib.ac_engine_tick(engine, 0.1))
    assert delegate.starts == 1, "the added copy carries the delegate set before the edits"
    _check(lib.ac_animation_release(engine, animation))
    assert delegate.destroys == 0, "the added copy still holds the registration"
    _check(lib.ac_layer_remove_animation(engine, layer, b"fade"))
    _check(lib.ac_engine_tick(engine, 0.2))
    assert delegate.stops == [0]
    assert delegate.destroys == 1
    _check(lib.ac_layer_release(engine, layer))
    _check(lib.ac_engine_tick(engine, 0.3))
    assert delegate.destroys == 1


def _run_with_deadline(body: Callable[[], None], seconds: float = 10.0) -> None:
    """Runs body on a daemon thread: a deadlock fails the test instead of hanging the run."""
    errors: List[BaseException] = []

    def run() -> None:
        try:
            body()
        except BaseException as error:  # reported on the test's thread
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "deadlock: the call did not return"
    if errors:
        raise errors[0]


def _editor(engine: object, other: int, number: float, seen: List[Optional[Tuple[int, List[float]]]]) -> Callable[[], None]:
    """A callback that sets `other`'s to value to `number` and notes what it then reads back."""

    def edit_other() -> None:
        status = lib.ac_animation_set_value(engine, other, _capi.AC_ANIMATION_TO, ctypes.byref(_capi.ac_value_scalar(number)))
        assert status == _capi.AC_OK
        seen.append(_get_value(engine, other, _capi.AC_ANIMATION_TO))

    return edit_other


def test_destroy_and_did_stop_may_edit_descriptions(engine: object) -> None:
    other = _create(engine)
    seen: List[Optional[Tuple[int, List[float]]]] = []
    edit_other = _editor(engine, other, 0.5, seen)
    delegate = _Delegate(on_destroy=edit_other, on_stop=edit_other)

    def body() -> None:
        animation = _create(engine)
        _check(lib.ac_animation_set_delegate(engine, animation, ctypes.byref(delegate.struct)))
        _check(lib.ac_animation_set_value(engine, animation, _capi.AC_ANIMATION_TO, ctypes.byref(_capi.ac_value_scalar(1))))
        layer = _layer(engine)
        _check(lib.ac_layer_add_animation(engine, layer, animation, b"a"))
        _check(lib.ac_engine_tick(engine, 0.0))
        _check(lib.ac_layer_remove_animation(engine, layer, b"a"))
        _check(lib.ac_engine_tick(engine, 0.1))  # did-stop runs, editing `other`
        _check(lib.ac_animation_release(engine, animation))  # the last holder: destroy runs, editing `other`
        _check(lib.ac_layer_release(engine, layer))

    _run_with_deadline(body)
    assert delegate.stops == [0]
    assert delegate.destroys == 1
    assert seen == [(_capi.AC_VALUE_SCALAR, [0.5, 0, 0, 0])] * 2
    _check(lib.ac_animation_release(engine, other))


def test_releasing_a_group_runs_its_childs_destroy_outside_the_lock(engine: object) -> None:
    """A group holds copies of its children: released as the last holder of a child's delegate, its
    destroy runs, and may edit another description (the table's lock is not held then)."""
    other = _create(engine)
    seen: List[Optional[Tuple[int, List[float]]]] = []
    edit_other = _editor(engine, other, 0.25, seen)
    delegate = _Delegate(on_destroy=edit_other)

    def body() -> None:
        child = _create(engine)
        _check(lib.ac_animation_set_delegate(engine, child, ctypes.byref(delegate.struct)))
        group = _capi.ac_animation(0)
        _check(lib.ac_animation_create_group(engine, ctypes.byref(group)))
        children = (_capi.ac_animation * 1)(child)
        _check(lib.ac_animation_set_children(engine, group, children, 1))
        _check(lib.ac_animation_release(engine, child))  # the group's copy holds the delegate now
        assert delegate.destroys == 0
        _check(lib.ac_animation_release(engine, group))  # the last holder: destroy runs

    _run_with_deadline(body)
    assert delegate.destroys == 1
    assert seen == [(_capi.AC_VALUE_SCALAR, [0.25, 0, 0, 0])]
    _check(lib.ac_animation_release(engine, other))


def test_many_descriptions_with_freed_entries_between_them() -> None:
    """The description table grown well past its first storage with entries freed and reused
    between live ones: every live description reads back its own value, a released handle is
    refused, and destroying the engine drops each live description once (its delegate's destroy)."""
    engine = ctypes.POINTER(_capi.ac_engine)()
    _check(lib.ac_engine_create(None, ctypes.byref(engine)))
    delegates = [_Delegate() for _ in range(3)]
    live: Dict[int, float] = {}
    released: List[int] = []
    for index in range(100):
        handle = _create(engine)
        _check(lib.ac_animation_set_value(engine, handle, _capi.AC_ANIMATION_TO, ctypes.byref(_capi.ac_value_scalar(index))))
        live[handle] = float(index)
        if index % 3 == 0:  # a hole, reused by a later create
            _check(lib.ac_animation_release(engine, handle))
            released.append(handle)
            del live[handle]
    for delegate, handle in zip(delegates, list(live)[-3:]):
        _check(lib.ac_animation_set_delegate(engine, handle, ctypes.byref(delegate.struct)))
    for handle, number in live.items():
        assert _get_value(engine, handle, _capi.AC_ANIMATION_TO) == (_capi.AC_VALUE_SCALAR, [number, 0, 0, 0])
    for handle in released:
        assert lib.ac_animation_release(engine, handle) == _capi.AC_ERR_BAD_HANDLE
    assert [delegate.destroys for delegate in delegates] == [0, 0, 0]
    _check(lib.ac_engine_destroy(engine))
    assert [delegate.destroys for delegate in delegates] == [1, 1, 1]


def test_edits_from_threads_while_another_adds_and_ticks(engine: object) -> None:
    """The description lock against the engine lock: setters on several threads, adds and ticks on
    another; every edit is whole (a read sees one of the values written) and nothing deadlocks."""
    shared = _create(engine)
    layer = _layer(engine)
    failures: List[str] = []
    rounds = 300

    def editor(offset: int) -> None:
        for index in range(rounds):
            number = float(offset * 1000 + index)
            value = _capi.ac_value_scalar(number)
            if lib.ac_animation_set_value(engine, shared, _capi.AC_ANIMATION_TO, ctypes.byref(value)) != _capi.AC_OK:
                failures.append(lib.ac_last_error_message().decode())
                return
            if lib.ac_animation_set_flag(engine, shared, _capi.AC_ANIMATION_CUMULATIVE, index % 2) != _capi.AC_OK:
                failures.append(lib.ac_last_error_message().decode())
                return
            read = _capi.ac_value()
            is_set = ctypes.c_int32()
            lib.ac_animation_get_value(engine, shared, _capi.AC_ANIMATION_TO, ctypes.byref(read), ctypes.byref(is_set))
            if is_set.value != 1 or read.kind != _capi.AC_VALUE_SCALAR or read.v[0] % 1000 >= rounds:
                failures.append(f"read a torn value {read.kind} {read.v[0]}")

    def adder() -> None:
        for index in range(rounds):
            status = lib.ac_layer_add_animation(engine, layer, shared, b"k")
            if status != _capi.AC_OK:
                failures.append(lib.ac_last_error_message().decode())
                return
            lib.ac_engine_tick(engine, index * 0.01)

    def body() -> None:
        threads = [threading.Thread(target=editor, args=(n,)) for n in range(3)]
        threads.append(threading.Thread(target=adder))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    _run_with_deadline(body, 60.0)
    assert failures == []
    _check(lib.ac_animation_release(engine, shared))
    _check(lib.ac_layer_release(engine, layer))
