"""The binding's own stress test (issue 35): seeded random programs over the public Python API,
run the way careless and hostile programs use it — engines closed inside callbacks, layers and
engines dropped while animating, callbacks that raise, re-enter or close, hostile numbers,
springs at the edges of the double range, groups of shared children far past the size limit —
checking after every step:

- exceptions are never lost: every exception a callback raised is raised by the call that ran
  it, exactly once (inside CallbackError, nested ones included), none reaches
  ``sys.unraisablehook``, and nothing stays recorded;
- refused calls change nothing (when no callback ran: a callback may change things on purpose);
- every refusal takes bounded time (``REFUSAL_LIMIT_S``);
- presentation values and velocities are finite for every accepted parameter;
- nothing is held: after each program every engine it made is freed (closed or not) and the
  callback registrations are back where they were; over a long run the process's resident
  memory stays flat.

``make test`` runs it for a few seconds (``ANIMCORE_STRESS_SECONDS``, default 3);
``make stress-python`` for longer (``STRESS_SECONDS``, default 60). Programs are numbered from
``ANIMCORE_STRESS_SEED`` (default 35); a failure names its seed, and
``ANIMCORE_STRESS_SEED=<seed>`` runs that program first. Python's ``random`` only.
"""

from __future__ import annotations

import gc
import math
import os
import random
import sys
import time
import weakref
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

import animcore as ac
from animcore import _callbacks

SECONDS = float(os.environ.get("ANIMCORE_STRESS_SECONDS", "3"))
FIRST_SEED = int(os.environ.get("ANIMCORE_STRESS_SEED", "35"))
STEPS = 150  # per program
REFUSAL_LIMIT_S = 0.5
# Steps of several calls, where a refusal may come after calls that did change things (a
# transaction block whose second change is refused has begun, registered its completion and
# made its first change): only single calls must change nothing when refused.
COMPOSITE = {"new_engine", "close_or_drop", "new_layer", "block"}
KEYS = ("opacity", "position", "v")


class Token(Exception):
    """What a hostile callback raises: its number, to find it again."""


def tokens_in(error: Optional[BaseException]) -> List[int]:
    """The tokens an exception carries, through nested CallbackErrors."""
    if isinstance(error, Token):
        return [int(error.args[0])]
    if isinstance(error, ac.CallbackError):
        return [token for inner in error.errors for token in tokens_in(inner)]
    return []


def leaves(error: BaseException) -> List[BaseException]:
    """The exceptions inside nested CallbackErrors (the error itself otherwise)."""
    if isinstance(error, ac.CallbackError):
        return [leaf for inner in error.errors for leaf in leaves(inner)]
    return [error]


def is_refusal(error: Optional[BaseException]) -> bool:
    """A refused call: a library status or a wrong Python type or value, no callback's error."""
    return isinstance(error, (ac.AnimcoreError, TypeError, ValueError, AttributeError))


