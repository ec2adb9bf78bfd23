"""Layers read and set together: a :class:`LayerBatch` reads one key's presentation value, or
several keys' as a table, for every layer of a fixed list in one library call, and sets one
key's model value on all of them (see the class docstring for when to use it)."""

from __future__ import annotations

import ctypes
import sys
from typing import Any, Dict, Iterable, List, NamedTuple, Sequence, Tuple

from . import _callbacks, _capi, _variable_values
from ._c_names import ADD_NAMES, NONE, CNames, property_value_fields
from ._handles import EngineHandle, engine_ptr
from .errors import BadHandleError, InvalidArgumentError, raise_status
from .layer import Layer
from .values import ValueKind

__all__ = ["LayerBatch", "PackedValues"]

_lib = _capi.lib
_byref = ctypes.byref


_TableLayout = Tuple[int, Tuple[int, ...], Any, Any]
"""A presentation table's stride, each key's first column, and the C arrays of keys and
columns a read passes."""


class PackedValues(NamedTuple):
    """Paths or arrays of many layers packed one after another
    (:meth:`LayerBatch.presentation_packed`): layer i's value is
    ``values[offsets[i]:offsets[i + 1]]``.

    C: the out arrays and out_offsets of ac_layers_get_presentation_path() and its siblings."""

    values: Any
    """The values' elements, every layer's in turn (a NumPy array)."""
    offsets: Any
    """Where each layer's elements begin, and the total at the end (a NumPy array of
    len(layers) + 1 indexes)."""

    def split(self) -> List[Any]:
        """One NumPy array per layer: views of ``values``.

        Python only (the C caller indexes out with out_offsets)."""
        bounds = [int(offset) for offset in self.offsets]
        return [self.values[start:end] for start, end in zip(bounds[:-1], bounds[1:])]


