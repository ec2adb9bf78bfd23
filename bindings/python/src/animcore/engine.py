"""The engine: layer classes, layers, the clock and the callbacks.

::

    with animcore.Engine() as engine:
        Clock = engine.layer_class("Clock", {"time": 0.0}, needs_display={"time"},
                                   display=lambda layer: print(layer.presentation.time))
        clock = Clock(bounds=(0, 0, 200, 200))
        engine.tick(0.0)                       # commits the layer
        clock.time = 1.5                       # an implicit animation from 0 over 0.25 s
        for frame in range(1, 20):
            engine.tick(frame / 60)            # display runs, presentation 0 -> 1.5

Times are seconds on any monotonic clock the host chooses (:func:`current_media_time` by
default). Every method may be called from any thread; the library serialises the calls. Python
callbacks (display, on_start/on_stop) run inside :meth:`Engine.tick` on the calling thread; an
exception they raise is re-raised by that ``tick`` once it has finished (see
:class:`~animcore.errors.CallbackError`).
"""

from __future__ import annotations

import ctypes
import threading
import weakref
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    Mapping,
    NamedTuple,
    Optional,
    Set,
    Tuple,
    Type,
    TypeVar,
    Union,
    overload,
)

from . import _callbacks, _capi
from ._c_names import ENGINE_CONFIG, CNames, value_fields
from ._coerce import flag, int32, real
from ._handles import engine_ptr, key_bytes, read_string
from ._trampolines import AnimationEntry, ClockEntry, CompletionCallback, clock_trampoline
from .animation import Animation
from .animator import Animator
from .callback_types import DisplayCallback
from .clock import current_media_time
from .errors import (
    BadHandleError,
    CallbackError,
    InvalidArgumentError,
    check,
    raise_status,
)
from .layer import DynamicLayer, Layer, convert_time
from .layer_batch import LayerBatch
from .builtin_classes import BuiltInClass
from .layer_class import LayerClass, Property
from .render_list import RenderList
from .spring import Spring, optional_spring
from .timing_function import TimingFunction
from .transaction import AnimateScope, Curve, Transaction, TransactionScope
from .values import ValueKind, kind_of, to_c

__all__ = ["Engine", "ValueStoreCounts"]

_lib = _capi.lib
_byref = ctypes.byref


L = TypeVar("L", bound=Layer)

_TICK_NAMES = CNames({"now_s": "now"})
_CLASS_NAMES = CNames({"name: ": "name "})
_GLOBAL_SPEED_NAMES = CNames({"speed": "global_speed"})
_TICK_THREADS_NAMES = CNames({"count": "tick_threads"})
_KEY_NAME_NAMES = CNames({"(see ac_engine_key)": "(see Engine.key)"})
# Core Animation's names of the built-in classes, by handle.
_BUILT_IN_NAMES = {
    BuiltInClass.LAYER: "CALayer",
    BuiltInClass.TEXT_LAYER: "CATextLayer",
    BuiltInClass.REPLICATOR_LAYER: "CAReplicatorLayer",
    BuiltInClass.TRANSFORM_LAYER: "CATransformLayer",
    BuiltInClass.SHAPE_LAYER: "CAShapeLayer",
    BuiltInClass.GRADIENT_LAYER: "CAGradientLayer",
}


def _destroy_engine(ptr: Any) -> None:
    """The finalizer of an engine garbage-collected without close()."""
    _lib.ac_engine_destroy(ptr)


def _named_sets(
    declared: Dict[str, Any],
    needs_display: Union[Iterable[str], bool],
    not_animatable: Iterable[str],
) -> Tuple[Set[str], Set[str]]:
    """The names of a class declaration's ``needs_display`` (True: every declared property) and
    ``not_animatable`` arguments, each checked to name declared properties only."""
    display_names: Set[str]
    if needs_display is True:
        display_names = set(declared)
    elif needs_display is False:
        display_names = set()
    else:
        if isinstance(needs_display, str):
            raise TypeError("needs_display must be an iterable of names or a bool, not a str")
        display_names = set(needs_display)
    if isinstance(not_animatable, str):
        raise TypeError("not_animatable must be an iterable of names, not a str")
    fixed = set(not_animatable)
    for label, names in (("needs_display", display_names), ("not_animatable", fixed)):
        unknown = sorted(names - set(declared))
        if unknown:
            raise InvalidArgumentError(
                f"{label} names {', '.join(map(repr, unknown))}, which properties does not "
                "declare"
            )
    return display_names, fixed