def resident_bytes() -> int:
    """The process's resident memory (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


class Program:
    """One seeded random program: up to three engines of a few layers each."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.world: List[Tuple[ac.Engine, List[Any]]] = []
        self.made: List["weakref.ref[ac.Engine]"] = []
        self.clock: Dict[int, float] = {}
        self.raised: List[int] = []
        self.callbacks_run = 0
        self.depth = 0
        self.numbers = iter(range(1, 1 << 30))
        self.log: List[str] = []
        # Layers with an animation in their actions table, and whether this step changed one:
        # such a change runs the table's animation, which may fail after the value changed
        # (the header's rule for a failing action), so its refusal is not a refused call.
        self.with_table_action: "weakref.WeakSet[Any]" = weakref.WeakSet()
        self.ran_table_action = False

    # ---- values ------------------------------------------------------------------------------

    def number(self, scale: float = 100.0, huge: bool = True) -> float:
        """Mostly an ordinary number; now and then NaN, an infinity, a negative, a zero or an
        extreme (``huge``: 1e300 too)."""
        r = self.rng
        if r.random() < 0.08:
            extremes = [math.nan, math.inf, -math.inf, -1.0, 0.0, 1e-300]
            return r.choice(extremes + [1e300, -1e300] if huge else extremes)
        return r.uniform(-scale, scale)

    def magnitude(self) -> float:
        """A positive number from 1e-300 to 1e300 (log-uniform), or an ordinary one."""
        r = self.rng
        return 10 ** r.uniform(-300, 300) if r.random() < 0.5 else r.uniform(0.01, 200)

    def spring(self) -> ac.Spring:
        r = self.rng
        return ac.Spring(
            mass=self.magnitude() if r.random() < 0.5 else 1.0,
            stiffness=self.magnitude(),
            damping=self.magnitude() if r.random() < 0.8 else 0.0,
            initial_velocity=r.uniform(-50, 50),
            allows_overdamping=r.random() < 0.5,
        )

    def value(self, key: str) -> Any:
        """A value for ``key``, hostile now and then. Never near the double range's end: a
        distance of 1e300 moved by a spring of natural frequency 1e150 has a velocity beyond
        it (inf, rightly), where these checks ask for finite velocities."""
        if key == "position":
            return (self.number(1e4, huge=False), self.number(1e4, huge=False))
        if self.rng.random() < 0.03:
            return self.rng.choice(["x", None, (1, 2, 3)])
        return self.number(1.0 if key == "opacity" else 1e4, huge=False)

    # ---- world -------------------------------------------------------------------------------

    def engine(self) -> Optional[ac.Engine]:
        live = [engine for engine, _ in self.world if not engine.closed]
        return self.rng.choice(live) if live else None

    def layers_of(self, engine: ac.Engine) -> List[Any]:
        for item, layers in self.world:
            if item is engine:
                return layers
        return []

    def layer(self) -> Optional[Any]:
        engine = self.engine()
        layers = self.layers_of(engine) if engine is not None else []
        return self.rng.choice(layers) if layers else None

    def callback(self, engine: ac.Engine, answers: bool = False) -> Callable[..., Any]:
        """A hostile callback: quiet, raising, closing its engine, re-entering, or both."""
        behaviour = self.rng.choice(["quiet", "quiet", "raise", "close", "reenter", "close+raise"])
        number = next(self.numbers)
        program_ref = weakref.ref(self)
        engine_ref = weakref.ref(engine)

        def run(*arguments: Any) -> Any:
            program, target = program_ref(), engine_ref()
            if program is None or target is None:
                return None
            program.callbacks_run += 1
            if "close" in behaviour and program.rng.random() < 0.5:
                target.close()
            if behaviour == "reenter" and program.depth < 2:
                program.depth += 1
                try:
                    program.rng.choice(program.reentries)()
                finally:
                    program.depth -= 1
            if "raise" in behaviour:
                program.raised.append(number)
                raise Token(number)
            if answers and program.rng.random() < 0.3:
                return program.rng.choice([ac.NO_ACTION, program.animation()])
            return None

        return run

    # ---- animations --------------------------------------------------------------------------

    def timing(self) -> Dict[str, Any]:
        r = self.rng
        timing: Dict[str, Any] = {"duration": abs(self.number(2.0)) if r.random() < 0.9 else -1.0}
        if r.random() < 0.2:
            timing["speed"] = r.choice([0.0, 0.5, 2.0, 1e6, math.nan])
        if r.random() < 0.2:
            timing["repeat_count"] = r.choice([2.0, 0.5, math.inf, -1.0])
        if r.random() < 0.2:
            timing["autoreverses"] = True
        if r.random() < 0.2:
            timing["fill_mode"] = r.choice(["forwards", "backwards", "both", "sideways"])
        return timing

    def animation(self) -> ac.Animation:
        r = self.rng
        kind = r.choice(["basic", "basic", "spring", "decay", "keyframe", "group", "wide"])
        key = r.choice(KEYS)
        if kind == "basic":
            return ac.BasicAnimation(key, to_value=self.value(key), **self.timing())
        if kind == "spring":
            return ac.SpringAnimation(key, to_value=self.value(key), spring=self.spring())
        if kind == "decay":
            scalar = key != "position"
            velocity = r.uniform(-1e3, 1e3) if scalar else (r.uniform(-1e3, 1e3), 0.0)
            bound = r.uniform(-10, 10) if scalar else ac.Point(r.uniform(-10, 10), 0.0)
            return ac.DecayAnimation(
                key, velocity=velocity, upper_bound=bound if r.random() < 0.5 else None,
                bound_spring=self.spring(),
            )
        if kind == "keyframe":
            values = [self.value(key) for _ in range(r.randint(0, 4))]
            return ac.KeyframeAnimation(key, values=values, **self.timing())
        if kind == "group":
            children = [self.animation() for _ in range(r.randint(0, 3))] if self.depth < 2 else []
            return ac.AnimationGroup(children, **self.timing())
        node: ac.Animation = ac.BasicAnimation("opacity", to_value=0.5, duration=1.0)
        for _ in range(r.randint(8, 16)):  # shared children: width^levels animations
            node = ac.AnimationGroup([node] * r.randint(2, 8), duration=1.0)
        return node

    # ---- steps -------------------------------------------------------------------------------

    def new_engine(self) -> None:
        if len(self.world) >= 3:
            return
        r = self.rng
        engine = ac.Engine(
            default_duration=0.25 if r.random() < 0.9 else self.number(1.0),
            global_speed=1.0 if r.random() < 0.9 else self.number(10.0),
        )
        self.made.append(weakref.ref(engine))
        probe = engine.layer_class("Probe", {"v": 0.0}, strict=r.random() < 0.5)
        if r.random() < 0.3:
            probe.default_action = self.callback(engine, answers=True)
        if r.random() < 0.3:
            probe.display = self.callback(engine)
        self.world.append((engine, [probe() for _ in range(r.randint(1, 4))]))
        self.clock[id(engine)] = 0.0

    def close_or_drop(self) -> None:
        if not self.world:
            return
        index = self.rng.randrange(len(self.world))
        if self.rng.random() < 0.5:
            self.world[index][0].close()
        else:
            del self.world[index]  # dropped: the garbage collector destroys it

    def new_layer(self) -> None:
        engine = self.engine()
        if engine is None:
            return
        layers = self.layers_of(engine)
        if len(layers) >= 8:
            layers.pop(self.rng.randrange(len(layers)))  # dropped while it may animate
        layer = engine.layer(engine.base_class if self.rng.random() < 0.3 else None)
        layers.append(layer)
        if self.rng.random() < 0.5:
            layer.set_delegate(display=self.callback(engine))
        if self.rng.random() < 0.5:
            layer.set_delegate(action=self.callback(engine, answers=True))

    def tree(self) -> None:
        a, b = self.layer(), self.layer()
        if a is None or b is None:
            return
        choice = self.rng.randrange(4)
        if choice == 0:
            a.add_sublayer(b)
        elif choice == 1:
            a.insert_sublayer(b, self.rng.randint(-2, 3))
        elif choice == 2:
            b.remove_from_superlayer()
        else:
            a.replace_sublayer(b, self.layer())

    def set_value(self) -> None:
        layer = self.layer()
        if layer is not None:
            key = self.rng.choice(KEYS)
            self.ran_table_action |= layer in self.with_table_action
            layer[key] = self.value(key)

    def batch_set(self) -> None:
        engine = self.engine()
        if engine is None:
            return
        layers = self.layers_of(engine)
        key = self.rng.choice(["opacity", "v"])
        chosen = self.rng.sample(layers, self.rng.randint(0, len(layers)))
        self.ran_table_action |= any(layer in self.with_table_action for layer in chosen)
        engine.batch(chosen).set(key, [self.value(key) for _ in chosen])

    def add_animation(self) -> None:
        layer = self.layer()
        if layer is not None:
            key = self.rng.choice([None, "a", "b"])
            animation = self.animation()
            if self.rng.random() < 0.4:
                animation.on_start = self.callback(layer.engine)
                animation.on_stop = self.callback(layer.engine)
            layer.add_animation(animation, key)

    def remove_animation(self) -> None:
        layer = self.layer()
        if layer is not None:
            if self.rng.random() < 0.5:
                layer.remove_animation(self.rng.choice(["a", "b", "zz"]))
            else:
                layer.remove_all_animations()

    def set_action(self) -> None:
        layer = self.layer()
        if layer is not None:
            action = self.rng.choice([None, ac.NO_ACTION, self.animation()])
            layer.set_action(self.rng.choice(KEYS), action)
            if isinstance(action, ac.Animation):
                self.with_table_action.add(layer)

    def block(self) -> None:
        engine = self.engine()
        if engine is None:
            return
        r = self.rng
        completion = self.callback(engine) if r.random() < 0.6 else None
        spring = self.spring() if r.random() < 0.4 else None
        if r.random() < 0.5:
            scope: Any = engine.transaction(
                duration=abs(self.number(1.0)) if r.random() < 0.5 else None,
                disable_actions=r.random() < 0.2,
                completion=completion,
                spring=spring,
            )
        else:
            scope = engine.animate(
                duration=abs(self.number(1.0)), delay=abs(self.number(0.2)),
                completion=completion, spring=spring,
            )
        with scope:
            for _ in range(r.randint(0, 3)):
                self.set_value()

    def completion(self) -> None:
        engine = self.engine()
        if self.world and self.rng.random() < 0.2:
            engine = self.rng.choice(self.world)[0]  # closed, perhaps: refused
        if engine is not None:
            engine.transaction_state.add_completion(self.callback(engine))

    def misuse(self) -> None:
        engine = self.engine()
        if engine is None:
            return
        choice = self.rng.randrange(4)
        if choice == 0:
            engine.transaction_state.commit()  # none open: refused
        elif choice == 1:
            engine.global_speed = self.number(10.0)
        elif choice == 2:
            engine.transaction_state["animationTimingFunction"] = 1.0
        else:
            engine.flush()

    def tick(self) -> None:
        engine = self.engine()
        if engine is None:
            return
        now = self.clock.get(id(engine), 0.0) + self.rng.choice([-0.2, 0.0, 1 / 60, 0.1, 0.5, 3.0])
        self.clock[id(engine)] = now
        engine.tick(now)

    @property
    def steps(self) -> List[Callable[[], None]]:
        return [
            self.new_engine, self.close_or_drop, self.new_layer, self.new_layer, self.tree,
            self.set_value, self.set_value, self.batch_set, self.add_animation,
            self.add_animation, self.remove_animation, self.set_action, self.block,
            self.completion, self.misuse, self.tick, self.tick, self.tick, self.tick,
        ]

    @property
    def reentries(self) -> List[Callable[[], None]]:
        return [self.set_value, self.batch_set, self.add_animation, self.tick, self.completion]


