#!/usr/bin/env python3
"""The live host's test (CTest live_window): the real window under Xvfb, real X input.

It starts an X server (Xvfb, on a display number it picks itself with -displayfd), runs
``live --step --trace --record LOG`` in it and drives it with xdotool, which sends the pointer
through the X server (XTEST) into SDL's event queue, as a mouse would. The fixed clock advances
only on the test's "step N" lines, so every event lands between two known frames:

  1. a press on empty space: the ball springs there ("spring ... retarget=0");
  2. a second press while it moves: the spring is retargeted from the presentation value with
     the presentation velocity; asserted from the traced frames: one frame after the retarget
     the ball's position and velocity are what the new spring's equation of motion gives from
     the last frame's position and velocity (no jump in value or velocity);
  3. a drag on the ball and a release: the throw's velocity must be the pointer's, computed
     here from the positions and frames the test itself sent;
  4. a tap on the thrown ball while the decay still moves it, away from its model position: the
     presentation tree's hit test finds the ball, the model tree's the tray behind it;
  5. a few frames later, the window's picture (xwd) must equal, pixel for pixel, the frame the
     offline renderer draws after replaying the recorded events with the same clock and the
     same compositor (``live --replay LOG --render-offline FRAME OUT.png``), which must also
     print the same gesture lines;
  6. a click on empty space while the throw still moves the ball: the spring takes over the
     decay's motion, checked as in 2.

Exits 77 (CTest's SKIP_RETURN_CODE) with a reason when the display server or the X tools are
missing (scripts/setup.sh installs xvfb, xdotool and x11-apps) or Xvfb does not start.

usage: test_live_window.py LIVE_EXECUTABLE WORK_DIR
"""
from __future__ import annotations

import math
import os
import queue
import re
import select
import shutil
import struct
import subprocess
import sys
import threading
import time
from typing import Literal

SKIP = 77
WAIT_S = 20.0  # the longest wait for any one line of the host (a loaded, shared machine)
FPS = 60
TRAY_MARGIN = 16  # window points between the window's edge and the tray (scene.c)


def skip(reason: str) -> None:
    print(f"SKIP: {reason}")
    sys.exit(SKIP)


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb on a free display (it picks the number and writes it to a pipe)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
        pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        ready, _, _ = select.select([pipe], [], [], WAIT_S)
        number = pipe.readline().strip() if ready else ""
    if not number:
        server.kill()
        error = server.stderr.read().decode(errors="replace") if server.stderr else ""
        skip(f"Xvfb did not start a display: {error.strip()[-300:]}")
    return server, f":{number}"


class Host:
    """The live program, its stdin (the step commands) and its stdout lines (a reader thread)."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: str) -> re.Match[str]:
        """The next line matching pattern (a regular expression); fails after WAIT_S."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None:
                    raise AssertionError(f"live exited ({self.process.returncode}) waiting for {pattern!r}")
                continue
            self.seen.append(line)
            match = re.fullmatch(pattern, line)
            if match:
                return match
        raise AssertionError(f"no line matching {pattern!r} within {WAIT_S} s; last lines:\n"
                             + "\n".join(self.seen[-10:]))

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()


NUMBER = r"(-?[0-9.]+)"
FRAME_LINE = rf"frame {{frame}} t=\S+ ball=\({NUMBER},{NUMBER}\) velocity=\({NUMBER},{NUMBER}\)"


class Session:
    """The scripted user: steps the clock, moves the pointer, reads the host's answers."""

    def __init__(self, host: Host, window: str, env: dict[str, str]) -> None:
        self.host, self.window, self.env = host, window, env
        self.frame = 0  # the frame the host draws next
        self.pointer: tuple[int, int] | None = None  # where the pointer is (window points)
        self.traced: dict[int, tuple[float, float, float, float]] = {}

    def step(self, frames: int) -> tuple[float, float, float, float]:
        """Draws frames more frames; the last one's ball position and velocity (tray points)."""
        self.host.send(f"step {frames}")
        for _ in range(frames):
            match = self.host.wait_for(FRAME_LINE.format(frame=self.frame))
            x, y, vx, vy = (float(value) for value in match.groups())
            self.traced[self.frame] = (x, y, vx, vy)
            self.frame += 1
        return self.traced[self.frame - 1]

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True)

    def move(self, x: int, y: int) -> None:
        if self.pointer == (x, y):
            return  # already there: X sends no motion event
        self.pointer = (x, y)
        self.xdotool("mousemove", "--window", self.window, str(x), str(y))
        self.host.wait_for(rf"event frame={self.frame} move \({x},{y}\)")

    def button(self, action: str, x: int, y: int) -> None:
        self.xdotool(action, "1")
        kind = "down" if action == "mousedown" else "up"
        self.host.wait_for(rf"event frame={self.frame} {kind} \({x},{y}\)")


SPRING_LINE = (rf"spring frame={{frame}} to=\({NUMBER},{NUMBER}\) .* retarget=1 "
               rf"mass={NUMBER} stiffness={NUMBER} damping={NUMBER}")


