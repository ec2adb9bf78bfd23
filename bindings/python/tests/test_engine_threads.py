"""Real Python threads on one engine: layers made, changed, animated and read from several
threads while another ticks; callbacks run on the ticking thread; nothing is lost and every
registration ends once."""

from __future__ import annotations

import threading
from typing import Any, Dict, List

import animcore
from _frames import approx, frame
from _scripts import run_script
from animcore import BasicAnimation, DynamicLayer, Engine, Layer

THREADS = 4
LAYERS_PER_THREAD = 50


def test_threads_make_change_and_read_layers_while_one_ticks() -> None:
    start_count = animcore._callbacks.registered_count()
    engine = Engine()
    Gauge = engine.layer_class("Gauge", {"level": 0.0}, needs_display={"level"})
    displayed: Dict[int, int] = {}
    display_threads = set()

    def display(layer: Layer) -> None:
        displayed[layer.handle] = displayed.get(layer.handle, 0) + 1
        display_threads.add(threading.get_ident())

    Gauge.display = display
    root = engine.layer()
    made: List[List[DynamicLayer]] = [[] for _ in range(THREADS)]
    stops: List[bool] = []
    stops_lock = threading.Lock()
    errors: List[BaseException] = []
    barrier = threading.Barrier(THREADS + 1)
    done = threading.Event()

    def on_stop(layer: Layer, key: object, finished: bool) -> None:
        with stops_lock:
            stops.append(finished)

    def worker(index: int) -> None:
        try:
            barrier.wait()
            for n in range(LAYERS_PER_THREAD):
                layer = Gauge(level=float(n), position=(index, n))
                root.add_sublayer(layer)
                layer.add_animation(
                    BasicAnimation(
                        "opacity", from_value=0, to_value=1, duration=0.05, on_stop=on_stop
                    ),
                    key="fade",
                )
                layer.level = n + 0.5
                assert layer.level == n + 0.5 and layer.position == (index, n)
                assert layer.superlayer is root
                made[index].append(layer)
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    def ticker() -> None:
        k = 0
        barrier.wait()
        while not done.is_set():
            k += 1
            engine.tick(frame(k))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    ticking = threading.Thread(target=ticker)
    for thread in threads + [ticking]:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    ticking.join()
    assert errors == []
    assert len(root.sublayers) == THREADS * LAYERS_PER_THREAD
    # Let every animation end: each copy stops exactly once, finished.
    last = engine.current_time
    for k in range(1, 20):
        engine.tick(last + 0.1 + k / 60)
    assert len(stops) == THREADS * LAYERS_PER_THREAD and all(stops)
    for index in range(THREADS):
        for n, layer in enumerate(made[index]):
            assert layer.level == n + 0.5
            assert layer.presentation.level == n + 0.5
            assert displayed.get(layer.handle, 0) >= 1
    assert display_threads <= {ticking.ident, threading.get_ident()}
    engine.close()
    assert animcore._callbacks.registered_count() == start_count


def test_one_wrapper_per_layer_across_threads(engine: Engine) -> None:
    root = engine.layer()
    for _ in range(20):
        root.add_sublayer(engine.layer())
    seen: List[List[Layer]] = []

    def read() -> None:
        seen.append(list(root.sublayers))

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for column in zip(*seen):
        assert all(layer is column[0] for layer in column)


def test_batch_reads_while_another_thread_animates(engine: Engine) -> None:
    layers = [engine.layer() for _ in range(100)]
    batch = engine.batch(layers)
    stop = threading.Event()

    def animate() -> None:
        while not stop.is_set():
            for layer in layers[:10]:
                layer.add_animation(
                    BasicAnimation("opacity", from_value=0.5, to_value=0.5, duration=1), "o"
                )

    thread = threading.Thread(target=animate)
    thread.start()
    try:
        for k in range(50):
            engine.tick(frame(k))
            values = batch.presentation("opacity")
            assert all(v in (0.5, 1.0) for v in list(values))
    finally:
        stop.set()
        thread.join()
    engine.tick(frame(200))
    assert list(batch.presentation("opacity"))[50:] == approx([1.0] * 50)


