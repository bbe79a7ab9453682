"""The restricted unpickler behind paddle.load: a file can only describe data, never run code,
corrupt memory or make the loader allocate more than the file holds.

- Before unpickling, `scan_opcodes` walks the pickle's opcodes and checks every length prefix
  against the bytes that remain (CPython's C unpickler allocates a BINBYTES8/BINUNICODE8/FRAME
  argument of the announced size before it reads it: 30 bytes would cost 1 GiB).
- `find_class` hands out builtin types that cannot be modified and guarded callables (no
  attributes to overwrite) that accept only what a pickle of Paddle's format passes them:
  bytearray(int), list(range(...)) and the like are refused.
- NumPy arrays are rebuilt only through NumPy's reconstruct path (`_reconstruct` + BUILD, or
  protocol 5's `_frombuffer`), into `_LoadedArray`, whose __setstate__ validates the shape, the
  dtype (never one holding Python objects) and that the raw data has exactly the array's size,
  once; `numpy.ndarray` itself is not callable from the file. Dtypes are rebuilt by
  `_PendingDtype` from a validated (spec, state) pair without numpy.dtype.__setstate__ (a
  malformed state segfaults NumPy).
- `sanitize` then replaces the placeholders by plain ndarrays and dtypes, refusing cycles and
  nesting deeper than MAX_DEPTH.
"""
import collections
import pickle
import pickletools
import re

import numpy as np

__all__ = ["UnsafePickleError", "scan_opcodes", "RestrictedUnpickler", "sanitize", "MAX_DEPTH"]

MAX_DEPTH = 200


class UnsafePickleError(pickle.UnpicklingError):
    """The file asks the unpickler for a callable a Paddle save file never needs."""


def _bad(msg):
    return pickle.UnpicklingError(msg)


# ------------------------------------------------------------------------------ opcode scanner

# opcode kinds for the scanner
_NOARG, _FIXED, _LINES, _PREFIXED, _FRAME, _BINPUT, _PUT, _STOP, _REFUSED = range(9)
_PREFIX = {pickletools.TAKEN_FROM_ARGUMENT1: (1, False), pickletools.TAKEN_FROM_ARGUMENT4: (4, True),
           pickletools.TAKEN_FROM_ARGUMENT4U: (4, False), pickletools.TAKEN_FROM_ARGUMENT8U: (8, False)}
_REFUSED_OPS = {"PERSID", "BINPERSID", "NEXT_BUFFER", "READONLY_BUFFER", "EXT1", "EXT2", "EXT4"}


def _opcode_table():
    """[code] -> (kind, argument, name) for every opcode; None for bytes that are no opcode."""
    table = [None] * 256
    for op in pickletools.opcodes:
        n = None if op.arg is None else op.arg.n
        if op.name in _REFUSED_OPS:
            entry = (_REFUSED, 0)
        elif op.name == "STOP":
            entry = (_STOP, 0)
        elif op.name == "FRAME":
            entry = (_FRAME, 8)
        elif op.name in ("BINPUT", "LONG_BINPUT"):
            entry = (_BINPUT, n)
        elif op.name == "PUT":
            entry = (_PUT, 1)
        elif n is None:
            entry = (_NOARG, 0)
        elif op.name in ("GLOBAL", "INST"):
            entry = (_LINES, 2)
        elif n == pickletools.UP_TO_NEWLINE:
            entry = (_LINES, 1)
        elif n >= 0:
            entry = (_FIXED, n)
        else:
            entry = (_PREFIXED, _PREFIX[n])
        table[op.code.encode("latin1")[0]] = entry + (op.name,)
    return table


_OPCODES = _opcode_table()


def _check_memo_index(index, pos):
    # the C unpickler grows its memo table to the index a PUT names: a memo index is at most
    # the number of objects before it, so never more than its offset in the file
    if not 0 <= index <= pos:
        raise _bad(f"memo index {index} at byte {pos} is beyond what the file can hold")


