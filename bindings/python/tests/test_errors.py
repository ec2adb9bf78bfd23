"""Bad input of every kind raises the right exception class, with a message naming the
argument; every status of AC_STATUS_TABLE has its class."""

# Wrong argument types are passed on purpose here.
# mypy: disable-error-code="arg-type,list-item,call-overload"

from __future__ import annotations

import ctypes
import math
import pickle
import re
from typing import Any, Callable, List, Type

import pytest

import animcore
from _repo import header_text
from animcore import (
    AnimcoreError,
    BadStructSizeError,
    BufferTooSmallError,
    CycleError,
    InvalidArgumentError,
    NotFiniteError,
    NotInvertibleError,
    NullPointerError,
    OutOfRangeError,
    TimeTree,
    Timing,
    TimingFunction,
    UnknownNameError,
    _capi,
    errors,
)

STATUS_TABLE = re.findall(r'X\((AC_\w+),\s*(\d+),\s*"([^"]*)"\)', header_text())


def _class_name(status_name: str) -> str:
    """AC_ERR_NOT_FINITE -> NotFiniteError."""
    words = status_name[len("AC_ERR_") :].split("_")
    return "".join(word.capitalize() for word in words) + "Error"


# ---- the status table ----------------------------------------------------------------------------


def test_the_status_table_parses() -> None:
    assert ("AC_OK", "0", "success") in STATUS_TABLE
    assert len(STATUS_TABLE) == _capi.AC_STATUS_COUNT


@pytest.mark.parametrize("name,code,message", STATUS_TABLE, ids=[row[0] for row in STATUS_TABLE])
def test_every_status_has_its_class(name: str, code: str, message: str) -> None:
    status = int(code)
    assert _capi.lib.ac_status_name(status).decode() == name
    assert _capi.lib.ac_status_message(status).decode() == message
    if status == _capi.AC_OK:
        errors.check(status)  # returns
        return
    cls = errors.error_class(status)
    assert cls is not AnimcoreError, f"{name} has no class of its own"
    assert cls.__name__ == _class_name(name)
    assert getattr(animcore, cls.__name__) is cls
    assert issubclass(cls, AnimcoreError) and cls.status == status
    error = cls("boom", status)
    assert (error.status, error.name, error.message, str(error)) == (status, name, "boom", "boom")


def test_status_classes_are_distinct() -> None:
    codes = [int(code) for name, code, _ in STATUS_TABLE if name != "AC_OK"]
    assert len({errors.error_class(code) for code in codes}) == len(codes)


def test_an_unknown_status_maps_to_the_base_class() -> None:
    assert errors.error_class(999) is AnimcoreError
    assert _capi.lib.ac_status_name(999).decode() == "AC_UNKNOWN_STATUS"


@pytest.mark.parametrize(
    "cls,builtin",
    [
        (NotFiniteError, ValueError),
        (OutOfRangeError, ValueError),
        (InvalidArgumentError, ValueError),
        (UnknownNameError, LookupError),
    ],
)
def test_classes_derive_from_the_matching_builtin(
    cls: Type[Exception], builtin: Type[Exception]
) -> None:
    assert issubclass(cls, builtin)


def test_check_raises_with_the_threads_last_message() -> None:
    status = _capi.lib.ac_timing_validate(None)
    with pytest.raises(NullPointerError) as caught:
        errors.check(status)
    # A raw call's message keeps its C names; only the status prefix goes (it is the class).
    assert "AC_ERR_NULL_POINTER: " + caught.value.message == (
        _capi.lib.ac_last_error_message().decode()
    )
    assert caught.value.name == "AC_ERR_NULL_POINTER"


def test_errors_pickle() -> None:
    error = OutOfRangeError("AC_ERR_OUT_OF_RANGE: x", _capi.AC_ERR_OUT_OF_RANGE)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is OutOfRangeError and copy.message == error.message and copy.status == 3


def test_binding_detected_errors_are_spelled_as_the_librarys() -> None:
    with pytest.raises(UnknownNameError) as caught:
        Timing(fill_mode="sideways")
    assert caught.value.message.startswith("fill_mode is 'sideways'; it must be one of")
    assert caught.value.status == _capi.AC_ERR_UNKNOWN_NAME
    assert caught.value.name == "AC_ERR_UNKNOWN_NAME"