# ---- the checks ------------------------------------------------------------------------------------


def read(get: Callable[[], Any]) -> Any:
    """``get()``, or the name of the exception it raises (a key a layer never had)."""
    try:
        return get()
    except ac.AnimcoreError as error:
        return type(error).__name__


def snapshot(program: Program) -> List[Any]:
    """What a refused call must leave as it was: each live engine's time, speed and transaction
    values, each layer's model values, animation keys and place in the tree, and the engine's
    callback registrations."""
    state: List[Any] = []
    for engine, layers in program.world:
        if engine.closed:
            state.append("closed")
            continue
        t = engine.transaction_state
        state.append((engine.current_time, engine.global_speed, t.duration, t.disable_actions))
        state.append(len(engine._registrations))
        for layer in layers:
            superlayer = layer.superlayer
            state.append(
                (
                    layer.opacity, tuple(layer.position), read(lambda: layer["v"]),
                    tuple(layer.animation_keys),
                    None if superlayer is None else superlayer.handle, len(layer.sublayers),
                )
            )
    return state


def check_finite(program: Program, where: str) -> None:
    """Presentation values and velocities of every live layer are finite."""
    for engine, layers in program.world:
        if engine.closed:
            continue
        for layer in layers:
            presentation = layer.presentation
            numbers = [
                presentation.opacity, *presentation.position,
                *layer.presentation_velocity("position"), layer.presentation_velocity("opacity"),
            ]
            if layer.layer_class.name == "Probe":
                numbers += [presentation["v"], layer.presentation_velocity("v")]
            if not all(math.isfinite(n) for n in numbers):
                animations = {key: layer.animation(key) for key in layer.animation_keys}
                raise AssertionError(f"{where}: not finite: {numbers} under {animations}")


