"""The raw C API of animcore.h: structs, constants and one prototype per function.

This module mirrors the header one to one (C names, C types); the rest of the package builds
the Pythonic API on it. ``lib`` is the loaded library with ``argtypes`` and ``restype`` set for
every function in ``PROTOTYPES``. Calls through ``lib`` return raw ``ac_status`` codes; they
never raise on a library error (see :func:`animcore.errors.check`).
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint32
from typing import Any, Dict, Final, Tuple

from ._library import LoadedLibrary, load_library

# --------------------------------------------------------------------------------------------
# Version (the header this binding was written against)
# --------------------------------------------------------------------------------------------

AC_VERSION_MAJOR: Final = 0
AC_VERSION_MINOR: Final = 1
AC_VERSION_PATCH: Final = 0
AC_VERSION_NUMBER: Final = AC_VERSION_MAJOR * 10000 + AC_VERSION_MINOR * 100 + AC_VERSION_PATCH
AC_VERSION_STRING: Final = "0.1.0"

# --------------------------------------------------------------------------------------------
# Status codes (AC_STATUS_TABLE)
# --------------------------------------------------------------------------------------------

ac_status = c_int32

AC_OK: Final = 0
AC_ERR_NULL_POINTER: Final = 1
AC_ERR_NOT_FINITE: Final = 2
AC_ERR_OUT_OF_RANGE: Final = 3
AC_ERR_BUFFER_TOO_SMALL: Final = 4
AC_ERR_UNKNOWN_NAME: Final = 5
AC_ERR_BAD_STRUCT_SIZE: Final = 6
AC_ERR_INVALID_ARGUMENT: Final = 7
AC_ERR_NOT_INVERTIBLE: Final = 8
AC_ERR_CYCLE: Final = 9
AC_ERR_BAD_HANDLE: Final = 10
AC_ERR_UNKNOWN_KEY: Final = 11
AC_ERR_WRONG_KIND: Final = 12
AC_ERR_NOT_ANIMATABLE: Final = 13
AC_ERR_INVALID_STATE: Final = 14
AC_ERR_VERSION_MISMATCH: Final = 15
AC_STATUS_COUNT: Final = 16

# --------------------------------------------------------------------------------------------
# Timing functions
# --------------------------------------------------------------------------------------------

AC_TIMING_FUNCTION_CUBIC_BEZIER: Final = 0
AC_TIMING_FUNCTION_STEPS: Final = 1

AC_STEP_JUMP_START: Final = 0
AC_STEP_JUMP_END: Final = 1
AC_STEP_JUMP_NONE: Final = 2
AC_STEP_JUMP_BOTH: Final = 3


class ac_timing_function(ctypes.Structure):
    """``ac_timing_function``: a cubic bezier or CSS steps() function, as a plain value."""

    _fields_ = [
        ("kind", c_int32),
        ("steps", c_int32),
        ("step_position", c_int32),
        ("reserved", c_int32),
        ("x1", c_double),
        ("y1", c_double),
        ("x2", c_double),
        ("y2", c_double),
    ]


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------

AC_FILL_REMOVED: Final = 0
AC_FILL_FORWARDS: Final = 1
AC_FILL_BACKWARDS: Final = 2
AC_FILL_BOTH: Final = 3

AC_PHASE_BEFORE: Final = 0
AC_PHASE_ACTIVE: Final = 1
AC_PHASE_AFTER: Final = 2


class ac_timing(ctypes.Structure):
    """``ac_timing``: the CAMediaTiming properties; times in seconds."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("fill_mode", c_int32),
        ("begin_time_s", c_double),
        ("duration_s", c_double),
        ("speed", c_double),
        ("time_offset_s", c_double),
        ("repeat_count", c_double),
        ("repeat_duration_s", c_double),
        ("autoreverses", c_int32),
        ("reserved", c_int32),
    ]