def retarget(session: Session, x: int, y: int) -> str:
    """A click on empty space while the ball moves; checks that the new spring continues the
    motion and answers a line saying by how much it is off the spring's Taylor step."""
    frame = session.frame
    session.move(x, y)
    session.button("mousedown", x, y)
    line = session.host.wait_for(SPRING_LINE.format(frame=frame))
    session.button("mouseup", x, y)
    session.step(2)
    target = (float(line.group(1)), float(line.group(2)))
    mass, stiffness, damping = (float(line.group(i)) for i in (3, 4, 5))
    x0, y0, vx0, vy0 = session.traced[frame - 1]  # the last tick before the retarget
    x1, y1, vx1, vy1 = session.traced[frame]      # the first tick of the new spring
    dt = 1.0 / FPS
    assert math.hypot(vx0, vy0) * dt > 2, f"the ball should move when retargeted ({vx0}, {vy0}) pt/s"
    # The new spring continues from (x0, v0): one frame later it is where the Taylor series of
    # its motion says, x0 + v0 dt + a0 dt^2 / 2 and v0 + a0 dt, with a0 the spring's force at
    # the start (m a = -k (x - target) - c v), to within the next term (|jerk| dt^3 / 6 and
    # |jerk| dt^2 / 2, twice over). A spring restarted from rest is off by |v0| dt and |v0|;
    # one restarted from the model value (where a throw began), by far more.
    ax = (-stiffness * (x0 - target[0]) - damping * vx0) / mass
    ay = (-stiffness * (y0 - target[1]) - damping * vy0) / mass
    jerk = (stiffness * math.hypot(vx0, vy0) + damping * math.hypot(ax, ay)) / mass
    predicted = (x0 + vx0 * dt + ax * dt * dt / 2, y0 + vy0 * dt + ay * dt * dt / 2)
    position_error = math.dist((x1, y1), predicted)
    velocity_error = math.dist((vx1, vy1), (vx0 + ax * dt, vy0 + ay * dt))
    assert position_error <= 2 * jerk * dt ** 3 / 6, (
        f"position jumped at the retarget of frame {frame}: off by {position_error:.3f} pt")
    assert velocity_error <= 2 * jerk * dt ** 2 / 2, (
        f"velocity jumped at the retarget of frame {frame}: off by {velocity_error:.1f} pt/s")
    return (f"retarget at frame {frame}: the motion continued (off the spring's Taylor step by "
            f"{position_error:.3f} pt and {velocity_error:.1f} pt/s)")


def check_spring_retarget(session: Session) -> None:
    """Steps 1 and 2: a spring to empty space, retargeted while it moves."""
    session.step(5)
    session.move(80, 80)
    session.button("mousedown", 80, 80)
    first = session.host.wait_for(rf"spring frame={session.frame} .* retarget=0 .*")
    session.button("mouseup", 80, 80)
    session.step(12)
    print(f"spring: {first.group(0)}\n{retarget(session, 420, 260)}")


def check_throw_and_tap(session: Session) -> None:
    """Steps 3 and 4: a drag thrown with the pointer's velocity, then a tap on the moving ball."""
    x, y, _, _ = session.step(90)  # the spring has settled
    press = (round(x) + TRAY_MARGIN, round(y) + TRAY_MARGIN)
    session.move(*press)
    session.button("mousedown", *press)
    session.host.wait_for(rf"tap frame={session.frame} .* hit=ball .*")
    down_frame, offset, moves = session.frame, (-12, -6), 4
    pointer = press
    for move in range(moves):  # one pointer sample a frame
        session.step(1)
        pointer = (pointer[0] + offset[0], pointer[1] + offset[1])
        session.move(*pointer)
    session.button("mouseup", *pointer)
    throw = session.host.wait_for(rf"throw frame={session.frame} from=\S+ velocity=\({NUMBER},{NUMBER}\)")
    # The fixed clock stamps each event with the last tick's time: the press at down_frame - 1,
    # the last move and the release at session.frame - 1, all within the 100 ms window.
    span_s = (session.frame - down_frame) / FPS
    expected = ((pointer[0] - press[0]) / span_s, (pointer[1] - press[1]) / span_s)
    thrown = (float(throw.group(1)), float(throw.group(2)))
    assert math.dist(thrown, expected) < 1e-6, f"thrown at {thrown} pt/s, the pointer moved at {expected}"

    x, y, vx, vy = session.step(40)  # the decay still moves the ball
    assert math.hypot(vx, vy) > 20, f"the thrown ball should still move ({vx:.1f}, {vy:.1f}) pt/s"
    tap = (round(x) + TRAY_MARGIN, round(y) + TRAY_MARGIN)
    session.move(*tap)
    session.button("mousedown", *tap)
    # Where it is drawn (presentation) the ball is hit; its model is still where it was thrown
    # from (the decay writes its final value when it ends), so the model tree finds the tray.
    hit = session.host.wait_for(
        rf"tap frame={session.frame} at=\S+ hit=(\w+) model_hit=(\w+) ball_speed={NUMBER}")
    session.button("mouseup", *tap)
    assert hit.group(1) == "ball" and hit.group(2) == "tray" and float(hit.group(3)) > 20, hit.group(0)
    print(f"throw: {throw.group(0)}\ntap on the moving ball: {hit.group(0)}")


