"""paddle.save / paddle.load (Paddle 3.3.1 python/paddle/framework/io.py), in Paddle's pickle
format, so files move both ways between eagergraph and Paddle.

What Paddle writes (and so this module):
- a state dict (a dict whose values are all Tensors, or dicts holding no Tensors): a plain dict
  of NumPy arrays plus "StructuredToParameterName@@": {key: tensor.name}; pickle protocol 2/3
  split arrays over 1 GiB into slices listed under "UnpackBigParamInfor@@".
- anything else (a Tensor, nested lists/dicts of Tensors, ...): pickled as it is, every Tensor as
  the tuple (tensor.name, ndarray); nn.Layer objects are refused.
- bfloat16 data is stored as its uint16 bits (what Paddle's Tensor.numpy() gives).

Loading never runs code from the file, never builds object arrays and allocates no more than the
file holds (checkpoint_unpickler): anything else raises UnsafePickleError (e.g. a pickle whose
__reduce__ calls os.system) or ValueError (a malformed file).
"""
import collections
import io
import mmap
import os
import pickle
import warnings

import numpy as np

from .checkpoint_unpickler import RestrictedUnpickler, UnsafePickleError, sanitize, scan_opcodes
from .creation import to_tensor
from .nn import Layer
from .tensor import Tensor

__all__ = ["save", "load", "UnsafePickleError"]

_NAME_TABLE = "StructuredToParameterName@@"
_UNPACK_INFO = "UnpackBigParamInfor@@"


# ----------------------------------------------------------------------------------------- save

def _tensor_array(t):
    layout = getattr(type(t), "_sparse_layout", None)
    if layout is not None:  # its _data is the values only: refuse rather than lose the pattern
        raise TypeError(f"paddle.save(): a sparse {layout} tensor cannot be saved (Paddle "
                        f"3.3.1 crashes on one); save its indices()/values() (crows()/cols()/"
                        f"values() for CSR) or x.to_dense()")
    arr = np.asarray(t._data)
    if arr.dtype.name == "bfloat16":
        arr = arr.view(np.uint16)
    return arr


def _contain_x(obj, condition):
    if condition(obj):
        return True
    if type(obj) in (dict, collections.OrderedDict):
        return any(_contain_x(v, condition) for v in obj.values())
    if type(obj) in (list, tuple):
        return any(_contain_x(v, condition) for v in obj)
    return False


def _is_state_dict(obj):
    if not isinstance(obj, dict):
        return False
    for value in obj.values():
        if isinstance(value, dict):
            for v in value.values():
                if _contain_x(v, lambda o: isinstance(o, (Layer, Tensor))):
                    return False
        elif not isinstance(value, Tensor):
            return False
    return True


def _check_protocol(protocol):
    if not isinstance(protocol, int):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if protocol < 2 or protocol > 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")


def _build_saved_state_dict(state_dict):
    save_dict, name_table = {}, {}
    for key, value in state_dict.items():
        if isinstance(value, Tensor):
            save_dict[key] = _tensor_array(value)
            name_table[key] = value.name
        else:
            save_dict[key] = value
    save_dict[_NAME_TABLE] = name_table
    return save_dict


