"""Time spaces: chains of layers, nested timings (groups) and TimeTree (convertTime), with the
worked examples T16-T21, T24 and T25 of the reference (section 9.1)."""

from __future__ import annotations

import math
import random
from typing import List, Optional

import pytest

from animcore import (
    BasicAnimation,
    Engine,
    Phase,
    TimeTree,
    Timing,
    chain_evaluate,
    convert_time_chain_to_absolute,
    convert_time_chain_to_local,
)

TOL = 1e-9


def approx(value: float, tolerance: float = TOL) -> object:
    return pytest.approx(value, abs=tolerance)


# ---- layer chains --------------------------------------------------------------------------------


def test_T16_paused_layer_scrubs_its_animations() -> None:
    layer = Timing.layer(speed=0.0, time_offset=0.3)
    animation = Timing.animation(duration=1.0)  # added while paused: begin 0 in layer time
    for wall in (0.0, 3.0, 1234.5):
        local = convert_time_chain_to_local([layer], wall)
        assert local == approx(0.3)
        assert animation.progress(local) == approx(0.3)
        assert chain_evaluate([layer, animation], wall).progress == approx(0.3)


def test_T17_pause_and_resume_recipe() -> None:
    layer = Timing.layer()
    # pause at media time 100
    paused_at = convert_time_chain_to_local([layer], 100.0)
    layer = layer.replace(speed=0.0, time_offset=paused_at)
    assert convert_time_chain_to_local([layer], 103.0) == approx(100.0)
    # resume at media time 105: speed 1, offset 0, begin 0, then begin = local(now) - paused
    paused = layer.time_offset
    layer = Timing.layer(speed=1.0, time_offset=0.0, begin_time=0.0)
    layer = layer.replace(begin_time=convert_time_chain_to_local([layer], 105.0) - paused)
    assert layer.begin_time == approx(5.0)
    assert convert_time_chain_to_local([layer], 105.0) == approx(100.0)
    assert convert_time_chain_to_local([layer], 106.0) == approx(101.0)


def test_T18_speeds_multiply_down_the_tree() -> None:
    chain = [Timing.layer(speed=2.0), Timing.layer(speed=1.5)]
    animation = Timing.animation(duration=3.0)
    assert convert_time_chain_to_absolute(chain, animation.end_time) == approx(1.0)
    assert animation.evaluate(convert_time_chain_to_local(chain, 0.999)).phase is Phase.ACTIVE
    assert animation.evaluate(convert_time_chain_to_local(chain, 1.0)).phase is Phase.AFTER


def test_T19_layer_speed_shortens_an_animation() -> None:
    animation = Timing.animation(duration=10.0)
    layer = Timing.layer(speed=2.0)
    assert convert_time_chain_to_absolute([layer], animation.end_time) == approx(5.0)
    superlayer = Timing.layer(speed=2.0)
    assert convert_time_chain_to_absolute([superlayer, layer], animation.end_time) == approx(2.5)


ROOT = Timing.layer()
MID = Timing.layer(begin_time=2.0, speed=3.0, time_offset=0.25)
LEAF = Timing.layer(begin_time=1.0, speed=2.0, time_offset=0.5)
ROOT_I, MID_I, LEAF_I = 0, 1, 2


@pytest.fixture
def tree() -> TimeTree:
    return TimeTree([ROOT, MID, LEAF], [None, ROOT_I, MID_I])


@pytest.mark.parametrize(
    "description,from_node,to_node,expected",
    [
        ("leaf.convertTime(10, from: mid)", MID_I, LEAF_I, 18.5),
        ("leaf.convertTime(10, from: root)", ROOT_I, LEAF_I, 47.0),
        ("leaf.convertTime(10, to: mid)", LEAF_I, MID_I, 5.75),
        ("leaf.convertTime(10, to: root)", LEAF_I, ROOT_I, 23 / 6),
        ("leaf.convertTime(10, to: nil)", LEAF_I, None, 23 / 6),
        ("leaf.convertTime(10, from: nil)", None, LEAF_I, 47.0),
    ],
)
def test_T20_convert_time(
    tree: TimeTree,
    description: str,
    from_node: Optional[int],
    to_node: Optional[int],
    expected: float,
) -> None:
    assert tree.convert(10.0, from_node, to_node) == approx(expected), description