class LayerBatch:
    """A fixed list of layers of one engine, read and set together: one library call reads one
    key's presentation value for every layer (``ac_layers_get_presentation``), several keys'
    as a table of one row per layer (``ac_layers_get_presentation_table``), or sets one key's
    model value on every layer (``ac_layers_set_value``).

    Which to use when: a loop of ``layer.opacity = v`` costs about a microsecond per layer in
    Python; :meth:`set` and :meth:`presentation` cost one call for the whole batch plus a few
    tens of nanoseconds per layer in the library, so use them for many layers per frame (a
    particle field, a grid), and attributes for a few. To draw, read every key a frame needs
    with one :meth:`presentation_table`: one pass over the layers for all of them. Keep the
    batch and read it every frame: a read of 256 layers or more that repeats a recent one copies
    each value from where that read found it, until a layer is made or destroyed or an
    animation is added, removed or ends.

    :meth:`presentation` answers a NumPy float64 array when NumPy is installed — shape (n,) for
    one-number kinds (scalars; bool, integer and token kinds as floats), (n, stride) otherwise
    (2 for points, 16 for 3D transforms) — else a list of floats or of tuples. The batch keeps
    its layers alive.
    """

    __slots__ = ("_engine", "_layers", "_handles", "_strides", "_tables", "_packed_sizes")

    def __init__(self, engine: EngineHandle, layers: Iterable[Layer]) -> None:
        items = tuple(layers)
        for index, layer in enumerate(items):
            if not isinstance(layer, Layer):
                raise TypeError(f"layers[{index}] must be a Layer, not {type(layer).__name__}")
            if layer._engine is not engine:
                raise BadHandleError(f"layers[{index}] belongs to another engine")
        self._engine = engine
        self._layers = items
        self._handles = (_capi.ac_layer * len(items))(*(layer._handle for layer in items))
        self._strides: Dict[int, int] = {}
        self._tables: Dict[Tuple[int, ...], _TableLayout] = {}
        self._packed_sizes: Dict[Tuple[int, str], int] = {}

    @property
    def layers(self) -> Tuple[Layer, ...]:
        """The layers, in order.

        Python only."""
        return self._layers

    def __len__(self) -> int:
        return len(self._layers)

    def presentation(self, key: str, out: Any = None) -> Any:
        """The presentation value of ``key`` for every layer (see the class docstring).

        ``out``: a C-contiguous float64 NumPy array of the right shape to fill instead of a new
        one (no allocation per frame). WrongKindError when the layers hold different kinds.
        When an undeclared key has taken another kind since the last read, so that ``out`` no
        longer fits, InvalidArgumentError (``out`` may have been written).

        C: ac_layers_get_presentation()."""
        engine = self._engine
        ptr = engine_ptr(engine)
        key_id = engine._intern(key, "key")
        count = len(self._layers)
        stride_out = ctypes.c_size_t()
        numpy = _numpy()
        if numpy is None and out is not None:
            raise InvalidArgumentError("out needs NumPy")
        # The stride is the first layer's kind's, kept from the last read; an undeclared key
        # may have changed kind since: then the call's stride differs, and it reads again.
        for attempt in range(2):
            cached = self._strides.get(key_id)
            stride = self._probe_stride(key_id, _READ_NAMES) if cached is None else cached
            shape: Tuple[int, ...] = (count,) if stride <= 1 else (count, stride)
            if numpy is not None:
                target = _checked_out(numpy, out, shape)
                data = target.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if count else None
            else:
                target = (ctypes.c_double * (count * max(stride, 1)))()
                data = target
            status = _lib.ac_layers_get_presentation(
                ptr, self._handles, count, key_id, data, count * stride, _byref(stride_out)
            )
            changed = stride_out.value != stride
            if status in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL) and changed and attempt == 0:
                self._strides[key_id] = stride_out.value  # the kind it has now
                continue
            if status:
                raise_status(status, _READ_NAMES)
            break
        if numpy is not None:
            return target
        if stride <= 1:
            return list(target)
        return [tuple(target[i * stride : (i + 1) * stride]) for i in range(count)]


    def presentation_packed(self, key: str) -> PackedValues:
        """The presentation path or array at ``key`` of every layer in one call, packed: layer
        i's value is ``values[offsets[i]:offsets[i + 1]]``. ``values`` is a NumPy array — for
        paths a structured array of elements (fields ``type``, an ``AC_PATH_*`` code,
        ``reserved``, 0, and ``points``, 6 float64s, those the type does not use 0, as
        ``ac_path_element`` lays them out in native byte order), for numbers float64 of shape (total,), for colours float64 of shape
        (total, 4), RGBA — and ``offsets`` a NumPy array of len(batch) + 1 indexes. Every layer
        must hold the first layer's kind at ``key`` (WrongKindError naming ``layers[i]``
        otherwise; ``presentation`` reads the other kinds). Needs NumPy (ImportError saying so).

        C: ac_layers_get_presentation_path(), ac_layers_get_presentation_numbers(),
        ac_layers_get_presentation_colors()."""
        numpy = _numpy()
        if numpy is None:
            raise ImportError("LayerBatch.presentation_packed needs NumPy: pip install 'animcore[numpy]' (or numpy)")
        engine = self._engine
        ptr = engine_ptr(engine)
        key_id = engine._intern(key, "key")
        count = len(self._layers)
        offsets = numpy.zeros(count + 1, dtype=numpy.uintp)
        if count == 0:
            return PackedValues(numpy.zeros(0, dtype=numpy.float64), offsets)
        # The first layer's kind picks the call (none: the numbers call says what it holds).
        kind = _variable_values.kind_at(ptr, self._layers[0]._handle, key_id) or ValueKind.NUMBERS
        call, element_type, shape = _PACKED_READS[kind]
        return self._read_packed(numpy, key_id, call, element_type, shape, _packed_dtype(numpy, kind))

    def presentation_path_coordinates(self, key: str) -> PackedValues:
        """The presentation path at ``key`` of every layer in one call as numbers, packed:
        layer i's coordinates are ``values[offsets[i]:offsets[i + 1]]``, a float64 NumPy array
        of each element's points in element order, as many as its type uses (2 for a move or a
        line, 4 for a quad curve, 6 for a curve, none for a close) — the points of
        :meth:`presentation_packed` without the element records and their unused zeros, for a
        host that draws from arrays of numbers the element types it knows (see the C
        function for when they change). Every layer must hold a path at ``key``
        (WrongKindError naming ``layers[i]`` otherwise). Needs NumPy (ImportError saying so).

        C: ac_layers_get_presentation_path_coordinates()."""
        numpy = _numpy()
        if numpy is None:
            raise ImportError(
                "LayerBatch.presentation_path_coordinates needs NumPy: pip install 'animcore[numpy]' (or numpy)"
            )
        key_id = self._engine._intern(key, "key")
        return self._read_packed(
            numpy, key_id, "ac_layers_get_presentation_path_coordinates", ctypes.c_double, (), numpy.float64
        )

    def _read_packed(
        self, numpy: Any, key_id: int, call: str, element_type: Any, shape: Tuple[int, ...], dtype: Any
    ) -> PackedValues:
        """One packed read of key ``key_id`` by the C function ``call``, whose output is an array
        of ``element_type`` (``dtype`` in NumPy, each element of ``shape``)."""
        ptr = engine_ptr(self._engine)
        count = len(self._layers)
        offsets = numpy.zeros(count + 1, dtype=numpy.uintp)
        offsets_out = offsets.ctypes.data_as(ctypes.POINTER(ctypes.c_size_t))
        # Sized as the last read of this key by this call; a read that finds more reads again
        # at its size.
        total = self._packed_sizes.get((key_id, call), 0)
        while True:
            values = numpy.empty((total,) + shape, dtype=dtype)
            data = values.ctypes.data_as(ctypes.POINTER(element_type)) if total else None
            status = getattr(_lib, call)(ptr, self._handles, count, key_id, data, total, offsets_out)
            needed = int(offsets[count])
            if status == _capi.AC_ERR_BUFFER_TOO_SMALL and needed > total:
                total = needed
                continue
            if status:
                raise_status(status)
            self._packed_sizes[(key_id, call)] = needed
            return PackedValues(values[:needed], offsets)

    def presentation_arrays(self, key: str) -> List[Any]:
        """:meth:`presentation_packed` split into one NumPy array per layer (views of the packed
        one, in the order of the layers).

        C: ac_layers_get_presentation_path() and its siblings."""
        return self.presentation_packed(key).split()

    def _probe_stride(self, key_id: int, names: CNames = NONE) -> int:
        """The slots of key ``key_id``'s kind on the first layer (what a batch call's rows hold),
        kept for the next calls; errors raised naming ``names``."""
        stride_out = ctypes.c_size_t()
        status = _lib.ac_layers_get_presentation(
            engine_ptr(self._engine), self._handles, len(self._layers), key_id, None, 0, _byref(stride_out)
        )
        if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            raise_status(status, names)
        self._strides[key_id] = stride_out.value
        return stride_out.value

    def table_columns(self, keys: Sequence[str]) -> Dict[str, slice]:
        """Where each key's numbers are in a row of :meth:`presentation_table`'s table: key ->
        slice of columns (a key given twice: its last place). The kinds are the first layer's.

        C: ac_layers_get_presentation_table() (out_columns)."""
        names = tuple(keys) if not isinstance(keys, str) else keys
        key_ids = self._key_ids(names)
        stride, columns, _, _ = self._table_layout(key_ids)
        ends = columns[1:] + (stride,)
        return {key: slice(start, end) for key, start, end in zip(names, columns, ends)}

    def presentation_table(self, keys: Sequence[str], out: Any = None) -> Any:
        """The presentation values of ``keys`` for every layer in one pass, as a table of one
        row per layer: ``keys[0]``'s numbers, then ``keys[1]``'s, and so on, each as
        :meth:`presentation` gives them (2 for points, 16 for 3D transforms, bool, integer and
        token kinds as floats); :meth:`table_columns` says where each key's numbers are. A NumPy
        float64 array of shape (n, stride) when NumPy is installed, else a list of tuples. What
        a frame that draws reads: one call for all its keys, at most 256 of them.

        ``out``: a C-contiguous float64 NumPy array of shape (n, stride) to fill instead of a new
        one (no allocation per frame). WrongKindError when a layer holds another kind at a key
        than the first layer. When an undeclared key has taken another kind since the last
        read, so that ``out`` no longer fits, InvalidArgumentError (``out`` may have been
        written).

        C: ac_layers_get_presentation_table()."""
        key_ids = self._key_ids(keys)
        count = len(self._layers)
        numpy = _numpy()
        if numpy is None and out is not None:
            raise InvalidArgumentError("out needs NumPy")
        # The layout is the first layer's kinds, kept from the last read; an undeclared key
        # may have changed kind since: then the call's layout differs, and it reads again.
        for attempt in range(2):
            stride, columns, keys_array, columns_out = self._table_layout(key_ids)
            shape = (count, stride)
            if numpy is not None:
                target = _checked_out(numpy, out, shape)
                data = target.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if count and stride else None
            else:
                target = (ctypes.c_double * max(count * stride, 1))()
                data = target
            stride_out = ctypes.c_size_t()
            status = _lib.ac_layers_get_presentation_table(
                engine_ptr(self._engine), self._handles, count, keys_array, len(key_ids), data, count * stride,
                _byref(stride_out), columns_out,
            )
            changed = stride_out.value != stride or tuple(columns_out[: len(key_ids)]) != columns
            if status in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL) and changed and attempt == 0:
                del self._tables[key_ids]
                continue
            if status:
                raise_status(status, _TABLE_NAMES)
            break
        if numpy is not None:
            return target
        return [tuple(target[i * stride : (i + 1) * stride]) for i in range(count)]

    def _key_ids(self, keys: Sequence[str]) -> Tuple[int, ...]:
        if isinstance(keys, str):
            raise TypeError("keys must be a sequence of key names, not one string")
        engine = self._engine
        return tuple(engine._intern(key, f"keys[{index}]") for index, key in enumerate(keys))

    def _table_layout(self, key_ids: Tuple[int, ...]) -> "_TableLayout":
        """The table's stride and each key's first column, as the first layer's kinds give them,
        with the C arrays a read passes (kept for the next read: no allocation per frame)."""
        layout = self._tables.get(key_ids)
        if layout is None:
            count = len(key_ids)
            keys_array = (_capi.ac_key * max(count, 1))(*key_ids)
            columns = (ctypes.c_size_t * max(count, 1))()
            stride_out = ctypes.c_size_t()
            status = _lib.ac_layers_get_presentation_table(
                engine_ptr(self._engine), self._handles, len(self._layers), keys_array, count, None, 0,
                _byref(stride_out), columns,
            )
            if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
                raise_status(status, _TABLE_NAMES)
            layout = (stride_out.value, tuple(columns[:count]), keys_array, columns)
            self._tables[key_ids] = layout
        return layout

    def set(self, key: str, values: Any) -> None:
        """Sets the model value of ``key`` on every layer, layer i's from ``values[i]``, each
        change as ``layer[key] = value`` makes it (its action included: an implicit animation
        by default). ``values``: a NumPy array of shape (n,) for one-number kinds or (n, stride)
        (2 for points, 16 for 3D transforms; bool, integer and token kinds as whole numbers),
        or a sequence of numbers or of tuples. Every layer and value is checked before any
        changes, so a refused call changes nothing — unless a change fails on the way (an
        action of an earlier layer destroys a later one, or a layer's action fails: then that
        layer and the ones before it have changed, as ``layer[key] = value`` changes a layer
        whose action fails).

        C: ac_layers_set_value()."""
        engine = self._engine
        ptr = engine_ptr(engine)
        key_id = engine._intern(key, "key")
        count = len(self._layers)
        if count == 0:
            return
        cached = self._strides.get(key_id)
        # A declared property keeps its kind; an undeclared key may have changed kind since its
        # stride was kept (through the C API, or another batch): its kind is asked each time.
        if cached is None or self._layers[0]._info(key) is None:
            stride = self._probe_stride(key_id, _SET_NAMES)
        else:
            stride = cached
        shape: Tuple[int, ...] = (count,) if stride <= 1 else (count, stride)
        numpy = sys.modules.get("numpy")
        keep: Any
        if numpy is not None and isinstance(values, numpy.ndarray):
            keep = numpy.ascontiguousarray(values, dtype=numpy.float64)
            if tuple(keep.shape) != shape and not (stride == 1 and tuple(keep.shape) == (count, 1)):
                raise ValueError(f"values has shape {tuple(values.shape)}; it must be {shape}")
            data = keep.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
        else:
            items = list(values)
            if len(items) != count:
                raise ValueError(f"values has {len(items)} entries for {count} layers")
            flat: List[float] = []
            for index, item in enumerate(items):
                numbers = (item,) if stride <= 1 and not isinstance(item, (tuple, list)) else tuple(item)
                if len(numbers) != stride:
                    raise ValueError(f"values[{index}] has {len(numbers)} numbers; it must have {stride}")
                flat.extend(float(number) for number in numbers)
            keep = (ctypes.c_double * len(flat))(*flat)
            data = keep
        if not engine._runs_python_actions:  # no Python code runs: no guard (the fast path)
            self._raise_set_status(
                _lib.ac_layers_set_value(ptr, self._handles, count, key_id, data, stride), key
            )
            return
        with _callbacks.guard(f"setting {key} on a batch"):
            status = _lib.ac_layers_set_value(ptr, self._handles, count, key_id, data, stride)
            self._raise_set_status(status, key)

    def _raise_set_status(self, status: int, key: str) -> None:
        """Raises a LayerBatch.set status in Python's words (nothing for AC_OK)."""
        if status:
            info = self._layers[0]._info(key)
            names = ADD_NAMES | _SET_NAMES
            if info is not None:
                names = names | property_value_fields(info.name, info.kind)
            raise_status(status, names)


