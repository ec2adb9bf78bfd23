"""The raw table (animcore._capi) against include/animcore.h: every function has its prototype,
every struct its fields, every constant its value, and the struct sizes match the library's."""

from __future__ import annotations

import ctypes
import re
from typing import Any, Dict, List, Tuple

import pytest

from _repo import header_text
from animcore import _capi

HEADER = header_text()


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


CODE = _strip_comments(HEADER)


def header_functions() -> Dict[str, Tuple[str, List[str]]]:
    """Every function declared in the header (not static inline): name -> (return type,
    parameter types)."""
    functions: Dict[str, Tuple[str, List[str]]] = {}
    pattern = re.compile(r"^(?!static\b)([A-Za-z_][\w \t*]*?)\b(ac_\w+)\s*\(([^)]*)\)\s*;", re.M)
    for match in pattern.finditer(CODE):
        result, name, parameters = match.group(1), match.group(2), match.group(3)
        types: List[str] = []
        for parameter in parameters.split(","):
            parameter = " ".join(parameter.split())
            if parameter in ("void", ""):
                continue
            # Drop the parameter name: the last identifier.
            types.append(re.sub(r"\s*\b\w+$", "", parameter).replace(" *", "*").strip())
        functions[name] = (" ".join(result.split()).replace(" *", "*"), types)
    return functions


