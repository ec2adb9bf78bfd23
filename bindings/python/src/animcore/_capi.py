"""The raw C API of animcore.h: structs, constants and one prototype per function.

This module mirrors the header one to one (C names, C types); the rest of the package builds
the Pythonic API on it. ``lib`` is the loaded library with ``argtypes`` and ``restype`` set for
every function in ``PROTOTYPES``. Calls through ``lib`` return raw ``ac_status`` codes; they
never raise on a library error (see :func:`animcore.errors.check`).
"""

from __future__ import annotations

import ctypes
from ctypes import (
    CFUNCTYPE,
    POINTER,
    c_char,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any, Dict, Final, Optional, Sequence, Tuple

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

AC_TIMING_FUNCTION_LINEAR: Final = 2
AC_TIMING_FUNCTION_PRESET: Final = 3

AC_PRESET_BACK: Final = 0
AC_PRESET_BOUNCE: Final = 1
AC_PRESET_ELASTIC: Final = 2

AC_EASE_IN: Final = 0
AC_EASE_OUT: Final = 1
AC_EASE_IN_OUT: Final = 2

AC_LINEAR_FUNCTIONS_MAX: Final = 65536
AC_LINEAR_POINTS_MAX: Final = 10000


class ac_timing_function(ctypes.Structure):
    """``ac_timing_function``: a cubic bezier, CSS steps() or linear(), or a preset, as a plain
    value (a linear() function's points are held by the library, named by ``linear_id``)."""

    _fields_ = [
        ("kind", c_int32),
        ("steps", c_int32),
        ("step_position", c_int32),
        ("reserved", c_int32),
        ("x1", c_double),
        ("y1", c_double),
        ("x2", c_double),
        ("y2", c_double),
        ("preset", c_int32),
        ("direction", c_int32),
        ("linear_id", ctypes.c_uint64),
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
# Limits (ac_timing)
# --------------------------------------------------------------------------------------------

AC_TIME_LIMIT_S: Final = 1e15
AC_SPEED_LIMIT: Final = 1e6
# The most threads an engine ticks on (ac_engine_set_tick_threads).
AC_TICK_THREADS_MAX: Final = 64

# --------------------------------------------------------------------------------------------
# Handles
# --------------------------------------------------------------------------------------------


class ac_engine(ctypes.Structure):
    """``ac_engine``: opaque; only ever handled through ``POINTER(ac_engine)``."""


ac_key = c_uint32
"""An interned key (a property name or key path), valid in the engine that made it."""

ac_class = c_uint64
"""A layer class handle; 0 is the built-in layer class."""

ac_layer = c_uint64
"""A layer handle (generational, scoped to its engine); 0 is no layer."""

ac_animation = c_uint64
"""An animation description handle; 0 is no animation."""

ac_destroy_fn = CFUNCTYPE(None, c_void_p)
"""``void (*)(void *user_data)``: runs once when a callback registration ends."""

# --------------------------------------------------------------------------------------------
# Engine
# --------------------------------------------------------------------------------------------


class ac_engine_config(ctypes.Structure):
    """``ac_engine_config``: options of ac_engine_create(); fill with ac_engine_config_init()."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("header_version_major", c_int32),
        ("default_duration_s", c_double),
        ("global_speed", c_double),
    ]


def ac_engine_config_init(config: Optional[ac_engine_config]) -> int:
    """The header's static inline ac_engine_config_init(): the defaults and this binding's
    major version (AC_VERSION_MAJOR). AC_ERR_NULL_POINTER for None."""
    if config is None:
        return AC_ERR_NULL_POINTER
    config.struct_size = ctypes.sizeof(ac_engine_config)
    config.header_version_major = AC_VERSION_MAJOR
    config.default_duration_s = 0.25
    config.global_speed = 1.0
    return AC_OK


# --------------------------------------------------------------------------------------------
# Keys and values
# --------------------------------------------------------------------------------------------

AC_VALUE_SCALAR: Final = 0
AC_VALUE_POINT: Final = 1
AC_VALUE_SIZE: Final = 2
AC_VALUE_RECT: Final = 3
AC_VALUE_VECTOR3: Final = 4
AC_VALUE_COLOR: Final = 5
AC_VALUE_AFFINE_TRANSFORM: Final = 6
AC_VALUE_TRANSFORM3D: Final = 7
AC_VALUE_BOOL: Final = 8
AC_VALUE_INTEGER: Final = 9
AC_VALUE_TOKEN: Final = 10
AC_VALUE_PATH: Final = 11
AC_VALUE_NUMBERS: Final = 12
AC_VALUE_COLORS: Final = 13
AC_VALUE_MAX_ELEMENTS: Final = 65536

AC_VALUE_MAX_SLOTS: Final = 16


class ac_value(ctypes.Structure):
    """``ac_value``: a value of any kind; only the fields of its kind are read."""

    _fields_ = [
        ("kind", c_int32),
        ("reserved", c_int32),
        ("v", c_double * 16),
        ("i", c_int64),
    ]


def ac_value_zeroed(kind: int) -> ac_value:
    """A value of ``kind`` with every field 0 (a 3D transform's zero matrix, not identity)."""
    value = ac_value()
    value.kind = kind
    return value


def _numbers(kind: int, numbers: Sequence[float]) -> ac_value:
    value = ac_value_zeroed(kind)
    for index, number in enumerate(numbers):
        value.v[index] = number
    return value


def ac_value_scalar(x: float) -> ac_value:
    """A scalar value: v[0] = x."""
    return _numbers(AC_VALUE_SCALAR, (x,))


def ac_value_point(x: float, y: float) -> ac_value:
    """A point value: v[0..1] = x, y."""
    return _numbers(AC_VALUE_POINT, (x, y))


def ac_value_size(width: float, height: float) -> ac_value:
    """A size value: v[0..1] = width, height."""
    return _numbers(AC_VALUE_SIZE, (width, height))


def ac_value_rect(x: float, y: float, width: float, height: float) -> ac_value:
    """A rect value: v[0..3] = x, y, width, height."""
    return _numbers(AC_VALUE_RECT, (x, y, width, height))


def ac_value_vector3(x: float, y: float, z: float) -> ac_value:
    """A 3-vector value: v[0..2] = x, y, z."""
    return _numbers(AC_VALUE_VECTOR3, (x, y, z))


def ac_value_color(red: float, green: float, blue: float, alpha: float) -> ac_value:
    """An RGBA colour value (not premultiplied, nominally in [0, 1])."""
    return _numbers(AC_VALUE_COLOR, (red, green, blue, alpha))


def ac_value_affine(a: float, b: float, c: float, d: float, tx: float, ty: float) -> ac_value:
    """A CGAffineTransform: x' = a x + c y + tx, y' = b x + d y + ty."""
    return _numbers(AC_VALUE_AFFINE_TRANSFORM, (a, b, c, d, tx, ty))


def ac_value_transform3d(m: Sequence[float]) -> ac_value:
    """A CATransform3D from its 16 numbers m11 m12 ... m44 (row-major)."""
    if len(m) != 16:
        raise ValueError(f"a 3D transform has 16 numbers, not {len(m)}")
    return _numbers(AC_VALUE_TRANSFORM3D, m)


def ac_value_transform3d_identity() -> ac_value:
    """CATransform3DIdentity."""
    value = ac_value_zeroed(AC_VALUE_TRANSFORM3D)
    value.v[0] = value.v[5] = value.v[10] = value.v[15] = 1.0
    return value


def ac_value_bool(on: int) -> ac_value:
    """A bool value: i = 1 when ``on`` is true, else 0."""
    value = ac_value_zeroed(AC_VALUE_BOOL)
    value.i = 1 if on else 0
    return value


def ac_value_integer(i: int) -> ac_value:
    """An integer value (int64)."""
    value = ac_value_zeroed(AC_VALUE_INTEGER)
    value.i = i
    return value


def ac_value_token(token: int) -> ac_value:
    """A token: an opaque 64-bit host value, stored in i with its bits kept ((uint64_t)i)."""
    value = ac_value_zeroed(AC_VALUE_TOKEN)
    value.i = token - (1 << 64) if token >= (1 << 63) else token
    return value


# --------------------------------------------------------------------------------------------
# Layer classes
# --------------------------------------------------------------------------------------------

AC_CLASS_LAYER: Final = 0
AC_CLASS_TEXT_LAYER: Final = 1
AC_CLASS_REPLICATOR_LAYER: Final = 2
AC_CLASS_TRANSFORM_LAYER: Final = 3
AC_CLASS_SHAPE_LAYER: Final = 4
AC_CLASS_GRADIENT_LAYER: Final = 5

AC_TEXT_ALIGNMENT_NATURAL: Final = 0
AC_TEXT_ALIGNMENT_LEFT: Final = 1
AC_TEXT_ALIGNMENT_RIGHT: Final = 2
AC_TEXT_ALIGNMENT_CENTER: Final = 3
AC_TEXT_ALIGNMENT_JUSTIFIED: Final = 4
AC_TEXT_TRUNCATION_NONE: Final = 0
AC_TEXT_TRUNCATION_START: Final = 1
AC_TEXT_TRUNCATION_END: Final = 2
AC_TEXT_TRUNCATION_MIDDLE: Final = 3
AC_FILL_RULE_NON_ZERO: Final = 0
AC_FILL_RULE_EVEN_ODD: Final = 1
AC_LINE_CAP_BUTT: Final = 0
AC_LINE_CAP_ROUND: Final = 1
AC_LINE_CAP_SQUARE: Final = 2
AC_LINE_JOIN_MITER: Final = 0
AC_LINE_JOIN_ROUND: Final = 1
AC_LINE_JOIN_BEVEL: Final = 2
AC_GRADIENT_TYPE_AXIAL: Final = 0
AC_GRADIENT_TYPE_RADIAL: Final = 1
AC_GRADIENT_TYPE_CONIC: Final = 2

AC_MAX_REPLICATOR_INSTANCES: Final = 1 << 20
AC_RENDER_LIST_MAX_REPLICATED_ENTRIES: Final = 1 << 21


class ac_property_desc(ctypes.Structure):
    """``ac_property_desc``: a property a class declares; fill with ac_property_desc_init()."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("animatable", c_int32),
        ("name", c_char_p),
        ("default_value", ac_value),
        ("needs_display", c_int32),
        ("reserved", c_int32),
    ]


def ac_property_desc_init(
    desc: Optional[ac_property_desc], name: Optional[bytes], default_value: Optional[ac_value]
) -> int:
    """The header's ac_property_desc_init(): animatable, not needs-display. The caller keeps
    ``name`` (UTF-8 bytes) alive until ac_class_create(). AC_ERR_NULL_POINTER for None."""
    if desc is None or name is None or default_value is None:
        return AC_ERR_NULL_POINTER
    desc.struct_size = ctypes.sizeof(ac_property_desc)
    desc.animatable = 1
    desc.name = name
    desc.default_value = default_value
    desc.needs_display = 0
    desc.reserved = 0
    return AC_OK


ac_display_fn = CFUNCTYPE(None, POINTER(ac_engine), ac_layer, c_void_p)
"""``void (*)(ac_engine *, ac_layer, void *user_data)``: -display / displayLayer:."""

# --------------------------------------------------------------------------------------------
# Layers
# --------------------------------------------------------------------------------------------

AC_PRESENTATION_TABLE_MAX_KEYS: Final = 256


class ac_property_value(ctypes.Structure):
    """``ac_property_value``: one property of a snapshot."""

    _fields_ = [
        ("key", ac_key),
        ("reserved", c_int32),
        ("value", ac_value),
    ]


class ac_layer_delegate(ctypes.Structure):
    """``ac_layer_delegate``: a layer's delegate; fill with ac_layer_delegate_init()."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("display", ac_display_fn),
        ("user_data", c_void_p),
        ("destroy", ac_destroy_fn),
    ]


def ac_layer_delegate_init(delegate: Optional[ac_layer_delegate]) -> int:
    """The header's ac_layer_delegate_init(): zeroed, struct_size set."""
    if delegate is None:
        return AC_ERR_NULL_POINTER
    ctypes.memset(ctypes.addressof(delegate), 0, ctypes.sizeof(ac_layer_delegate))
    delegate.struct_size = ctypes.sizeof(ac_layer_delegate)
    return AC_OK


# --------------------------------------------------------------------------------------------
# Geometry and hit testing
# --------------------------------------------------------------------------------------------

AC_GEOMETRY_MODEL: Final = 0
AC_GEOMETRY_PRESENTATION: Final = 1

# --------------------------------------------------------------------------------------------
# Render list
# --------------------------------------------------------------------------------------------

ac_render_list = c_uint64
"""A render list of one engine; 0 is none."""

AC_RENDER_OPACITY_GROUP: Final = 1
AC_RENDER_CLIPS: Final = 2
AC_RENDER_CHANGED: Final = 4
AC_RENDER_CONTENTS_FLIPPED: Final = 8
AC_RENDER_IS_MASK: Final = 16
AC_RENDER_SUBLAYERS_ONLY: Final = 32
AC_RENDER_INSTANCES_CLAMPED: Final = 64

AC_CORNER_MIN_X_MIN_Y: Final = 1
AC_CORNER_MAX_X_MIN_Y: Final = 2
AC_CORNER_MIN_X_MAX_Y: Final = 4
AC_CORNER_MAX_X_MAX_Y: Final = 8

AC_GRAVITY_RESIZE: Final = 0
AC_GRAVITY_RESIZE_ASPECT: Final = 1
AC_GRAVITY_RESIZE_ASPECT_FILL: Final = 2
AC_GRAVITY_CENTER: Final = 3
AC_GRAVITY_TOP: Final = 4
AC_GRAVITY_BOTTOM: Final = 5
AC_GRAVITY_LEFT: Final = 6
AC_GRAVITY_RIGHT: Final = 7
AC_GRAVITY_TOP_LEFT: Final = 8
AC_GRAVITY_TOP_RIGHT: Final = 9
AC_GRAVITY_BOTTOM_LEFT: Final = 10
AC_GRAVITY_BOTTOM_RIGHT: Final = 11


class ac_render_entry(ctypes.Structure):
    """``ac_render_entry``: one visible layer of a render list, with the values it is drawn
    with (568 bytes, no padding)."""

    _fields_ = [
        ("layer", ac_layer),
        ("layer_class", ac_class),
        ("parent", c_int32),
        ("subtree_end", c_int32),
        ("mask", c_int32),
        ("flags", c_uint32),
        ("matrix", c_double * 16),
        ("bounds", c_double * 4),
        ("opacity", c_double),
        ("alpha", c_double),
        ("background_color", c_double * 4),
        ("border_color", c_double * 4),
        ("border_width", c_double),
        ("corner_radius", c_double),
        ("shadow_color", c_double * 4),
        ("shadow_opacity", c_double),
        ("shadow_radius", c_double),
        ("shadow_offset", c_double * 2),
        ("contents_rect", c_double * 4),
        ("contents_center", c_double * 4),
        ("contents_scale", c_double),
        ("contents", c_uint64),
        ("contents_gravity", c_int32),
        ("masked_corners", c_uint32),
        ("instance_color", c_double * 4),
        ("instance_time_shift", c_double),
        ("instance_index", c_int32),
        ("reserved", c_int32),
        ("transition_id", c_uint64),
        ("transition_type", c_int32),
        ("transition_subtype", c_int32),
        ("transition_progress", c_double),
        ("transition_old_offset", c_double * 2),
        ("transition_new_offset", c_double * 2),
        ("transition_old_alpha", c_double),
        ("transition_new_alpha", c_double),
        ("transition_layering", c_int32),
        ("transition_state", c_uint32),
    ]


# --------------------------------------------------------------------------------------------
# Animations
# --------------------------------------------------------------------------------------------

AC_ANIMATION_FROM: Final = 0
AC_ANIMATION_TO: Final = 1
AC_ANIMATION_BY: Final = 2
AC_ANIMATION_VELOCITY: Final = 3

AC_ANIMATION_ADDITIVE: Final = 0
AC_ANIMATION_CUMULATIVE: Final = 1
AC_ANIMATION_REMOVED_ON_COMPLETION: Final = 2
AC_ANIMATION_KEEPS_FINAL_VALUE: Final = 3
AC_ANIMATION_SEQUENTIAL: Final = 4

ac_animation_start_fn = CFUNCTYPE(None, POINTER(ac_engine), ac_layer, c_char_p, c_void_p)
"""``void (*)(ac_engine *, ac_layer, const char *key, void *user_data)``: did-start."""

ac_animation_stop_fn = CFUNCTYPE(None, POINTER(ac_engine), ac_layer, c_char_p, c_int32, c_void_p)
"""``void (*)(ac_engine *, ac_layer, const char *key, int32_t finished, void *)``: did-stop."""


class ac_animation_delegate(ctypes.Structure):
    """``ac_animation_delegate``: did-start / did-stop callbacks of each added copy."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_int32),
        ("did_start", ac_animation_start_fn),
        ("did_stop", ac_animation_stop_fn),
        ("user_data", c_void_p),
        ("destroy", ac_destroy_fn),
    ]


def ac_animation_delegate_init(delegate: Optional[ac_animation_delegate]) -> int:
    """The header's ac_animation_delegate_init(): zeroed, struct_size set."""
    if delegate is None:
        return AC_ERR_NULL_POINTER
    ctypes.memset(ctypes.addressof(delegate), 0, ctypes.sizeof(ac_animation_delegate))
    delegate.struct_size = ctypes.sizeof(ac_animation_delegate)
    return AC_OK


# --------------------------------------------------------------------------------------------
# Keyframe animations, paths and groups
# --------------------------------------------------------------------------------------------

AC_ANIMATION_KIND_BASIC: Final = 0
AC_ANIMATION_KIND_KEYFRAME: Final = 1
AC_ANIMATION_KIND_GROUP: Final = 2
AC_ANIMATION_KIND_SPRING: Final = 3
AC_ANIMATION_KIND_DECAY: Final = 4
AC_ANIMATION_KIND_TRANSITION: Final = 5

AC_ANIMATION_LIST_MAX: Final = 1048576

AC_CALCULATION_LINEAR: Final = 0
AC_CALCULATION_DISCRETE: Final = 1
AC_CALCULATION_PACED: Final = 2
AC_CALCULATION_CUBIC: Final = 3
AC_CALCULATION_CUBIC_PACED: Final = 4

AC_SPLINE_TENSION: Final = 0
AC_SPLINE_CONTINUITY: Final = 1
AC_SPLINE_BIAS: Final = 2

AC_ROTATION_NONE: Final = 0
AC_ROTATION_AUTO: Final = 1
AC_ROTATION_AUTO_REVERSE: Final = 2

AC_PATH_MOVE_TO: Final = 0
AC_PATH_LINE_TO: Final = 1
AC_PATH_QUAD_CURVE_TO: Final = 2
AC_PATH_CURVE_TO: Final = 3
AC_PATH_CLOSE: Final = 4


class ac_path_element(ctypes.Structure):
    """``ac_path_element``: one element of a path; ``points`` holds (x, y) pairs — move/line:
    the point; quad curve: control, end; curve: control 1, control 2, end; close: none."""

    _fields_ = [
        ("type", c_int32),
        ("reserved", c_int32),
        ("points", c_double * 6),
    ]


def ac_path_element_zeroed_(type: int) -> ac_path_element:
    """An element of ``type`` with every point 0."""
    element = ac_path_element()
    element.type = type
    return element


def _path_element(type: int, numbers: Sequence[float]) -> ac_path_element:
    element = ac_path_element_zeroed_(type)
    for index, number in enumerate(numbers):
        element.points[index] = number
    return element


def ac_path_move_to(x: float, y: float) -> ac_path_element:
    """A move-to (x, y): starts a subpath."""
    return _path_element(AC_PATH_MOVE_TO, (x, y))


def ac_path_line_to(x: float, y: float) -> ac_path_element:
    """A line to (x, y)."""
    return _path_element(AC_PATH_LINE_TO, (x, y))


def ac_path_quad_curve_to(cx: float, cy: float, x: float, y: float) -> ac_path_element:
    """A quadratic curve to (x, y) with the control point (cx, cy)."""
    return _path_element(AC_PATH_QUAD_CURVE_TO, (cx, cy, x, y))


def ac_path_curve_to(
    c1x: float, c1y: float, c2x: float, c2y: float, x: float, y: float
) -> ac_path_element:
    """A cubic curve to (x, y) with the control points (c1x, c1y), (c2x, c2y)."""
    return _path_element(AC_PATH_CURVE_TO, (c1x, c1y, c2x, c2y, x, y))


def ac_path_close() -> ac_path_element:
    """A close: a line back to the subpath's start."""
    return ac_path_element_zeroed_(AC_PATH_CLOSE)


AC_PATH_RECT_ELEMENTS: Final = 5
AC_PATH_ELLIPSE_ELEMENTS: Final = 6
AC_PATH_ROUNDED_RECT_ELEMENTS: Final = 10

AC_GROUP_DEPTH_MAX: Final = 16


# --------------------------------------------------------------------------------------------
# Springs
# --------------------------------------------------------------------------------------------


class ac_spring(ctypes.Structure):
    """``ac_spring``: a damped spring (mass, stiffness, damping, initial velocity)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("allows_overdamping", c_int32),
        ("mass", c_double),
        ("stiffness", c_double),
        ("damping", c_double),
        ("initial_velocity", c_double),
    ]


def ac_spring_init(spring: Optional[ac_spring]) -> int:
    """The header's ac_spring_init(): Core Animation's defaults (mass 1, stiffness 100,
    damping 10, initial velocity 0, no overdamping)."""
    if spring is None:
        return AC_ERR_NULL_POINTER
    ctypes.memset(ctypes.addressof(spring), 0, ctypes.sizeof(ac_spring))
    spring.struct_size = ctypes.sizeof(ac_spring)
    spring.allows_overdamping = 0
    spring.mass = 1.0
    spring.stiffness = 100.0
    spring.damping = 10.0
    spring.initial_velocity = 0.0
    return AC_OK


# --------------------------------------------------------------------------------------------
# Decay
# --------------------------------------------------------------------------------------------


class ac_decay(ctypes.Structure):
    """``ac_decay``: a decay's rate, minimum speed, bounds and bound spring."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("has_lower_bound", c_int32),
        ("has_upper_bound", c_int32),
        ("reserved", c_int32),
        ("deceleration_rate", c_double),
        ("minimum_speed", c_double),
        ("lower_bound", ac_value),
        ("upper_bound", ac_value),
        ("bound_spring", ac_spring),
    ]


def ac_decay_init(decay: Optional[ac_decay]) -> int:
    """The header's ac_decay_init(): rate 0.998 per ms, minimum speed 1, no bounds, the
    critically damped bound spring of perceptual duration 0.4 s."""
    if decay is None:
        return AC_ERR_NULL_POINTER
    ctypes.memset(ctypes.addressof(decay), 0, ctypes.sizeof(ac_decay))
    decay.struct_size = ctypes.sizeof(ac_decay)
    decay.deceleration_rate = 0.998
    decay.minimum_speed = 1.0
    decay.lower_bound.kind = AC_VALUE_SCALAR
    decay.upper_bound.kind = AC_VALUE_SCALAR
    ac_spring_init(decay.bound_spring)
    omega = 2.0 * 3.14159265358979323846 / 0.4
    decay.bound_spring.stiffness = omega * omega
    decay.bound_spring.damping = 2.0 * omega
    decay.bound_spring.allows_overdamping = 1
    return AC_OK


# --------------------------------------------------------------------------------------------
# Transitions
# --------------------------------------------------------------------------------------------

AC_TRANSITION_FADE: Final = 0
AC_TRANSITION_MOVE_IN: Final = 1
AC_TRANSITION_PUSH: Final = 2
AC_TRANSITION_REVEAL: Final = 3

AC_TRANSITION_FROM_NONE: Final = 0
AC_TRANSITION_FROM_RIGHT: Final = 1
AC_TRANSITION_FROM_LEFT: Final = 2
AC_TRANSITION_FROM_TOP: Final = 3
AC_TRANSITION_FROM_BOTTOM: Final = 4

AC_TRANSITION_LAYERING_NEW_OVER_OLD: Final = 0
AC_TRANSITION_LAYERING_OLD_OVER_NEW: Final = 1
AC_TRANSITION_LAYERING_CROSS_DISSOLVE: Final = 2

AC_TRANSITION_BEGAN: Final = 1
AC_TRANSITION_IN_EFFECT: Final = 2
AC_TRANSITION_ACTIVE: Final = 4
AC_TRANSITION_ENDED: Final = 8


class ac_transition(ctypes.Structure):
    """``ac_transition``: a transition's type, subtype and progress range."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("type", c_int32),
        ("subtype", c_int32),
        ("reserved", c_int32),
        ("start_progress", c_double),
        ("end_progress", c_double),
    ]


def ac_transition_init(transition: Optional[ac_transition]) -> int:
    """The header's ac_transition_init(): fade, no subtype, progress 0 to 1."""
    if transition is None:
        return AC_ERR_NULL_POINTER
    ctypes.memset(ctypes.addressof(transition), 0, ctypes.sizeof(ac_transition))
    transition.struct_size = ctypes.sizeof(ac_transition)
    transition.end_progress = 1.0
    return AC_OK


class ac_transition_composite(ctypes.Structure):
    """``ac_transition_composite``: where and how a transition's old and new images are drawn."""

    _fields_ = [
        ("old_offset", c_double * 2),
        ("new_offset", c_double * 2),
        ("old_alpha", c_double),
        ("new_alpha", c_double),
        ("layering", c_int32),
        ("reserved", c_int32),
    ]


# --------------------------------------------------------------------------------------------
# Transactions
# --------------------------------------------------------------------------------------------

ac_completion_fn = CFUNCTYPE(None, POINTER(ac_engine), c_int32, c_void_p)
"""``void (*)(ac_engine *, int32_t finished, void *user_data)``: a transaction completion."""

ac_clock_fn = CFUNCTYPE(c_double, c_void_p)
"""``double (*)(void *user_data)``: a host clock (ac_engine_set_clock)."""

# --------------------------------------------------------------------------------------------
# Animation blocks
# --------------------------------------------------------------------------------------------

AC_CURVE_EASE_IN_OUT: Final = 0
AC_CURVE_EASE_IN: Final = 1
AC_CURVE_EASE_OUT: Final = 2
AC_CURVE_LINEAR: Final = 3
AC_CURVE_CUSTOM: Final = 4


class ac_animate_options(ctypes.Structure):
    """``ac_animate_options``: the options of an animation block (UIView.animate)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("curve", c_int32),
        ("duration_s", c_double),
        ("delay_s", c_double),
        ("repeat_count", c_double),
        ("autoreverses", c_int32),
        ("begin_from_current_state", c_int32),
        ("additive", c_int32),
        ("reserved", c_int32),
        ("custom_function", ac_timing_function),
        ("completion", ac_completion_fn),
        ("completion_user_data", c_void_p),
        ("completion_destroy", ac_destroy_fn),
        ("spring", POINTER(ac_spring)),
    ]


def ac_animate_options_init(options: Optional[ac_animate_options]) -> int:
    """The header's ac_animate_options_init(): the defaults (ease-in-ease-out, 0.25 s, from
    the current state, custom function linear)."""
    if options is None:
        return AC_ERR_NULL_POINTER
    ctypes.memset(ctypes.addressof(options), 0, ctypes.sizeof(ac_animate_options))
    options.struct_size = ctypes.sizeof(ac_animate_options)
    options.curve = AC_CURVE_EASE_IN_OUT
    options.duration_s = 0.25
    options.delay_s = 0.0
    options.repeat_count = 0.0
    options.begin_from_current_state = 1
    options.custom_function.kind = AC_TIMING_FUNCTION_CUBIC_BEZIER
    options.custom_function.x2 = 1.0
    options.custom_function.y2 = 1.0
    return AC_OK


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------

AC_ACTION_CONTINUE: Final = 0
AC_ACTION_NONE: Final = 1
AC_ACTION_ANIMATION: Final = 2

ac_action_fn = CFUNCTYPE(c_int32, POINTER(ac_engine), ac_layer, c_char_p, ac_animation, c_void_p)
"""``int32_t (*)(ac_engine *, ac_layer, const char *key, ac_animation, void *user_data)``:
actionForLayer:forKey: / +defaultActionForKey:; answers AC_ACTION_*."""


def ac_status_table_lookup(status: int, want_name: int) -> str:
    """The header's ac_status_table_lookup(): the name (want_name non-zero) or the message of a
    status, from the library's own table (ac_status_name / ac_status_message)."""
    raw = lib.ac_status_name(status) if want_name else lib.ac_status_message(status)
    return bytes(raw).decode("utf-8")


