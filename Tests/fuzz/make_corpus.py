#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_api (Tests/fuzz/corpus/*.bin): small inputs that each reach one
family of operations, in the byte format README.md describes. The operation numbers and the
names table are read from fuzz_api.c, so the seeds follow the harness when it changes.

    python3 Tests/fuzz/make_corpus.py            (re-writes Tests/fuzz/corpus/)
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = open(os.path.join(HERE, "fuzz_api.c"), encoding="utf-8").read()

OPERATIONS = re.search(r"g_operations\[\] = \{(.*?)\};", SOURCE, re.S).group(1)
OPERATIONS = re.findall(r"OP\((\w+)\)", OPERATIONS)
NAMES_SOURCE = re.search(r"g_names\[\] = \{(.*?)\n\};", SOURCE, re.S).group(1)
NAMES = [bytes(literal, "latin-1").decode("unicode_escape") for literal in re.findall(r'"((?:[^"\\]|\\.)*)"', NAMES_SOURCE)]


def op(name):
    """The byte that selects operation op_<name> (its first place in the table)."""
    return bytes([OPERATIONS.index(name)])


def name(text):
    """The string byte of a known name."""
    return bytes([NAMES.index(text)])


E0, E1 = b"\x00", b"\x01"        # engines 0 and 1 (at top level; inside a callback 0 = its engine)
def L(slot): return bytes([slot])          # a layer slot
def D(slot): return bytes([slot])          # a description slot
def C(slot): return bytes([120 + slot])    # a class slot (120..125); 0 = the built-in class
BUILTIN = b"\x00"
REAL_KEY = b"\x01"               # key_of: look the name up (0 would be a made-up key)


def scalar(x8):
    """rd_value of a scalar: one slot byte (how < 160: (how - 80) / 8), then the two flag bytes."""
    return bytes([0, 80 + x8, 1, 1])


def point(x8, y8):
    return bytes([1, 80 + x8, 80 + y8, 1, 1])


def double(kind):
    """rd_double by its case number (1: 1.0, 4: NaN, 5: inf, 11: 100, ...)."""
    return bytes([kind])


def tick(engine=E0, times=1, then=b""):
    """op_tick: engine, mode 0 (+1/60 s), repeated."""
    return op("tick") + engine + bytes([((times - 1) << 5) & 0xE0]) + then


def layer(cls=BUILTIN, engine=E0):
    return op("layer_create") + engine + cls


def set_scalar(slot, key, how, engine=E0):
    """op_layer_set with an even mode byte: ac_layer_set_scalar(key, rd_double)."""
    return op("layer_set") + engine + L(slot) + name(key) + REAL_KEY + b"\x00" + how


def set_value(slot, key, value, engine=E0):
    return op("layer_set") + engine + L(slot) + name(key) + REAL_KEY + b"\x01" + value


def desc(kind, path, engine=E0):
    """op_desc_create: kind 0 basic, 1 keyframe, 2 group, 3 spring, 4 decay."""
    return op("desc_create") + engine + bytes([kind]) + (name(path) if kind != 2 else name("opacity"))


def desc_value(slot, which, value, engine=E0):
    return op("desc_fields") + engine + D(slot) + b"\x00" + value + bytes([which]) + b"\x01"


def desc_duration(slot, tenths, engine=E0):
    """op_desc_fields case 1: rd_timing with only a duration (rd_time case 1: 0.1 * n)."""
    return op("desc_fields") + engine + D(slot) + b"\x01" + b"\x01" + b"\x01" + bytes([tenths])


def add(layer_slot, desc_slot, key_mode=1, key_byte=0, engine=E0):
    """op_add_animation with a fresh delegate; key "k<n>" (mode 1) or "anim-<counter>" (mode 2)."""
    tail = bytes([key_mode]) + (bytes([key_byte]) if key_mode in (1, 5) else b"")
    return op("add_animation") + engine + L(layer_slot) + D(desc_slot) + b"\x00" + tail


def begin(engine=E0):
    return op("transaction") + engine + b"\x00"


def commit(engine=E0):
    return op("transaction") + engine + b"\x02"


def completion(engine=E0):
    return op("completion") + engine + b"\x00"


