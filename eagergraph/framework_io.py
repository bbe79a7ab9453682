"""paddle.save / paddle.load (Paddle 3.3.1 python/paddle/framework/io.py), in Paddle's pickle
format, so files move both ways between eagergraph and Paddle.

What Paddle writes (and so this module):
- a state dict (a dict whose values are all Tensors, or dicts holding no Tensors): a plain dict
  of NumPy arrays plus "StructuredToParameterName@@": {key: tensor.name}; pickle protocol 2/3
  split arrays over 1 GiB into slices listed under "UnpackBigParamInfor@@".
- anything else (a Tensor, nested lists/dicts of Tensors, ...): pickled as it is, every Tensor as
  the tuple (tensor.name, ndarray); nn.Layer objects are refused.
- bfloat16 data is stored as its uint16 bits (what Paddle's Tensor.numpy() gives).

Loading never runs code from the file: the unpickler admits only NumPy array/dtype/scalar
reconstruction, builtin containers and the few helpers Paddle's format uses, and raises
UnsafePickleError for anything else (e.g. a pickle whose __reduce__ calls os.system).
"""
import collections
import io
import os
import pickle
import warnings

import numpy as np

from .creation import to_tensor
from .nn import Layer
from .tensor import Tensor

__all__ = ["save", "load", "UnsafePickleError"]

_NAME_TABLE = "StructuredToParameterName@@"
_UNPACK_INFO = "UnpackBigParamInfor@@"


# ----------------------------------------------------------------------------------------- save

def _tensor_array(t):
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


def _open_for(path, mode):
    return open(path, mode) if isinstance(path, str) else _NoClose(path)


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


def save(obj, path, protocol=4, **configs):
    """Save `obj` (a state dict, a Tensor, or nested lists/dicts of Tensors and plain data) to
    the file `path` (parent directories are created) or a BytesIO, as Paddle does."""
    if isinstance(path, str):
        if os.path.basename(path) == "":
            raise ValueError(
                "The input path MUST be format of dirname/filename [dirname\\filename in Windows "
                "system], but received filename is empty string.")
        dirname = os.path.dirname(path)
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname, exist_ok=True)
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
        with _open_for(path, "wb") as f:
            pickle.dump(saved, f, protocol=protocol)
    else:
        with _open_for(path, "wb") as f:
            _Pickler(f, protocol).dump(obj)


# ----------------------------------------------------------------------------------------- load

class UnsafePickleError(pickle.UnpicklingError):
    """The file asks the unpickler for a callable a Paddle save file never needs."""


_np_reconstruct = np.ndarray.__reduce__(np.zeros(0))[0]   # numpy.(_)core.multiarray._reconstruct
_np_scalar = np.float32(0).__reduce__()[0]                 # numpy.(_)core.multiarray.scalar
_np_frombuffer = np.zeros(1).__reduce_ex__(5)[0]           # numpy.(_)core.numeric._frombuffer


def _reconstruct(cls, shape, dtype):
    if cls is not np.ndarray:
        raise UnsafePickleError(f"paddle.load: refusing to rebuild an array of type {cls!r}")
    return _np_reconstruct(cls, shape, dtype)


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


_ALLOWED = {
    ("builtins", "tuple"): tuple, ("builtins", "list"): list, ("builtins", "dict"): dict,
    ("builtins", "set"): set, ("builtins", "frozenset"): frozenset,
    ("builtins", "complex"): complex, ("builtins", "bytearray"): bytearray,
    ("builtins", "slice"): slice, ("builtins", "range"): range,
    ("builtins", "eval"): _eval_dense_tensor,
    ("__builtin__", "set"): set, ("__builtin__", "frozenset"): frozenset,
    ("collections", "OrderedDict"): collections.OrderedDict,
    ("_codecs", "encode"): _codecs_encode,
    ("numpy", "ndarray"): np.ndarray, ("numpy", "dtype"): np.dtype,
}
for _core in ("numpy.core", "numpy._core"):
    _ALLOWED[(f"{_core}.multiarray", "_reconstruct")] = _reconstruct
    _ALLOWED[(f"{_core}.multiarray", "scalar")] = _np_scalar
    _ALLOWED[(f"{_core}.numeric", "_frombuffer")] = _np_frombuffer