# --------------------------------------------------------------------------------------------
# Animators
# --------------------------------------------------------------------------------------------

ac_animator = c_uint64
"""``ac_animator``: an animator handle (64 bits, scoped to its engine)."""

AC_ANIMATOR_INACTIVE: Final = 0
AC_ANIMATOR_RUNNING: Final = 1
AC_ANIMATOR_PAUSED: Final = 2
AC_ANIMATOR_FINISHED: Final = 3

AC_ANIMATOR_POSITION_END: Final = 0
AC_ANIMATOR_POSITION_START: Final = 1
AC_ANIMATOR_POSITION_CURRENT: Final = 2
AC_ANIMATOR_POSITION_CANCELLED: Final = 3


class ac_animator_info(ctypes.Structure):
    """``ac_animator_info``: an animator's state and clock."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("state", c_int32),
        ("duration_s", c_double),
        ("time_s", c_double),
        ("fraction_complete", c_double),
        ("rate", c_double),
        ("reversed", c_int32),
        ("animation_count", c_int32),
    ]


class ac_value_store_counts(ctypes.Structure):
    """``ac_value_store_counts``: what the engine's store of path and array values holds."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("values", c_size_t),
        ("numbers", c_size_t),
    ]


ac_animator_completion_fn = CFUNCTYPE(None, POINTER(ac_engine), c_int32, c_void_p)
"""``void (*)(ac_engine *, int32_t position, void *user_data)``: an animator's completion."""

