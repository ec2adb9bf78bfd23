"""The render list (Core Animation's render server's work, as data a renderer walks): the
visible layers under a root in draw order, each with its matrix to the root, bounds, opacity
and alpha, flags and visual values, as a NumPy structured array whose fields mirror the C
struct ``ac_render_entry``::

    with engine.render_list() as render:
        entries = render.fill(root)                    # presentation values at the last tick
        for index, entry in enumerate(entries):
            matrix = entry["matrix"]                   # (4, 4) float64: p' = p · M, divided by w
            x, y, width, height = entry["bounds"]
            if entry["flags"] & RenderFlag.CHANGED: ...
        render.dirty_rect                              # what changed since the previous fill

NumPy is optional for the rest of the binding and needed here (``pip install
'animcore[numpy]'``); without it :meth:`RenderList.fill` raises ImportError saying so.

The fields, in the struct's order (``RenderList.dtype``): ``layer`` (uint64 handle; a Layer
through :meth:`RenderList.layer`), ``layer_class`` (uint64, 0: the built-in class),
``parent`` (int32 index, -1 for the root), ``subtree_end`` (int32: one past the last entry of
its subtree and mask), ``mask`` (int32 index of its mask's entry, -1: none), ``flags`` (uint32,
:class:`~animcore.RenderFlag` bits), ``matrix`` (4x4 float64), ``bounds`` (4), ``opacity``,
``alpha`` (what its own drawing is multiplied by inside its innermost open group),
``background_color`` (4), ``border_color`` (4), ``border_width``, ``corner_radius``,
``shadow_color`` (4), ``shadow_opacity``, ``shadow_radius``, ``shadow_offset`` (2),
``contents_rect`` (4), ``contents_center`` (4), ``contents_scale``, ``contents`` (uint64
token), ``contents_gravity`` (int32, :class:`~animcore.ContentsGravity`), ``masked_corners``
(uint32, :class:`~animcore.CornerMask` bits), ``instance_color`` (4: the colour every colour
the entry draws is multiplied by, the product of its replicator instances' colours; 1, 1, 1, 1
outside replicators), ``instance_time_shift`` (seconds its time runs behind its replicators'),
``instance_index`` (int32: k of the nearest replicator's instance; 0 outside), ``reserved``. See
the header's "Render list" section for how a renderer draws them.
"""

from __future__ import annotations

import ctypes
import sys
import threading
import weakref
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from . import _capi
from ._c_names import CNames
from ._coerce import flag
from ._handles import EngineHandle, engine_ptr
from .errors import BadHandleError, check
from .layer import DynamicLayer, Layer
from .rendering import RenderFlag
from .values import Rect

if TYPE_CHECKING:  # NumPy is optional at run time
    import numpy
    import numpy.typing

    EntryArray = numpy.typing.NDArray[numpy.void]

__all__ = ["RenderList"]

_lib = _capi.lib
_byref = ctypes.byref
_ENTRY_SIZE = ctypes.sizeof(_capi.ac_render_entry)
_EntryPointer = ctypes.POINTER(_capi.ac_render_entry)
_Doubles4 = ctypes.c_double * 4


def _entry_pointer(buffer: Any) -> Any:
    """An entries array's memory as ``ac_render_entry *`` (NULL when it is empty)."""
    return buffer.ctypes.data_as(_EntryPointer) if len(buffer) else None

_NAMES = CNames(
    {"out_list": "the list"},
    patterns=(
        (
            r"\blist is \d+; it is not a live render list of this engine",
            "the render list is closed (destroyed by close(), or with its engine)",
        ),
    ),
)
"""The render list calls' C names in RenderList's words."""

_MISSING_NUMPY = (
    "RenderList.fill answers a NumPy structured array, and NumPy is not installed: "
    "pip install 'animcore[numpy]' (or pip install numpy)"
)


def _numpy() -> Any:
    """NumPy, imported once; ImportError naming the ``numpy`` extra when it is missing."""
    numpy = sys.modules.get("numpy")
    if numpy is None:
        try:
            import numpy  # noqa: F811
        except ImportError as error:
            raise ImportError(_MISSING_NUMPY, name="numpy") from error
    return numpy


_DTYPES: Dict[str, Any] = {}  # the entry dtype, made once NumPy is there


def _entry_dtype(numpy: Any) -> Any:
    """The NumPy dtype of ``ac_render_entry``: one field per struct field, at the struct's
    offsets, ``matrix`` as a (4, 4) subarray and the other arrays as vectors."""
    dtype = _DTYPES.get("entry")
    if dtype is None:
        names: List[str] = []
        formats: List[Any] = []
        offsets: List[int] = []
        for field in _capi.ac_render_entry._fields_:
            name, c_type = field[0], field[1]
            length: Any = getattr(c_type, "_length_", None)
            if length is not None:  # a C array: a subarray of its element type
                shape = (4, 4) if name == "matrix" else (length,)
                formats.append((numpy.dtype(getattr(c_type, "_type_")), shape))
            else:
                formats.append(numpy.dtype(c_type))
            names.append(name)
            offsets.append(getattr(_capi.ac_render_entry, name).offset)
        dtype = numpy.dtype(
            {"names": names, "formats": formats, "offsets": offsets, "itemsize": _ENTRY_SIZE}
        )
        _DTYPES["entry"] = dtype
    return dtype


