"""The compiler's index store, read through the toolchain's `libIndexStore.so` with `ctypes`.

A Swift compile with `-index-store-path DIR` (SwiftPM passes it to every debug build:
`.build/debug/index/store`) writes there, for each source file it compiles, a *unit* (the module,
the main file, the records it depends on) and a *record* (every occurrence of a symbol in that
file: the symbol's USR, name, kind and properties, the occurrence's roles, line and column, and its
relations to other symbols: the function it is called by, the requirement it implements, the type
it is a member of). This module reads them as plain Python values; what they mean is the callers'.

The C API is `indexstore/indexstore.h` (shipped with the toolchain in `usr/local/include`); the
numbers below are that header's enumerations.
"""
from __future__ import annotations

import ctypes
import os
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# indexstore_symbol_kind_t
SYMBOL_KINDS = {
    0: "unknown", 1: "module", 2: "namespace", 3: "namespace-alias", 4: "macro", 5: "enum", 6: "struct", 7: "class",
    8: "protocol", 9: "extension", 10: "union", 11: "type-alias", 12: "function", 13: "variable", 14: "field",
    15: "enum-constant", 16: "instance-method", 17: "class-method", 18: "static-method", 19: "instance-property",
    20: "class-property", 21: "static-property", 22: "constructor", 23: "destructor", 24: "conversion-function",
    25: "parameter", 26: "using", 27: "concept", 1000: "comment-tag",
}
# indexstore_symbol_subkind_t (the Swift ones and the two accessors Swift shares with C++)
SYMBOL_SUBKINDS = {
    0: "", 3: "accessor-getter", 4: "accessor-setter", 1000: "accessor-willset", 1001: "accessor-didset",
    1002: "accessor-addressor", 1003: "accessor-mutable-addressor", 1004: "extension-of-struct",
    1005: "extension-of-class", 1006: "extension-of-enum", 1007: "extension-of-protocol", 1008: "prefix-operator",
    1009: "postfix-operator", 1010: "infix-operator", 1011: "subscript", 1012: "associated-type",
    1013: "generic-type-param", 1014: "accessor-read", 1015: "accessor-modify", 1016: "accessor-init",
    1017: "accessor-borrow", 1018: "accessor-mutate",
}
# indexstore_symbol_role_t: the roles of an occurrence and, from bit 9, of its relations.
ROLE_BITS = {
    "declaration": 1 << 0, "definition": 1 << 1, "reference": 1 << 2, "read": 1 << 3, "write": 1 << 4,
    "call": 1 << 5, "dynamic": 1 << 6, "address-of": 1 << 7, "implicit": 1 << 8, "undefinition": 1 << 19,
    "name-reference": 1 << 20,
    "child-of": 1 << 9, "base-of": 1 << 10, "override-of": 1 << 11, "received-by": 1 << 12, "called-by": 1 << 13,
    "extended-by": 1 << 14, "accessor-of": 1 << 15, "contained-by": 1 << 16, "ib-type-of": 1 << 17,
    "specialization-of": 1 << 18,
}
# indexstore_symbol_property_t: Swift's access level is three bits (17-19) read as one value.
ACCESS_MASK = (1 << 17) | (1 << 18) | (1 << 19)
ACCESS_LEVELS = {
    0: "", 1 << 17: "private", 1 << 18: "fileprivate", (1 << 18) | (1 << 17): "internal", 1 << 19: "package",
    (1 << 19) | (1 << 17): "spi", (1 << 19) | (1 << 18): "public",
}
PROPERTY_BITS = {"local": 1 << 7}

DEPENDENCY_RECORD = 2  # indexstore_unit_dependency_kind_t


@lru_cache(maxsize=None)
def role_names(bits: int) -> frozenset[str]:
    """The names of the roles set in an `indexstore_symbol_role_t`."""
    return frozenset(name for name, bit in ROLE_BITS.items() if bits & bit)


@lru_cache(maxsize=None)
def property_names(bits: int) -> frozenset[str]:
    """The names of the properties set in an `indexstore_symbol_property_t`, Swift's access level
    as `access:LEVEL`."""
    names = {name for name, bit in PROPERTY_BITS.items() if bits & bit}
    level = ACCESS_LEVELS.get(bits & ACCESS_MASK, "")
    if level:
        names.add(f"access:{level}")
    return frozenset(names)


@dataclass(frozen=True)
class Symbol:
    """A symbol as the index names it."""
    usr: str  # the compiler's unique name: `s:21KontextVideoNetworking13EventPipelineC5flushyyF`
    name: str  # `flush()`
    kind: str  # a value of SYMBOL_KINDS
    subkind: str = ""  # a value of SYMBOL_SUBKINDS
    properties: frozenset[str] = frozenset()  # of PROPERTY_BITS, and `access:LEVEL`

    @property
    def access(self) -> str:
        """Swift's access level (`internal`, `package`, `public` …), or "" when the index gave none."""
        for p in self.properties:
            if p.startswith("access:"):
                return p[len("access:"):]
        return ""