# --------------------------------------------------------------------------------------------
# Prototypes: name -> (restype, argtypes), in header order
# --------------------------------------------------------------------------------------------

_double_p = POINTER(c_double)
_function_p = POINTER(ac_timing_function)
_timing_p = POINTER(ac_timing)
_state_p = POINTER(ac_timing_state)
_engine_p = POINTER(ac_engine)
_value_p = POINTER(ac_value)
_size_p = POINTER(c_size_t)
_int32_p = POINTER(c_int32)
_layer_p = POINTER(ac_layer)
_animation_p = POINTER(ac_animation)
_char_p = POINTER(c_char)  # an output buffer (char *)
_path_p = POINTER(ac_path_element)
_spring_p = POINTER(ac_spring)
_decay_p = POINTER(ac_decay)
_transition_p = POINTER(ac_transition)

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
    "ac_timing_function_parse": (ac_status, (c_char_p, _function_p)),
    "ac_timing_function_linear": (ac_status, (_double_p, _double_p, c_size_t, _function_p)),
    "ac_timing_function_linear_points": (
        ac_status,
        (_function_p, _double_p, _double_p, c_size_t, _size_p),
    ),
    "ac_timing_function_back": (ac_status, (c_int32, c_double, _function_p)),
    "ac_timing_function_bounce": (ac_status, (c_int32, _function_p)),
    "ac_timing_function_elastic": (ac_status, (c_int32, c_double, c_double, _function_p)),
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
    # Engine
    "ac_engine_create": (ac_status, (POINTER(ac_engine_config), POINTER(_engine_p))),
    "ac_engine_destroy": (ac_status, (_engine_p,)),
    "ac_engine_tick": (ac_status, (_engine_p, c_double)),
    "ac_engine_current_time": (ac_status, (_engine_p, _double_p)),
    "ac_engine_set_global_speed": (ac_status, (_engine_p, c_double)),
    "ac_engine_global_speed": (ac_status, (_engine_p, _double_p)),
    "ac_engine_set_tick_threads": (ac_status, (_engine_p, c_int32)),
    "ac_engine_set_clock": (ac_status, (_engine_p, ac_clock_fn, c_void_p, ac_destroy_fn)),
    "ac_engine_tick_threads": (ac_status, (_engine_p, _int32_p)),
    # Keys and values
    "ac_engine_key": (ac_status, (_engine_p, c_char_p, POINTER(ac_key))),
    "ac_engine_key_name": (ac_status, (_engine_p, ac_key, _char_p, c_size_t, _size_p)),
    # Layer classes
    "ac_class_create": (
        ac_status,
        (_engine_p, c_char_p, ac_class, POINTER(ac_property_desc), c_size_t, POINTER(ac_class)),
    ),
    "ac_class_find": (ac_status, (_engine_p, c_char_p, POINTER(ac_class))),
    "ac_class_set_strict": (ac_status, (_engine_p, ac_class, c_int32)),
    "ac_class_set_display": (
        ac_status,
        (_engine_p, ac_class, ac_display_fn, c_void_p, ac_destroy_fn),
    ),
    # Layers
    "ac_layer_create": (ac_status, (_engine_p, ac_class, _layer_p)),
    "ac_layer_retain": (ac_status, (_engine_p, ac_layer)),
    "ac_layer_release": (ac_status, (_engine_p, ac_layer)),
    "ac_layer_class": (ac_status, (_engine_p, ac_layer, POINTER(ac_class))),
    "ac_layer_set_value": (ac_status, (_engine_p, ac_layer, ac_key, _value_p)),
    "ac_layer_get_value": (ac_status, (_engine_p, ac_layer, ac_key, _value_p)),
    "ac_layer_get_presentation_value": (ac_status, (_engine_p, ac_layer, ac_key, _value_p)),
    "ac_layer_set_scalar": (ac_status, (_engine_p, ac_layer, ac_key, c_double)),
    "ac_layer_get_scalar": (ac_status, (_engine_p, ac_layer, ac_key, _double_p)),
    "ac_layer_get_presentation_scalar": (ac_status, (_engine_p, ac_layer, ac_key, _double_p)),
    "ac_layers_get_presentation": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, ac_key, _double_p, c_size_t, _size_p),
    ),
    "ac_layers_get_presentation_table": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, POINTER(ac_key), c_size_t, _double_p, c_size_t, _size_p, _size_p),
    ),
    "ac_layers_set_value": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, ac_key, _double_p, c_size_t),
    ),
    "ac_layer_snapshot": (
        ac_status,
        (_engine_p, ac_layer, c_int32, POINTER(ac_property_value), c_size_t, _size_p),
    ),
    "ac_layer_set_needs_display": (ac_status, (_engine_p, ac_layer)),
    "ac_layer_needs_display": (ac_status, (_engine_p, ac_layer, _int32_p)),
    "ac_layer_set_delegate": (ac_status, (_engine_p, ac_layer, POINTER(ac_layer_delegate))),
    # Layer tree and layer time
    "ac_layer_add_sublayer": (ac_status, (_engine_p, ac_layer, ac_layer)),
    "ac_layer_insert_sublayer": (ac_status, (_engine_p, ac_layer, ac_layer, c_size_t)),
    "ac_layer_remove_from_superlayer": (ac_status, (_engine_p, ac_layer)),
    "ac_layer_superlayer": (ac_status, (_engine_p, ac_layer, _layer_p)),
    "ac_layer_sublayers": (ac_status, (_engine_p, ac_layer, _layer_p, c_size_t, _size_p)),
    "ac_layer_set_mask": (ac_status, (_engine_p, ac_layer, ac_layer)),
    "ac_layer_mask": (ac_status, (_engine_p, ac_layer, _layer_p)),
    "ac_layer_convert_time": (
        ac_status,
        (_engine_p, c_double, ac_layer, ac_layer, _double_p),
    ),
    "ac_layer_local_time": (ac_status, (_engine_p, ac_layer, _double_p)),
    # Geometry and hit testing
    "ac_layer_matrix_to_superlayer": (ac_status, (_engine_p, ac_layer, c_int32, _double_p)),
    "ac_layer_matrix_to_layer": (
        ac_status,
        (_engine_p, ac_layer, ac_layer, c_int32, _double_p),
    ),
    "ac_layer_convert_point": (
        ac_status,
        (_engine_p, ac_layer, ac_layer, c_int32, _double_p, _double_p, _int32_p),
    ),
    "ac_layer_convert_rect": (
        ac_status,
        (_engine_p, ac_layer, ac_layer, c_int32, _double_p, _double_p, _int32_p),
    ),
    "ac_layer_hit_test": (ac_status, (_engine_p, ac_layer, c_int32, _double_p, _layer_p)),
    "ac_layer_contains_point": (
        ac_status,
        (_engine_p, ac_layer, c_int32, _double_p, _int32_p),
    ),
    "ac_layer_affine_transform": (ac_status, (_engine_p, ac_layer, c_int32, _double_p)),
    "ac_layer_set_affine_transform": (ac_status, (_engine_p, ac_layer, _double_p)),
    "ac_layer_contents_are_flipped": (ac_status, (_engine_p, ac_layer, c_int32, _int32_p)),
    # Render list
    "ac_render_list_create": (ac_status, (_engine_p, POINTER(ac_render_list))),
    "ac_render_list_destroy": (ac_status, (_engine_p, ac_render_list)),
    "ac_render_list_fill": (
        ac_status,
        (
            _engine_p,
            ac_render_list,
            ac_layer,
            c_int32,
            POINTER(POINTER(ac_render_entry)),
            _size_p,
            _double_p,
            _int32_p,
        ),
    ),
    "ac_render_list_fill_into": (
        ac_status,
        (
            _engine_p,
            ac_render_list,
            ac_layer,
            c_int32,
            POINTER(ac_render_entry),
            c_size_t,
            _size_p,
            POINTER(c_uint64),
            _double_p,
            _int32_p,
        ),
    ),
    "ac_render_list_copy": (
        ac_status,
        (_engine_p, ac_render_list, c_uint64, POINTER(ac_render_entry), c_size_t, _size_p),
    ),
    # Animations
    "ac_animation_create_basic": (ac_status, (_engine_p, c_char_p, _animation_p)),
    "ac_animation_release": (ac_status, (_engine_p, ac_animation)),
    "ac_animation_assign": (ac_status, (_engine_p, ac_animation, ac_animation)),
    "ac_animation_key_path": (
        ac_status,
        (_engine_p, ac_animation, _char_p, c_size_t, _size_p),
    ),
    "ac_animation_set_value": (ac_status, (_engine_p, ac_animation, c_int32, _value_p)),
    "ac_animation_get_value": (
        ac_status,
        (_engine_p, ac_animation, c_int32, _value_p, _int32_p),
    ),
    "ac_animation_set_timing": (ac_status, (_engine_p, ac_animation, _timing_p)),
    "ac_animation_get_timing": (ac_status, (_engine_p, ac_animation, _timing_p)),
    "ac_animation_set_timing_function": (ac_status, (_engine_p, ac_animation, _function_p)),
    "ac_animation_get_timing_function": (
        ac_status,
        (_engine_p, ac_animation, _function_p, _int32_p),
    ),
    "ac_animation_set_flag": (ac_status, (_engine_p, ac_animation, c_int32, c_int32)),
    "ac_animation_get_flag": (ac_status, (_engine_p, ac_animation, c_int32, _int32_p)),
    "ac_animation_set_delegate": (
        ac_status,
        (_engine_p, ac_animation, POINTER(ac_animation_delegate)),
    ),
    "ac_layer_add_animation": (ac_status, (_engine_p, ac_layer, ac_animation, c_char_p)),
    "ac_layer_remove_animation": (ac_status, (_engine_p, ac_layer, c_char_p)),
    "ac_layer_remove_all_animations": (ac_status, (_engine_p, ac_layer)),
    "ac_layer_animation_count": (ac_status, (_engine_p, ac_layer, _size_p)),
    "ac_layer_animation_key": (
        ac_status,
        (_engine_p, ac_layer, c_size_t, _char_p, c_size_t, _size_p),
    ),
    "ac_layer_copy_animation": (ac_status, (_engine_p, ac_layer, c_char_p, _animation_p)),
    "ac_animation_set_key_path": (ac_status, (_engine_p, ac_animation, c_char_p)),
    "ac_animation_set_value_function": (ac_status, (_engine_p, ac_animation, c_char_p)),
    "ac_animation_get_value_function": (
        ac_status,
        (_engine_p, ac_animation, _char_p, c_size_t, _size_p),
    ),
    # Keyframe animations, paths and groups
    "ac_animation_get_kind": (ac_status, (_engine_p, ac_animation, _int32_p)),
    "ac_animation_create_keyframe": (ac_status, (_engine_p, c_char_p, _animation_p)),
    "ac_animation_create_group": (ac_status, (_engine_p, _animation_p)),
    "ac_animation_set_values": (ac_status, (_engine_p, ac_animation, _value_p, c_size_t)),
    "ac_animation_get_values": (
        ac_status,
        (_engine_p, ac_animation, _value_p, c_size_t, _size_p),
    ),
    "ac_animation_set_key_times": (ac_status, (_engine_p, ac_animation, _double_p, c_size_t)),
    "ac_animation_get_key_times": (
        ac_status,
        (_engine_p, ac_animation, _double_p, c_size_t, _size_p),
    ),
    "ac_animation_set_timing_functions": (
        ac_status,
        (_engine_p, ac_animation, _function_p, c_size_t),
    ),
    "ac_animation_get_timing_functions": (
        ac_status,
        (_engine_p, ac_animation, _function_p, c_size_t, _size_p),
    ),
    "ac_animation_set_calculation_mode": (ac_status, (_engine_p, ac_animation, c_int32)),
    "ac_animation_get_calculation_mode": (ac_status, (_engine_p, ac_animation, _int32_p)),
    "ac_calculation_mode_from_name": (ac_status, (c_char_p, _int32_p)),
    "ac_calculation_mode_name": (ac_status, (c_int32, POINTER(_char_p))),
    "ac_animation_set_spline_values": (
        ac_status,
        (_engine_p, ac_animation, c_int32, _double_p, c_size_t),
    ),
    "ac_animation_get_spline_values": (
        ac_status,
        (_engine_p, ac_animation, c_int32, _double_p, c_size_t, _size_p),
    ),
    "ac_animation_set_rotation_mode": (ac_status, (_engine_p, ac_animation, c_int32)),
    "ac_animation_get_rotation_mode": (ac_status, (_engine_p, ac_animation, _int32_p)),
    "ac_path_rect": (
        ac_status,
        (c_double, c_double, c_double, c_double, _path_p, c_size_t, _size_p),
    ),
    "ac_path_ellipse": (
        ac_status,
        (c_double, c_double, c_double, c_double, _path_p, c_size_t, _size_p),
    ),
    "ac_path_rounded_rect": (
        ac_status,
        (c_double, c_double, c_double, c_double, c_double, c_double, _path_p, c_size_t, _size_p),
    ),
    "ac_animation_set_path": (ac_status, (_engine_p, ac_animation, _path_p, c_size_t)),
    "ac_animation_get_path": (
        ac_status,
        (_engine_p, ac_animation, _path_p, c_size_t, _size_p),
    ),
    "ac_layer_set_path": (ac_status, (_engine_p, ac_layer, ac_key, _path_p, c_size_t)),
    "ac_layer_get_path": (
        ac_status,
        (_engine_p, ac_layer, ac_key, c_int32, _path_p, c_size_t, _size_p),
    ),
    "ac_layer_set_numbers": (ac_status, (_engine_p, ac_layer, ac_key, _double_p, c_size_t)),
    "ac_layer_get_numbers": (
        ac_status,
        (_engine_p, ac_layer, ac_key, c_int32, _double_p, c_size_t, _size_p),
    ),
    "ac_layer_set_colors": (ac_status, (_engine_p, ac_layer, ac_key, _double_p, c_size_t)),
    "ac_layer_get_colors": (
        ac_status,
        (_engine_p, ac_layer, ac_key, c_int32, _double_p, c_size_t, _size_p),
    ),
    "ac_layers_get_presentation_path": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, ac_key, _path_p, c_size_t, _size_p),
    ),
    "ac_layers_get_presentation_path_coordinates": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, ac_key, _double_p, c_size_t, _size_p),
    ),
    "ac_layers_get_presentation_numbers": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, ac_key, _double_p, c_size_t, _size_p),
    ),
    "ac_layers_get_presentation_colors": (
        ac_status,
        (_engine_p, _layer_p, c_size_t, ac_key, _double_p, c_size_t, _size_p),
    ),
    "ac_engine_get_value_store_counts": (ac_status, (_engine_p, POINTER(ac_value_store_counts))),
    "ac_animation_set_path_value": (ac_status, (_engine_p, ac_animation, c_int32, _path_p, c_size_t)),
    "ac_animation_set_numbers_value": (ac_status, (_engine_p, ac_animation, c_int32, _double_p, c_size_t)),
    "ac_animation_set_colors_value": (ac_status, (_engine_p, ac_animation, c_int32, _double_p, c_size_t)),
    "ac_animation_set_path_values": (ac_status, (_engine_p, ac_animation, _path_p, _size_p, c_size_t)),
    "ac_animation_set_numbers_values": (ac_status, (_engine_p, ac_animation, _double_p, _size_p, c_size_t)),
    "ac_animation_set_colors_values": (ac_status, (_engine_p, ac_animation, _double_p, _size_p, c_size_t)),
    "ac_animation_get_path_value": (
        ac_status,
        (_engine_p, ac_animation, c_int32, _path_p, c_size_t, _size_p, _int32_p),
    ),
    "ac_animation_get_numbers_value": (
        ac_status,
        (_engine_p, ac_animation, c_int32, _double_p, c_size_t, _size_p, _int32_p),
    ),
    "ac_animation_get_colors_value": (
        ac_status,
        (_engine_p, ac_animation, c_int32, _double_p, c_size_t, _size_p, _int32_p),
    ),
    "ac_animation_get_keyframe_path": (ac_status, (_engine_p, ac_animation, c_size_t, _path_p, c_size_t, _size_p)),
    "ac_animation_get_keyframe_numbers": (
        ac_status,
        (_engine_p, ac_animation, c_size_t, _double_p, c_size_t, _size_p),
    ),
    "ac_animation_get_keyframe_colors": (
        ac_status,
        (_engine_p, ac_animation, c_size_t, _double_p, c_size_t, _size_p),
    ),
    "ac_animation_set_children": (ac_status, (_engine_p, ac_animation, _animation_p, c_size_t)),
    "ac_animation_child_count": (ac_status, (_engine_p, ac_animation, _size_p)),
    "ac_animation_copy_child": (
        ac_status,
        (_engine_p, ac_animation, c_size_t, _animation_p),
    ),
    # Springs
    "ac_spring_from_perceptual": (ac_status, (c_double, c_double, _spring_p)),
    "ac_spring_perceptual": (ac_status, (_spring_p, _double_p, _double_p)),
    "ac_spring_damping_ratio": (ac_status, (_spring_p, _double_p, _double_p)),
    "ac_spring_settling_duration": (ac_status, (_spring_p, _double_p)),
    "ac_animation_create_spring": (ac_status, (_engine_p, c_char_p, _animation_p)),
    "ac_animation_set_spring": (ac_status, (_engine_p, ac_animation, _spring_p)),
    "ac_animation_get_spring": (ac_status, (_engine_p, ac_animation, _spring_p)),
    "ac_layer_get_presentation_velocity": (ac_status, (_engine_p, ac_layer, ac_key, _value_p)),
    "ac_transaction_set_spring": (ac_status, (_engine_p, _spring_p)),
    "ac_transaction_spring": (ac_status, (_engine_p, _spring_p, _int32_p)),
    # Decay
    "ac_animation_create_decay": (ac_status, (_engine_p, c_char_p, _animation_p)),
    "ac_animation_set_decay": (ac_status, (_engine_p, ac_animation, _decay_p)),
    "ac_animation_get_decay": (ac_status, (_engine_p, ac_animation, _decay_p)),
    "ac_decay_resting_value": (ac_status, (_decay_p, _value_p, _value_p, _value_p)),
    # Transitions
    "ac_animation_create_transition": (ac_status, (_engine_p, _animation_p)),
    "ac_animation_set_transition": (ac_status, (_engine_p, ac_animation, _transition_p)),
    "ac_animation_get_transition": (ac_status, (_engine_p, ac_animation, _transition_p)),
    "ac_transition_composite_at": (
        ac_status,
        (c_int32, c_int32, c_double, c_double, c_double, POINTER(ac_transition_composite)),
    ),
    # Transactions
    "ac_transaction_begin": (ac_status, (_engine_p,)),
    "ac_transaction_commit": (ac_status, (_engine_p,)),
    "ac_transaction_flush": (ac_status, (_engine_p,)),
    "ac_transaction_set_animation_duration": (ac_status, (_engine_p, c_double)),
    "ac_transaction_animation_duration": (ac_status, (_engine_p, _double_p)),
    "ac_transaction_set_timing_function": (ac_status, (_engine_p, _function_p)),
    "ac_transaction_timing_function": (ac_status, (_engine_p, _function_p, _int32_p)),
    "ac_transaction_set_disable_actions": (ac_status, (_engine_p, c_int32)),
    "ac_transaction_disable_actions": (ac_status, (_engine_p, _int32_p)),
    "ac_transaction_set_additive": (ac_status, (_engine_p, c_int32)),
    "ac_transaction_additive": (ac_status, (_engine_p, _int32_p)),
    "ac_transaction_set_value": (ac_status, (_engine_p, c_char_p, _value_p)),
    "ac_transaction_get_value": (ac_status, (_engine_p, c_char_p, _value_p)),
    "ac_transaction_add_completion": (
        ac_status,
        (_engine_p, ac_completion_fn, c_void_p, ac_destroy_fn),
    ),
    # Animation blocks
    "ac_animate_begin": (ac_status, (_engine_p, POINTER(ac_animate_options))),
    "ac_animate_commit": (ac_status, (_engine_p,)),
    # Animators
    "ac_animator_create": (ac_status, (_engine_p, c_double, _function_p, POINTER(ac_animator))),
    "ac_animator_retain": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_release": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_begin": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_commit": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_add_animation": (
        ac_status,
        (_engine_p, ac_animator, ac_layer, ac_animation, c_char_p),
    ),
    "ac_animator_add_completion": (
        ac_status,
        (_engine_p, ac_animator, ac_animator_completion_fn, c_void_p, ac_destroy_fn),
    ),
    "ac_animator_start": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_pause": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_set_fraction_complete": (ac_status, (_engine_p, ac_animator, c_double)),
    "ac_animator_seek": (ac_status, (_engine_p, ac_animator, c_double)),
    "ac_animator_set_reversed": (ac_status, (_engine_p, ac_animator, c_int32)),
    "ac_animator_set_rate": (ac_status, (_engine_p, ac_animator, c_double)),
    "ac_animator_continue": (ac_status, (_engine_p, ac_animator, _function_p, c_double)),
    "ac_animator_continue_with_spring": (ac_status, (_engine_p, ac_animator, _spring_p)),
    "ac_animator_finish": (ac_status, (_engine_p, ac_animator, c_int32)),
    "ac_animator_cancel": (ac_status, (_engine_p, ac_animator)),
    "ac_animator_get_info": (ac_status, (_engine_p, ac_animator, POINTER(ac_animator_info))),
    # Actions
    "ac_layer_set_action_callback": (
        ac_status,
        (_engine_p, ac_layer, ac_action_fn, c_void_p, ac_destroy_fn),
    ),
    "ac_class_set_default_action": (
        ac_status,
        (_engine_p, ac_class, ac_action_fn, c_void_p, ac_destroy_fn),
    ),
    "ac_layer_set_action": (ac_status, (_engine_p, ac_layer, c_char_p, ac_animation, c_int32)),
    "ac_layer_action_for_key": (
        ac_status,
        (_engine_p, ac_layer, c_char_p, _int32_p, _animation_p),
    ),
    "ac_layer_replace_sublayer": (ac_status, (_engine_p, ac_layer, ac_layer)),
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


def unchecked(name: str) -> Any:
    """Another function object for ``name`` returning ``ac_status``, without ``argtypes``: for
    the hottest calls, whose callers pass ctypes objects of the prototype's types themselves
    (``argtypes`` conversion costs about 300 ns a call). The prototype in PROTOTYPES still
    documents and checks its types (``test_capi``)."""
    function = lib._FuncPtr((name, lib))
    function.restype = ac_status
    return function