# ---- bad input through the Pythonic API ----------------------------------------------------------


def _raises(call: Callable[[], Any], cls: Type[AnimcoreError], *names: str) -> AnimcoreError:
    """Runs ``call``: it must raise ``cls`` with a message naming each of ``names``."""
    with pytest.raises(cls) as caught:
        call()
    for name in names:
        assert name in caught.value.message, f"{caught.value.message!r} does not name {name!r}"
    assert caught.value.status == cls.status
    return caught.value


ANIMATION = Timing.animation(duration=1.0)
NAN = math.nan
INF = math.inf


def test_nan_parent_time() -> None:
    _raises(lambda: ANIMATION.evaluate(NAN), NotFiniteError, "parent_time", "nan")
    _raises(lambda: ANIMATION.progress(NAN), NotFiniteError, "parent_time")
    _raises(lambda: ANIMATION.progress(INF), NotFiniteError, "parent_time")


def test_nan_in_a_batch_names_the_index() -> None:
    _raises(lambda: ANIMATION.progress_batch([0.0, 0.5, NAN]), NotFiniteError, "[2]")
    _raises(lambda: TimingFunction.LINEAR.evaluate_batch([NAN]), NotFiniteError, "[0]")


@pytest.mark.parametrize("field", ["duration", "repeat_count", "repeat_duration"])
def test_negative_durations_and_counts(field: str) -> None:
    name = {"duration": "duration", "repeat_count": "repeat", "repeat_duration": "repeat"}[field]
    _raises(lambda: Timing(**{field: -1.0}), OutOfRangeError, name, "-1")


@pytest.mark.parametrize("field", ["speed", "begin_time", "time_offset"])
def test_infinite_speed_begin_and_offset(field: str) -> None:
    name = {"speed": "speed", "begin_time": "egin", "time_offset": "ffset"}[field]
    _raises(lambda: Timing(**{field: INF}), NotFiniteError, name, "inf")


def test_nan_duration() -> None:
    _raises(lambda: Timing.layer(duration=NAN), NotFiniteError, "duration")


def test_unknown_fill_mode() -> None:
    error = _raises(lambda: Timing(fill_mode="sideways"), UnknownNameError, "fill_mode", "sideways")
    assert isinstance(error, LookupError)


def test_unknown_fill_mode_code_via_the_raw_table() -> None:
    timing = Timing().as_struct()
    timing.fill_mode = 7
    status = _capi.lib.ac_timing_validate(ctypes.byref(timing))
    _raises(lambda: errors.check(status), OutOfRangeError, "fill")


def test_control_point_x_outside_the_unit_interval() -> None:
    _raises(lambda: TimingFunction.cubic_bezier(1.5, 0.0, 0.5, 1.0), OutOfRangeError, "x1", "1.5")
    _raises(lambda: TimingFunction.cubic_bezier(0.5, 0.0, -0.1, 1.0), OutOfRangeError, "x2")
    _raises(lambda: TimingFunction.cubic_bezier(0.5, NAN, 0.5, 1.0), NotFiniteError, "y1")


def test_unknown_timing_function_name() -> None:
    error = _raises(lambda: TimingFunction.named("bouncy"), UnknownNameError, "bouncy")
    assert isinstance(error, LookupError)
    _raises(lambda: TimingFunction.named("linear\0x"), UnknownNameError, "NUL")


def test_steps_zero_and_unknown_position() -> None:
    _raises(lambda: TimingFunction.steps(0), OutOfRangeError, "count", "0")
    _raises(lambda: TimingFunction.steps(1, "none"), OutOfRangeError, "count", "1")
    _raises(lambda: TimingFunction.steps(2, "middle"), UnknownNameError, "position", "middle")
    _raises(lambda: TimingFunction.steps(2**40), OutOfRangeError, "count")


def test_control_point_index_five() -> None:
    _raises(lambda: TimingFunction.EASE_IN.control_point(5), OutOfRangeError, "index", "5")
    _raises(lambda: TimingFunction.EASE_IN.control_point(-1), OutOfRangeError, "index")


def test_a_steps_function_has_no_control_points() -> None:
    _raises(lambda: TimingFunction.steps(3).control_point(1), InvalidArgumentError, "steps")