def read_xwd(path: str) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of an xwd dump (ZPixmap, 24 or 32 bits a pixel)."""
    with open(path, "rb") as file:
        data = file.read()
    header = struct.unpack(">25I", data[:100])
    header_size, width, height, byte_order = header[0], header[4], header[5], header[7]
    bits_per_pixel, bytes_per_line = header[11], header[12]
    masks, colors = header[14:17], header[19]
    assert header[2] == 2 and bits_per_pixel in (24, 32), f"unexpected xwd format {header[:13]}"
    pixels_at = header_size + 12 * colors  # after the header, the window's name and the colours
    order: Literal["little", "big"] = "little" if byte_order == 0 else "big"
    size = bits_per_pixel // 8
    red, green, blue = (((mask & -mask).bit_length() - 1, mask) for mask in masks)  # shift, mask

    def channel(value: int, shift_mask: tuple[int, int]) -> int:
        return (value & shift_mask[1]) >> shift_mask[0]

    pixels = []
    for row in range(height):
        line = data[pixels_at + row * bytes_per_line:pixels_at + (row + 1) * bytes_per_line]
        for column in range(width):
            value = int.from_bytes(line[column * size:(column + 1) * size], order)
            pixels.append((channel(value, red), channel(value, green), channel(value, blue)))
    return width, height, pixels


def read_png(path: str) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of the offline renderer's PNG (opaque), with pycairo."""
    import cairo

    surface = cairo.ImageSurface.create_from_png(path)
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    data = bytes(surface.get_data())
    pixels = []
    for row in range(height):
        for column in range(width):
            at = row * stride + 4 * column
            value = int.from_bytes(data[at:at + 4], sys.byteorder)
            pixels.append(((value >> 16) & 255, (value >> 8) & 255, value & 255))
    return width, height, pixels


def compare_pictures(session: Session, live: str, work: str) -> None:
    """Step 5: the window's picture against the same frame drawn offline from the replay."""
    session.step(8)  # the tap's flash half faded, the ball still moving
    final = session.frame - 1
    shot, offline = os.path.join(work, "window.xwd"), os.path.join(work, "offline.png")
    replay = subprocess.run([live, "--replay", os.path.join(work, "events.log"), "--render-offline",
                             str(final), offline], check=True, capture_output=True, text=True)
    gestures = [line for line in session.host.seen if re.match(r"(spring|tap|drag|throw) ", line)]
    assert replay.stdout.splitlines() == gestures, (
        "the replay printed other gestures:\n" + replay.stdout + "\nthan the window:\n" + "\n".join(gestures))
    expected = read_png(offline)
    difference = "no screenshot"
    for _ in range(20):  # the X server may show the presented frame a moment later
        with open(shot, "wb") as out:
            subprocess.run(["xwd", "-id", session.window, "-silent"], env=session.env, stdout=out, check=True)
        width, height, pixels = read_xwd(shot)
        if (width, height) != expected[:2]:
            difference = f"window {width}x{height}, offline {expected[0]}x{expected[1]}"
        else:
            differing = [i for i, (a, b) in enumerate(zip(pixels, expected[2])) if a != b]
            if not differing:
                print(f"frame {final}: the window's {width}x{height} pixels equal the offline render")
                return
            worst = max(max(abs(p - q) for p, q in zip(pixels[i], expected[2][i])) for i in differing)
            difference = f"{len(differing)} pixels differ (largest channel difference {worst})"
        time.sleep(0.1)
    raise AssertionError(f"frame {final}: {difference}; see {shot} and {offline}")


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    live, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    for tool, package in (("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("xwd", "x11-apps")):
        if shutil.which(tool) is None:
            skip(f"{tool} not found (Debian package {package}; scripts/setup.sh installs it)")
    os.makedirs(work, exist_ok=True)
    server, display = start_xvfb()
    # SDL's software renderer: exact pixels, and no GL rasteriser on a shared machine.
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_RENDER_DRIVER="software")
    host = Host([live, "--step", "--trace", "--record", os.path.join(work, "events.log")], env)
    try:
        host.wait_for(r"ready .*")
        found = subprocess.run(["xdotool", "search", "--sync", "--name", "^animcore live$"], env=env,
                               check=True, capture_output=True, text=True, timeout=WAIT_S)
        session = Session(host, found.stdout.split()[0], env)
        check_spring_retarget(session)
        check_throw_and_tap(session)
        compare_pictures(session, live, work)
        print("a click during the throw:", retarget(session, 300, 60))  # step 6
        host.send("quit")
        assert host.process.wait(timeout=WAIT_S) == 0, "live did not exit cleanly"
    finally:
        if host.process.poll() is None:
            host.process.kill()
        server.terminate()
        server.wait()
    print("live_window: passed")


if __name__ == "__main__":
    main()