@dataclass(frozen=True)
class Relation:
    """A symbol an occurrence is related to, and how (`called-by`, `override-of`, `child-of` …)."""
    roles: frozenset[str]
    symbol: Symbol


@dataclass(frozen=True)
class Occurrence:
    """One occurrence of a symbol in a source file."""
    symbol: Symbol
    roles: frozenset[str]  # of ROLE_BITS: `definition`, `reference`, `call`, `implicit` …
    path: str  # the source file, as the compile named it (absolute)
    line: int  # 1-based
    column: int  # 1-based
    relations: tuple[Relation, ...] = ()


@dataclass(frozen=True)
class Unit:
    """One compile of one main file: the records (with the source file of each) it wrote."""
    main_file: str
    is_system: bool
    records: tuple[tuple[str, str], ...]  # (record name, source file)


def default_library() -> Path | None:
    """The toolchain's `libIndexStore.so`: `$KONTEXT_INDEXSTORE_LIB`, or beside the `swift` on PATH
    (`<toolchain>/usr/lib/libIndexStore.so`)."""
    explicit = os.environ.get("KONTEXT_INDEXSTORE_LIB")
    if explicit:
        return Path(explicit)
    swift = shutil.which("swift")
    if not swift:
        return None
    lib = Path(os.path.realpath(swift)).parent.parent / "lib"
    for name in ("libIndexStore.so", "libIndexStore.dylib"):
        if (lib / name).exists():
            return lib / name
    return None


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self) -> str:
        if not self.data or not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace")


_UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, _StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


class IndexStoreError(Exception):
    """The library or the store could not be opened or read."""


@lru_cache(maxsize=None)
def _load(library: str) -> ctypes.CDLL:
    try:
        lib = ctypes.CDLL(library)
    except OSError as error:
        raise IndexStoreError(f"cannot load {library}: {error}") from None
    void, ptr, boolean, string = None, ctypes.c_void_p, ctypes.c_bool, _StringRef
    error_out = ctypes.POINTER(ctypes.c_void_p)
    signatures = {
        "indexstore_error_get_description": ([ptr], ctypes.c_char_p),
        "indexstore_error_dispose": ([ptr], void),
        "indexstore_store_create": ([ctypes.c_char_p, error_out], ptr),
        "indexstore_store_dispose": ([ptr], void),
        "indexstore_store_units_apply_f": ([ptr, ctypes.c_uint, ptr, _UNIT_APPLIER], boolean),
        "indexstore_store_get_unit_modification_time": ([ptr, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64),
                                                         ctypes.POINTER(ctypes.c_int64), error_out], boolean),
        "indexstore_unit_reader_create": ([ptr, ctypes.c_char_p, error_out], ptr),
        "indexstore_unit_reader_dispose": ([ptr], void),
        "indexstore_unit_reader_is_system_unit": ([ptr], boolean),
        "indexstore_unit_reader_has_main_file": ([ptr], boolean),
        "indexstore_unit_reader_get_main_file": ([ptr], string),
        "indexstore_unit_reader_dependencies_apply_f": ([ptr, ptr, _POINTER_APPLIER], boolean),
        "indexstore_unit_dependency_get_kind": ([ptr], ctypes.c_int),
        "indexstore_unit_dependency_get_name": ([ptr], string),
        "indexstore_unit_dependency_get_filepath": ([ptr], string),
        "indexstore_record_reader_create": ([ptr, ctypes.c_char_p, error_out], ptr),
        "indexstore_record_reader_dispose": ([ptr], void),
        "indexstore_record_reader_occurrences_apply_f": ([ptr, ptr, _POINTER_APPLIER], boolean),
        "indexstore_occurrence_get_symbol": ([ptr], ptr),
        "indexstore_occurrence_get_roles": ([ptr], ctypes.c_uint64),
        "indexstore_occurrence_get_line_col": ([ptr, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)], void),
        "indexstore_occurrence_relations_apply_f": ([ptr, ptr, _POINTER_APPLIER], boolean),
        "indexstore_symbol_relation_get_roles": ([ptr], ctypes.c_uint64),
        "indexstore_symbol_relation_get_symbol": ([ptr], ptr),
        "indexstore_symbol_get_usr": ([ptr], string),
        "indexstore_symbol_get_name": ([ptr], string),
        "indexstore_symbol_get_kind": ([ptr], ctypes.c_int),
        "indexstore_symbol_get_subkind": ([ptr], ctypes.c_int),
        "indexstore_symbol_get_properties": ([ptr], ctypes.c_uint64),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = result
    return lib