def test_nan_input_to_a_timing_function() -> None:
    _raises(lambda: TimingFunction.EASE_IN(NAN), NotFiniteError, "x")
    _raises(lambda: TimingFunction.EASE_IN.slope(INF), NotFiniteError, "x")


def test_chain_with_zero_speed_to_absolute() -> None:
    chain = [Timing.layer(), Timing.layer(speed=0.0)]
    _raises(
        lambda: animcore.convert_time_chain_to_absolute(chain, 1.0), NotInvertibleError, "chain[1]"
    )


def test_tree_with_zero_speed_on_the_way_up() -> None:
    tree = TimeTree([Timing.layer(), Timing.layer(speed=0.0)], [None, 0])
    _raises(lambda: tree.convert(1.0, from_node=1), NotInvertibleError, "1")
    assert tree.convert(1.0, to_node=1) == 0.0  # down is fine: a paused layer shows its offset


@pytest.mark.parametrize("parents", [[1, 0], [0], [None, 2, 1]], ids=["two", "self", "below-root"])
def test_tree_with_a_cycle(parents: List[Any]) -> None:
    _raises(lambda: TimeTree([Timing.layer() for _ in parents], parents), CycleError, "parent")


def test_tree_with_a_cycle_raises_on_convert_through_the_raw_table() -> None:
    timings = (_capi.ac_timing * 2)(Timing.layer().as_struct(), Timing.layer().as_struct())
    parents = (ctypes.c_int64 * 2)(1, 0)
    out = ctypes.c_double()
    status = _capi.lib.ac_time_tree_convert(timings, parents, 2, 0, -1, 1.0, ctypes.byref(out))
    _raises(lambda: errors.check(status), CycleError, "parent")


def test_out_of_range_node_index() -> None:
    tree = TimeTree([Timing.layer(), Timing.layer(begin_time=1.0)], [None, 0])
    _raises(lambda: tree.convert(1.0, from_node=2), OutOfRangeError, "from", "2")
    _raises(lambda: tree.convert(1.0, to_node=-2), OutOfRangeError, "to", "-2")
    _raises(lambda: tree.convert(1.0, to_node=2**70), OutOfRangeError, "to_node")
    _raises(lambda: TimeTree([Timing.layer()], [3]), OutOfRangeError, "parents[0]", "3")


def test_tree_lengths_must_match() -> None:
    _raises(lambda: TimeTree([Timing.layer()], [None, 0]), InvalidArgumentError, "parents")


def test_empty_chain_evaluate() -> None:
    _raises(lambda: animcore.chain_evaluate([], 0.0), OutOfRangeError, "chain is empty")


# ---- the raw table: what Python code cannot otherwise reach --------------------------------------


def test_buffer_too_small_via_the_raw_table() -> None:
    timing = Timing.animation(duration=1.0).as_struct()
    times = (ctypes.c_double * 4)(0.0, 0.25, 0.5, 0.75)
    out = (ctypes.c_double * 2)()
    status = _capi.lib.ac_timing_progress_batch(ctypes.byref(timing), None, times, 4, out, 2)
    _raises(lambda: errors.check(status), BufferTooSmallError, "out_progress", "2", "4")
    function = TimingFunction.LINEAR.as_struct()
    status = _capi.lib.ac_timing_function_evaluate_batch(ctypes.byref(function), times, 4, out, 3)
    _raises(lambda: errors.check(status), BufferTooSmallError, "3")


def test_wrong_struct_size_via_the_raw_table() -> None:
    timing = Timing.animation(duration=1.0).as_struct()
    timing.struct_size = ctypes.sizeof(_capi.ac_timing) - 8
    status = _capi.lib.ac_timing_validate(ctypes.byref(timing))
    _raises(
        lambda: errors.check(status), BadStructSizeError, "struct_size", str(timing.struct_size)
    )
    good = Timing.animation(duration=1.0).as_struct()
    state = _capi.ac_timing_state()  # struct_size left 0
    status = _capi.lib.ac_timing_evaluate(ctypes.byref(good), 0.5, ctypes.byref(state))
    _raises(lambda: errors.check(status), BadStructSizeError, "out_state")