def test_T20_as_chains() -> None:
    chain = [ROOT, MID, LEAF]
    assert convert_time_chain_to_local(chain, 10.0) == approx(47.0)
    assert convert_time_chain_to_absolute(chain, 10.0) == approx(23 / 6)
    assert convert_time_chain_to_local(chain[1:], 10.0) == approx(47.0)  # root has default timing


def test_T21_single_layer() -> None:
    layer = Timing.layer(begin_time=10.0, speed=2.0, time_offset=1.0)
    tree = TimeTree([Timing.layer(), layer], [None, 0])
    assert tree.convert(20.0, from_node=None, to_node=1) == approx(21.0)
    assert tree.convert(21.0, from_node=1, to_node=None) == approx(20.0)
    assert convert_time_chain_to_local([layer], 20.0) == approx(21.0)
    assert convert_time_chain_to_absolute([layer], 21.0) == approx(20.0)


def test_chain_conversions_ignore_duration_repeat_and_fill() -> None:
    plain = Timing.layer(begin_time=1.0, speed=2.0)
    busy = plain.replace(duration=0.5, repeat_count=2.0, autoreverses=True, fill_mode="both")
    for t in (-3.0, 0.0, 1.25, 40.0):
        assert convert_time_chain_to_local([busy], t) == convert_time_chain_to_local([plain], t)


def test_empty_chain_answers_the_time_given() -> None:
    assert convert_time_chain_to_local([], 12.5) == 12.5
    assert convert_time_chain_to_absolute([], 12.5) == 12.5


def test_chain_round_trips() -> None:
    rng = random.Random(7)
    for _ in range(50):
        chain = [
            Timing.layer(
                begin_time=rng.uniform(-5, 5),
                speed=rng.choice([-1, 1]) * rng.uniform(0.25, 4),
                time_offset=rng.uniform(-3, 3),
            )
            for _ in range(rng.randint(1, 5))
        ]
        t = rng.uniform(-100, 100)
        there = convert_time_chain_to_local(chain, t)
        assert convert_time_chain_to_absolute(chain, there) == pytest.approx(t, abs=1e-9)


# ---- nested timings (groups) ---------------------------------------------------------------------


def test_chain_evaluate_of_one_is_evaluate() -> None:
    timing = Timing.animation(duration=2.0, repeat_count=1.5, autoreverses=True, fill_mode="both")
    for t in (-1.0, 0.0, 0.7, 2.5, 5.9, 6.0, 9.0):
        assert chain_evaluate([timing], t) == timing.evaluate(t)


def test_T24_group_clips_its_child() -> None:
    child = Timing.animation(duration=10.0)
    group = Timing.animation(duration=5.0)
    assert chain_evaluate([group, child], 2.5).progress == approx(0.25)
    held = chain_evaluate([group.replace(fill_mode="forwards"), child], 5.0)
    assert held.in_effect and held.progress == approx(0.5)
    after = chain_evaluate([group, child], 5.0)
    assert not after.in_effect and after.progress is None


def test_T25_group_speed_multiplies_child_speed() -> None:
    group = Timing.animation(duration=10.0, speed=2.0)
    child = Timing.animation(duration=3.0, speed=1.5)
    assert chain_evaluate([group, child], 0.5).progress == approx(0.5)
    assert chain_evaluate([group, child], 0.999).phase is Phase.ACTIVE
    done = chain_evaluate([group, child], 1.0)
    assert done.phase is Phase.AFTER and not done.in_effect


def test_child_of_a_repeating_group_runs_in_its_iteration_time() -> None:
    group = Timing.animation(duration=2.0, repeat_count=3.0)
    child = Timing.animation(duration=2.0)
    assert chain_evaluate([group, child], 4.5).progress == approx(0.25)