def header_structs() -> Dict[str, List[Tuple[str, str]]]:
    """Every ``typedef struct name { ... } name;``: name -> [(C type, field name)]."""
    structs: Dict[str, List[Tuple[str, str]]] = {}
    pattern = re.compile(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", re.S)
    for match in pattern.finditer(CODE):
        fields: List[Tuple[str, str]] = []
        for declaration in match.group(2).split(";"):
            declaration = " ".join(declaration.split())
            if not declaration:
                continue
            c_type, names = declaration.split(" ", 1)
            fields.extend((c_type, name.strip()) for name in names.split(","))
        structs[match.group(3)] = fields
    return structs


_SCALARS: Dict[str, Any] = {
    "void": None,
    "double": ctypes.c_double,
    "int32_t": ctypes.c_int32,
    "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64,
    "size_t": ctypes.c_size_t,
    "ac_status": ctypes.c_int32,
    "const char*": ctypes.c_char_p,
}


def ctypes_type(c_type: str) -> Any:
    """The ctypes type for a C type of the header."""
    if c_type in _SCALARS:
        return _SCALARS[c_type]
    assert c_type.endswith("*"), f"unexpected C type {c_type!r}"
    target = c_type[:-1].replace("const ", "").strip()
    pointee = _SCALARS.get(target) or getattr(_capi, target)
    return ctypes.POINTER(pointee)


FUNCTIONS = header_functions()


def test_the_header_parse_finds_the_api() -> None:
    # Guards the regexes: a representative set must be found, the static inline one not.
    for name in (
        "ac_version_number",
        "ac_clear_last_error",
        "ac_time_tree_convert",
        "ac_current_media_time",
        "ac_timing_progress_batch",
    ):
        assert name in FUNCTIONS
    assert "ac_status_table_lookup" not in FUNCTIONS
    assert len(FUNCTIONS) >= 26


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_header_function_has_its_prototype(name: str) -> None:
    assert name in _capi.PROTOTYPES, f"{name} is declared in animcore.h but not in _capi"
    result, parameters = FUNCTIONS[name]
    function = getattr(_capi.lib, name)
    assert function.restype == ctypes_type(result), f"{name}: restype"
    assert function.argtypes is not None, f"{name}: argtypes not set"
    assert list(function.argtypes) == [ctypes_type(p) for p in parameters], f"{name}: argtypes"


def test_the_table_has_no_function_the_header_lacks() -> None:
    assert sorted(_capi.PROTOTYPES) == sorted(FUNCTIONS)


@pytest.mark.parametrize("struct", ["ac_timing", "ac_timing_state", "ac_timing_function"])
def test_structs_mirror_the_header(struct: str) -> None:
    declared = header_structs()[struct]
    mirrored = getattr(_capi, struct)._fields_
    assert [name for _, name in declared] == [name for name, _ in mirrored]
    assert [ctypes_type(c_type) for c_type, _ in declared] == [t for _, t in mirrored]


def test_constants_match_the_header() -> None:
    defines = dict(re.findall(r"^#define\s+(AC_[A-Z_]+)\s+(\d+)\s*$", CODE, re.M))
    assert defines, "no numeric #define found"
    for name, value in defines.items():
        assert getattr(_capi, name) == int(value), name
    for name, code in re.findall(r"X\((AC_\w+),\s*(\d+),", HEADER):
        assert getattr(_capi, name) == int(code), name
    version = re.search(r'#define AC_VERSION_STRING "([^"]+)"', HEADER)
    assert version is not None and _capi.AC_VERSION_STRING == version.group(1)


def test_ac_timing_size_is_the_librarys() -> None:
    timing = _capi.ac_timing()
    assert _capi.lib.ac_timing_init_animation(ctypes.byref(timing)) == _capi.AC_OK
    assert timing.struct_size == ctypes.sizeof(_capi.ac_timing)
    assert _capi.lib.ac_timing_validate(ctypes.byref(timing)) == _capi.AC_OK


def test_ac_timing_state_size_is_the_librarys() -> None:
    timing = _capi.ac_timing()
    _capi.lib.ac_timing_init_layer(ctypes.byref(timing))
    state = _capi.ac_timing_state()
    state.struct_size = ctypes.sizeof(_capi.ac_timing_state)
    assert _capi.lib.ac_timing_evaluate(ctypes.byref(timing), 1.0, ctypes.byref(state)) == 0
    assert state.phase == _capi.AC_PHASE_ACTIVE and state.local_time_s == 1.0
    state.struct_size = ctypes.sizeof(_capi.ac_timing_state) + 8
    status = _capi.lib.ac_timing_evaluate(ctypes.byref(timing), 1.0, ctypes.byref(state))
    assert status == _capi.AC_ERR_BAD_STRUCT_SIZE


def test_ac_timing_function_layout_is_the_librarys() -> None:
    function = _capi.ac_timing_function()
    assert _capi.lib.ac_timing_function_named(b"easeInEaseOut", ctypes.byref(function)) == 0
    assert (function.kind, function.reserved) == (_capi.AC_TIMING_FUNCTION_CUBIC_BEZIER, 0)
    assert (function.x1, function.y1, function.x2, function.y2) == (0.42, 0.0, 0.58, 1.0)
    assert (
        _capi.lib.ac_timing_function_steps(3, _capi.AC_STEP_JUMP_BOTH, ctypes.byref(function)) == 0
    )
    assert (function.kind, function.steps, function.step_position) == (
        _capi.AC_TIMING_FUNCTION_STEPS,
        3,
        _capi.AC_STEP_JUMP_BOTH,
    )
    # A struct written field by field in Python is read the same way by the library.
    raw = _capi.ac_timing_function(
        _capi.AC_TIMING_FUNCTION_CUBIC_BEZIER, 0, 0, 0, 0.1, 1.0, 1.0, 0.2
    )
    x, y = ctypes.c_double(), ctypes.c_double()
    assert (
        _capi.lib.ac_timing_function_control_point(
            ctypes.byref(raw), 2, ctypes.byref(x), ctypes.byref(y)
        )
        == 0
    )
    assert (x.value, y.value) == (1.0, 0.2)
    assert ctypes.sizeof(_capi.ac_timing_function) == 48


def test_loaded_library_version() -> None:
    assert _capi.lib.ac_version_number() // 10000 == _capi.AC_VERSION_MAJOR
    assert _capi.lib.ac_version_string().decode() == _capi.AC_VERSION_STRING
    assert _capi.LOADED.version_number == _capi.lib.ac_version_number()
