"""The codec of animation descriptions: Python's to and from the library's (``ac_animation``
handles).

:func:`create` makes a library description of any :class:`~animcore.Animation` for a layer
(the value kinds come from the layer's key paths, through a :data:`KindAt` the layer gives),
:func:`write` fills one made elsewhere (an action's), :func:`read` makes the Python description
of a library one, of the right class with every field.
"""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from . import _callbacks, _capi, _variable_values
from ._c_names import TIMING, CNames, spring_fields, value_fields
from ._trampolines import AnimationEntry, start_trampoline, stop_trampoline
from .animation import Animation, BasicAnimation, PropertyAnimation
from .animation_group import AnimationGroup, check_animations, group_depth
from .errors import check, raise_status
from ._adapt import adapt_in
from ._handles import EngineHandle, engine_ptr, key_bytes, read_array, read_string
from .keyframe_animation import MODES_BY_CODE, ROTATIONS_BY_CODE, KeyframeAnimation
from .path import Path
from .decay import DecayAnimation, _decay_names
from .transition import Transition
from .spring import Spring, SpringAnimation
from .timing import Timing
from .timing_function import TimingFunction
from .values import ValueKind, from_c, kind_of, to_c

# A Python value whose kind cannot be told (a plain tuple) for a key the layer's class does not
# declare: the library refuses to animate an undeclared key, and says so; the binding leaves the
# value out rather than guess a kind and answer a TypeError about the value instead.
_NUMERIC_KINDS = (
    ValueKind.SCALAR,
    ValueKind.POINT,
    ValueKind.SIZE,
    ValueKind.RECT,
    ValueKind.VECTOR3,
    ValueKind.COLOR,
)

KindAt = Callable[[str], Optional[ValueKind]]
"""The kind of a key path on the layer an animation is written for, when its class declares
the property (or a key path into one); None for any other key (see Layer._animated_kind)."""

_lib = _capi.lib
_byref = ctypes.byref

_SPLINES = (
    ("tension", _capi.AC_SPLINE_TENSION),
    ("continuity", _capi.AC_SPLINE_CONTINUITY),
    ("bias", _capi.AC_SPLINE_BIAS),
)

# ---- checks -----------------------------------------------------------------------------------


def check_animation(
    animation: Animation, prefix: str = "", seen: Optional[Set[int]] = None
) -> None:
    """The checks that need no layer, with messages naming the Python arguments: keyframe
    fields and counts, group children and depth (recursively). An object that is a child
    several times is checked once (its messages name the first place it is met): the time
    taken is the objects', not the children^depth animations they may stand for."""
    if seen is None:
        seen = set()
    elif id(animation) in seen:
        return
    seen.add(id(animation))
    if isinstance(animation, KeyframeAnimation):
        animation._check(prefix)
    elif isinstance(animation, AnimationGroup):
        check_animations(animation.animations, f"{prefix}animations")
        if not prefix:
            group_depth(animation)
        for index, child in enumerate(animation.animations):
            check_animation(child, f"{prefix}animations[{index}].", seen)


# ---- Python -> library ------------------------------------------------------------------------


def new_handle(engine: EngineHandle, animation: Animation) -> int:
    """An empty library description of ``animation``'s kind (release it)."""
    ptr = engine_ptr(engine)
    out = _capi.ac_animation()
    if isinstance(animation, AnimationGroup):
        check(_lib.ac_animation_create_group(ptr, _byref(out)))
    elif isinstance(animation, KeyframeAnimation):
        key_path = key_bytes(animation.key_path, "key_path")
        check(_lib.ac_animation_create_keyframe(ptr, key_path, _byref(out)))
    elif isinstance(animation, SpringAnimation):
        key_path = key_bytes(animation.key_path, "key_path")
        check(_lib.ac_animation_create_spring(ptr, key_path, _byref(out)))
    elif isinstance(animation, BasicAnimation):
        key_path = key_bytes(animation.key_path, "key_path")
        check(_lib.ac_animation_create_basic(ptr, key_path, _byref(out)))
    elif isinstance(animation, DecayAnimation):
        key_path = key_bytes(animation.key_path, "key_path")
        check(_lib.ac_animation_create_decay(ptr, key_path, _byref(out)))
    elif isinstance(animation, Transition):
        check(_lib.ac_animation_create_transition(ptr, _byref(out)))
    else:
        raise TypeError(
            "animation must be a BasicAnimation, SpringAnimation, DecayAnimation, "
            "KeyframeAnimation, AnimationGroup or Transition, not "
            f"{type(animation).__name__}"
        )
    return int(out.value)