def scan_opcodes(data):
    """Check that `data` (bytes or mmap) is one well-formed pickle whose every length-prefixed
    argument fits in what remains and whose memo indices are plausible; return the offset just
    past its STOP. Raises pickle.UnpicklingError (UnsafePickleError for opcodes Paddle's format
    never uses)."""
    pos, end = 0, len(data)
    table, from_bytes, find = _OPCODES, int.from_bytes, data.find
    while pos < end:
        entry = table[data[pos]]
        if entry is None:
            raise _bad(f"invalid pickle opcode {data[pos]:#04x} at byte {pos}")
        kind, arg, name = entry
        pos += 1
        if kind == _NOARG:
            continue
        if kind == _FIXED:
            pos += arg
        elif kind == _PREFIXED:
            width, signed = arg
            size = from_bytes(data[pos:pos + width], "little", signed=signed)
            pos += width
            if size < 0 or size > end - pos:
                raise _bad(f"{name} at byte {pos - width - 1} announces {size} bytes but the "
                           f"file has {max(end - pos, 0)} left")
            pos += size
        elif kind == _BINPUT:
            _check_memo_index(from_bytes(data[pos:pos + arg], "little"), pos)
            pos += arg
        elif kind == _LINES or kind == _PUT:
            start = pos
            for _ in range(arg):
                nl = find(b"\n", pos)
                if nl < 0:
                    raise _bad(f"pickle data was truncated ({name} at byte {start - 1})")
                pos = nl + 1
            if kind == _PUT:
                try:
                    index = int(data[start:pos - 1])
                except ValueError:
                    raise _bad(f"malformed PUT index at byte {start}") from None
                _check_memo_index(index, start)
        elif kind == _FRAME:
            size = from_bytes(data[pos:pos + 8], "little")
            if size > end - pos - 8:
                raise _bad(f"pickle frame of {size} bytes at byte {pos - 1} is longer than "
                           f"the {max(end - pos - 8, 0)} bytes left in the file")
            pos += 8
        elif kind == _STOP:
            return pos
        else:
            raise UnsafePickleError(f"paddle.load: the {name} opcode is not part of Paddle's "
                                    f"format")
        if pos > end:
            raise _bad(f"pickle data was truncated ({name})")
    raise _bad("pickle data was truncated (no STOP opcode)")


# -------------------------------------------------------------------------------------- dtypes

_DTYPE_SPEC = re.compile(r"(b1|[iu][1248]|f(2|4|8|12|16)|c(8|16|24|32)|[SUV]\d{1,9}|[Mm]8)\Z")
_DATETIME_UNITS = {"Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as",
                   "generic"}
_ARRAY_KINDS = set("biufcSUVMm")


def _check_dtype(dt):
    if not isinstance(dt, np.dtype) or dt.hasobject or dt.kind not in _ARRAY_KINDS \
            or dt.names is not None or dt.subdtype is not None:
        raise UnsafePickleError(f"paddle.load: refusing dtype {dt!r} (only numeric, bool, "
                                f"byte/str and datetime dtypes; never Python objects)")
    return dt


def _as_dtype(obj):
    """The dtype a pickle names: a rebuilt _PendingDtype (or numpy's b'b' in _reconstruct)."""
    if isinstance(obj, _PendingDtype):
        return obj.dtype
    if isinstance(obj, np.dtype):
        return _check_dtype(obj)
    raise _bad(f"expected a dtype, got {type(obj).__name__}")