def _property_descs(
    declared: Dict[str, Any], display_names: Set[str], fixed: Set[str]
) -> Tuple[Any, List[bytes], CNames]:
    """The ac_property_desc array of the ``declared`` properties (name -> default or Property),
    the names' bytes it points into (keep them until ac_class_create returns), and the C names
    of its fields for the messages ("properties[1].default_value" -> "property 'radius'")."""
    descs = (_capi.ac_property_desc * len(declared))()
    keep: List[bytes] = []
    c_names: Dict[str, str] = {}
    for index, (prop_name, spec) in enumerate(declared.items()):
        if not isinstance(prop_name, str):
            raise TypeError(f"property names must be str, not {type(prop_name).__name__}")
        prop = spec if isinstance(spec, Property) else Property(spec)
        kind = (
            ValueKind.parse(prop.kind) if prop.kind is not None else kind_of(prop.default, prop_name)
        )
        value = to_c(kind, prop.default, prop_name)
        encoded = key_bytes(prop_name, "property name")
        keep.append(encoded)
        desc = descs[index]
        _capi.ac_property_desc_init(desc, encoded, value)
        desc.animatable = 0 if prop_name in fixed or not flag(prop.animatable, "animatable") else 1
        desc.needs_display = (
            1 if prop_name in display_names or flag(prop.needs_display, "needs_display") else 0
        )
        c_names.update(
            value_fields(f"properties[{index}].default_value", prop_name, int(kind)).items()
        )
        c_names[f"properties[{index}].name"] = "the property name"
        c_names[f"properties[{index}]"] = f"property {prop_name!r}"
    return descs, keep, CNames(c_names)


class ValueStoreCounts(NamedTuple):
    """What an engine's store of path and array values holds (:meth:`Engine.value_store_counts`).

    C: ac_value_store_counts (ac_engine_get_value_store_counts())."""

    values: int
    """Values held (empty values take none)."""
    numbers: int
    """The numbers those values hold: path coordinates, array numbers, 4 per colour."""


class _Declaration:
    """A class declaration in progress (`Engine._in_progress`): what its LayerClass is built of.
    Equal only to itself, so two identical declarations in progress are told apart."""

    __slots__ = ("name", "parent", "declared", "python_base")

    def __init__(
        self,
        name: str,
        parent: LayerClass[Any],
        declared: Tuple[str, ...],
        python_base: Optional[Type[Layer]],
    ) -> None:
        self.name = name
        self.parent = parent
        self.declared = declared
        self.python_base = python_base