def create(
    engine: EngineHandle,
    animation: Animation,
    kind_at: KindAt,
    deferred: Optional[List[Exception]] = None,
) -> Tuple[int, Optional[AnimationEntry]]:
    """A library description of ``animation`` for the layer ``kind_at`` reads (checked
    first) and the callback entry registered, if any. The caller releases the handle.
    ``deferred`` (when given) collects the TypeErrors of values left out for an undeclared key
    (see :func:`write`); without it they are raised."""
    check_animation(animation)
    handle = new_handle(engine, animation)
    try:
        left_out: List[Exception] = []
        entry = write(engine, handle, animation, kind_at, deferred=left_out)
        if left_out:
            if deferred is None:
                raise left_out[0]
            deferred.extend(left_out)
    except BaseException:
        _lib.ac_animation_release(engine_ptr(engine), handle)
        raise
    return handle, entry


def write(
    engine: EngineHandle,
    handle: int,
    animation: Animation,
    kind_at: KindAt,
    prefix: str = "",
    delegate: bool = True,
    deferred: Optional[List[Exception]] = None,
    made: Optional[Dict[int, int]] = None,
) -> Optional[AnimationEntry]:
    """Writes ``animation``'s fields into the library description ``handle`` (of its kind);
    the callback entry registered when ``delegate`` and it has callbacks. ``prefix`` names a
    group's child in messages ("animations[1]."); ``made``: the descriptions made so far for
    a group's children, by Python object (see :func:`_write_group`).

    A value whose kind its key cannot tell (the key is not declared by the layer's class) and
    the value itself cannot either (a plain tuple) is left out, its TypeError appended to
    ``deferred`` (raised at once without it): the library refuses to animate an undeclared key
    and says so, which is the message owed."""
    ptr = engine_ptr(engine)
    check(_lib.ac_animation_set_timing(ptr, handle, _byref(animation.timing._c)), TIMING)
    function = animation.timing_function
    if function is not None:
        check(_lib.ac_animation_set_timing_function(ptr, handle, _byref(function._c)))
    if isinstance(animation, PropertyAnimation):
        if animation.additive:
            check(_lib.ac_animation_set_flag(ptr, handle, _capi.AC_ANIMATION_ADDITIVE, 1))
        if animation.cumulative:
            check(_lib.ac_animation_set_flag(ptr, handle, _capi.AC_ANIMATION_CUMULATIVE, 1))
        if animation.value_function is not None:
            _set_value_function(ptr, handle, animation.value_function, prefix)
    if not animation.removed_on_completion:
        check(_lib.ac_animation_set_flag(ptr, handle, _capi.AC_ANIMATION_REMOVED_ON_COMPLETION, 0))
    if animation.keeps_final_value != type(animation)._KEEPS_FINAL_VALUE_DEFAULT:
        on = 1 if animation.keeps_final_value else 0
        check(_lib.ac_animation_set_flag(ptr, handle, _capi.AC_ANIMATION_KEEPS_FINAL_VALUE, on))
    left_out: List[Exception] = deferred if deferred is not None else []
    if isinstance(animation, BasicAnimation):
        _write_basic(ptr, handle, animation, kind_at, prefix, left_out)
        if isinstance(animation, SpringAnimation):
            check(
                _lib.ac_animation_set_spring(ptr, handle, _byref(animation.spring._c)),
                spring_fields("spring", f"{prefix}spring"),
            )
    elif isinstance(animation, KeyframeAnimation):
        _write_keyframe(ptr, handle, animation, kind_at, prefix, left_out)
    elif isinstance(animation, DecayAnimation):
        _write_decay(ptr, handle, animation, kind_at, prefix, left_out)
    elif isinstance(animation, AnimationGroup):
        _write_group(engine, ptr, handle, animation, kind_at, prefix, left_out, made)
    elif isinstance(animation, Transition):
        animation._write(ptr, handle, prefix)
    if deferred is None and left_out:
        raise left_out[0]
    if not delegate or (animation.on_start is None and animation.on_stop is None):
        return None
    entry = AnimationEntry(engine, animation.on_start, animation.on_stop)
    c_delegate = _capi.ac_animation_delegate()
    _capi.ac_animation_delegate_init(c_delegate)
    c_delegate.did_start = start_trampoline
    c_delegate.did_stop = stop_trampoline
    c_delegate.destroy = _callbacks.destroy

    def set_delegate(number: int) -> int:
        c_delegate.user_data = number
        return int(_lib.ac_animation_set_delegate(ptr, handle, _byref(c_delegate)))

    status = _callbacks.register_for(entry, set_delegate)
    if status:
        raise_status(status)
    return entry