class _PendingDtype:
    """numpy.dtype(spec, align, copy) followed by BUILD(state), rebuilt from validated parts."""
    __slots__ = ("dtype", "_built")

    def __init__(self, spec, align=False, copy=True):
        if not isinstance(spec, str) or not _DTYPE_SPEC.match(spec):
            raise UnsafePickleError(f"paddle.load: refusing dtype spec {spec!r}")
        if not isinstance(align, bool) or not isinstance(copy, bool):
            raise _bad("numpy.dtype: align and copy must be bool")
        self.dtype = np.dtype(spec)
        self._built = False

    def __setstate__(self, state):
        if self._built:
            raise _bad("a dtype's state is set twice")
        self._built = True
        if type(state) is not tuple or len(state) not in (8, 9) or state[0] != len(state) - 5:
            raise _bad(f"malformed dtype state {state!r:.200}")
        byteorder, subarray, names, fields, elsize, alignment, flags = state[1:8]
        if byteorder not in ("<", ">", "|", "="):
            raise _bad(f"malformed dtype byte order {byteorder!r:.50}")
        if subarray is not None or names is not None or fields is not None:
            raise UnsafePickleError("paddle.load: structured and sub-array dtypes are not part "
                                    "of Paddle's format")
        if not all(type(v) is int for v in (elsize, alignment, flags)):
            raise _bad("malformed dtype state (sizes must be int)")
        dt = self.dtype
        if dt.kind in "Mm":
            dt = self._datetime(dt, state[8] if len(state) == 9 else None)
        elif len(state) == 9 and state[8] is not None and type(state[8]) is not dict:
            raise _bad("malformed dtype metadata")
        if elsize not in (-1, dt.itemsize):
            raise _bad(f"dtype state gives itemsize {elsize} for {dt}")
        if byteorder in "<>" and dt.byteorder != "|":
            dt = dt.newbyteorder(byteorder)
        self.dtype = _check_dtype(dt)

    @staticmethod
    def _datetime(dt, metadata):
        if metadata is None:
            return dt
        if type(metadata) is not tuple or len(metadata) != 2 or type(metadata[1]) is not tuple \
                or len(metadata[1]) != 4:
            raise _bad("malformed datetime dtype metadata")
        unit, num, den, events = metadata[1]
        if type(unit) is bytes:
            unit = unit.decode("latin1")
        if unit not in _DATETIME_UNITS or type(num) is not int or not 1 <= num < 2 ** 31 \
                or den != 1 or events != 1:
            raise _bad(f"malformed datetime unit {metadata[1]!r:.100}")
        return dt if unit == "generic" else np.dtype(f"{dt.str[1:]}[{num}{unit}]")


# -------------------------------------------------------------------------------------- arrays

class _LoadedArray(np.ndarray):
    """An ndarray being rebuilt from a pickle; its state is validated and can be set once."""

    def __setstate__(self, state):
        if self.__dict__.get("_eg_built"):
            raise _bad("an array's state is set twice")
        self._eg_built = True
        if type(state) is not tuple or len(state) not in (4, 5):
            raise _bad("malformed ndarray state")
        if len(state) == 5:
            if state[0] != 1:
                raise _bad(f"unknown ndarray state version {state[0]!r:.50}")
            state = state[1:]
        shape, dtype, is_fortran, rawdata = state
        shape = _check_shape(shape)
        dtype = _as_dtype(dtype)
        if type(is_fortran) not in (bool, int):
            raise _bad("malformed ndarray state (fortran flag)")
        if type(rawdata) is str:  # a Python 2 pickle read with encoding='latin1'
            rawdata = rawdata.encode("latin1")
        if type(rawdata) not in (bytes, bytearray):
            raise UnsafePickleError("paddle.load: array data must be bytes")
        nbytes = _prod(shape) * dtype.itemsize
        if len(rawdata) != nbytes:
            raise _bad(f"array data has {len(rawdata)} bytes, shape {shape} of {dtype} needs "
                       f"{nbytes}")
        _check_data(dtype, rawdata)
        np.ndarray.__setstate__(self, (1, shape, dtype, bool(is_fortran), rawdata))


def _check_data(dt, raw):
    """Raw bytes NumPy will trust for dtype `dt`: a str array's code points must be Unicode
    (NumPy raises SystemError printing anything above U+10FFFF)."""
    if dt.kind == "U" and len(raw):
        points = np.frombuffer(raw, dtype=dt.byteorder.replace("=", "<").replace("|", "<")
                               + "u4")
        if int(points.max()) > 0x10FFFF:
            raise _bad("a str array holds code points beyond U+10FFFF")


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _check_shape(shape):
    if type(shape) is not tuple:
        if type(shape) is not list:
            raise _bad(f"malformed array shape {shape!r:.100}")
        shape = tuple(shape)
    if len(shape) > 64:
        raise _bad("an array shape with more than 64 dimensions")
    for d in shape:
        if type(d) is not int or d < 0:
            raise _bad(f"malformed array shape {shape!r:.100}")
    return shape


class _NdarrayToken:
    """What find_class('numpy', 'ndarray') gives: an argument for _reconstruct, not callable."""
    __slots__ = ()

    def __call__(self, *args, **kwargs):
        raise UnsafePickleError("paddle.load refuses to call numpy.ndarray from a pickle (arrays "
                                "come only through NumPy's reconstruct path)")


_NDARRAY = _NdarrayToken()


class _Guarded:
    """A callable handed to the unpickler: a slotted instance, so BUILD cannot rewrite it."""
    __slots__ = ()