class ac_timing_state(ctypes.Structure):
    """``ac_timing_state``: a timing evaluated at one parent time."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("phase", c_int32),
        ("in_effect", c_int32),
        ("reversed", c_int32),
        ("local_time_s", c_double),
        ("iteration_time_s", c_double),
        ("progress", c_double),
        ("current_iteration", c_double),
        ("active_duration_s", c_double),
        ("end_time_s", c_double),
    ]


# --------------------------------------------------------------------------------------------
# Prototypes: name -> (restype, argtypes), in header order
# --------------------------------------------------------------------------------------------

_double_p = POINTER(c_double)
_function_p = POINTER(ac_timing_function)
_timing_p = POINTER(ac_timing)
_state_p = POINTER(ac_timing_state)

PROTOTYPES: Final[Dict[str, Tuple[Any, Tuple[Any, ...]]]] = {
    # Version
    "ac_version_number": (c_int32, ()),
    "ac_version_string": (c_char_p, ()),
    # Status codes
    "ac_status_name": (c_char_p, (ac_status,)),
    "ac_status_message": (c_char_p, (ac_status,)),
    "ac_last_error_message": (c_char_p, ()),
    "ac_last_error_status": (ac_status, ()),
    "ac_clear_last_error": (None, ()),
    # Timing functions
    "ac_timing_function_named": (ac_status, (c_char_p, _function_p)),
    "ac_timing_function_cubic_bezier": (
        ac_status,
        (c_double, c_double, c_double, c_double, _function_p),
    ),
    "ac_timing_function_steps": (ac_status, (c_int32, c_int32, _function_p)),
    "ac_timing_function_evaluate": (ac_status, (_function_p, c_double, c_int32, _double_p)),
    "ac_timing_function_evaluate_batch": (
        ac_status,
        (_function_p, _double_p, c_size_t, _double_p, c_size_t),
    ),
    "ac_timing_function_slope": (ac_status, (_function_p, c_double, _double_p)),
    "ac_timing_function_range": (ac_status, (_function_p, _double_p, _double_p)),
    "ac_timing_function_control_point": (
        ac_status,
        (_function_p, c_int32, _double_p, _double_p),
    ),
    # Timing
    "ac_timing_init_animation": (ac_status, (_timing_p,)),
    "ac_timing_init_layer": (ac_status, (_timing_p,)),
    "ac_timing_validate": (ac_status, (_timing_p,)),
    "ac_timing_evaluate": (ac_status, (_timing_p, c_double, _state_p)),
    "ac_timing_progress": (ac_status, (_timing_p, _function_p, c_double, _double_p)),
    "ac_timing_progress_batch": (
        ac_status,
        (_timing_p, _function_p, _double_p, c_size_t, _double_p, c_size_t),
    ),
    "ac_timing_chain_evaluate": (ac_status, (_timing_p, c_size_t, c_double, _state_p)),
    # Time spaces
    "ac_time_chain_to_local": (ac_status, (_timing_p, c_size_t, c_double, _double_p)),
    "ac_time_chain_to_absolute": (ac_status, (_timing_p, c_size_t, c_double, _double_p)),
    "ac_time_tree_convert": (
        ac_status,
        (_timing_p, POINTER(c_int64), c_size_t, c_int64, c_int64, c_double, _double_p),
    ),
    # Clock
    "ac_current_media_time": (c_double, ()),
}


def _bind(cdll: ctypes.CDLL) -> ctypes.CDLL:
    """Sets restype and argtypes of every function of PROTOTYPES on ``cdll``."""
    for name, (restype, argtypes) in PROTOTYPES.items():
        function = getattr(cdll, name)
        function.restype = restype
        function.argtypes = list(argtypes)
    return cdll


LOADED: Final[LoadedLibrary] = load_library(PROTOTYPES)
"""Where the library came from (path, source) and its version number."""

lib: Final[ctypes.CDLL] = _bind(LOADED.cdll)
"""The loaded libanimcore with every prototype of PROTOTYPES set."""