def _value_kind(
    kind: Optional[ValueKind], value: Any, name: str, deferred: List[Exception]
) -> Optional[ValueKind]:
    """The kind to send ``value`` as: the key's, else the value's own; None (the value left
    out, its TypeError deferred) when neither tells it."""
    if kind is None:
        try:
            kind = kind_of(value, name)
        except TypeError as error:
            deferred.append(error)
            return None
    return kind


def _set_value(
    ptr: Any, handle: int, which: int, value: Any, kind: ValueKind, name: str, key_path: str
) -> None:
    if kind.is_variable_length:
        # A path or array: an ac_value cannot carry it.
        _variable_values.write_animation_value(ptr, handle, which, kind, value, name)
        return
    c = to_c(kind, adapt_in(key_path, value), name)  # a FillMode for "fillMode", as the layer takes it
    status = _lib.ac_animation_set_value(ptr, handle, which, _byref(c))
    if status:
        # "value is a bool; a decay moves ...": the value named as a whole.
        names = value_fields("value", name, c.kind) | CNames({"value is a": f"{name} is a"})
        raise_status(status, names)


def _set_value_function(ptr: Any, handle: int, name: str, prefix: str) -> None:
    """Sets the value function ``name``; the library's refusal names ``value_function`` (an
    unknown name: AC_ERR_UNKNOWN_NAME; a decay or a group: AC_ERR_INVALID_ARGUMENT)."""
    status = _lib.ac_animation_set_value_function(ptr, handle, name.encode("utf-8", "surrogatepass"))
    if status:
        raise_status(
            status,
            CNames({"name is": f"{prefix}value_function is", "animation.valueFunction": f"{prefix}value_function"}),
        )


_VECTOR_FUNCTIONS = ("scale", "translate")
"""The value functions that take a Vector3; the others take a number."""