def _guarded(fn):
    cls = type("_Guarded_" + fn.__name__, (_Guarded,),
               {"__slots__": (), "__call__": lambda self, *a: fn(*a),
                "__repr__": lambda self: f"<paddle.load's {fn.__name__}>"})
    return cls()


def _make_allowed(limit):
    """The callables a pickle may name, for one load of a `limit`-byte file."""

    def _reconstruct(cls, shape, dtype):
        if cls is not _NDARRAY:
            raise UnsafePickleError(f"paddle.load: refusing to rebuild an array of type {cls!r}")
        shape = _check_shape(shape)
        dt = np.dtype(dtype) if type(dtype) is bytes and dtype == b"b" else _as_dtype(dtype)
        if _prod(shape) * dt.itemsize > limit:
            raise _bad(f"array of shape {shape} is larger than the file")
        return np.ndarray.__new__(_LoadedArray, shape, dt)

    def _frombuffer(buf, dtype, shape, order):
        if type(buf) not in (bytes, bytearray):
            raise UnsafePickleError("paddle.load: _frombuffer data must be bytes")
        dt, shape = _as_dtype(dtype), _check_shape(shape)
        if order not in ("C", "F") or len(buf) != _prod(shape) * dt.itemsize:
            raise _bad("malformed _frombuffer arguments")
        _check_data(dt, buf)
        arr = np.frombuffer(buf, dtype=dt).reshape(shape, order=order).view(_LoadedArray)
        arr._eg_built = True
        return arr

    def scalar(dtype, data=None):
        dt = _as_dtype(dtype)
        if type(data) is str:
            data = data.encode("latin1")
        if type(data) is not bytes or len(data) != dt.itemsize:
            raise _bad(f"malformed numpy scalar of {dt}")
        _check_data(dt, data)
        return _np_scalar(dt, data)

    return {"_reconstruct": _guarded(_reconstruct), "scalar": _guarded(scalar),
            "_frombuffer": _guarded(_frombuffer)}


_np_scalar = np.float32(0).__reduce__()[0]   # numpy.(_)core.multiarray.scalar

_CONCRETE = (list, tuple, set, frozenset, dict, collections.OrderedDict)


def _container(kind):
    def make(*args):
        if len(args) > 1 or (args and type(args[0]) not in _CONCRETE):
            raise UnsafePickleError(f"paddle.load: refusing {kind.__name__}() of "
                                    f"{', '.join(type(a).__name__ for a in args)}")
        return kind(*args)
    make.__name__ = kind.__name__
    return _guarded(make)


def _bytearray(*args):
    if len(args) == 1 and type(args[0]) in (bytes, bytearray) or not args:
        return bytearray(*args)
    if len(args) == 2 and type(args[0]) is str and args[1] in ("latin1", "latin-1"):
        return bytearray(*args)
    raise UnsafePickleError("paddle.load: refusing bytearray() of anything but bytes")


def _bytes(*args):
    if not args or len(args) == 1 and type(args[0]) is bytes:  # protocol 2 writes bytes() for b''
        return bytes(*args)
    if len(args) == 2 and type(args[0]) is str and args[1] in ("latin1", "latin-1"):
        return bytes(*args)
    raise UnsafePickleError("paddle.load: refusing bytes() of anything but bytes")


def _complex(*args):
    if len(args) > 2 or not all(type(a) in (int, float) for a in args):
        raise UnsafePickleError("paddle.load: refusing complex() of non-numbers")
    return complex(*args)


def _codecs_encode(obj, encoding="utf-8"):
    # protocol 2 writes bytes as _codecs.encode(str, 'latin1')
    if not isinstance(obj, str) or encoding not in ("latin1", "latin-1", "utf-8", "utf8"):
        raise UnsafePickleError(f"paddle.load: refusing _codecs.encode(..., {encoding!r})")
    return obj.encode(encoding)


def _eval_dense_tensor(*args):
    # Paddle pickles a static-graph DenseTensor as eval('data', {'data': ndarray}): answer that
    # one expression without evaluating anything
    expr, scope = (args + (None, None))[:2]
    if len(args) == 2 and expr == "data" and type(scope) is dict and list(scope) == ["data"] \
            and isinstance(scope["data"], np.ndarray):
        return scope["data"]
    raise UnsafePickleError("paddle.load: refusing to call eval from a pickle")