def run_step(program: Program, index: int, unraisable: List[Any]) -> None:
    """One step and every check of it."""
    step = program.rng.choice(program.steps)
    program.raised.clear()
    program.callbacks_run = 0
    program.ran_table_action = False
    program.log.append(step.__name__)
    gc.disable()  # no engine is freed between the snapshots
    try:
        before = snapshot(program)
        started = time.perf_counter()
        error: Optional[BaseException] = None
        try:
            step()
        except BaseException as caught:  # noqa: BLE001 - judged below
            error = caught
        elapsed = time.perf_counter() - started
        where = f"seed {program.seed}, step {index} ({step.__name__}; {program.log[-8:]})"
        surfaced = tokens_in(error)
        assert sorted(surfaced) == sorted(program.raised), (
            f"{where}: callbacks raised {program.raised}, the call raised {surfaced} ({error!r})"
        )
        assert not _callbacks.pending(), f"{where}: errors left recorded"
        assert not unraisable, f"{where}: an error went to sys.unraisablehook: {unraisable}"
        # A callback's own error is a token, or a refusal of a call it made (re-entering).
        if error is not None and not all(
            isinstance(leaf, Token) or is_refusal(leaf) for leaf in leaves(error)
        ):
            raise AssertionError(f"{where}: unexpected {error!r}") from error
        if is_refusal(error) and program.callbacks_run == 0 and not program.ran_table_action:
            assert elapsed < REFUSAL_LIMIT_S, f"{where}: refused in {elapsed:.3f} s: {error!r}"
            if step.__name__ not in COMPOSITE:
                after = snapshot(program)
                assert after == before, f"{where}: refused ({error!r}) but changed state"
        check_finite(program, where)
    finally:
        gc.enable()