def needs_display(slot, engine=E0):
    """op_layer_get case 7: needs_display, set_needs_display, class."""
    return op("layer_get") + engine + L(slot) + name("opacity") + REAL_KEY + b"\x07"


def destroy(engine=E0):
    return op("engine_destroy") + engine


# In a callback: run_nested reads one byte (bits 0-1: how many operations, bit 2: destroy the
# engine when the next byte is < 64).
CALLBACK_NOTHING = b"\x00"
CALLBACK_DESTROY = b"\x04\x00"
def CALLBACK_OPS(count): return bytes([count & 3])


SEEDS = {
    "engine_lifecycle": op("engine_create") + b"\x01" + tick(E1, 3) + destroy(E1) + op("probe") + E1 + b"\x00"
        + op("engine_create") + b"\x81\x03" + double(3) + double(18) + b"\x02" + destroy(E1),
    "tick_backwards_nan": tick(E0, 2) + op("tick") + E0 + b"\x04\x02" + op("tick") + E0 + b"\x05" + double(4)
        + op("tick") + E0 + b"\x15" + double(5),
    "layers_values": layer() + layer() + tick() + set_scalar(0, "opacity", double(3))
        + set_value(1, "position", point(8, 16)) + set_scalar(0, "position.x", double(4))
        + set_scalar(0, "transform.rotation.z", double(11)) + set_scalar(1, "undeclared", double(1))
        + set_scalar(0, "garbage" if "garbage" in NAMES else "a.b.c.d.e", double(5)) + tick(E0, 4),
    "wrong_kinds": layer() + tick() + set_value(0, "opacity", point(1, 1)) + set_value(0, "hidden", scalar(8))
        + set_value(0, "bounds", bytes([3, 0xFC, 0xFC, 0xFC, 0xFC, 1, 1])) + set_scalar(0, "frame", double(1)),
    "custom_class": op("class_create") + E0 + BUILTIN + b"\x03" + bytes([1]) + point(1, 2) + b"\x01"
        + scalar(3) + b"\x02" + bytes([5, 80, 80, 80, 88, 1, 1]) + b"\x01" + name("opacity") + b"\x01" + b"\x00"
        + layer(C(0)) + tick() + set_scalar(0, "p1", double(3)) + set_value(0, "p0", point(4, 4)) + tick(E0, 3),
    "tree_cycles": layer() + layer() + layer() + op("tree") + E0 + L(0) + L(1) + b"\x00"
        + op("tree") + E0 + L(1) + L(2) + b"\x00" + op("tree") + E0 + L(2) + L(0) + b"\x00"
        + op("tree") + E0 + L(0) + L(2) + b"\x05" + op("tree") + E0 + L(0) + L(1) + b"\x04"
        + op("layer_refs") + E0 + L(0) + b"\x00" + op("probe") + E0 + b"\x00" + L(0) + tick(),
    "basic_animation": layer() + tick() + desc(0, "opacity") + desc_value(0, 0, scalar(0)) + desc_value(0, 1, scalar(8))
        + desc_duration(0, 3) + add(0, 0) + tick(E0, 8) + CALLBACK_NOTHING * 4 + tick(E0, 8),
    "keyframe_path": layer() + tick() + desc(1, "position") + op("desc_fields") + E0 + D(0) + b"\x09\x05"
        + b"\x00" * 8 + b"\x01" + b"\x01" * 7 + b"\x01\x10\x10\x10\x10\x10\x10" + b"\x04\x05\x05\x05\x05\x05\x05"
        + op("desc_fields") + E0 + D(0) + b"\x07\x02\x01" + add(0, 0) + tick(E0, 8) + tick(E0, 8),
    "keyframe_values": layer() + tick() + desc(1, "opacity") + op("desc_fields") + E0 + D(0) + b"\x04\x03"
        + scalar(0) + b"\x00" + scalar(8) + b"\x00" + scalar(4) + op("desc_fields") + E0 + D(0) + b"\x07\x03\x00"
        + add(0, 0, 2) + tick(E0, 8) + tick(E0, 8),
    "group_nested": layer() + tick() + desc(0, "opacity") + desc(2, "opacity") + desc(2, "opacity")
        + op("desc_read") + E0 + D(1) + b"\x07\x02\x00\x00" + op("desc_read") + E0 + D(2) + b"\x07\x03\x00\x00\x00"
        + op("desc_read") + E0 + D(2) + b"\x07\x01\x04" + add(0, 2) + tick(E0, 8) + tick(E0, 8),
    "spring": layer() + tick() + desc(3, "position.x") + desc_value(0, 1, scalar(80)) + op("desc_fields") + E0 + D(0)
        + b"\x0a\x07" + double(1) + double(11) + double(0) + add(0, 0) + tick(E0, 8) + tick(E0, 8) + tick(E0, 8),
    "decay_bounds": layer() + tick() + desc(4, "position") + desc_value(0, 3, point(60, -60))
        + op("desc_fields") + E0 + D(0) + b"\x0b\x0c" + b"\x01" + point(-8, -8) + b"\x01" + point(8, 8)
        + add(0, 0) + tick(E0, 8) + tick(E0, 8) + tick(E0, 8),
    "transactions_completion": layer() + tick() + begin() + completion() + set_scalar(0, "opacity", double(3))
        + begin() + completion() + commit() + commit() + commit() + tick(E0, 8) + CALLBACK_NOTHING * 4,
    "unbalanced_transaction": layer() + tick() + begin() + completion() + set_scalar(0, "opacity", double(3))
        + begin() + op("transaction") + E0 + b"\x05\x01\x05" + tick(E0, 2) + CALLBACK_NOTHING * 2,
    "animation_block": layer() + tick() + op("completion") + E0 + b"\x06" + b"\x00" + b"\x01\x03" + b"\x01"
        + L(0) + name("opacity") + REAL_KEY + scalar(2) + tick(E0, 8) + CALLBACK_NOTHING * 2,
    "spring_block": layer() + tick() + op("completion") + E0 + b"\x42" + b"\x00" + b"\x00" + b"\x01"
        + L(0) + name("position") + REAL_KEY + point(40, 0) + tick(E0, 8) + tick(E0, 8),
    "action_callback": layer() + tick() + op("actions") + E0 + L(0) + b"\x00" + set_scalar(0, "opacity", double(3))
        + b"\x0a" + scalar(0) + b"\x00" + b"\x01\x01\x02" + b"\x00" + tick(E0, 8) + CALLBACK_NOTHING * 4,
    "default_action_class": op("class_create") + E0 + BUILTIN + b"\x00\x00" + b"\x00" + op("class_callbacks") + E0
        + C(0) + b"\x00" + layer(C(0)) + tick() + set_scalar(0, "opacity", double(3)) + b"\x01" + tick(E0, 8),
    "actions_table": layer() + tick() + desc(0, "opacity") + op("actions") + E0 + L(0) + b"\x01" + D(0)
        + name("opacity") + b"\x00" + set_scalar(0, "opacity", double(3)) + set_scalar(0, "opacity", double(1))
        + tick(E0, 8) + tick(E0, 8),
    "action_for_key": layer() + desc(0, "opacity") + op("actions") + E0 + L(0) + b"\x01" + D(0) + name("opacity")
        + b"\x00" + op("actions") + E0 + L(0) + b"\x02" + name("opacity") + add(0, 1) + tick(E0, 8),
    "display_destroys_engine": layer() + layer() + tick() + needs_display(0) + needs_display(1) + tick()
        + CALLBACK_DESTROY + CALLBACK_NOTHING + op("probe") + E0 + b"\x03",
    "did_stop_reenters": layer() + tick() + desc(0, "opacity") + desc_value(0, 1, scalar(8)) + desc_duration(0, 1)
        + add(0, 0) + tick(E0, 8) + CALLBACK_NOTHING + CALLBACK_OPS(1) + add(0, 0, 2) + tick(E0, 8)
        + CALLBACK_NOTHING * 4,
    "did_stop_destroys": layer() + tick() + desc(0, "opacity") + desc_value(0, 1, scalar(8)) + desc_duration(0, 1)
        + add(0, 0) + add(0, 0, 2) + tick(E0, 8) + CALLBACK_NOTHING + CALLBACK_NOTHING + CALLBACK_DESTROY,
    "completion_destroys": layer() + tick() + begin() + completion() + set_scalar(0, "opacity", double(3)) + commit()
        + tick(E0, 8) + CALLBACK_DESTROY,
    "destroy_with_open_transactions": layer() + tick() + desc(0, "opacity") + desc_duration(0, 9) + begin()
        + completion() + add(0, 0) + destroy() + CALLBACK_OPS(2) + add(0, 0, 2) + begin() + CALLBACK_OPS(1) + tick(),
    "stale_handles": layer() + layer() + desc(0, "opacity") + op("layer_refs") + E0 + L(1) + b"\x00"
        + op("desc_release") + E0 + D(0) + op("probe") + E0 + b"\x00" + L(1) + op("probe") + E0 + b"\x02" + b"\xd2\x00",
    "foreign_handles": op("engine_create") + b"\x01" + layer() + layer(engine=E1) + desc(0, "opacity", E1)
        + op("probe") + E0 + b"\x00" + b"\xc9\x01\x00" + op("probe") + E0 + b"\x02" + b"\xd3\x01\x00"
        + op("tree") + E0 + L(0) + b"\xc9\x01\x00" + b"\x00",
    "dead_engine_handles": op("engine_create") + b"\x01" + layer(engine=E1) + op("class_create") + E1 + BUILTIN
        + name("k0") + b"\x00" + b"\x00" + destroy(E1) + op("probe") + E0 + b"\x00" + b"\xca\x00"
        + op("probe") + E0 + b"\x01" + b"\xdc\x00" + op("probe") + E0 + b"\x13\x00",
    "made_up_handles": layer() + op("probe") + E0 + b"\x00" + b"\xcb" + b"\x12\x34\x56\x78\x9a\xbc\xde\xf0"
        + op("probe") + E0 + b"\x03" + b"\x01\x02\x03\x04\x05\x06\x07\x08"
        + op("probe") + E0 + b"\x00" + b"\xcc" + b"\x00\x05",
    "remove_and_copy": layer() + tick() + desc(0, "opacity") + desc_duration(0, 9) + add(0, 0, 1, 1)
        + op("remove_animation") + E0 + L(0) + b"\x02" + b"\x01\x01" + op("remove_animation") + E0 + L(0) + b"\x01\x01\x01\x01"
        + op("remove_animation") + E0 + L(0) + b"\x03" + b"\x01\x01" + tick(E0, 3) + add(0, 1),
    "numbered_keys": layer() + tick() + desc(0, "opacity") + desc_duration(0, 1)
        + (add(0, 0, 2) + tick()) * 12 + tick(E0, 8),
    "long_utf8_names": op("class_create") + E0 + BUILTIN + b"\x00" + b"\xf0\x00\xff\x01" + b"\x00"
        + op("keys") + E0 + b"\xf0\x01\xff\x00" + REAL_KEY + b"\x00" + desc(0, "opacity")
        + op("desc_read") + E0 + D(0) + b"\x04\x00\x00" + b"\xf0\x02\xff\x00",
    "pure_functions": op("pure") + b"\x00" + b"\x01" + double(1) + double(3) + double(0) + double(1)
        + op("pure") + b"\x02" + b"\xff" + b"\x01\x05" + double(3) + double(4) + double(5) + b"\x01" + b"\x00" * 6
        + op("pure") + b"\x04\x03" + b"\x00\x01" + b"\x00\x02" + b"\x00\x00" + b"\x02\x03" + double(1)
        + op("pure") + b"\x05" + double(1) * 4 + b"\x10" + double(4) * 4 + b"\x05"
        + op("pure") + b"\x07" + b"\x04" + b"\x01" + point(0, 0) + point(8, 8) + point(80, 0) + point(40, 0)
        + op("pure") + b"\x09\x05",
    "global_speed_and_time": layer() + op("tick") + E0 + b"\x10" + double(18) + tick(E0, 4)
        + op("tree") + E0 + L(0) + L(0) + b"\x07" + double(11),
    "geometry": layer() + layer() + op("tree") + E0 + L(0) + L(1) + b"\x00" + tick()
        + b"".join(op("geometry") + E0 + L(0) + L(1) + bytes([selector]) + double(11) + double(3) + double(1) + double(11)
                   for selector in (0x00, 0x01, 0x02, 0x42, 0x03, 0x04, 0x44, 0x05, 0x06, 0x07, 0x32))
        + op("geometry") + E0 + L(0) + L(1) + b"\x84\x03" + double(4) * 4
        + op("geometry") + E0 + L(1) + L(0) + b"\x0e" + double(1) * 4 + double(11) + double(0)
        + op("geometry") + E0 + L(1) + L(0) + b"\x0e" + double(1) * 4 + double(4) + double(0)
        + op("geometry") + E0 + L(1) + L(0) + b"\x2e" + double(1) * 6,
    "render_list": layer() + layer() + layer() + op("tree") + E0 + L(0) + L(1) + b"\x00"
        + op("render_list") + E0 + b"\x00" + b"\x00"                      # create, slot 0
        + op("render_list") + E0 + b"\x01" + b"\x00" + L(0) + b"\x01"      # fill twice, model
        + op("render_list") + E0 + b"\x04" + L(0) + L(2)                   # L2 the mask of L0
        + op("render_list") + E0 + b"\x05" + L(0)                          # read it
        + op("render_list") + E0 + b"\x02" + b"\x00" + L(0) + b"\x41"      # presentation, twice
        + tick() + op("render_list") + E0 + b"\x01" + b"\x00" + L(0) + b"\x40"
        + op("render_list") + E0 + b"\x04" + L(2) + L(0)                   # a cycle
        + op("render_list") + E0 + b"\x01" + b"\xcb" + L(0) + L(0) + b"\x00"  # a layer as the list
        + op("render_list") + E0 + b"\x01" + b"\x00" + L(0) + b"\x82\x03"  # bad flag, NULL entries
        + op("render_list") + E0 + b"\x03" + b"\x00"                      # destroy
        + op("render_list") + E0 + b"\x03" + b"\xc8" + b"\x00"             # destroy it again
        + op("render_list") + E0 + b"\x01" + b"\xc8" + b"\x00" + L(0) + b"\x00",
    "retain_release": layer() + op("layer_refs") + E0 + L(0) + b"\xf1" + op("layer_refs") + E0 + L(0) + b"\xf0"
        + op("layer_refs") + E0 + L(0) + b"\x10" + op("probe") + E0 + b"\x00" + L(0),
    # Keyframes of a gradient layer's locations (4 of 2 numbers) in the cubic, cubicPaced and
    # paced modes, additive at times, and of a shape layer's path (2 of move + line)
    # cubicPaced, ticked: op_variable_animation's bytes (see its reads in fuzz_api.c).
    "variable_keyframe_curves": layer(bytes([5])) + layer(bytes([4]))
        + b"".join(op("variable_animation") + E0 + L(0) + b"\x04\x07" + b"\x00\x02"
                   + b"".join(b"\x00" + bytes([(17 * k + 5) % 250]) for k in range(32))
                   + b"\x02" * 4 + b"\x01" + bytes([mode]) + b"\xc8" + bytes([additive]) + b"\x00"
                   + b"\x04\x00\x01\x00\x04" + b"\x01" + REAL_KEY + tick(E0, 4)
                   for mode, additive in ((3, 0), (4, 1), (2, 0)))
        + op("variable_animation") + E0 + L(1) + b"\x02\x06" + b"\x00\x00" + b"\x00" * 64
        + b"\x00" * 2 + b"\x04"
        + b"".join(bytes([kind]) + b"".join(b"\x00" + bytes([(29 * k + 3 * kind) % 250]) for k in range(6)) + b"\x00"
                   for kind in (0, 1, 0, 1))
        + b"\x01" + b"\x04\xc8\x00\x00" + b"\x04\x00\x01\x00\x03" + b"\x01" + REAL_KEY + tick(E0, 4),
}


def main():
    corpus = os.path.join(HERE, "corpus")
    os.makedirs(corpus, exist_ok=True)
    for old in os.listdir(corpus):
        if old.endswith(".bin"):
            os.remove(os.path.join(corpus, old))
    for index, (title, data) in enumerate(SEEDS.items()):
        with open(os.path.join(corpus, "%03d_%s.bin" % (index, title)), "wb") as out:
            out.write(data)
    print("make_corpus: %d seeds in %s" % (len(SEEDS), corpus))
    return 0


if __name__ == "__main__":
    sys.exit(main())