def _destroy(engine: EngineHandle, handle: int) -> None:
    """The finalizer of a list garbage-collected without close() (never raises)."""
    ptr = engine._ptr
    if ptr is not None:
        _lib.ac_render_list_destroy(ptr, handle)


class RenderList:
    """A render list of an engine: what to draw, in draw order, refilled each frame (see the
    module docstring). Made by ``engine.render_list()`` or ``RenderList(engine)``; destroyed
    by :meth:`close`, at the end of a ``with`` block, when garbage collected, or with its
    engine. It remembers its previous fill: each entry's ``RenderFlag.CHANGED`` and
    :attr:`dirty_rect` say what changed since, so a host redraws only that.

    C: ac_render_list (ac_render_list_create(), ac_render_list_destroy())."""

    __slots__ = (
        "_engine", "_handle", "_finalizer", "_layers", "_flags", "_number", "_dirty", "_shown",
        "_lock", "__weakref__",
    )  # fmt: skip

    def __init__(self, engine: EngineHandle) -> None:
        if not callable(getattr(engine, "_wrap", None)):
            raise TypeError(f"engine must be an Engine, not {type(engine).__name__}")
        out = _capi.ac_render_list()
        check(_lib.ac_render_list_create(engine_ptr(engine), _byref(out)), _NAMES)
        self._engine = engine
        self._handle = out.value
        self._finalizer = weakref.finalize(self, _destroy, engine, out.value)
        self._finalizer.atexit = False
        # The last fill: its number, each entry's layer handle and flags, its dirty rectangle.
        self._number = 0
        self._layers: Any = ()
        self._flags: Any = ()
        self._dirty: Optional[Rect] = None
        # Per thread, the buffer that thread's views of ``fill(copy=False)`` show (reused).
        self._shown = threading.local()
        # Guards the record of the last fill. Never held while the library is called: the
        # library copies each fill out under its own lock (ac_render_list_fill_into), and an
        # action callback, which runs holding that lock, may fill the list.
        self._lock = threading.Lock()
        engine._render_lists.add(self)

    # ---- life --------------------------------------------------------------------------------

    def close(self) -> None:
        """Destroys the list (its views keep what they show). Closing twice, or after the
        engine's close (which destroyed it), is a no-op.

        C: ac_render_list_destroy()."""
        self._forget()
        if not self._finalizer.detach():
            return
        ptr = self._engine._ptr
        if ptr is not None:
            check(_lib.ac_render_list_destroy(ptr, self._handle), _NAMES)

    def _forget(self) -> None:
        """Drops the record of the last fill (the list is ending)."""
        with self._lock:
            self._layers = ()
            self._flags = ()
            self._dirty = None

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called.

        Python only."""
        return not self._finalizer.alive

    def __enter__(self) -> "RenderList":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # ---- filling -----------------------------------------------------------------------------

    def fill(self, root: Layer, presentation: bool = True, *, copy: bool = True) -> "EntryArray":
        """Fills the list from ``root`` (root and the visible layers under it): presentation
        values at the engine's time, the last tick (``presentation=True``, what is on screen),
        or model values. Answers the entries as a NumPy structured array (fields: see the
        module docstring; ``RenderList.dtype()``).

        ``copy=True`` (the default): an array of its own. ``copy=False``: a read-only view of a
        buffer the list reuses on the calling thread, so that a fill of no more entries than
        before allocates nothing: the thread's next fill of the list rewrites it (a view taken
        before a fill of more entries keeps the old buffer); the list's or the engine's close
        leaves it as it is. Several threads, and action callbacks, may fill one list at once:
        each call answers the entries of its own fill, whose change flags compare with the
        list's fill before it. Each entry's matrix maps its space into the root's
        (the space the root's position is given in): a point (x, y) goes to
        ``[x, y, 0, 1] @ matrix`` divided by its w.

        Errors: BadHandleError (the list closed, root of another engine or gone),
        InvalidStateError (the engine closed by another thread during the call),
        ImportError without NumPy.

        C: ac_render_list_fill_into(), ac_render_list_copy()."""
        numpy = _numpy()
        if not isinstance(root, Layer):
            raise TypeError(f"root must be a Layer, not {type(root).__name__}")
        if root._engine is not self._engine:
            raise BadHandleError("root belongs to another engine")
        shown = flag(presentation, "presentation")
        dtype = _entry_dtype(numpy)
        reused = None if copy else getattr(self._shown, "buffer", None)
        buffer = reused if reused is not None else numpy.empty(len(self._layers), dtype=dtype)
        while True:
            number, count, dirty, status = self._fill_into(root, shown, buffer)
            if status == _capi.AC_ERR_BUFFER_TOO_SMALL:
                room = count if copy else max(count, 2 * len(buffer))
                buffer = numpy.empty(room, dtype=dtype)
                status = self._copy(number, buffer)
                if status == _capi.AC_ERR_INVALID_STATE:
                    continue  # another thread filled the list meanwhile: fill again
            check(status, _NAMES)
            break
        if copy and count == len(buffer):
            self._record(number, buffer, dirty)
            return buffer  # type: ignore[no-any-return]
        entries = buffer[:count]
        self._record(number, entries, dirty)
        if copy:
            return entries.copy()  # type: ignore[no-any-return]
        self._shown.buffer = buffer
        entries.flags.writeable = False
        return entries  # type: ignore[no-any-return]

    def _fill_into(
        self, root: Layer, shown: bool, buffer: Any
    ) -> Tuple[int, int, Optional[Rect], int]:
        """ac_render_list_fill_into() into ``buffer``: the fill's number, count, dirty
        rectangle, and the status (raised unless OK or BUFFER_TOO_SMALL)."""
        count = ctypes.c_size_t()
        number = ctypes.c_uint64()
        dirty = _Doubles4()
        is_dirty = ctypes.c_int32()
        status = _lib.ac_render_list_fill_into(
            engine_ptr(self._engine),
            self._handle,
            root._handle,
            1 if shown else 0,
            _entry_pointer(buffer),
            len(buffer),
            _byref(count),
            _byref(number),
            dirty,
            _byref(is_dirty),
        )
        if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            check(status, _NAMES)
        rect = Rect(*dirty) if is_dirty.value else None
        return number.value, count.value, rect, status

    def _copy(self, number: int, buffer: Any) -> int:
        """ac_render_list_copy() of fill ``number`` into ``buffer``: the status."""
        count = ctypes.c_size_t()
        return int(
            _lib.ac_render_list_copy(
                engine_ptr(self._engine),
                self._handle,
                number,
                _entry_pointer(buffer),
                len(buffer),
                _byref(count),
            )
        )

    def _record(self, number: int, entries: Any, dirty: Optional[Rect]) -> None:
        """Keeps fill ``number`` as the last one, unless another thread recorded a later one."""
        layers, flags = entries["layer"].copy(), entries["flags"].copy()
        with self._lock:
            if number > self._number:
                self._number = number
                self._layers, self._flags, self._dirty = layers, flags, dirty

    @staticmethod
    def dtype() -> Any:
        """The NumPy dtype of an entry (a structured dtype with ``ac_render_entry``'s fields at
        its offsets, 568 bytes).

        Python only (mirrors ac_render_entry, see ac_render_list_fill())."""
        return _entry_dtype(_numpy())

    # ---- the last fill -----------------------------------------------------------------------

    def __len__(self) -> int:
        """The number of entries of the last fill (0 before one).

        C: ac_render_list_fill_into() (out_count)."""
        return len(self._layers)

    @property
    def dirty_rect(self) -> Optional[Rect]:
        """What may have changed since the previous fill, in the root's space (the changed
        entries' old and new extents, layers no longer drawn), or None when nothing did. The
        first fill, or one from another root, counts everything. An extent reaching behind the
        eye makes it infinite.

        C: ac_render_list_fill_into() (out_dirty_rect, out_dirty)."""
        return self._dirty

    def _entry(self, index: int) -> Tuple[int, int]:
        """The layer handle and flags of entry ``index`` of the last fill; BadHandleError once
        the engine is closed (the entries went with it)."""
        engine_ptr(self._engine)
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        with self._lock:
            layers, flags = self._layers, self._flags
        count = len(layers)
        position = index + count if index < 0 else index
        if not 0 <= position < count:
            raise IndexError(
                f"render list index {index} out of range (the last fill has {count} entries)"
            )
        return int(layers[position]), int(flags[position])

    def layer(self, index: int) -> DynamicLayer:
        """The Layer of entry ``index`` of the last fill (negative counts from the end).

        C: ac_render_list_fill_into() (ac_render_entry.layer)."""
        return self._engine._wrap(self._entry(index)[0])  # type: ignore[no-any-return]

    def flags(self, index: int) -> RenderFlag:
        """The flags of entry ``index`` of the last fill, as a :class:`RenderFlag`.

        C: ac_render_list_fill_into() (ac_render_entry.flags)."""
        return RenderFlag(self._entry(index)[1])

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(self._layers)} entries"
        return f"<RenderList {self._handle:#x}: {state}>"