def _numpy() -> Any:
    """NumPy when it is installed (imported once), else None."""
    numpy = sys.modules.get("numpy")
    if numpy is None:
        try:
            import numpy  # noqa: F811
        except ImportError:
            return None
    return numpy


def _checked_out(numpy: Any, out: Any, shape: Tuple[int, ...]) -> Any:
    """A batch read's target: ``out`` when it is a writeable C-contiguous float64 array of
    ``shape``, a new array when it is None; InvalidArgumentError otherwise."""
    if out is None:
        return numpy.empty(shape, dtype=numpy.float64)
    if (
        not isinstance(out, numpy.ndarray)
        or out.dtype != numpy.float64
        or tuple(out.shape) != shape
        or not out.flags["C_CONTIGUOUS"]
        or not out.flags["WRITEABLE"]
    ):
        raise InvalidArgumentError(f"out must be a writeable C-contiguous float64 array of shape {shape}")
    return out


_PACKED_READS: Dict[ValueKind, Tuple[str, Any, Tuple[int, ...]]] = {
    ValueKind.PATH: ("ac_layers_get_presentation_path", _capi.ac_path_element, ()),
    ValueKind.NUMBERS: ("ac_layers_get_presentation_numbers", ctypes.c_double, ()),
    ValueKind.COLORS: ("ac_layers_get_presentation_colors", ctypes.c_double, (4,)),
}
"""Each kind's packed read: the C call, the C type of its output and each element's shape."""