class IndexStore:
    """An index store directory (`…/index/store`, the one holding `v5/`), opened read-only."""

    def __init__(self, path: Path, library: Path | None = None):
        library = library or default_library()
        if library is None:
            raise IndexStoreError("no libIndexStore.so: put the Swift toolchain's `swift` on PATH, or set KONTEXT_INDEXSTORE_LIB")
        self.path = Path(path)
        self._lib = _load(str(library))
        error = ctypes.c_void_p()
        self._store = self._lib.indexstore_store_create(str(self.path).encode(), ctypes.byref(error))
        if not self._store:
            raise IndexStoreError(f"{self.path}: {self._error(error)}")

    def _error(self, error: ctypes.c_void_p) -> str:
        if not error.value:
            return "unknown error"
        text = (self._lib.indexstore_error_get_description(error) or b"").decode("utf-8", "replace")
        self._lib.indexstore_error_dispose(error)
        return text

    def close(self) -> None:
        if self._store:
            self._lib.indexstore_store_dispose(self._store)
            self._store = None

    def __enter__(self) -> "IndexStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def unit_names(self) -> list[str]:
        names: list[str] = []

        def collect(_context, name):
            names.append(name.text())
            return True

        self._lib.indexstore_store_units_apply_f(self._store, 1, None, _UNIT_APPLIER(collect))
        return names

    def unit_time(self, name: str) -> float:
        """When a unit was written (seconds since the epoch)."""
        seconds, nanoseconds, error = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_void_p()
        if self._lib.indexstore_store_get_unit_modification_time(self._store, name.encode(), ctypes.byref(seconds),
                                                                 ctypes.byref(nanoseconds), ctypes.byref(error)):
            raise IndexStoreError(f"unit {name}: {self._error(error)}")
        return seconds.value + nanoseconds.value / 1e9

    def unit(self, name: str) -> Unit:
        lib = self._lib
        error = ctypes.c_void_p()
        reader = lib.indexstore_unit_reader_create(self._store, name.encode(), ctypes.byref(error))
        if not reader:
            raise IndexStoreError(f"unit {name}: {self._error(error)}")
        try:
            records: list[tuple[str, str]] = []

            def dependency(_context, dep):
                if lib.indexstore_unit_dependency_get_kind(dep) == DEPENDENCY_RECORD:
                    records.append((lib.indexstore_unit_dependency_get_name(dep).text(),
                                    lib.indexstore_unit_dependency_get_filepath(dep).text()))
                return True

            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, _POINTER_APPLIER(dependency))
            main = lib.indexstore_unit_reader_get_main_file(reader).text() if lib.indexstore_unit_reader_has_main_file(reader) else ""
            return Unit(main, bool(lib.indexstore_unit_reader_is_system_unit(reader)), tuple(records))
        finally:
            lib.indexstore_unit_reader_dispose(reader)

    def occurrences(self, record: str, path: str) -> list[Occurrence]:
        """The occurrences of one record, `path` being the source file it was written for."""
        lib = self._lib
        error = ctypes.c_void_p()
        reader = lib.indexstore_record_reader_create(self._store, record.encode(), ctypes.byref(error))
        if not reader:
            raise IndexStoreError(f"record {record}: {self._error(error)}")
        symbols: dict[int, Symbol] = {}  # the reader's symbol pointers are stable while it is open

        def symbol(pointer: int) -> Symbol:
            found = symbols.get(pointer)
            if found is None:
                found = Symbol(lib.indexstore_symbol_get_usr(pointer).text(), lib.indexstore_symbol_get_name(pointer).text(),
                               SYMBOL_KINDS.get(lib.indexstore_symbol_get_kind(pointer), "unknown"),
                               SYMBOL_SUBKINDS.get(lib.indexstore_symbol_get_subkind(pointer), ""),
                               property_names(lib.indexstore_symbol_get_properties(pointer)))
                symbols[pointer] = found
            return found

        found: list[Occurrence] = []
        line, column = ctypes.c_uint(), ctypes.c_uint()

        def occurrence(_context, occ):
            relations: list[Relation] = []

            def relation(_context, rel):
                relations.append(Relation(role_names(lib.indexstore_symbol_relation_get_roles(rel)),
                                          symbol(lib.indexstore_symbol_relation_get_symbol(rel))))
                return True

            lib.indexstore_occurrence_relations_apply_f(occ, None, _POINTER_APPLIER(relation))
            lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
            found.append(Occurrence(symbol(lib.indexstore_occurrence_get_symbol(occ)),
                                    role_names(lib.indexstore_occurrence_get_roles(occ)), path, line.value, column.value,
                                    tuple(relations)))
            return True

        try:
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, _POINTER_APPLIER(occurrence))
        finally:
            lib.indexstore_record_reader_dispose(reader)
        return found