def test_not_in_effect_when_an_outer_timing_is_not() -> None:
    group = Timing.animation(duration=1.0, begin_time=5.0)
    child = Timing.animation(duration=1.0, fill_mode="both")
    state = chain_evaluate([group, child], 0.0)
    assert not state.in_effect and state.progress is None


# ---- TimeTree ------------------------------------------------------------------------------------


def test_tree_properties(tree: TimeTree) -> None:
    assert len(tree) == 3
    assert tree.timings == (ROOT, MID, LEAF)
    assert tree.parents == (None, 0, 1)
    assert TimeTree([ROOT, MID], [-1, 0]).parents == (None, 0)
    assert "TimeTree(" in repr(tree)


def test_tree_identity_and_absolute(tree: TimeTree) -> None:
    for node in (None, ROOT_I, MID_I, LEAF_I):
        assert tree.convert(3.25, node, node) == approx(3.25)
    assert tree.convert(3.25) == 3.25


def test_tree_siblings_go_through_the_common_ancestor() -> None:
    a = Timing.layer(begin_time=1.0, speed=2.0)
    b = Timing.layer(time_offset=4.0, speed=0.5)
    parent = Timing.layer(begin_time=-2.0, speed=3.0)
    tree = TimeTree([parent, a, b], [None, 0, 0])
    t = 7.0
    in_parent = convert_time_chain_to_absolute([a], t)  # a's parent time
    expected = convert_time_chain_to_local([b], in_parent)
    assert tree.convert(t, from_node=1, to_node=2) == approx(expected)
    assert tree.convert(tree.convert(t, 1, 2), 2, 1) == approx(t)


def test_tree_matches_chains() -> None:
    rng = random.Random(11)
    timings = [
        Timing.layer(
            begin_time=rng.uniform(-2, 2), speed=rng.uniform(0.5, 3), time_offset=rng.uniform(-1, 1)
        )
        for _ in range(6)
    ]
    parents = [None, 0, 1, 1, 3, None]
    tree = TimeTree(timings, parents)

    def path(node: int) -> List[Timing]:
        nodes = []
        current: Optional[int] = node
        while current is not None:
            nodes.append(timings[current])
            current = parents[current]
        return nodes[::-1]

    for node in range(6):
        assert tree.convert(2.5, None, node) == approx(convert_time_chain_to_local(path(node), 2.5))
        assert tree.convert(2.5, node, None) == approx(
            convert_time_chain_to_absolute(path(node), 2.5)
        )


def test_each_hop_holds_a_layer_time_within_the_time_limit() -> None:
    # 60 layers at the largest speed would pass the largest double, and a paused layer below
    # make inf * 0 = NaN; a speed near 0 on the way up would overflow too.
    fast = [Timing.layer(speed=1e6)] * 60
    assert convert_time_chain_to_local(fast, 1.0) == 1e15
    assert convert_time_chain_to_local(fast + [Timing.layer(speed=0.0, time_offset=2.0)], 1.0) == 2.0
    crawl = [Timing.layer(speed=1e-300)] * 2
    assert convert_time_chain_to_absolute(crawl, -1.0) == -1e15


def test_nested_speeds_leave_layers_finite() -> None:
    with Engine() as engine:
        root = engine.layer()
        parent = root
        for _ in range(60):
            child = engine.layer(speed=1e6)
            parent.add_sublayer(child)
            parent = child
        paused = engine.layer(speed=0.0)
        parent.add_sublayer(paused)
        engine.tick(0.0)
        for layer in (parent, paused):
            layer.add_animation(
                BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=0.25, repeat_count=math.inf)
            )
        engine.tick(1.0)
        assert parent.local_time == 1e15
        assert paused.local_time == 0.0
        assert math.isfinite(parent.presentation.opacity)
        assert math.isfinite(paused.presentation.opacity)