def _unpack_saved_dict(saved_obj, protocol):
    """Protocols 2 and 3 cannot hold an object over 4 GiB: split big arrays into 1 GiB slices."""
    if not 1 < protocol < 4:
        return saved_obj
    unpack_info = {}
    for key, value in list(saved_obj.items()):
        if not isinstance(value, np.ndarray):
            continue
        max_elems = int((2 ** 30 - 1) / value.dtype.itemsize)
        num = int(np.prod(value.shape))
        if num <= max_elems:
            continue
        flat = value.flatten()
        slices = []
        saved_obj.pop(key)
        for i in range(-(-num // max_elems)):
            part = f"{key}@@.{i}"
            slices.append(part)
            saved_obj[part] = flat[i * max_elems:(i + 1) * max_elems]
        unpack_info[key] = {"OriginShape": value.shape, "slices": slices}
    if unpack_info:
        saved_obj[_UNPACK_INFO] = unpack_info
    return saved_obj


class _Pickler(pickle.Pickler):
    """Tensors (Parameters included) as Paddle's (name, ndarray) tuples; Layers refused."""

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return (tuple, ((obj.name, _tensor_array(obj)),))
        if isinstance(obj, Layer):
            raise ValueError("paddle do not support saving `paddle.nn.Layer` object.")
        return NotImplemented


class _AtomicWrite:
    """Write `path` through a temporary file in the same folder, renamed over `path` only once
    everything is written and flushed to disk: a save that fails (an unpicklable value, a full
    disk, the process killed) leaves the previous file as it was. A symlink is written through
    (its target is replaced); an existing file keeps its permission bits."""

    def __init__(self, path):
        self.path = os.path.realpath(path)
        folder, name = os.path.split(self.path)
        for _ in range(100):
            self.tmp = os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
            try:
                fd = os.open(self.tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
                break
            except FileExistsError:
                continue
        else:
            raise FileExistsError(f"paddle.save: no free temporary name beside {self.path}")
        self.file = os.fdopen(fd, "wb")

    def __enter__(self):
        return self.file

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                self.file.flush()
                os.fsync(self.file.fileno())
            self.file.close()
            if exc_type is None:
                if os.path.exists(self.path):
                    os.chmod(self.tmp, os.stat(self.path).st_mode & 0o7777)
                os.replace(self.tmp, self.path)
        finally:
            if os.path.exists(self.tmp):
                os.unlink(self.tmp)
        return False


def _open_for_save(path):
    return _AtomicWrite(path) if isinstance(path, str) else _NoClose(path)


class _NoClose:
    """A BytesIO used through `with` without being closed (Paddle's _buffer_writer/reader)."""

    def __init__(self, buf):
        self.buf = buf

    def __enter__(self):
        return self.buf

    def __exit__(self, *exc):
        return False


def _parse_save_config(configs):
    for key in configs:
        if key not in ("use_binary_format", "pickle_protocol", "safetensors"):
            raise ValueError(f"The additional config ({key}) of `paddle.save` is not supported.")
    use_binary_format = configs.get("use_binary_format", False)
    if not isinstance(use_binary_format, bool):
        raise TypeError(f"Type of `use_binary_format` should be bool, but received "
                        f"{type(use_binary_format)}.")
    if use_binary_format:
        raise NotImplementedError("paddle.save(use_binary_format=True) (Paddle's C++ tensor "
                                  "stream format) is not supported by eagergraph.")
    if configs.get("safetensors", False):
        raise NotImplementedError("paddle.save(safetensors=True) is not supported by eagergraph.")
    return configs.get("pickle_protocol")


def _make_parent(path):
    """A save path names a file (Paddle's error for a directory path); its parent directories
    are created."""
    if os.path.basename(path) == "":
        raise ValueError(
            "The input path MUST be format of dirname/filename [dirname\\filename in Windows "
            "system], but received filename is empty string.")
    dirname = os.path.dirname(path)
    if dirname and not os.path.exists(dirname):
        os.makedirs(dirname, exist_ok=True)


def save(obj, path, protocol=4, **configs):
    """Save `obj` (a state dict, a Tensor, or nested lists/dicts of Tensors and plain data) to
    the file `path` (parent directories are created) or a BytesIO, as Paddle does. The file is
    replaced atomically: a save that fails leaves the previous file intact."""
    if isinstance(path, str):
        _make_parent(path)
    elif not isinstance(path, io.BytesIO):
        raise ValueError(f"only supports saving objects to file and `BytesIO`, but got "
                         f"{type(path)}")
    pickle_protocol = _parse_save_config(configs)
    if pickle_protocol is not None:
        protocol = pickle_protocol
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' "
                      "instead.")
    _check_protocol(protocol)
    if _is_state_dict(obj):
        if len(obj) == 0:
            warnings.warn("The input state dict is empty, no need to save.")
        saved = _unpack_saved_dict(_build_saved_state_dict(obj), protocol)
        with _open_for_save(path) as f:
            pickle.dump(saved, f, protocol=protocol)
    else:
        with _open_for_save(path) as f:
            _Pickler(f, protocol).dump(obj)


# ----------------------------------------------------------------------------------------- load

def _malformed(what):
    return ValueError(f"`paddle.load`: malformed checkpoint ({what})")


def _pack_loaded_dict(obj):
    """Join the slices _unpack_saved_dict split a big array into (each slice used once, so the
    result is no bigger than the file)."""
    if not (isinstance(obj, dict) and _UNPACK_INFO in obj):
        return obj
    info, used = obj[_UNPACK_INFO], set()
    if not isinstance(info, dict):
        raise _malformed(f"{_UNPACK_INFO} is a {type(info).__name__}")
    for key, value in info.items():
        if not (isinstance(value, dict) and isinstance(value.get("slices"), list)
                and isinstance(value.get("OriginShape"), (tuple, list))):
            raise _malformed(f"{_UNPACK_INFO}[{key!r:.80}]")
        names, shape = value["slices"], value["OriginShape"]
        if not names or not all(type(n) is str and n not in used for n in names) \
                or len(set(names)) != len(names) \
                or not all(type(d) is int and d >= 0 for d in shape):
            raise _malformed(f"{_UNPACK_INFO}[{key!r:.80}]")
        used.update(names)
        slices = [obj.get(n) for n in names]
        if not all(isinstance(a, np.ndarray) and a.ndim == 1 and a.dtype == slices[0].dtype
                   for a in slices) or sum(a.size for a in slices) != int(np.prod(shape)):
            raise _malformed(f"the slices of {key!r:.80} do not make an array of shape "
                             f"{tuple(shape)}")
        obj[key] = np.concatenate(slices).reshape(shape)
    for key in used:
        obj.pop(key)
    obj.pop(_UNPACK_INFO)
    return obj


def _is_name_array_tuple(obj):
    # Paddle >= 2.1 pickles a Tensor as (name, ndarray)
    return isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], str) \
        and isinstance(obj[1], np.ndarray)