# A process whose first thread other than the main one is started inside a callback: the engine
# was entered (and its lock held) plainly while the process had one thread, and the calls after
# the change take the locked path. It needs a process of its own (pytest's may have threads).
FIRST_THREAD_SCRIPT = r"""
import threading
import animcore
from animcore import Engine

assert threading.active_count() == 1, "the process has threads already"
start_count = animcore._callbacks.registered_count()
engine = Engine()
Gauge = engine.layer_class("Gauge", {"level": 0.0}, needs_display={"level"})
seen = []

def read_from_a_thread() -> None:
    seen.append((engine.current_time, layer.level))

def display(shown) -> None:
    worker = threading.Thread(target=read_from_a_thread)
    worker.start()
    worker.join()

Gauge.display = display
layer = Gauge(level=2.0)
engine.tick(1.0)
layer.level = 3.0
engine.tick(2.0)
for n in range(1000):
    layer.level = float(n)
assert layer.level == 999.0
engine.close()
# Displayed at both ticks (the level given at creation asks for it): the first made the thread.
assert seen == [(1.0, 2.0), (2.0, 3.0)], seen
assert animcore._callbacks.registered_count() == start_count
print("ok")
"""


def test_first_thread_started_inside_a_callback() -> None:
    run_script(FIRST_THREAD_SCRIPT, timeout=120)


# An action callback runs holding the library's lock. Another thread declaring a class waits
# for that lock inside ac_class_create; the callback then declares one too. Neither may wait
# for the other, and each gets its own class (or, for the same declaration, the same one).
DECLARE_IN_ACTION_SCRIPT = r"""
import threading, time
from animcore import Engine, Layer, Property

class Inside(Layer):
    level = Property(0.0)

class Outside(Layer):
    level = Property(0.0)

class Both(Layer):
    level = Property(0.0)

with Engine() as engine:
    layer = engine.layer()
    engine.tick(0)
    in_action = threading.Event()
    made = {}

    def action(target, key):
        if key == "opacity":
            in_action.set()
            time.sleep(0.3)  # the other thread is now waiting for the library's lock
            made["inside"] = engine.layer(Inside).layer_class
            made["both inside"] = engine.layer(Both).layer_class
        return None

    def outside():
        in_action.wait()
        made["both outside"] = engine.layer(Both).layer_class
        made["outside"] = engine.layer(Outside).layer_class

    layer.set_delegate(action=action)
    thread = threading.Thread(target=outside)
    thread.start()
    layer.opacity = 0.5
    thread.join()
    assert made["inside"].name == "Inside" and made["outside"].name == "Outside", made
    assert made["both inside"] is made["both outside"], made
    assert engine.layer_class(Both) is made["both inside"]
    assert engine.layer(Both).level == 0.0
print("ok")
"""


def test_a_class_declared_in_an_action_while_another_thread_declares() -> None:
    run_script(DECLARE_IN_ACTION_SCRIPT)


def test_class_named_while_another_thread_is_declaring_it(engine: Engine) -> None:
    # The declaring thread is held after the library made the class and before its LayerClass
    # is stored (white box: `Engine._class_made` is where it is stored); class_named on another
    # thread meanwhile answers the LayerClass the declaration then answers too.
    made = threading.Event()
    found = threading.Event()
    declaring = threading.current_thread()
    store = engine._class_made

    def held(*args: Any) -> Any:
        if threading.current_thread() is declaring:
            made.set()
            assert found.wait(10), "the other thread did not find the class"
        return store(*args)

    engine._class_made = held  # type: ignore[method-assign]
    answers: Dict[str, Any] = {}

    def look_up() -> None:
        assert made.wait(10)
        try:
            answers["named"] = engine.class_named("Racer")
        finally:
            found.set()

    thread = threading.Thread(target=look_up)
    thread.start()
    racer = engine.layer_class("Racer", {"level": 0.0})
    thread.join()
    assert answers["named"] is racer
    assert racer.name == "Racer"
    assert engine.layer(racer).level == 0.0


def test_threads_closing_one_engine_at_once_close_it_once() -> None:
    stops: List[bool] = []
    for _ in range(20):
        engine = Engine()
        layer = engine.layer()
        engine.tick(0)
        animation = BasicAnimation(
            "opacity", to_value=0.0, duration=10, on_stop=lambda layer, key, finished: stops.append(finished)
        )
        layer.add_animation(animation)
        engine.tick(0.1)
        barrier = threading.Barrier(4)
        errors: List[BaseException] = []

        def close() -> None:
            barrier.wait()
            try:
                engine.close()
            except BaseException as error:  # any error fails the test below
                errors.append(error)

        threads = [threading.Thread(target=close) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [] and engine.closed
    assert stops == [False] * 20, "each engine's animation stopped once, unfinished"