_STATIC = {
    ("builtins", "tuple"): _container(tuple), ("builtins", "list"): _container(list),
    ("builtins", "dict"): _container(dict), ("builtins", "set"): _container(set),
    ("builtins", "frozenset"): _container(frozenset),
    ("builtins", "complex"): _guarded(_complex), ("builtins", "bytes"): _guarded(_bytes), ("builtins", "bytearray"): _guarded(_bytearray),
    ("builtins", "slice"): slice, ("builtins", "range"): range,
    ("builtins", "eval"): _guarded(_eval_dense_tensor),
    ("collections", "OrderedDict"): _container(collections.OrderedDict),
    ("_codecs", "encode"): _guarded(_codecs_encode),
    ("numpy", "ndarray"): _NDARRAY, ("numpy", "dtype"): _guarded(_PendingDtype),
}
for (_module, _name), _value in list(_STATIC.items()):
    if _module == "builtins":  # what protocol 2 (and Python 2) write
        _STATIC[("__builtin__", _name)] = _value
del _module, _name, _value
_NUMPY_CORE = {"numpy.core.multiarray": ("_reconstruct", "scalar"),
               "numpy._core.multiarray": ("_reconstruct", "scalar"),
               "numpy.core.numeric": ("_frombuffer",), "numpy._core.numeric": ("_frombuffer",)}


class RestrictedUnpickler(pickle.Unpickler):
    """pickle.Unpickler for one file of `limit` bytes that admits only the callables above."""

    def __init__(self, file, limit, **kwargs):
        super().__init__(file, **kwargs)
        self._dynamic = _make_allowed(limit)

    def find_class(self, module, name):
        found = _STATIC.get((module, name))
        if found is not None:
            return found
        if name in _NUMPY_CORE.get(module, ()):
            return self._dynamic[name]
        raise UnsafePickleError(
            f"paddle.load refuses to load '{module}.{name}': a Paddle save file holds only "
            f"NumPy arrays, dtypes and builtin containers, and loading never runs code from the "
            f"file. Load it with plain pickle only if you trust its source.")

    def persistent_load(self, pid):
        raise UnsafePickleError("paddle.load: persistent ids are not part of Paddle's format")


# ------------------------------------------------------------------------------------ sanitize

def _plain(obj):
    if isinstance(obj, _LoadedArray):
        return obj.view(np.ndarray)
    if isinstance(obj, _PendingDtype):
        return obj.dtype
    if obj is _NDARRAY:
        return np.ndarray
    if isinstance(obj, _Guarded):
        raise UnsafePickleError(f"paddle.load: the file holds the callable {obj!r} as data")
    return obj


_ATOMS = frozenset((str, int, float, bool, type(None), bytes, complex))


def sanitize(obj):
    """The unpickled object with plain ndarrays/dtypes for the placeholders; containers are
    rebuilt (shared ones stay shared); cycles and nesting deeper than MAX_DEPTH are refused."""
    done, active = {}, set()

    def walk(o, depth):
        t = type(o)
        if t in _ATOMS:
            return o
        key = id(o)
        if key in done:
            return done[key][0]
        if t not in (list, tuple, dict, collections.OrderedDict, set, frozenset, slice):
            out = _plain(o)
            if out is not o:
                done[key] = (out, o)  # o is kept alive so that its id is not reused
            return out
        if key in active:
            raise _bad("the pickle holds a container that contains itself")
        if depth > MAX_DEPTH:
            raise _bad(f"the pickle nests containers deeper than {MAX_DEPTH} levels")
        active.add(key)
        if t is list:
            out = [walk(v, depth + 1) for v in o]
        elif t is tuple or t is set or t is frozenset:
            out = t(walk(v, depth + 1) for v in o)
        elif t is slice:
            out = slice(walk(o.start, depth + 1), walk(o.stop, depth + 1),
                        walk(o.step, depth + 1))
        else:
            if t is collections.OrderedDict and o.__dict__:
                raise _bad("the pickle sets attributes on an OrderedDict")
            out = t()
            for k, v in dict.items(o):
                out[walk(k, depth + 1)] = walk(v, depth + 1)
        active.discard(key)
        done[key] = (out, o)
        return out

    return walk(obj, 0)