class _Converter:
    """ndarray -> Tensor (or the array itself with return_numpy), once per array: an array the
    file references many times becomes one Tensor, so loading allocates no more than the file."""

    def __init__(self, return_numpy):
        self.return_numpy, self.done = return_numpy, {}

    def __call__(self, arr, name=None):
        if self.return_numpy:
            return arr
        t = self.done.get(id(arr))
        if t is None:
            t = self.done[id(arr)] = to_tensor(arr)
            if name:
                t.name = name
        return t


def _contains(obj, condition):
    """_contain_x for a loaded object (a DAG after sanitize: each node visited once)."""
    seen, stack = set(), [obj]
    while stack:
        o = stack.pop()
        if condition(o):
            return True
        if id(o) in seen:
            continue
        seen.add(id(o))
        if type(o) in (dict, collections.OrderedDict):
            stack.extend(o.values())
        elif type(o) in (list, tuple):
            stack.extend(o)
    return False


def _parse_every_object(obj, condition, convert):
    done = {}

    def walk(o):
        if id(o) in done:
            return done[id(o)]
        if condition(o):
            out = convert(o)
        elif type(o) in (dict, collections.OrderedDict, list):
            keys = range(len(o)) if type(o) is list else list(o.keys())
            for key in keys:
                o[key] = walk(o[key])
            out = o
        elif type(o) is tuple:
            out = tuple(walk(v) for v in o)
        elif type(o) is set:
            out = set(walk(v) for v in o)
        elif hasattr(o, "__iter__") and not isinstance(o, (str, np.ndarray, Tensor)):
            raise NotImplementedError(
                f"The iterable objects supported are tuple, list, dict, OrderedDict, string. "
                f"But received {type(o)}.")
        else:
            out = o
        done[id(o)] = out
        return out

    return walk(obj)