def finish(program: Program) -> None:
    """Closes some engines, raising what their callbacks raise (checked as a step is), and
    leaves the others to the garbage collector."""
    for engine, _ in program.world:
        if program.rng.random() < 0.5:
            program.raised.clear()
            surfaced: List[int] = []
            try:
                engine.close()
            except ac.CallbackError as error:
                surfaced = tokens_in(error)
            assert sorted(surfaced) == sorted(program.raised), f"seed {program.seed}: close"
    assert not _callbacks.pending()


def run_program(seed: int, unraisable: List[Any]) -> None:
    program = Program(seed)
    for index in range(STEPS):
        run_step(program, index, unraisable)
    finish(program)
    made = program.made
    del program
    # Twice: a layer's finalizer holds its engine, so engines go in the round after their layers.
    gc.collect()
    gc.collect()
    alive = sum(ref() is not None for ref in made)
    assert alive == 0, f"seed {seed}: {alive} of {len(made)} engines outlive their program"


@pytest.fixture
def unraisable(monkeypatch: pytest.MonkeyPatch) -> Iterator[List[Any]]:
    seen: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", seen.append)
    yield seen


def test_random_hostile_programs(unraisable: List[Any]) -> None:
    """Programs from FIRST_SEED on, for SECONDS; nothing held after each, memory flat."""
    registrations = _callbacks.registered_count()
    deadline = time.monotonic() + SECONDS
    seed = FIRST_SEED
    samples: List[int] = []
    while time.monotonic() < deadline or seed == FIRST_SEED:
        run_program(seed, unraisable)
        assert _callbacks.registered_count() == registrations, f"seed {seed}: registrations left"
        samples.append(resident_bytes())
        seed += 1
    if SECONDS >= 30 and samples[0]:
        # Flat: the last quarter's peak within 16 MiB of the second quarter's (the first is
        # the allocators' warm-up).
        quarter = max(len(samples) // 4, 1)
        settled, last = max(samples[quarter : 2 * quarter]), max(samples[-quarter:])
        assert last - settled < 16 << 20, f"resident memory grew {settled} -> {last} bytes"
