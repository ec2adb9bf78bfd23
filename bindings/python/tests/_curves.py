"""Reference curves the keyframe and path tests compute expected values with (plain Python,
independent of the engine): key-time segments, Kochanek–Bartels splines, bezier points,
tangents and arc lengths."""

from __future__ import annotations

import math
from typing import Callable, List, Optional, Sequence, Tuple

Pt = Tuple[float, float]


def lerp(a: float, b: float, s: float) -> float:
    return a + (b - a) * s


def even_key_times(n: int) -> List[float]:
    """i / (n - 1): linear and cubic spacing of n keyframes."""
    return [i / (n - 1) for i in range(n)]


def segment(key_times: Sequence[float], p: float) -> Tuple[int, float]:
    """(i, s): the segment key_times[i] <= p < key_times[i + 1] (the last one at p = 1) and the
    fraction of it reached."""
    last = len(key_times) - 2
    i = 0
    while i < last and p >= key_times[i + 1]:
        i += 1
    span = key_times[i + 1] - key_times[i]
    return i, (p - key_times[i]) / span if span > 0 else 1.0


def linear_keyframes(
    values: Sequence[float],
    p: float,
    key_times: Optional[Sequence[float]] = None,
    functions: Sequence[Callable[[float], float]] = (),
) -> float:
    """The linear mode at eased progress p."""
    times = key_times if key_times is not None else even_key_times(len(values))
    i, s = segment(times, p)
    if i < len(functions):
        s = functions[i](s)
    return lerp(values[i], values[i + 1], s)


def discrete_keyframes(
    values: Sequence[float], p: float, key_times: Optional[Sequence[float]] = None
) -> float:
    """The discrete mode: n values, n + 1 key times (default i / n); the last value holds."""
    n = len(values)
    times = key_times if key_times is not None else [i / n for i in range(n + 1)]
    index = 0
    for i in range(n):
        if p >= times[i]:
            index = i
    return values[index]


def kochanek_bartels(
    values: Sequence[float],
    p: float,
    tension: Sequence[float] = (),
    continuity: Sequence[float] = (),
    bias: Sequence[float] = (),
) -> float:
    """The cubic mode at progress p with evenly spaced key times: Kochanek–Bartels tangents
    (missing parameters 0), end values duplicated, cubic Hermite segments."""
    n = len(values)

    def at(i: int) -> float:
        return values[min(max(i, 0), n - 1)]

    def parameter(seq: Sequence[float], i: int) -> float:
        return seq[i] if i < len(seq) else 0.0

    def outgoing(i: int) -> float:
        t, c, b = parameter(tension, i), parameter(continuity, i), parameter(bias, i)
        return (1 - t) * (1 + b) * (1 + c) / 2 * (at(i) - at(i - 1)) + (1 - t) * (1 - b) * (
            1 - c
        ) / 2 * (at(i + 1) - at(i))

    def incoming(i: int) -> float:
        t, c, b = parameter(tension, i), parameter(continuity, i), parameter(bias, i)
        return (1 - t) * (1 + b) * (1 - c) / 2 * (at(i) - at(i - 1)) + (1 - t) * (1 - b) * (
            1 + c
        ) / 2 * (at(i + 1) - at(i))

    i, s = segment(even_key_times(n), p)
    h00 = 2 * s**3 - 3 * s**2 + 1
    h10 = s**3 - 2 * s**2 + s
    h01 = -2 * s**3 + 3 * s**2
    h11 = s**3 - s**2
    return h00 * at(i) + h10 * outgoing(i) + h01 * at(i + 1) + h11 * incoming(i + 1)


def cubic_bezier(p0: Pt, p1: Pt, p2: Pt, p3: Pt, u: float) -> Pt:
    """B(u) of the cubic bezier p0 p1 p2 p3."""
    a, b, c, d = (1 - u) ** 3, 3 * (1 - u) ** 2 * u, 3 * (1 - u) * u**2, u**3
    return (
        a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
        a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
    )


def cubic_bezier_tangent(p0: Pt, p1: Pt, p2: Pt, p3: Pt, u: float) -> Pt:
    """B'(u)."""
    a, b, c = 3 * (1 - u) ** 2, 6 * (1 - u) * u, 3 * u**2
    return (
        a * (p1[0] - p0[0]) + b * (p2[0] - p1[0]) + c * (p3[0] - p2[0]),
        a * (p1[1] - p0[1]) + b * (p2[1] - p1[1]) + c * (p3[1] - p2[1]),
    )


def quad_bezier(p0: Pt, p1: Pt, p2: Pt, u: float) -> Pt:
    """B(u) of the quadratic bezier p0 p1 p2."""
    a, b, c = (1 - u) ** 2, 2 * (1 - u) * u, u**2
    return (a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1])


def tangent_angle(tangent: Pt) -> float:
    return math.atan2(tangent[1], tangent[0])


def point_at_length(curve: Callable[[float], Pt], fraction: float, samples: int = 20000) -> Pt:
    """The point of ``curve`` (u in [0, 1]) at ``fraction`` of its arc length, by a fine
    polyline."""
    points = [curve(i / samples) for i in range(samples + 1)]
    lengths = [0.0]
    for a, b in zip(points, points[1:]):
        lengths.append(lengths[-1] + math.dist(a, b))
    target = fraction * lengths[-1]
    for i in range(samples):
        if lengths[i + 1] >= target:
            span = lengths[i + 1] - lengths[i]
            t = (target - lengths[i]) / span if span > 0 else 0.0
            a, b = points[i], points[i + 1]
            return (lerp(a[0], b[0], t), lerp(a[1], b[1], t))
    return points[-1]


def angle_difference(a: float, b: float) -> float:
    """|a - b| modulo a full turn, in [0, pi]."""
    d = math.fmod(a - b, 2 * math.pi)
    if d < 0:
        d += 2 * math.pi
    return min(d, 2 * math.pi - d)
