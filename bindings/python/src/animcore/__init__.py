"""animcore: Python binding of the animcore animation engine (Core Animation's model).

Importing the package loads libanimcore.so (see :mod:`animcore._library` for where it looks;
``ANIMCORE_LIBRARY`` names a file to try first) and raises
:class:`~animcore._library.LibraryNotFoundError`, an :class:`ImportError`, when none is usable.

Times are float seconds. The main types:

- :class:`Engine` — layer classes, layers, the clock (``tick``); :class:`LayerClass`,
  :class:`Property` declare custom properties, with a mapping or with Python's class syntax
  (``class Circle(Layer, strict=True): radius = Property(10.0)``, typed for mypy);
- :class:`Layer` — model values as typed attributes, ``presentation``, the tree, layer time
  (:data:`DynamicLayer`: a layer whose custom properties mypy cannot know);
- :class:`RenderList` — the visible tree in draw order as a NumPy structured array, with
  change flags (:class:`RenderFlag`) and a dirty rectangle (``engine.render_list()``);
  :class:`ContentsGravity` and :class:`CornerMask` for the renderer's built-in properties;
- :class:`BasicAnimation` — CABasicAnimation, added with ``layer.add_animation``;
  :class:`KeyframeAnimation` — CAKeyframeAnimation (values or a :class:`Path` to follow,
  :class:`CalculationMode`, :class:`RotationMode`); :class:`AnimationGroup` —
  CAAnimationGroup; :class:`SpringAnimation` — CASpringAnimation, moving along a
  :class:`Spring`; :class:`DecayAnimation` — a thrown value slowing down (Pop's decay);
  :class:`Animation` is their shared base;
- ``engine.transaction(...)`` and ``engine.animate(...)`` — CATransaction and UIKit animation
  blocks as ``with`` blocks; :class:`Transaction`, :data:`NO_ACTION` and action callbacks;
- ``engine.animator(...)`` — :class:`Animator` (UIViewPropertyAnimator, Web Animations'
  Animation): pause, scrub, reverse, rate, finish at a position, cancel; a ``with`` block;
- the value types :class:`Point`, :class:`Size`, :class:`Rect`, :class:`Color`,
  :class:`Vector3`, :class:`AffineTransform`, :class:`Transform3D`, :class:`Token`;
- :class:`Timing` — CAMediaTiming properties; ``evaluate``, ``progress``, ``progress_batch``;
- :class:`TimingFunction` — CAMediaTimingFunction cubic beziers and CSS steps(); one
  snake_case name per curve (:data:`CURVE_NAMES`), aliases accepted everywhere alike;
- :class:`TimeTree` and the ``convert_time_chain_*`` functions — convertTime between layers;
- the exceptions of :mod:`animcore.errors`, one per library status, their messages in
  Python's words.

"No value" is None everywhere (a masked entry in a NumPy batch). Every public call names its
C counterpart in its docstring.

The modules are layered one way only, lowest first: the C table and errors, handles, values,
descriptions, the codec and callbacks, layers (with batches, classes and transactions), the
engine. :mod:`animcore._layers` lists each layer's modules and the rules.
"""

from __future__ import annotations

from ._library import IncompatibleLibraryError, LibraryNotFoundError
from .errors import (
    AnimcoreError,
    BadHandleError,
    BadStructSizeError,
    BufferTooSmallError,
    CallbackError,
    CycleError,
    InvalidArgumentError,
    InvalidStateError,
    NotAnimatableError,
    NotFiniteError,
    NotInvertibleError,
    NullPointerError,
    OutOfRangeError,
    UnknownKeyError,
    UnknownNameError,
    VersionMismatchError,
    WrongKindError,
)
from .clock import current_media_time
from .version import library_path, version, version_number
from .values import (
    AffineTransform,
    Color,
    Point,
    Rect,
    Size,
    Token,
    Transform3D,
    Value,
    ValueKind,
    Vector3,
)
from .timing_function import (
    CURVE_NAMES,
    PRESET_NAMES,
    EaseDirection,
    StepPosition,
    TimingFunction,
    TimingFunctionKind,
)
from .timing import FillMode, Phase, Timing, TimingState
from .path import Path, PathElement, PathElementType
from .time_space import (
    TimeTree,
    chain_evaluate,
    convert_time_chain_to_absolute,
    convert_time_chain_to_local,
)
from .properties import PropertyInfo
from .callback_types import ActionCallback
from .animation import Animation, BasicAnimation, PropertyAnimation
from .spring import Spring, SpringAnimation
from .decay import DEFAULT_BOUND_SPRING, DecayAnimation
from .keyframe_animation import CalculationMode, KeyframeAnimation, RotationMode
from .animation_group import AnimationGroup
from .transition import (
    Transition,
    TransitionComposite,
    TransitionLayering,
    TransitionSubtype,
    TransitionType,
    transition_composite,
)
from .actions import NO_ACTION, ActionAnswer, NoAction
from .layer import DynamicLayer, Layer
from .presentation import Presentation
from .layer_batch import LayerBatch, PackedValues
from .builtin_classes import (
    MAX_REPLICATED_ENTRIES,
    MAX_REPLICATOR_INSTANCES,
    BuiltInClass,
    FillRule,
    GradientType,
    LineCap,
    LineJoin,
    TextAlignment,
    TextTruncation,
)
from .rendering import ContentsGravity, CornerMask, RenderFlag, TransitionState
from .render_list import RenderList
from .layer_class import LayerClass, Property
from .transaction import Transaction
from .animator import Animator, AnimatorCompletion, AnimatorPosition, AnimatorState
from .engine import Engine, ValueStoreCounts

__version__ = "0.1.0"

__all__ = [
    "CURVE_NAMES",
    "PRESET_NAMES",
    "EaseDirection",
    "NO_ACTION",
    "ActionAnswer",
    "ActionCallback",
    "AffineTransform",
    "Animation",
    "AnimationGroup",
    "AnimcoreError",
    "Animator",
    "AnimatorCompletion",
    "AnimatorPosition",
    "AnimatorState",
    "BadHandleError",
    "BasicAnimation",
    "BuiltInClass",
    "CalculationMode",
    "CallbackError",
    "Color",
    "ContentsGravity",
    "CornerMask",
    "DynamicLayer",
    "Engine",
    "KeyframeAnimation",
    "Layer",
    "LayerBatch",
    "PackedValues",
    "NoAction",
    "LayerClass",
    "MAX_REPLICATED_ENTRIES",
    "MAX_REPLICATOR_INSTANCES",
    "Path",
    "PathElement",
    "PathElementType",
    "Point",
    "Presentation",
    "Property",
    "ValueStoreCounts",
    "PropertyAnimation",
    "PropertyInfo",
    "Rect",
    "RenderFlag",
    "RenderList",
    "RotationMode",
    "Size",
    "TextAlignment",
    "FillRule",
    "LineCap",
    "LineJoin",
    "GradientType",
    "TextTruncation",
    "Spring",
    "SpringAnimation",
    "DecayAnimation",
    "DEFAULT_BOUND_SPRING",
    "Token",
    "Transform3D",
    "Transition",
    "TransitionComposite",
    "TransitionLayering",
    "TransitionState",
    "TransitionSubtype",
    "TransitionType",
    "transition_composite",
    "Value",
    "ValueKind",
    "Vector3",
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
    "Transaction",
    "UnknownNameError",
    "chain_evaluate",
    "convert_time_chain_to_absolute",
    "convert_time_chain_to_local",
    "current_media_time",
    "library_path",
    "version",
    "version_number",
]