def test_reserved_fields_must_be_zero_via_the_raw_table() -> None:
    timing = Timing().as_struct()
    timing.reserved = 1
    _raises(
        lambda: errors.check(_capi.lib.ac_timing_validate(ctypes.byref(timing))),
        OutOfRangeError,
        "reserved",
    )
    function = TimingFunction.EASE_IN.as_struct()
    function.reserved = 1
    out = ctypes.c_double()
    status = _capi.lib.ac_timing_function_evaluate(
        ctypes.byref(function), 0.5, 0, ctypes.byref(out)
    )
    _raises(lambda: errors.check(status), InvalidArgumentError, "reserved")


@pytest.mark.parametrize(
    "call,argument",
    [
        (lambda: _capi.lib.ac_timing_validate(None), "timing"),
        (lambda: _capi.lib.ac_timing_init_layer(None), "timing"),
        (
            lambda: _capi.lib.ac_timing_evaluate(ctypes.byref(Timing().as_struct()), 0.0, None),
            "out_state",
        ),
        (
            lambda: _capi.lib.ac_timing_function_named(
                None, ctypes.byref(_capi.ac_timing_function())
            ),
            "name",
        ),
        (
            lambda: _capi.lib.ac_timing_function_evaluate(
                None, 0.5, 0, ctypes.byref(ctypes.c_double())
            ),
            "function",
        ),
        (
            lambda: _capi.lib.ac_time_chain_to_local(None, 1, 0.0, ctypes.byref(ctypes.c_double())),
            "chain",
        ),
        (
            lambda: _capi.lib.ac_timing_function_range(
                ctypes.byref(TimingFunction.LINEAR.as_struct()), None, None
            ),
            "out_min",
        ),
    ],
    ids=["validate", "init_layer", "evaluate-out", "named", "function", "chain", "range-out"],
)
def test_null_via_the_raw_table(call: Callable[[], int], argument: str) -> None:
    status = call()
    _raises(lambda: errors.check(status), NullPointerError, argument, "NULL")


def test_clear_last_error() -> None:
    _capi.lib.ac_timing_validate(None)
    assert _capi.lib.ac_last_error_status() == _capi.AC_ERR_NULL_POINTER
    _capi.lib.ac_clear_last_error()
    assert _capi.lib.ac_last_error_status() == _capi.AC_OK
    assert _capi.lib.ac_last_error_message() == b""


# ---- Python-side type errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: Timing(duration="1"),
        lambda: Timing(speed="fast"),
        lambda: Timing(autoreverses="yes"),
        lambda: Timing(fill_mode=3),
        lambda: Timing(begin_time=True),
        lambda: ANIMATION.evaluate("0.5"),
        lambda: ANIMATION.progress(b"0.5"),
        lambda: ANIMATION.progress(0.5, "easeIn"),
        lambda: ANIMATION.progress_batch("0.5"),
        lambda: ANIMATION.progress_batch([0.5, "x"]),
        lambda: ANIMATION.progress_batch(3.0),
        lambda: TimingFunction.named(3),
        lambda: TimingFunction.cubic_bezier("0.1", 0, 1, 1),
        lambda: TimingFunction.steps(2.5),
        lambda: TimingFunction.steps(2, 1),
        lambda: TimingFunction.LINEAR("0.5"),
        lambda: TimingFunction.LINEAR(0.5, before_flag="no"),
        lambda: TimingFunction.LINEAR.control_point(1.0),
        lambda: TimingFunction.LINEAR.evaluate_batch([None]),
        lambda: animcore.convert_time_chain_to_local([Timing.layer(), "layer"], 0.0),
        lambda: animcore.convert_time_chain_to_local(Timing.layer(), 0.0),
        lambda: TimeTree([Timing.layer()], ["root"]),
        lambda: TimeTree([Timing.layer()], [None]).convert(0.0, from_node=0.0),
    ],
)
def test_wrong_python_types_raise_type_error(call: Callable[[], Any]) -> None:
    with pytest.raises(TypeError):
        call()


def test_type_errors_from_numpy_arrays_of_strings() -> None:
    numpy = pytest.importorskip("numpy", reason="NumPy is not installed")
    with pytest.raises(TypeError):
        ANIMATION.progress_batch(numpy.array(["0.5"]))
