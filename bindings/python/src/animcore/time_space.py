"""Time spaces: nested timings and CALayer's convertTime:fromLayer:/toLayer:.

A *chain* is a sequence of :class:`~animcore.timing.Timing`, outermost first: for the
conversions, chain[0]'s parent is absolute time and each further entry is a sublayer of the one
before; for :func:`chain_evaluate`, each entry runs in the iteration time of the one before (an
animation group's children). A :class:`TimeTree` converts between any two nodes of a tree.
Times are in seconds.
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Optional, Sequence, Tuple

from . import _capi
from ._c_names import CNames
from ._coerce import int64, real
from .errors import InvalidArgumentError, check
from .timing import Timing, TimingState, _new_state

__all__ = [
    "TimeTree",
    "chain_evaluate",
    "convert_time_chain_to_absolute",
    "convert_time_chain_to_local",
]

_lib = _capi.lib
_byref = ctypes.byref
# A chain's entries and a tree's nodes are named by index ("chain[1]: speed is 0, ..."); their
# fields as Timing's keyword arguments ("chain[1]->duration_s" -> "chain[1].duration").
_TIMING_FIELDS = (
    ("begin_time_s", "begin_time"),
    ("duration_s", "duration"),
    ("time_offset_s", "time_offset"),
    ("repeat_duration_s", "repeat_duration"),
)
_CHAIN = CNames(
    {
        "time_s": "time",
        "parent_time_s": "parent_time",
        "count is 0": "chain is empty",
        "count": "chain length",
        **{f"]->{c}": f"].{python}" for c, python in _TIMING_FIELDS},
        "]->": "].",
    }
)
_TREE = _CHAIN | CNames({"count": "timings length"})


def _timing_array(timings: Iterable[Timing], name: str) -> Tuple[Any, int]:
    """A C array of copies of ``timings`` and its length; TypeError for a non-Timing item."""
    if isinstance(timings, Timing):
        raise TypeError(f"{name} must be a sequence of Timing, not a single Timing")
    items = list(timings)
    for index, item in enumerate(items):
        if not isinstance(item, Timing):
            raise TypeError(f"{name}[{index}] must be a Timing, not {type(item).__name__}")
    array = (_capi.ac_timing * len(items))(*(item._c for item in items))
    return array, len(items)


def convert_time_chain_to_local(chain: Iterable[Timing], time: float) -> float:
    """Absolute ``time`` converted down the chain to the time of its last entry.

    Each hop: local = (parent - begin_time) * speed + time_offset, held within +-1e15 s as a
    layer's time is (duration, repeat and fill are ignored: layers have none). An empty chain
    answers ``time``.

    C: ac_time_chain_to_local()."""
    array, count = _timing_array(chain, "chain")
    out = ctypes.c_double()
    check(_lib.ac_time_chain_to_local(array, count, real(time, "time"), _byref(out)), _CHAIN)
    return out.value


def convert_time_chain_to_absolute(chain: Iterable[Timing], time: float) -> float:
    """The inverse of :func:`convert_time_chain_to_local`: ``time`` in the last entry's time
    space converted to absolute time, each hop held within +-1e15 s. NotInvertibleError when
    a speed on the way is 0.

    C: ac_time_chain_to_absolute()."""
    array, count = _timing_array(chain, "chain")
    out = ctypes.c_double()
    check(_lib.ac_time_chain_to_absolute(array, count, real(time, "time"), _byref(out)), _CHAIN)
    return out.value


def chain_evaluate(chain: Iterable[Timing], parent_time: float) -> TimingState:
    """The state of the innermost timing of nested timings at the outermost's ``parent_time``.

    Each entry's parent time is the iteration time of the one before (a group's child); the
    result is not in effect when any outer timing is not. OutOfRangeError for an empty chain.

    C: ac_timing_chain_evaluate()."""
    array, count = _timing_array(chain, "chain")
    state = _new_state()
    time = real(parent_time, "parent_time")
    check(_lib.ac_timing_chain_evaluate(array, count, time, _byref(state)), _CHAIN)
    return TimingState._from_struct(state)


class TimeTree:
    """A tree of layer time spaces for convertTime between any two nodes.

    ``timings[i]`` is node i's timing; ``parents[i]`` is its parent's index, or None (or -1)
    when its parent is absolute time. The tree is checked when made: OutOfRangeError for a
    parent index outside the tree, CycleError for parent links that loop, InvalidArgumentError
    when the lengths differ.

    C: ac_time_tree_convert()."""

    __slots__ = ("_timings", "_parents", "_c_timings", "_c_parents")

    def __init__(self, timings: Sequence[Timing], parents: Sequence[Optional[int]]) -> None:
        self._c_timings, count = _timing_array(timings, "timings")
        self._timings: Tuple[Timing, ...] = tuple(timings)
        if isinstance(parents, (str, bytes)):
            raise TypeError("parents must be a sequence of int or None")
        links = [
            -1 if parent is None else int64(parent, f"parents[{i}]")
            for i, parent in enumerate(parents)
        ]
        if len(links) != count:
            raise InvalidArgumentError(
                f"parents has {len(links)} entries but timings has {count}; they must match"
            )
        self._parents: Tuple[Optional[int], ...] = tuple(None if p == -1 else p for p in links)
        self._c_parents = (ctypes.c_int64 * count)(*links)
        # Let the library check every timing, index and link now: converting down to each node
        # walks its whole path to the root (and needs no speed to be invertible).
        self.convert(0.0)
        for node in range(count):
            self.convert(0.0, None, node)

    @property
    def timings(self) -> Tuple[Timing, ...]:
        """The node timings, by index.

        Python only."""
        return self._timings

    @property
    def parents(self) -> Tuple[Optional[int], ...]:
        """Each node's parent index, None for absolute time.

        Python only."""
        return self._parents

    def __len__(self) -> int:
        return len(self._timings)

    def convert(
        self, time: float, from_node: Optional[int] = None, to_node: Optional[int] = None
    ) -> float:
        """``time`` (s) in ``from_node``'s time space converted to ``to_node``'s.

        Nodes are indexes; None (or -1) is absolute time, as CALayer's nil. The time goes up to
        the common ancestor and down. NotInvertibleError when a speed on the way up is 0,
        OutOfRangeError for an index outside [-1, len).

        C: ac_time_tree_convert()."""
        from_index = -1 if from_node is None else int64(from_node, "from_node")
        to_index = -1 if to_node is None else int64(to_node, "to_node")
        out = ctypes.c_double()
        check(
            _lib.ac_time_tree_convert(
                self._c_timings,
                self._c_parents,
                len(self._timings),
                from_index,
                to_index,
                real(time, "time"),
                _byref(out),
            ),
            _TREE,
        )
        return out.value

    def __repr__(self) -> str:
        return f"TimeTree({list(self._timings)!r}, {list(self._parents)!r})"
