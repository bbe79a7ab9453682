"""paddle.utils, the parts user code calls: run_check, the nested-structure helpers (flatten,
pack_sequence_as, map_structure, is_sequence, assert_same_structure), deprecated, try_import,
unique_name, dlpack, and download (which cannot reach the network here)."""
import functools
import importlib
import warnings

from ..nn import unique_name
from . import download
from . import dlpack  # also declares Tensor.__dlpack__ / __dlpack_device__

__all__ = ["run_check", "flatten", "pack_sequence_as", "map_structure", "is_sequence",
           "assert_same_structure", "deprecated", "try_import", "unique_name", "download", "dlpack"]


def run_check():
    """Check that eagergraph computes a small training step (the CPU is the only device)."""
    import numpy as np
    from ..creation import to_tensor
    from ..nn import Linear
    from ..optimizer import SGD
    lin = Linear(2, 1)
    opt = SGD(learning_rate=0.1, parameters=lin.parameters())
    loss = lin(to_tensor(np.ones((4, 2), "float32"))).mean()
    loss.backward()
    opt.step()
    print("Running verify PaddlePaddle program ... \nPaddlePaddle works well on 1 CPU.\n"
          "PaddlePaddle is installed successfully! Let's start deep learning with "
          "PaddlePaddle now.")


def is_sequence(seq):
    """Lists, tuples and dicts are nested structures (strings are not)."""
    return isinstance(seq, (list, tuple, dict))


def _sorted_items(d):
    return [d[k] for k in sorted(d)]


def flatten(nest):
    """The leaves of a nested list/tuple/dict (dicts in key order), as a list."""
    if isinstance(nest, dict):
        return [leaf for v in _sorted_items(nest) for leaf in flatten(v)]
    if isinstance(nest, (list, tuple)):
        return [leaf for v in nest for leaf in flatten(v)]
    return [nest]


def _pack(structure, flat, i):
    if isinstance(structure, dict):
        out = {}
        for k in sorted(structure):
            out[k], i = _pack(structure[k], flat, i)
        return type(structure)((k, out[k]) for k in structure), i
    if isinstance(structure, (list, tuple)):
        items = []
        for v in structure:
            item, i = _pack(v, flat, i)
            items.append(item)
        if isinstance(structure, tuple) and hasattr(structure, "_fields"):
            return type(structure)(*items), i
        return type(structure)(items), i
    return flat[i], i + 1


def pack_sequence_as(structure, flat_sequence):
    """flat_sequence arranged in the nesting of structure."""
    flat = list(flat_sequence)
    if len(flatten(structure)) != len(flat):
        raise ValueError(f"Could not pack sequence. Structure had {len(flatten(structure))} "
                         f"elements, but flat_sequence had {len(flat)} elements.")
    return _pack(structure, flat, 0)[0]


def assert_same_structure(nest1, nest2, check_types=True):
    """ValueError (TypeError for other types) unless nest1 and nest2 nest the same way."""
    if is_sequence(nest1) != is_sequence(nest2):
        raise ValueError(f"The two structures don't have the same nested structure: {nest1} "
                         f"and {nest2}")
    if not is_sequence(nest1):
        return
    if check_types and type(nest1) is not type(nest2):
        raise TypeError(f"The two structures don't have the same sequence type: "
                        f"{type(nest1)} and {type(nest2)}")
    a = _sorted_items(nest1) if isinstance(nest1, dict) else list(nest1)
    b = _sorted_items(nest2) if isinstance(nest2, dict) else list(nest2)
    if len(a) != len(b):
        raise ValueError(f"The two structures don't have the same number of elements: "
                         f"{len(a)} and {len(b)}")
    for x, y in zip(a, b):
        assert_same_structure(x, y, check_types)


def map_structure(func, *structure):
    """func applied leaf by leaf to structures of the same nesting."""
    for s in structure[1:]:
        assert_same_structure(structure[0], s, check_types=False)
    leaves = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*xs) for xs in zip(*leaves)])


def deprecated(update_to="", since="", reason="", level=0):
    """Mark a function deprecated: calling it warns (level 2: raises RuntimeError)."""
    def decorate(fn):
        msg = f"API \"{fn.__module__}.{fn.__name__}\" is deprecated"
        if since:
            msg += f" since {since}"
        msg += ", and will be removed in future versions."
        if update_to:
            msg += f" Please use \"{update_to}\" instead."
        if reason:
            msg += f"\n    Reason: {reason}"

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if level == 2:
                raise RuntimeError(msg)
            if level == 1 or level == 0:
                warnings.warn(msg, category=DeprecationWarning, stacklevel=2)
            return fn(*args, **kwargs)
        return wrapper
    return decorate


def try_import(module_name, err_msg=None):
    """import_module(module_name), or ImportError with err_msg (or an install hint)."""
    try:
        return importlib.import_module(module_name)
    except ImportError:
        raise ImportError(err_msg or f"Failed importing {module_name}. This likely means that "
                          f"some paddle modules require additional dependencies that have to be "
                          f"manually installed (usually with `pip install {module_name}`).") \
            from None
