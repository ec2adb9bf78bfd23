"""animcore: Python binding of the animcore animation engine (Core Animation's timing model).

Importing the package loads libanimcore.so (see :mod:`animcore._library` for where it looks;
``ANIMCORE_LIBRARY`` names a file to try first) and raises
:class:`~animcore._library.LibraryNotFoundError`, an :class:`ImportError`, when none is usable.

Times are float seconds. The main types:

- :class:`Timing` — CAMediaTiming properties; ``evaluate``, ``progress``, ``progress_batch``;
- :class:`TimingFunction` — CAMediaTimingFunction cubic beziers and CSS steps();
- :class:`TimeTree` and the ``convert_time_chain_*`` functions — convertTime between layers;
- the exceptions of :mod:`animcore.errors`, one per library status.
"""

from __future__ import annotations

from ._library import IncompatibleLibraryError, LibraryNotFoundError
from .clock import current_media_time
from .errors import (
    AnimcoreError,
    BadHandleError,
    InvalidStateError,
    NotAnimatableError,
    UnknownKeyError,
    VersionMismatchError,
    WrongKindError,
    BadStructSizeError,
    BufferTooSmallError,
    CycleError,
    InvalidArgumentError,
    NotFiniteError,
    NotInvertibleError,
    NullPointerError,
    OutOfRangeError,
    UnknownNameError,
)
from .time_space import (
    TimeTree,
    chain_evaluate,
    convert_time_chain_to_absolute,
    convert_time_chain_to_local,
)
from .timing import FillMode, Phase, Timing, TimingState
from .timing_function import StepPosition, TimingFunction, TimingFunctionKind
from .version import library_path, version, version_number

__version__ = "0.1.0"

__all__ = [
    "AnimcoreError",
    "BadHandleError",
    "InvalidStateError",
    "NotAnimatableError",
    "UnknownKeyError",
    "VersionMismatchError",
    "WrongKindError",
    "BadStructSizeError",
    "BufferTooSmallError",
    "CycleError",
    "FillMode",
    "IncompatibleLibraryError",
    "InvalidArgumentError",
    "LibraryNotFoundError",
    "NotFiniteError",
    "NotInvertibleError",
    "NullPointerError",
    "OutOfRangeError",
    "Phase",
    "StepPosition",
    "TimeTree",
    "Timing",
    "TimingFunction",
    "TimingFunctionKind",
    "TimingState",
    "UnknownNameError",
    "chain_evaluate",
    "convert_time_chain_to_absolute",
    "convert_time_chain_to_local",
    "current_media_time",
    "library_path",
    "version",
    "version_number",
]
