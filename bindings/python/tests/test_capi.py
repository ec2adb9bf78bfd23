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
    """Every ``typedef struct name { ... } name;``: name -> [(C type, field name)], with the C
    type spelled as in parameters ("const char*", "double[16]")."""
    structs: Dict[str, List[Tuple[str, str]]] = {}
    pattern = re.compile(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", re.S)
    for match in pattern.finditer(CODE):
        fields: List[Tuple[str, str]] = []
        for declaration in match.group(2).split(";"):
            declaration = " ".join(declaration.split())
            if not declaration:
                continue
            first = re.match(r"^((?:const\s+)?\w+)\s*(.*)$", declaration)
            assert first is not None, declaration
            base, declarators = first.group(1), first.group(2)
            for declarator in declarators.split(","):
                parsed = re.match(r"^\s*(\**)\s*(\w+)\s*(?:\[(\d+)\])?\s*$", declarator)
                assert parsed is not None, declarator
                stars, name, length = parsed.groups()
                c_type = base + stars + (f"[{length}]" if length else "")
                fields.append((c_type, name))
        structs[match.group(3)] = fields
    return structs


def header_typedefs() -> List[str]:
    """The names of every typedef of the header (structs, integers, function pointers)."""
    names = re.findall(r"typedef\s+struct\s+\w+\s*\{.*?\}\s*(\w+)\s*;", CODE, re.S)
    names += re.findall(r"typedef\s+struct\s+\w+\s+(\w+)\s*;", CODE)
    names += re.findall(r"typedef\s+u?int\d+_t\s+(\w+)\s*;", CODE)
    names += re.findall(r"typedef\s+[\w\s*]+\(\s*\*\s*(\w+)\s*\)", CODE)
    return names


_SCALARS: Dict[str, Any] = {
    "void": None,
    "double": ctypes.c_double,
    "int32_t": ctypes.c_int32,
    "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64,
    "uint64_t": ctypes.c_uint64,
    "size_t": ctypes.c_size_t,
    "int": ctypes.c_int,
    "const char*": ctypes.c_char_p,  # a NUL-terminated string in
    "char*": ctypes.POINTER(ctypes.c_char),  # a buffer out
    "void*": ctypes.c_void_p,
}


def ctypes_type(c_type: str) -> Any:
    """The ctypes type for a C type of the header (scalars, the header's typedefs, pointers to
    them and fixed arrays)."""
    c_type = c_type.strip()
    if c_type in _SCALARS:
        return _SCALARS[c_type]
    array = re.match(r"^(.*)\[(\d+)\]$", c_type)
    if array is not None:
        return ctypes_type(array.group(1)) * int(array.group(2))
    if c_type.endswith("*"):
        return ctypes.POINTER(ctypes_type(c_type[:-1].replace("const ", "")))
    assert hasattr(_capi, c_type), f"unexpected C type {c_type!r}: no such name in _capi"
    return getattr(_capi, c_type)


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


STRUCTS = header_structs()


def test_the_header_parse_finds_the_structs() -> None:
    for name in ("ac_timing", "ac_value", "ac_property_desc", "ac_animation_delegate"):
        assert name in STRUCTS
    assert STRUCTS["ac_value"][2] == ("double[16]", "v")
    assert STRUCTS["ac_property_desc"][2] == ("const char*", "name")
    assert STRUCTS["ac_layer_delegate"][3] == ("void*", "user_data")


@pytest.mark.parametrize("struct", sorted(STRUCTS))
def test_structs_mirror_the_header(struct: str) -> None:
    declared = STRUCTS[struct]
    mirrored = getattr(_capi, struct)._fields_
    assert [name for _, name in declared] == [name for name, _ in mirrored]
    assert [ctypes_type(c_type) for c_type, _ in declared] == [t for _, t in mirrored]


def test_constants_match_the_header() -> None:
    defines = dict(re.findall(r"^#define\s+(AC_[A-Z0-9_]+)\s+(\d+)\s*$", CODE, re.M))
    assert defines, "no numeric #define found"
    assert "AC_VALUE_TRANSFORM3D" in defines and "AC_ANIMATION_BY" in defines
    for name, value in defines.items():
        assert getattr(_capi, name) == int(value), name
    reals = dict(re.findall(r"^#define\s+(AC_[A-Z0-9_]+)\s+(\d+(?:\.\d*)?e\d+)\s*$", CODE, re.M))
    assert set(reals) == {"AC_TIME_LIMIT_S", "AC_SPEED_LIMIT"}
    for name, value in reals.items():
        assert getattr(_capi, name) == float(value), name
    for name, code in re.findall(r"X\((AC_\w+),\s*(\d+),", HEADER):
        assert getattr(_capi, name) == int(code), name
    version = re.search(r'#define AC_VERSION_STRING "([^"]+)"', HEADER)
    assert version is not None and _capi.AC_VERSION_STRING == version.group(1)


@pytest.mark.parametrize("name", header_typedefs())
def test_every_typedef_has_its_ctypes_type(name: str) -> None:
    assert hasattr(_capi, name), f"typedef {name} of animcore.h is not in _capi"


def test_typedef_types() -> None:
    assert _capi.ac_key is ctypes.c_uint32
    assert _capi.ac_layer is _capi.ac_class is _capi.ac_animation is ctypes.c_uint64
    assert _capi.ac_status is ctypes.c_int32


STATIC_INLINE = re.findall(r"static\s+inline\s+[\w\s*]*?\b(ac_\w+)\s*\(", HEADER)


def test_the_header_parse_finds_the_inline_helpers() -> None:
    assert {"ac_value_token", "ac_engine_config_init", "ac_status_table_lookup"} <= set(
        STATIC_INLINE
    )


@pytest.mark.parametrize("name", STATIC_INLINE)
def test_every_inline_helper_has_its_python_version(name: str) -> None:
    assert callable(getattr(_capi, name, None)), f"{name} has no Python version in _capi"


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
    assert ctypes.sizeof(_capi.ac_timing_function) == 64


def test_loaded_library_version() -> None:
    assert _capi.lib.ac_version_number() // 10000 == _capi.AC_VERSION_MAJOR
    assert _capi.lib.ac_version_string().decode() == _capi.AC_VERSION_STRING
    assert _capi.LOADED.version_number == _capi.lib.ac_version_number()


# ---- layouts and header-only helpers against a C compiler ----------------------------------------


def _c_probe(tmp_path: Any, body: str) -> List[str]:
    """Compiles and runs a C program including animcore.h with ``body`` in main(); its output
    lines (skips the test when no C compiler is found)."""
    import shutil
    import subprocess

    from _repo import repository

    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    repo = repository()
    assert repo is not None
    source = tmp_path / "probe.c"
    source.write_text(
        "#include <stdio.h>\n#include <stddef.h>\n#include <string.h>\n"
        '#include "animcore.h"\nint main(void) {\n' + body + "\nreturn 0; }\n"
    )
    program = tmp_path / "probe"
    subprocess.run(
        [compiler, "-std=c11", "-I", str(repo / "include"), "-o", str(program), str(source)],
        check=True,
    )
    return subprocess.run([str(program)], check=True, capture_output=True, text=True).stdout.split()


def test_struct_layouts_match_the_c_compilers(tmp_path: Any) -> None:
    lines = []
    for struct, fields in STRUCTS.items():
        lines.append(f'printf("{struct} %zu\\n", sizeof({struct}));')
        for _, field in fields:
            lines.append(f'printf("{struct}.{field} %zu\\n", offsetof({struct}, {field}));')
    output = _c_probe(tmp_path, "\n".join(lines))
    measured = dict(zip(output[0::2], (int(n) for n in output[1::2])))
    for struct, fields in STRUCTS.items():
        c_struct = getattr(_capi, struct)
        assert ctypes.sizeof(c_struct) == measured[struct], struct
        for _, field in fields:
            offset = getattr(c_struct, field).offset
            assert offset == measured[f"{struct}.{field}"], f"{struct}.{field}"


def _bytes_of(structure: Any) -> str:
    return bytes(memoryview(structure).cast("B")).hex()


def test_value_builders_match_the_headers(tmp_path: Any) -> None:
    dump = (
        "{ const unsigned char *p = (const unsigned char *)&v; size_t i;"
        ' for (i = 0; i < sizeof v; ++i) printf("%02x", p[i]); printf("\\n"); }'
    )
    calls = [
        ("ac_value_zeroed(7)", _capi.ac_value_zeroed(7)),
        ("ac_value_scalar(1.5)", _capi.ac_value_scalar(1.5)),
        ("ac_value_point(1, -2)", _capi.ac_value_point(1, -2)),
        ("ac_value_size(3, 4)", _capi.ac_value_size(3, 4)),
        ("ac_value_rect(1, 2, 3, 4)", _capi.ac_value_rect(1, 2, 3, 4)),
        ("ac_value_vector3(1, 2, 3)", _capi.ac_value_vector3(1, 2, 3)),
        ("ac_value_color(0.25, 0.5, 0.75, 1)", _capi.ac_value_color(0.25, 0.5, 0.75, 1)),
        ("ac_value_affine(1, 2, 3, 4, 5, 6)", _capi.ac_value_affine(1, 2, 3, 4, 5, 6)),
        ("ac_value_transform3d_identity()", _capi.ac_value_transform3d_identity()),
        ("ac_value_bool(7)", _capi.ac_value_bool(7)),
        ("ac_value_integer(-42)", _capi.ac_value_integer(-42)),
        ("ac_value_token(0xFFFFFFFFFFFFFFFFull)", _capi.ac_value_token(2**64 - 1)),
        ("ac_value_token(0x8000000000000001ull)", _capi.ac_value_token(2**63 + 1)),
    ]
    body = "\n".join(f"{{ ac_value v = {call}; {dump} }}" for call, _ in calls)
    m = "{ double m[16]; int i; ac_value v; for (i = 0; i < 16; ++i) m[i] = i * 0.5;"
    body += f"\n{m} v = ac_value_transform3d(m); {dump} }}"
    inits = [
        ("ac_engine_config", "ac_engine_config_init(&v);"),
        ("ac_layer_delegate", "ac_layer_delegate_init(&v);"),
        ("ac_animation_delegate", "ac_animation_delegate_init(&v);"),
        ("ac_spring", "ac_spring_init(&v);"),
    ]
    for struct, call in inits:
        body += f"\n{{ {struct} v; memset(&v, 0xAB, sizeof v); {call} {dump} }}"
    output = _c_probe(tmp_path, body)
    expected = [_bytes_of(value) for _, value in calls]
    expected.append(_bytes_of(_capi.ac_value_transform3d([i * 0.5 for i in range(16)])))
    for struct, _ in inits:
        c = getattr(_capi, struct)()
        ctypes.memset(ctypes.addressof(c), 0xAB, ctypes.sizeof(c))
        assert getattr(_capi, f"{struct}_init")(c) == _capi.AC_OK
        expected.append(_bytes_of(c))
    assert output == expected


def test_property_desc_init_matches_the_headers() -> None:
    desc = _capi.ac_property_desc()
    value = _capi.ac_value_scalar(2.0)
    assert _capi.ac_property_desc_init(desc, b"time", value) == _capi.AC_OK
    assert (desc.struct_size, desc.animatable, desc.needs_display, desc.reserved) == (
        ctypes.sizeof(_capi.ac_property_desc),
        1,
        0,
        0,
    )
    assert desc.name == b"time" and desc.default_value.v[0] == 2.0
    assert _capi.ac_property_desc_init(None, b"x", value) == _capi.AC_ERR_NULL_POINTER
    assert _capi.ac_property_desc_init(desc, None, value) == _capi.AC_ERR_NULL_POINTER
    assert _capi.ac_layer_delegate_init(None) == _capi.AC_ERR_NULL_POINTER
    assert _capi.ac_status_table_lookup(3, 1) == "AC_ERR_OUT_OF_RANGE"
    assert _capi.ac_status_table_lookup(999, 0) == "unknown status"


def test_path_element_builders_match_the_headers(tmp_path: Any) -> None:
    dump = (
        "{ const unsigned char *p = (const unsigned char *)&v; size_t i;"
        ' for (i = 0; i < sizeof v; ++i) printf("%02x", p[i]); printf("\\n"); }'
    )
    calls = [
        ("ac_path_element_zeroed_(AC_PATH_LINE_TO)", _capi.ac_path_element_zeroed_(1)),
        ("ac_path_move_to(1, -2)", _capi.ac_path_move_to(1, -2)),
        ("ac_path_line_to(3.5, 4)", _capi.ac_path_line_to(3.5, 4)),
        ("ac_path_quad_curve_to(1, 2, 3, 4)", _capi.ac_path_quad_curve_to(1, 2, 3, 4)),
        ("ac_path_curve_to(1, 2, 3, 4, 5, 6)", _capi.ac_path_curve_to(1, 2, 3, 4, 5, 6)),
        ("ac_path_close()", _capi.ac_path_close()),
    ]
    body = "\n".join(f"{{ ac_path_element v = {call}; {dump} }}" for call, _ in calls)
    assert _c_probe(tmp_path, body) == [_bytes_of(value) for _, value in calls]