def _packed_dtype(numpy: Any, kind: ValueKind) -> Any:
    """The NumPy dtype of a packed read's elements: ac_path_element's layout for paths, float64
    otherwise."""
    if kind is ValueKind.PATH:
        return numpy.dtype([("type", "=i4"), ("reserved", "=i4"), ("points", "=f8", (6,))])
    return numpy.float64


_BATCH_NAMES = CNames(patterns=((r"slots\[\d+\] \(layers\[(\d+)\]'s value\)", r"values[\1]"),))
"""ac_layers_* arguments in LayerBatch's words."""

# The refusal of a path or array key names the C reads of those kinds.
_FIXED_WIDTH = r"an ac_value cannot carry; read them with ac_layer_get_\w+"

_READ_NAMES = _BATCH_NAMES | CNames(
    patterns=((_FIXED_WIDTH, "a batch's rows of numbers cannot carry; read them with presentation_packed() or presentation_arrays()"),)
)
"""LayerBatch.presentation's words: where a path or array key is read instead."""

_SET_NAMES = _BATCH_NAMES | CNames(patterns=((_FIXED_WIDTH, "a batch's rows of numbers cannot carry; set them layer by layer (layer[key] = value)"),))
"""LayerBatch.set's words: how a path or array key is set instead."""

_TABLE_NAMES = CNames({"key_count": "len(keys)"}) | _READ_NAMES
"""ac_layers_get_presentation_table's arguments in LayerBatch.presentation_table's words."""