def _function_value_kind(
    animation: PropertyAnimation, value: Any, name: str, deferred: List[Exception]
) -> Optional[ValueKind]:
    """The kind to send a value of an animation with a value function as: a number as a
    SCALAR, a plain sequence of three as a VECTOR3 for "scale" and "translate", anything else
    as its own kind (the library refuses a kind the function does not take, naming the
    field)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return ValueKind.SCALAR
    if (
        animation.value_function in _VECTOR_FUNCTIONS
        and type(value) in (tuple, list)
        and len(value) == 3
    ):
        return ValueKind.VECTOR3
    return _value_kind(None, value, name, deferred)


def _write_basic(
    ptr: Any,
    handle: int,
    animation: BasicAnimation,
    kind_at: KindAt,
    prefix: str,
    deferred: List[Exception],
) -> None:
    kind = kind_at(animation.key_path)
    for which, value, label in (
        (_capi.AC_ANIMATION_FROM, animation.from_value, "from_value"),
        (_capi.AC_ANIMATION_TO, animation.to_value, "to_value"),
        (_capi.AC_ANIMATION_BY, animation.by_value, "by_value"),
    ):
        if value is not None:
            name = prefix + label
            if animation.value_function is not None:
                value_kind = _function_value_kind(animation, value, name, deferred)
            else:
                value_kind = _value_kind(kind, value, name, deferred)
            if value_kind is not None:
                _set_value(ptr, handle, which, value, value_kind, name, animation.key_path)


def _write_decay(
    ptr: Any,
    handle: int,
    animation: DecayAnimation,
    kind_at: KindAt,
    prefix: str,
    deferred: List[Exception],
) -> None:
    kind = kind_at(animation.key_path)
    if kind is not None and kind not in _NUMERIC_KINDS:
        # A declared property that cannot decay (a bool): its values and bounds are left
        # unwritten, so that the add refuses the key path, which is what is wrong, rather
        # than the first value written in the key's kind ("lower_bound is a bool").
        return
    for which, value, label in (
        (_capi.AC_ANIMATION_FROM, animation.from_value, "from_value"),
        (_capi.AC_ANIMATION_VELOCITY, animation.velocity, "velocity"),
    ):
        if value is not None:
            name = prefix + label
            value_kind = _decay_kind(_value_kind(kind, value, name, deferred))
            if value_kind is not None:
                _set_value(ptr, handle, which, value, value_kind, name, animation.key_path)
    try:
        c_decay = animation._c_decay(kind, prefix)
    except TypeError as error:
        if kind is not None:
            raise
        deferred.append(error)  # bounds of no kind, for a key that cannot decay
        return
    status = _lib.ac_animation_set_decay(ptr, handle, _byref(c_decay))
    if status:
        raise_status(status, _decay_names(c_decay, prefix))


def _decay_kind(kind: Optional[ValueKind]) -> Optional[ValueKind]:
    """A decay moves coordinates: an integer value counts as a scalar."""
    return ValueKind.SCALAR if kind is ValueKind.INTEGER else kind


def _doubles(values: List[float]) -> Any:
    return (ctypes.c_double * len(values))(*values)


def _write_keyframe(
    ptr: Any,
    handle: int,
    animation: KeyframeAnimation,
    kind_at: KindAt,
    prefix: str,
    deferred: List[Exception],
) -> None:
    values = animation.values
    if values:
        if animation.value_function is not None:
            kind = _function_value_kind(animation, values[0], f"{prefix}values[0]", deferred)
        else:
            kind = _value_kind(
                kind_at(animation.key_path), values[0], f"{prefix}values[0]", deferred
            )
        if kind is not None and kind.is_variable_length:
            _variable_values.write_keyframe_values(ptr, handle, kind, values, f"{prefix}values")
        elif kind is not None:
            array = (_capi.ac_value * len(values))()
            for index, value in enumerate(values):
                to_c(kind, value, f"{prefix}values[{index}]", out=array[index])
            status = _lib.ac_animation_set_values(ptr, handle, array, len(values))
            if status:
                names = CNames()
                for index in range(len(values)):
                    name = f"values[{index}]"
                    names = names | value_fields(name, prefix + name, int(kind))
                raise_status(status, names)
    if animation.key_times is not None:
        times = animation.key_times
        check(_lib.ac_animation_set_key_times(ptr, handle, _doubles(times), len(times)))
    if animation.timing_functions is not None:
        functions = animation.timing_functions
        c_functions = (_capi.ac_timing_function * len(functions))(*(f._c for f in functions))
        check(_lib.ac_animation_set_timing_functions(ptr, handle, c_functions, len(functions)))
    check(_lib.ac_animation_set_calculation_mode(ptr, handle, animation.mode.code))
    for name, which in _SPLINES:
        spline: Optional[List[float]] = getattr(animation, name)
        if spline is not None:
            check(
                _lib.ac_animation_set_spline_values(
                    ptr, handle, which, _doubles(spline), len(spline)
                )
            )
    if animation.path is not None:
        elements, count = animation.path._to_c()
        check(_lib.ac_animation_set_path(ptr, handle, elements, count))
    if animation.rotation_mode is not None:
        check(_lib.ac_animation_set_rotation_mode(ptr, handle, animation.rotation_mode.code))


def _write_group(
    engine: EngineHandle,
    ptr: Any,
    handle: int,
    group: AnimationGroup,
    kind_at: KindAt,
    prefix: str,
    deferred: List[Exception],
    made: Optional[Dict[int, int]] = None,
) -> None:
    """Writes a group's children, one description per Python object: an object that is a
    child several times (the same group three times per level, twelve levels: 13 objects for
    3^12 animations) is made once and handed to the library again, which copies it as
    cheaply. So the time and memory taken are the objects', and the library refuses a tree
    too large for one add by its size, when it is added. The outermost group releases every
    description made (``made`` None: this one)."""
    outermost = made is None
    shared: Dict[int, int] = {} if made is None else made
    try:
        children: List[int] = []
        for index, child in enumerate(group.animations):
            child_handle = shared.get(id(child))
            if child_handle is None:
                child_handle = new_handle(engine, child)
                shared[id(child)] = child_handle
                write(
                    engine,
                    child_handle,
                    child,
                    kind_at,
                    f"{prefix}animations[{index}].",
                    False,
                    deferred,
                    shared,
                )
            children.append(child_handle)
        array = (_capi.ac_animation * len(children))(*children)
        check(_lib.ac_animation_set_children(ptr, handle, array, len(children)))
        if group.sequential:
            check(_lib.ac_animation_set_flag(ptr, handle, _capi.AC_ANIMATION_SEQUENTIAL, 1))
    finally:
        if outermost:
            for child_handle in shared.values():
                _lib.ac_animation_release(ptr, child_handle)


# ---- library -> Python ------------------------------------------------------------------------


def _read_doubles(call: Callable[[Any, int, Any], int]) -> Optional[List[float]]:
    array, count = read_array(ctypes.c_double, call)
    return list(array[:count]) or None


def read(engine: EngineHandle, handle: int) -> Animation:
    """The Python description of the library description ``handle``: a BasicAnimation,
    SpringAnimation, DecayAnimation, KeyframeAnimation or AnimationGroup with every field
    (children read recursively)."""
    ptr = engine_ptr(engine)
    kind = ctypes.c_int32()
    check(_lib.ac_animation_get_kind(ptr, handle, _byref(kind)))
    timing = _capi.ac_timing()
    timing.struct_size = ctypes.sizeof(_capi.ac_timing)
    check(_lib.ac_animation_get_timing(ptr, handle, _byref(timing)))
    c_function = _capi.ac_timing_function()
    is_set = ctypes.c_int32()
    check(_lib.ac_animation_get_timing_function(ptr, handle, _byref(c_function), _byref(is_set)))
    function = TimingFunction._from_struct(c_function) if is_set.value else None
    flags = []
    for which in (
        _capi.AC_ANIMATION_ADDITIVE,
        _capi.AC_ANIMATION_CUMULATIVE,
        _capi.AC_ANIMATION_REMOVED_ON_COMPLETION,
        _capi.AC_ANIMATION_KEEPS_FINAL_VALUE,
        _capi.AC_ANIMATION_SEQUENTIAL,
    ):
        on = ctypes.c_int32()
        check(_lib.ac_animation_get_flag(ptr, handle, which, _byref(on)))
        flags.append(bool(on.value))
    result: Animation
    if kind.value == _capi.AC_ANIMATION_KIND_GROUP:
        result = AnimationGroup(
            _read_children(engine, ptr, handle),
            timing_function=function,
            removed_on_completion=flags[2],
            keeps_final_value=flags[3],
            sequential=flags[4],
        )
    elif kind.value == _capi.AC_ANIMATION_KIND_TRANSITION:
        result = _read_transition(ptr, handle)
        result.timing_function = function
        result.removed_on_completion = flags[2]
        result.keeps_final_value = flags[3]
    else:
        key_path = read_string(
            lambda buffer, capacity, length: _lib.ac_animation_key_path(
                ptr, handle, buffer, capacity, length
            )
        )
        if kind.value == _capi.AC_ANIMATION_KIND_KEYFRAME:
            result = _read_keyframe(ptr, handle, key_path)
        elif kind.value == _capi.AC_ANIMATION_KIND_SPRING:
            result = _read_spring(ptr, handle, key_path)
        elif kind.value == _capi.AC_ANIMATION_KIND_DECAY:
            result = _read_decay(ptr, handle, key_path)
        else:
            result = _read_basic(ptr, handle, key_path)
        result.timing_function = function
        result.additive, result.cumulative = flags[0], flags[1]
        function_name = read_string(
            lambda buffer, capacity, length: _lib.ac_animation_get_value_function(
                ptr, handle, buffer, capacity, length
            )
        )
        result.value_function = function_name or None
        result.removed_on_completion = flags[2]
        result.keeps_final_value = flags[3]
    copy = Timing.__new__(Timing)
    copy._c = timing
    result.timing = copy
    return result


def _read_transition(ptr: Any, handle: int) -> Transition:
    c_transition = _capi.ac_transition()
    _capi.ac_transition_init(c_transition)
    check(_lib.ac_animation_get_transition(ptr, handle, _byref(c_transition)))
    return Transition._from_c(c_transition)


def _contents(value: Any, read_variable: Callable[[ValueKind], Any]) -> Any:
    """A description's ac_value as a Python value; a path's or an array's contents, which an
    ac_value does not carry, read by ``read_variable`` with its kind."""
    kind = ValueKind(value.kind)
    return read_variable(kind) if kind.is_variable_length else from_c(value)


def _keyframe_contents(ptr: Any, handle: int, values: Any, index: int) -> Any:
    """Keyframe ``index`` of a description, its ac_value among ``values``, as a Python value."""

    def variable(kind: ValueKind) -> Any:
        return _variable_values.read_keyframe_value(ptr, handle, index, kind)

    return _contents(values[index], variable)


def _read_basic(ptr: Any, handle: int, key_path: str) -> BasicAnimation:
    values: List[Any] = []
    for which in (_capi.AC_ANIMATION_FROM, _capi.AC_ANIMATION_TO, _capi.AC_ANIMATION_BY):
        value = _capi.ac_value()
        is_set = ctypes.c_int32()
        check(_lib.ac_animation_get_value(ptr, handle, which, _byref(value), _byref(is_set)))

        def variable(kind: ValueKind, which: int = which) -> Any:
            return _variable_values.read_animation_value(ptr, handle, which, kind)

        values.append(_contents(value, variable) if is_set.value else None)
    return BasicAnimation(key_path, from_value=values[0], to_value=values[1], by_value=values[2])


def _read_spring(ptr: Any, handle: int, key_path: str) -> SpringAnimation:
    basic = _read_basic(ptr, handle, key_path)
    c_spring = _capi.ac_spring()
    _capi.ac_spring_init(c_spring)
    check(_lib.ac_animation_get_spring(ptr, handle, _byref(c_spring)))
    return SpringAnimation(
        key_path,
        from_value=basic.from_value,
        to_value=basic.to_value,
        by_value=basic.by_value,
        spring=Spring._from_c(c_spring),
    )


def _read_decay(ptr: Any, handle: int, key_path: str) -> DecayAnimation:
    values: List[Any] = []
    for which in (_capi.AC_ANIMATION_FROM, _capi.AC_ANIMATION_VELOCITY):
        value = _capi.ac_value()
        is_set = ctypes.c_int32()
        check(_lib.ac_animation_get_value(ptr, handle, which, _byref(value), _byref(is_set)))
        values.append(from_c(value) if is_set.value else None)
    c_decay = _capi.ac_decay()
    _capi.ac_decay_init(c_decay)
    check(_lib.ac_animation_get_decay(ptr, handle, _byref(c_decay)))
    return DecayAnimation._from_c(key_path, c_decay, values[0], values[1])


def _read_keyframe(ptr: Any, handle: int, key_path: str) -> KeyframeAnimation:
    values, count = read_array(
        _capi.ac_value,
        lambda out, capacity, n: _lib.ac_animation_get_values(ptr, handle, out, capacity, n),
    )
    key_times = _read_doubles(
        lambda out, capacity, n: _lib.ac_animation_get_key_times(ptr, handle, out, capacity, n)
    )
    functions, function_count = read_array(
        _capi.ac_timing_function,
        lambda out, capacity, n: _lib.ac_animation_get_timing_functions(
            ptr, handle, out, capacity, n
        ),
    )
    mode = ctypes.c_int32()
    check(_lib.ac_animation_get_calculation_mode(ptr, handle, _byref(mode)))
    splines: Dict[int, Optional[List[float]]] = {}
    for _, which in _SPLINES:

        def spline_call(out: Any, capacity: int, n: Any, which: int = which) -> int:
            status: int = _lib.ac_animation_get_spline_values(ptr, handle, which, out, capacity, n)
            return status

        splines[which] = _read_doubles(spline_call)
    elements, element_count = read_array(
        _capi.ac_path_element,
        lambda out, capacity, n: _lib.ac_animation_get_path(ptr, handle, out, capacity, n),
    )
    rotation = ctypes.c_int32()
    check(_lib.ac_animation_get_rotation_mode(ptr, handle, _byref(rotation)))
    return KeyframeAnimation(
        key_path,
        values=[_keyframe_contents(ptr, handle, values, index) for index in range(count)],
        key_times=key_times,
        timing_functions=[
            TimingFunction._from_struct(_capi.ac_timing_function.from_buffer_copy(functions[index]))
            for index in range(function_count)
        ],
        mode=MODES_BY_CODE[mode.value],
        path=Path._from_c(elements, element_count) if element_count else None,
        rotation_mode=ROTATIONS_BY_CODE.get(rotation.value),
        tension=splines[_capi.AC_SPLINE_TENSION],
        continuity=splines[_capi.AC_SPLINE_CONTINUITY],
        bias=splines[_capi.AC_SPLINE_BIAS],
    )


def _read_children(engine: EngineHandle, ptr: Any, handle: int) -> List[Animation]:
    count = ctypes.c_size_t()
    check(_lib.ac_animation_child_count(ptr, handle, _byref(count)))
    children: List[Animation] = []
    for index in range(count.value):
        out = _capi.ac_animation()
        check(_lib.ac_animation_copy_child(ptr, handle, index, _byref(out)))
        try:
            children.append(read(engine, out.value))
        finally:
            _lib.ac_animation_release(ptr, out.value)
    return children