del _core


class _RestrictedUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        try:
            return _ALLOWED[(module, name)]
        except KeyError:
            pass
        if module == "numpy.dtypes" and name.endswith("DType"):
            cls = getattr(np.dtypes, name, None)  # numpy 2 pickles some dtypes by their class
            if isinstance(cls, type) and issubclass(cls, np.dtype):
                return cls
        raise UnsafePickleError(
            f"paddle.load refuses to load '{module}.{name}': a Paddle save file holds only "
            f"NumPy arrays, dtypes and builtin containers, and loading never runs code from the "
            f"file. Load it with plain pickle only if you trust its source.")

    def persistent_load(self, pid):
        raise UnsafePickleError("paddle.load: persistent ids are not part of Paddle's format")


def _pack_loaded_dict(obj):
    if isinstance(obj, dict) and _UNPACK_INFO in obj:
        removes = []
        for key, value in obj[_UNPACK_INFO].items():
            slices = [obj[part] for part in value["slices"]]
            obj[key] = np.concatenate(slices).reshape(value["OriginShape"])
            removes += value["slices"]
        for key in removes:
            obj.pop(key)
        obj.pop(_UNPACK_INFO)
    return obj


def _is_name_array_tuple(obj):
    # Paddle >= 2.1 pickles a Tensor as (name, ndarray)
    return isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], str) \
        and isinstance(obj[1], np.ndarray)


def _array_to_tensor(arr, return_numpy, name=None):
    if return_numpy:
        return arr
    t = to_tensor(arr)
    if name:
        t.name = name
    return t


def _parse_every_object(obj, condition, convert):
    if condition(obj):
        return convert(obj)
    if type(obj) in (dict, collections.OrderedDict, list):
        keys = range(len(obj)) if type(obj) is list else list(obj.keys())
        for key in keys:
            obj[key] = _parse_every_object(obj[key], condition, convert)
        return obj
    if type(obj) is tuple:
        return tuple(_parse_every_object(list(obj), condition, convert))
    if type(obj) is set:
        return set(_parse_every_object(list(obj), condition, convert))
    if hasattr(obj, "__iter__") and not isinstance(obj, (str, np.ndarray, Tensor)):
        raise NotImplementedError(
            f"The iterable objects supported are tuple, list, dict, OrderedDict, string. But "
            f"received {type(obj)}.")
    return obj


def _parse_load_result(obj, return_numpy):
    if _contain_x(obj, _is_name_array_tuple):
        return _parse_every_object(
            obj, _is_name_array_tuple, lambda o: _array_to_tensor(o[1], return_numpy, o[0]))
    # saved by paddle 2.0 or from a DenseTensor: every ndarray is a tensor
    return _parse_every_object(obj, lambda o: isinstance(o, np.ndarray),
                               lambda o: _array_to_tensor(o, return_numpy))


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
    with _open_for(path, "rb") as f:
        try:
            return _RestrictedUnpickler(f, encoding="latin1").load()
        except UnsafePickleError:
            raise
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError,
                IndexError, KeyError) as e:
            raise ValueError(
                f"`paddle.load` can not parse the file:{path}. (eagergraph reads Paddle's "
                f"pickle format only, not its C++ tensor stream or program formats: "
                f"{type(e).__name__}: {e})") from None


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
    if isinstance(result, dict):
        result = _pack_loaded_dict(result)
        if _NAME_TABLE in result:
            for key, name in result[_NAME_TABLE].items():
                if isinstance(result.get(key), np.ndarray):
                    result[key] = _array_to_tensor(result[key], return_numpy, name)
            if not keep_name_table:
                del result[_NAME_TABLE]
            return result
    return _parse_load_result(result, return_numpy)