class Engine:
    """An animation engine (the root object): layer classes, layers and their trees,
    animations, and the clock the host drives with :meth:`tick`.

    - ``default_duration``: seconds, finite, > 0 and <= 1e15; the duration animations added
      with duration 0 get (the transaction's animationDuration); default 0.25.
    - ``global_speed``: engine time per host time, in [0, 1e6]; default 1.

    Use it as a context manager (or call :meth:`close`): closing stops every running animation
    (their ``on_stop(..., finished=False)`` run then) and ends every callback registration. An
    engine garbage-collected without close() is destroyed too, but runs no Python callback then;
    its own callbacks do not keep it alive (the engine owns them: a display callback that
    refers to the engine makes a cycle the garbage collector frees).

    C: ac_engine_create(), ac_engine_destroy()."""

    def __init__(self, *, default_duration: float = 0.25, global_speed: float = 1.0) -> None:
        config = _capi.ac_engine_config()
        _capi.ac_engine_config_init(config)
        config.default_duration_s = real(default_duration, "default_duration")
        config.global_speed = real(global_speed, "global_speed")
        ptr = ctypes.POINTER(_capi.ac_engine)()
        check(_lib.ac_engine_create(_byref(config), _byref(ptr)), ENGINE_CONFIG)
        self._ptr: Optional[Any] = ptr
        self._default_duration = float(config.default_duration_s)
        self._closing = False
        # Held only to test and set `_closing`: of threads closing at once, one destroys.
        self._close_lock = threading.Lock()
        # The render lists made of it: its close ends their records of their last fills.
        self._render_lists: "weakref.WeakSet[RenderList]" = weakref.WeakSet()
        self._lock = threading.RLock()
        self._keys: Dict[str, int] = {}
        self._key_names: Dict[int, str] = {}
        self._wrappers: "weakref.WeakValueDictionary[int, Layer]" = weakref.WeakValueDictionary()
        self._classes: Dict[int, LayerClass[Any]] = {}
        self._declared_types: Dict[type, LayerClass[Any]] = {}
        # Held while a class is declared, so that two threads meeting the same Python class
        # declare it once. A callback the library runs holding its lock (an action) never
        # waits for it: the holder may be waiting for the library's lock. Such a callback and
        # the holder may then both ask the library for one declaration's class; the one
        # refused takes the other's (`_declared_meanwhile`), knowing the holder's declaration
        # from `_creating` and whose each class is from `_made_for`.
        self._declaring = threading.RLock()
        self._creating: Optional[type] = None
        self._made_for: Dict[int, Optional[type]] = {}
        # The declarations in progress, each from before the library makes its class until
        # its LayerClass is stored: another thread meeting the class meanwhile (class_named, a
        # layer of it wrapped) builds the same LayerClass from it (`_class_being_declared`).
        self._in_progress: List[_Declaration] = []
        self._keyed: Dict[Tuple[int, str], AnimationEntry] = {}
        # The callback registrations this engine owns, by id (see animcore._callbacks).
        self._registrations: Dict[int, Any] = {}
        self._runs_python_actions = False
        self._transaction_state = Transaction(self)
        self._finalizer = weakref.finalize(self, _destroy_engine, ptr)
        self._finalizer.atexit = False
        base: LayerClass[Layer] = LayerClass(self, 0, "CALayer", None, ())
        base._build_table()
        self._classes[0] = base

    # ---- life --------------------------------------------------------------------------------

    def close(self) -> None:
        """Destroys the engine: running animations stop (on_stop with finished False runs now),
        every registration ends, every layer goes stale (its methods raise BadHandleError).
        Closing twice, or on two threads at once, closes once. Raises CallbackError when a
        callback raised meanwhile.

        C: ac_engine_destroy()."""
        with self._close_lock:
            if self._ptr is None or self._closing:
                return
            self._closing = True
        self._finalizer.detach()
        # The render lists go with the engine (each fill was copied out under the library's
        # lock, so none is read from their storage).
        lists = list(self._render_lists)
        with _callbacks.guard("close"):
            status = _lib.ac_engine_destroy(self._ptr)
            self._ptr = None
            for render_list in lists:
                render_list._forget()
            if status:
                raise_status(status)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called.

        Python only."""
        return self._ptr is None

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, exc_type: Any, *exc_info: Any) -> None:
        if exc_type is None:
            self.close()
            return
        # An exception is on its way out: it stays the one raised; what callbacks raise while
        # closing is reported through sys.unraisablehook instead of replacing it.
        try:
            self.close()
        except CallbackError as error:
            for caught in error.errors:
                _callbacks.report_unraisable(caught, "callback during Engine.close")

    def __repr__(self) -> str:
        state = "closed" if self._ptr is None else f"time {self.current_time:g}"
        return f"<Engine {state}>"

    # ---- time --------------------------------------------------------------------------------

    def tick(self, now: Optional[float] = None) -> None:
        """Advances to host time ``now`` (s; default :func:`current_media_time`), commits what is
        pending, evaluates every animation and runs the callbacks owed (on_start/on_stop, then
        display). Engine time advances by the elapsed host time × global speed; the first tick
        sets it to ``now``. Raises CallbackError (after the tick completed) when a callback
        raised.

        Time may go backwards: a ``now`` before the previous tick's moves engine time back by
        the difference (× global speed), as a scrubbing host wants. Animations still running
        show their values at the earlier time (before its begin time, an animation without a
        backwards fill has no effect); an animation that finished stays finished and removed;
        no callback already delivered (on_start, on_stop, completions) runs again, and those
        still owed run once, when their time comes.

        C: ac_engine_tick()."""
        time = current_media_time() if now is None else real(now, "now")
        ptr = engine_ptr(self)
        with _callbacks.guard("tick"):
            status = _lib.ac_engine_tick(ptr, time)
            if status:
                raise_status(status, _TICK_NAMES)

    @property
    def clock(self) -> Optional[Callable[[], float]]:
        """The host clock: a callable answering the host's time now, in seconds on the clock
        passed to :meth:`tick` (e.g. :func:`current_media_time`, or ``time.monotonic``); None
        (the default) for none. With a clock, a transaction's animations (added or by actions)
        begin at its commit's time, as in Core Animation, instead of at the next tick: the
        engine reads it at the first change since the last tick or flush (an implicit
        transaction opens) and when an explicit outermost transaction commits. So a host that
        ticks only when something happens sees the animation begin at the change.

        A reading before the last tick begins at it; after the next tick, at that tick. A
        reading that is not a finite real within ±1e15 s (or a clock that raises: it reads
        NaN, and the call that read it raises CallbackError) is refused: the animations begin
        at the next tick, which raises (naming the clock) and does nothing else. The clock may
        read the engine; it runs holding the engine's lock.

        C: ac_engine_set_clock()."""
        for item in self._registrations.values():
            if isinstance(item, ClockEntry):
                return item.callback
        return None

    @clock.setter
    def clock(self, clock: Optional[Callable[[], float]]) -> None:
        ptr = engine_ptr(self)
        if clock is None:
            check(_lib.ac_engine_set_clock(ptr, _capi.ac_clock_fn(), None, _capi.ac_destroy_fn()))
            return
        if not callable(clock):
            raise TypeError(f"clock must be a callable answering seconds or None, not {type(clock).__name__}")
        status = _callbacks.register_for(
            ClockEntry(self, clock),
            lambda number: _lib.ac_engine_set_clock(ptr, clock_trampoline, number, _callbacks.destroy),
        )
        if status:
            raise_status(status)

    @property
    def current_time(self) -> float:
        """The engine's time (s) at the last tick (absolute time for root layers); 0 before.

        C: ac_engine_current_time()."""
        out = ctypes.c_double()
        check(_lib.ac_engine_current_time(engine_ptr(self), _byref(out)))
        return out.value

    @property
    def global_speed(self) -> float:
        """Engine time per host time from the next tick on (0.1 slow motion, 0 frozen).

        C: ac_engine_global_speed(), ac_engine_set_global_speed()."""
        out = ctypes.c_double()
        check(_lib.ac_engine_global_speed(engine_ptr(self), _byref(out)))
        return out.value

    @global_speed.setter
    def global_speed(self, speed: float) -> None:
        check(
            _lib.ac_engine_set_global_speed(engine_ptr(self), real(speed, "global_speed")),
            _GLOBAL_SPEED_NAMES,
        )

    @property
    def tick_threads(self) -> int:
        """Threads each :meth:`tick` evaluates on, the calling thread included; 1 to 64,
        default 1. With more, animations in the steady middle of their motion (basic, spring,
        decay, keyframe animations and groups, of any value kind, paths and arrays included)
        are shared out among them once there are thousands; values are the same to the bit and every callback still
        runs on the ticking thread in the same order. Worth it from tens of thousands of
        animations on as many free cores.

        C: ac_engine_tick_threads(), ac_engine_set_tick_threads()."""
        out = ctypes.c_int32()
        check(_lib.ac_engine_tick_threads(engine_ptr(self), _byref(out)))
        return out.value

    @tick_threads.setter
    def tick_threads(self, count: int) -> None:
        check(
            _lib.ac_engine_set_tick_threads(engine_ptr(self), int32(count, "tick_threads")),
            _TICK_THREADS_NAMES,
        )

    def value_store_counts(self) -> ValueStoreCounts:
        """What the engine's store of path and array values holds now: ``values`` (layers'
        model values, class defaults, animations' values and result buffers, values retired
        until the next tick; empty values take none) and the ``numbers`` they hold (path
        coordinates, array numbers, 4 per colour). Removing the animations of paths and arrays
        and destroying the layers that hold them gives them back (at the next tick for a value
        a presentation may still show): a way to check that a program leaks none.

        C: ac_engine_get_value_store_counts()."""
        out = _capi.ac_value_store_counts()
        out.struct_size = ctypes.sizeof(out)
        check(_lib.ac_engine_get_value_store_counts(engine_ptr(self), _byref(out)))
        return ValueStoreCounts(int(out.values), int(out.numbers))

    @property
    def default_duration(self) -> float:
        """The duration (s) of animations added with duration 0 outside transactions.

        C: ac_engine_create()'s config (default_duration_s)."""
        return self._default_duration

    def convert_time(
        self, time: float, from_layer: Optional[Layer], to_layer: Optional[Layer]
    ) -> float:
        """``time`` (s) in ``from_layer``'s time space expressed in ``to_layer``'s (None:
        absolute time). NotInvertibleError for a speed 0 on the way up.

        C: ac_layer_convert_time()."""
        return convert_time(self, time, from_layer, to_layer)

    # ---- transactions and animation blocks ---------------------------------------------------

    @property
    def transaction_state(self) -> Transaction:
        """The calling thread's transaction values (CATransaction's class methods): read the
        duration, timing function, disableActions in force; set them on the innermost
        transaction; ``flush()``, ``add_completion()``, keyed values.

        C: the transaction functions (ac_transaction_animation_duration(), ...)."""
        return self._transaction_state

    def transaction(
        self,
        *,
        duration: Optional[float] = None,
        timing_function: Union[TimingFunction, str, None] = None,
        disable_actions: Optional[bool] = None,
        additive: Optional[bool] = None,
        completion: Optional[CompletionCallback] = None,
        values: Optional[Mapping[str, Any]] = None,
        spring: Optional[Spring] = None,
    ) -> TransactionScope:
        """A transaction for a ``with`` block (CATransaction begin/commit) on the calling
        thread, nested inside any open one, with the settings given (None: inherited from the
        enclosing transaction, else the defaults):

        - ``duration``: animationDuration (s), > 0; default 0.25 (the engine's default).
        - ``timing_function``: the curve of the implicit animations (a TimingFunction or a
          curve name such as "ease_out", see :meth:`TimingFunction.named`; "default" when
          none) and of animations added without their own.
        - ``disable_actions``: property changes run no action (they still change).
        - ``additive``: implicit animations are additive (continuous when interrupted).
        - ``completion``: ``completion(finished)`` once every animation added in the
          transaction has finished (or one was removed), during a tick after the commit.
        - ``values``: arbitrary keyed values (CATransaction setValue:forKey:).
        - ``spring``: implicit animations become spring animations (a :class:`Spring`), lasting
          its settling duration unless ``duration`` is given; one interrupting a running
          animation of its property starts from the presentation value and velocity.

        The block's changes start at the first tick after the outermost commit; the
        transaction commits when the block ends, also when it raises.

        C: ac_transaction_begin(), ac_transaction_commit(), and
        ac_transaction_set_animation_duration() and the other setters of the settings."""
        if completion is not None and not callable(completion):
            raise TypeError(f"completion must be callable, not {type(completion).__name__}")
        return TransactionScope(
            self._transaction_state,
            {
                "duration": duration,
                "timing_function": timing_function,
                "disable_actions": disable_actions,
                "additive": additive,
                "completion": completion,
                "values": dict(values) if values else None,
                "spring": optional_spring(spring),
            },
        )

    def animator(
        self, *, duration: float, timing_function: Union[TimingFunction, str, None] = None
    ) -> Animator:
        """A new inactive :class:`Animator` (UIViewPropertyAnimator): ``duration`` seconds
        (finite, >= 0; 0: the changes of its blocks take the engine's default duration), the
        changes of its blocks paced by ``timing_function`` (a TimingFunction or a curve name;
        None: the transaction's). Use it as a ``with`` block to collect changes::

            with engine.animator(duration=1.0, timing_function="linear") as door_swing:
                door["transform.rotation.y"] = -math.pi / 2
            door_swing.start()

        C: ac_animator_create()."""
        return Animator(self, duration, timing_function)

    def animate(
        self,
        changes: Optional[Callable[[], Any]] = None,
        /,
        *,
        duration: float = 0.25,
        delay: float = 0.0,
        curve: Curve = "ease_in_out",
        repeat_count: float = 0.0,
        autoreverses: bool = False,
        begin_from_current_state: bool = True,
        additive: bool = False,
        completion: Optional[CompletionCallback] = None,
        spring: Optional[Spring] = None,
    ) -> AnimateScope:
        """An animation block (UIView.animate): every change of an animatable property made in
        it, on any layer, built-in and custom properties alike, animates with these options::

            with engine.animate(duration=0.5, curve="ease_out", completion=done):
                view.percent = 100

        Or pass the changes as a function: ``engine.animate(lambda: ..., duration=0.5)``.

        - ``duration`` (s, > 0; default 0.25), ``delay`` (s, >= 0: the implicit animations
          begin this long after the commit; default 0);
        - ``curve``: a curve name, "ease_in_out" (default), "ease_in", "ease_out",
          "linear", "default", "step_start", "step_end" (or an alias, UIKit's "easeInOut"
          among them, see :meth:`TimingFunction.named`), or a TimingFunction;
        - ``repeat_count`` (>= 0, may be inf), ``autoreverses`` (implicit animations only);
        - ``begin_from_current_state``: start from the presentation value (True, the default)
          or from the old model value;
        - ``additive``: additive implicit animations;
        - ``completion(finished)``: as a transaction's;
        - ``spring``: a :class:`Spring`: the implicit animations are springs (duration and curve
          unused; each lasts the spring's settling duration) starting from the presentation
          value and velocity, so retargeting a moving property keeps it continuous.

        Explicit animations added in the block take its duration and curve when they have
        none. Blocks nest like transactions and mix with them. The options are checked when
        the block opens (NotFiniteError, OutOfRangeError, InvalidArgumentError).

        C: ac_animate_begin(), ac_animate_commit()."""
        scope = AnimateScope(
            self._transaction_state,
            duration=duration,
            delay=delay,
            curve=curve,
            repeat_count=repeat_count,
            autoreverses=autoreverses,
            begin_from_current_state=begin_from_current_state,
            additive=additive,
            completion=completion,
            spring=spring,
        )
        if changes is not None:
            if not callable(changes):
                raise TypeError(f"changes must be callable, not {type(changes).__name__}")
            with scope:
                changes()
        return scope

    def flush(self) -> None:
        """Commits the calling thread's implicit transaction now (CATransaction flush).

        C: ac_transaction_flush()."""
        self._transaction_state.flush()

    # ---- keys --------------------------------------------------------------------------------

    def key(self, name: str) -> int:
        """The interned key of ``name`` (a property, a key path or an undeclared key); cached.

        C: ac_engine_key()."""
        return self._intern(name, "name")

    def _intern(self, name: str, argument: str) -> int:
        """:meth:`key`, its messages naming ``argument`` (the caller's parameter)."""
        key = self._keys.get(name)
        if key is not None:
            return key
        out = _capi.ac_key()
        check(
            _lib.ac_engine_key(engine_ptr(self), key_bytes(name, argument), _byref(out)),
            CNames({"name": argument}),
        )
        self._keys[name] = out.value
        self._key_names[out.value] = name
        return out.value

    def key_name(self, key: int) -> str:
        """The name of an interned key (UnknownKeyError for a key never given out).

        C: ac_engine_key_name()."""
        name = self._key_names.get(key)
        if name is not None:
            return name
        ptr = engine_ptr(self)
        name = read_string(
            lambda buffer, capacity, length: _lib.ac_engine_key_name(
                ptr, key, buffer, capacity, length
            ),
            _KEY_NAME_NAMES,
        )
        self._key_names[key] = name
        self._keys.setdefault(name, key)
        return name

    # ---- classes and layers ------------------------------------------------------------------

    @property
    def base_class(self) -> LayerClass[Layer]:
        """The built-in layer class (CALayer's properties with Core Animation's defaults).

        C: ac_class 0 (ac_layer_create() with class 0)."""
        return self._classes[0]

    def builtin_class(self, which: BuiltInClass) -> LayerClass[DynamicLayer]:
        """A built-in class as a :class:`LayerClass`: Core Animation's CATextLayer,
        CAReplicatorLayer, CATransformLayer, CAShapeLayer or CAGradientLayer
        (``BuiltInClass.LAYER`` is :attr:`base_class`),
        with the same handle in every engine. Make layers of it, or pass it as the
        ``superclass`` of :meth:`layer_class`: its subclasses carry its properties and draw as
        it does. ValueError for a value that is no :class:`BuiltInClass`.

        C: AC_CLASS_* (ac_layer_create(), ac_class_create())."""
        handle = int(BuiltInClass(which))
        with self._lock:
            known = self._classes.get(handle)
        if known is not None:
            return known
        name = _BUILT_IN_NAMES[BuiltInClass(handle)]
        layer_class: LayerClass[Any] = LayerClass(self, handle, name, self.base_class, ())
        layer_class._build_table()
        with self._lock:
            return self._classes.setdefault(handle, layer_class)

    def class_named(self, name: str) -> LayerClass[Any]:
        """The class of this engine named ``name``: a built-in class by Core Animation's name
        ("CALayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer", "CAShapeLayer",
        "CAGradientLayer") or one declared
        with :meth:`layer_class`. UnknownNameError when none has it.

        C: ac_class_find()."""
        out = _capi.ac_class()
        check(_lib.ac_class_find(engine_ptr(self), key_bytes(name, "name"), _byref(out)))
        return self._class_of(out.value)

    @overload
    def layer_class(self, declaration: Type[L], /) -> LayerClass[L]: ...
    @overload
    def layer_class(
        self,
        name: str,
        properties: Optional[Mapping[str, Any]] = None,
        *,
        superclass: Optional[LayerClass[Any]] = None,
        needs_display: Union[Iterable[str], bool] = (),
        not_animatable: Iterable[str] = (),
        display: Optional[DisplayCallback] = None,
        strict: Optional[bool] = None,
    ) -> LayerClass[DynamicLayer]: ...

    def layer_class(
        self,
        name: Union[str, Type[Layer]],
        properties: Optional[Mapping[str, Any]] = None,
        *,
        superclass: Optional[LayerClass[Any]] = None,
        needs_display: Union[Iterable[str], bool] = (),
        not_animatable: Iterable[str] = (),
        display: Optional[DisplayCallback] = None,
        strict: Optional[bool] = None,
    ) -> LayerClass[Any]:
        """Declares a layer class: ``superclass``'s properties (default the built-in class)
        plus ``properties`` (name -> default value or :class:`Property`), and a display
        callback (default the superclass's).

        ``needs_display``: names of declared properties whose changes make the layer display,
        or True for all of them. ``not_animatable``: names that animations may not target.
        ``strict``: True makes the class refuse undeclared keys (a typo such as
        ``layer["radiuss"] = 3`` raises UnknownKeyError naming the declared properties);
        False stores them (Core Animation's rule); None (default) takes the superclass's
        setting (False for the built-in class). See :attr:`LayerClass.strict`.

        Names are UTF-8, not empty, without dots, not "frame", not declared already; the
        class's name is unique in the engine (a second class named alike: InvalidArgumentError).
        Declared properties are stored, copied into the presentation and interpolated by the
        engine: no copying code is ever needed. InvalidArgumentError for a bad name.

        Or pass a class declared with Python's class syntax (a :class:`Layer` subclass with
        :class:`Property` attributes, see :class:`Layer`): ``engine.layer_class(Circle)``
        declares it in this engine (its Python superclass first, when it is a declaration
        too) and answers a ``LayerClass[Circle]``, typed for mypy; the same class again
        answers the same LayerClass.

        C: ac_class_create(), ac_class_set_strict(), ac_class_set_display()."""
        if isinstance(name, type):
            if (
                properties is not None
                or superclass is not None
                or display is not None
                or (strict is not None or needs_display != () or not_animatable != ())
            ):
                raise TypeError(
                    "a class declaration says everything in its class statement: "
                    "layer_class(declaration) takes no other argument"
                )
            return self._declare_type(name)
        if not isinstance(name, str):
            raise TypeError(f"name must be a str or a Layer subclass, not {type(name).__name__}")
        return self._declare(
            name,
            dict(properties or {}),
            superclass=superclass,
            needs_display=needs_display,
            not_animatable=not_animatable,
            display=display,
            strict=strict,
            python_base=None,
        )

    def _declare_type(self, declaration: Type[L]) -> LayerClass[L]:
        """The LayerClass of a class declaration in this engine, declared now when needed."""
        if not (isinstance(declaration, type) and issubclass(declaration, Layer)):
            raise TypeError(f"{declaration!r} is not a Layer subclass")
        if declaration is Layer:
            base: LayerClass[L] = self.base_class  # type: ignore[assignment]
            return base
        if declaration.__dict__.get("_ac_generated"):
            raise TypeError(
                f"{declaration.__name__} is the type of a layer class's layers; declare the "
                "class it derives from"
            )
        with self._lock:
            known = self._declared_types.get(declaration)
        if known is not None:
            return known
        if _callbacks.holds_library_lock():
            return self._declare_new_type(declaration)
        with self._declaring:
            with self._lock:
                known = self._declared_types.get(declaration)
            return known if known is not None else self._declare_new_type(declaration)

    def _declare_new_type(self, declaration: Type[L]) -> LayerClass[L]:
        parents = [base for base in declaration.__bases__ if issubclass(base, Layer)]
        if len(parents) != 1:
            raise TypeError(
                f"{declaration.__name__} derives from {len(parents)} layer classes; a layer "
                "class has one superclass"
            )
        parent = self._declare_type(parents[0])
        spec = declaration._ac_declaration
        display = spec.display
        layer_class: LayerClass[L] = self._declare(
            declaration.__name__,
            dict(spec.properties),
            superclass=parent,
            needs_display=(),
            not_animatable=(),
            display=display,
            strict=spec.strict,
            python_base=declaration,
        )
        with self._lock:
            return self._declared_types.setdefault(declaration, layer_class)

    def _declare(
        self,
        name: str,
        declared: Dict[str, Any],
        *,
        superclass: Optional[LayerClass[Any]],
        needs_display: Union[Iterable[str], bool],
        not_animatable: Iterable[str],
        display: Optional[DisplayCallback],
        strict: Optional[bool],
        python_base: Optional[Type[Layer]],
    ) -> LayerClass[Any]:
        """ac_class_create() with the Python arguments checked for their types first (nothing
        is created when one is wrong), then strict and display set."""
        parent = superclass if superclass is not None else self.base_class
        if not isinstance(parent, LayerClass):
            raise TypeError(f"superclass must be a LayerClass or None, not {type(parent).__name__}")
        if parent._engine is not self:
            raise BadHandleError("superclass is a LayerClass of another engine")
        if display is not None and not callable(display):
            raise TypeError(f"display must be callable or None, not {type(display).__name__}")
        strict_flag = None if strict is None else flag(strict, "strict")
        display_names, fixed = _named_sets(declared, needs_display, not_animatable)
        descs, keep, c_names = _property_descs(declared, display_names, fixed)
        out = _capi.ac_class()
        holder = not _callbacks.holds_library_lock()
        declaration = _Declaration(name, parent, tuple(declared), python_base)
        with self._lock:
            self._in_progress.append(declaration)
            if holder and python_base is not None:
                self._creating = python_base
        try:
            status = _lib.ac_class_create(
                engine_ptr(self),
                key_bytes(name, "name"),
                parent._handle,
                descs if declared else None,
                len(declared),
                _byref(out),
            )
            del keep  # the names' bytes, alive until the library copied them
            found = None
            if status != _capi.AC_OK and python_base is not None:
                found = self._declared_meanwhile(python_base, name, parent, tuple(declared))
            if found is None:
                check(status, c_names | _CLASS_NAMES)
                found = self._class_made(out.value, name, parent, tuple(declared), python_base)
        finally:
            with self._lock:
                self._in_progress.remove(declaration)
                if holder and python_base is not None:
                    self._creating = None
        layer_class: LayerClass[Any] = found
        if strict_flag is not None:
            layer_class.strict = strict_flag
        if display is not None:
            layer_class.display = display
        return layer_class

    def _class_made(
        self,
        handle: int,
        name: str,
        parent: LayerClass[Any],
        declared: Tuple[str, ...],
        python_base: Optional[Type[Layer]],
    ) -> LayerClass[Any]:
        """The LayerClass of the class ``handle`` the library made: the one a racing thread
        stored first, else a new one (its property table built)."""
        made: LayerClass[Any] = LayerClass(self, handle, name, parent, declared, python_base)
        made._build_table()
        with self._lock:
            self._made_for.setdefault(handle, python_base)
            return self._classes.setdefault(handle, made)

    def _class_being_declared(self, handle: int) -> Optional[LayerClass[Any]]:
        """The class ``handle`` when a declaration in progress (another thread's, between the
        library making the class and its LayerClass being stored) made it: the LayerClass that
        declaration stores, built here from it; else None. [INFERRED] Of declarations in
        progress under one name, the class is the first's: the library refuses the others
        (an identical one then takes it, `_declared_meanwhile`)."""
        with self._lock:
            pending = list(self._in_progress)
        for declaration in pending:
            out = _capi.ac_class()
            name = key_bytes(declaration.name, "name")
            found = _lib.ac_class_find(engine_ptr(self), name, _byref(out))
            if found == _capi.AC_OK and out.value == handle:
                return self._class_made(
                    handle,
                    declaration.name,
                    declaration.parent,
                    declaration.declared,
                    declaration.python_base,
                )
        return None

    def _declared_meanwhile(
        self,
        declaration: Type[Layer],
        name: str,
        parent: LayerClass[Any],
        declared: Tuple[str, ...],
    ) -> Optional[LayerClass[Any]]:
        """When the library refused to make ``declaration``'s class because another thread
        made it first, that class; else None (the refusal stands). Only a callback holding the
        library's lock and the `_declaring` holder race so (see `__init__`): the class named
        alike is the declaration's when it was made for it, or, not yet recorded, when the
        holder is declaring it. [INFERRED] An unrecorded class is taken as the holder's: only
        another class given the same name at the same moment (through the C API, or a name
        declared twice) could differ."""
        out = _capi.ac_class()
        status = _lib.ac_class_find(engine_ptr(self), key_bytes(name, "name"), _byref(out))
        if status != _capi.AC_OK:
            return None
        with self._lock:
            made_for = self._made_for.get(out.value, self._creating)
            known = self._classes.get(out.value)
        if made_for is not declaration:
            return None
        if known is not None:
            return known
        return self._class_made(out.value, name, parent, declared, declaration)

    @overload
    def layer(self, layer_class: None = None, /, **values: Any) -> Layer: ...
    @overload
    def layer(self, layer_class: "LayerClass[L]", /, **values: Any) -> L: ...
    @overload
    def layer(self, layer_class: Type[L], /, **values: Any) -> L: ...

    def layer(
        self, layer_class: Union["LayerClass[Any]", Type[Layer], None] = None, /, **values: Any
    ) -> Layer:
        """A new layer of ``layer_class`` (default the built-in class; a class declaration is
        declared in this engine first), every property at its default but the ``values``
        given (attribute names). It needs no display until asked and its first values never
        animate (a layer is committed by the first tick after it is made).

        C: ac_layer_create()."""
        if isinstance(layer_class, type):
            layer_class = self._declare_type(layer_class)
        cls = layer_class if layer_class is not None else self.base_class
        if not isinstance(cls, LayerClass):
            raise TypeError(
                f"layer_class must be a LayerClass, a Layer subclass or None, not "
                f"{type(cls).__name__}"
            )
        if cls._engine is not self:
            raise BadHandleError("layer_class is a LayerClass of another engine")
        out = _capi.ac_layer()
        check(_lib.ac_layer_create(engine_ptr(self), cls._handle, _byref(out)))
        layer = Layer._adopt(self, out.value, cls, True)
        with self._lock:
            self._wrappers[out.value] = layer
        for attribute, value in values.items():
            if attribute not in cls._attrs:
                raise AttributeError(layer._unknown(attribute))
            setattr(layer, attribute, value)
        return layer

    def batch(self, layers: Iterable[Layer]) -> LayerBatch:
        """A :class:`LayerBatch` of ``layers`` for reading one key or several of all of them per
        call, or setting one key on all of them.

        C: ac_layers_get_presentation(), ac_layers_get_presentation_table(), ac_layers_set_value()."""
        return LayerBatch(self, layers)

    def render_list(self) -> RenderList:
        """A new :class:`RenderList` of this engine: fill it from a root each frame to get the
        visible layers in draw order (a NumPy structured array) and what changed since the
        previous fill. Close it (or use it in a ``with`` block) when done; the engine's close
        destroys it too.

        C: ac_render_list_create()."""
        return RenderList(self)

    def presentation_batch(self, layers: Iterable[Layer], key: str) -> Any:
        """The presentation value of ``key`` for every layer in one call (see
        :class:`LayerBatch`; keep a batch to read every frame).

        C: ac_layers_get_presentation()."""
        return LayerBatch(self, layers).presentation(key)

    def _class_of(self, handle: int) -> LayerClass[Any]:
        """The LayerClass of a class handle the library gave."""
        cls = self._classes.get(handle)  # (one lookup: atomic, no lock on the wrapping path)
        if cls is None and handle < len(BuiltInClass):  # a built-in class not asked for yet
            return self.builtin_class(BuiltInClass(handle))
        if cls is None:  # declared on another thread this moment
            cls = self._class_being_declared(handle)
        if cls is None:  # made through the raw API
            with self._lock:
                cls = self._classes.setdefault(
                    handle, LayerClass(self, handle, f"class {handle:#x}", None, ())
                )
        return cls

    def _wrap(self, handle: int) -> DynamicLayer:
        """The one Python object of a layer handle given by the library (it takes a reference
        of its own; a stale handle gives a dead wrapper whose calls raise BadHandleError).

        No Python lock is held while the library is called: a callback the library runs with
        its own lock held (an action) may need this method on another thread."""
        layer = self._wrappers.get(handle)
        if layer is not None:
            return layer  # type: ignore[return-value]  # DynamicLayer is Layer
        ptr = self._ptr
        owned = ptr is not None and _lib.ac_layer_retain(ptr, handle) == _capi.AC_OK
        cls = self.base_class
        if owned:
            out = _capi.ac_class()
            if _lib.ac_layer_class(ptr, handle, _byref(out)) == _capi.AC_OK:
                cls = self._class_of(out.value)
                cls._ensure_table(handle)
        with self._lock:
            existing = self._wrappers.get(handle)
            if existing is None:
                layer = Layer._adopt(self, handle, cls, owned)
                if owned:
                    self._wrappers[handle] = layer
                return layer  # type: ignore[return-value]
        if owned:  # another thread made one meanwhile: give our reference back
            _lib.ac_layer_release(ptr, handle)
        return existing  # type: ignore[return-value]