def _parse_load_result(obj, convert):
    if _contains(obj, _is_name_array_tuple):
        return _parse_every_object(obj, _is_name_array_tuple, lambda o: convert(o[1], o[0]))
    # saved by paddle 2.0 or from a DenseTensor: every ndarray is a tensor
    return _parse_every_object(obj, lambda o: isinstance(o, np.ndarray), convert)


def _parse_load_config(configs):
    supported = ("model_filename", "params_filename", "keep_name_table", "return_numpy",
                 "safetensors")
    for key in configs:
        if key not in supported:
            raise ValueError(f"The additional config ({key}) of `paddle.load` is not supported.")
    if configs.get("safetensors", False):
        raise NotImplementedError("paddle.load(safetensors=True) is not supported by eagergraph.")
    return bool(configs.get("return_numpy", False)), configs.get("keep_name_table", None)


def _unpickle(path):
    """Scan the pickle's opcodes (checkpoint_unpickler.scan_opcodes), unpickle it with the
    restricted unpickler, and sanitize the result."""
    try:
        if isinstance(path, io.BytesIO):
            start = path.tell()
            data = path.getvalue()[start:]
            limit = len(data)
            scan_opcodes(data)
            obj = RestrictedUnpickler(path, limit, encoding="latin1").load()
        else:
            with open(path, "rb") as f:
                limit = os.fstat(f.fileno()).st_size
                if limit == 0:
                    raise EOFError("the file is empty")
                with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
                    scan_opcodes(data)
                obj = RestrictedUnpickler(f, limit, encoding="latin1").load()
        return sanitize(obj)
    except (UnsafePickleError, MemoryError):
        raise
    except Exception as e:  # noqa: BLE001 - whatever a malformed file makes the unpickler raise
        raise ValueError(
            f"`paddle.load` can not parse the file:{path}. (eagergraph reads Paddle's "
            f"pickle format only, not its C++ tensor stream or program formats: "
            f"{type(e).__name__}: {str(e)[:300]})") from None


def load(path, **configs):
    """Load what `paddle.save` wrote (by eagergraph or Paddle) from a file or BytesIO.

    Tensors come back as Tensors (with their saved names), or as ndarrays with
    return_numpy=True; a state dict loses its "StructuredToParameterName@@" table unless
    keep_name_table=True."""
    if not (isinstance(path, io.BytesIO) or os.path.isfile(path)):
        if os.path.isdir(path):
            raise NotImplementedError(
                f"paddle.load({path!r}): loading a directory saved by Paddle 1.x "
                f"save_inference_model/save_params is not supported by eagergraph.")
        msg = f"The ``path`` ({path}) to load model not exists."
        if os.path.exists(path + ".pdparams") or os.path.exists(path + ".pdopt"):
            msg += ("please specify the full file name, not just the file name prefix. For "
                    "example, it should be written as `paddle.load('model.pdparams')` instead "
                    "of `paddle.load('model')`.")
        raise ValueError(msg)
    return_numpy, keep_name_table = _parse_load_config(configs)
    result = _unpickle(path)
    convert = _Converter(return_numpy)
    if isinstance(result, dict):
        result = _pack_loaded_dict(result)
        if _NAME_TABLE in result:
            table = result[_NAME_TABLE]
            if not isinstance(table, dict):
                raise _malformed(f"{_NAME_TABLE} is a {type(table).__name__}")
            for key, name in table.items():
                if isinstance(result.get(key), np.ndarray):
                    result[key] = convert(result[key], name if type(name) is str else None)
            if not keep_name_table:
                del result[_NAME_TABLE]
            return result
    return _parse_load_result(result, convert)
