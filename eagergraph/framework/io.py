"""paddle.framework.io (Paddle 3.3.1 python/paddle/framework/io.py): save and load (which live
in eagergraph/framework_io.py), and the legacy pair _legacy_save/_legacy_load that Paddle's
tests still call: a state dict pickled as it is, read back as NumPy arrays."""
import io
import os
import pickle
import warnings

from ..framework_io import (save, load, _NAME_TABLE, _build_saved_state_dict, _check_protocol,
                            _make_parent,
                            _open_for_save, _pack_loaded_dict, _parse_load_config, _unpickle,
                            _unpack_saved_dict)

__all__ = ["save", "load", "_legacy_save", "_legacy_load"]


def _legacy_save(obj, path, protocol=2):
    """Pickle a state dict (Tensors as arrays, with its name table) to a file or BytesIO."""
    if not isinstance(obj, dict):
        raise NotImplementedError(f"Now only supports save state_dict of Layer or Optimizer, "
                                  f"expect dict, but received {type(obj)}.")
    if len(obj) == 0:
        warnings.warn("The input state dict is empty, no need to save.")
    _check_protocol(protocol)
    if isinstance(path, str):
        _make_parent(path)
    saved = _unpack_saved_dict(_build_saved_state_dict(obj), protocol)
    with _open_for_save(path) as f:
        pickle.dump(saved, f, protocol=protocol)


def _legacy_load(path, **configs):
    """What a file or BytesIO holds, unpickled (safely) with big arrays joined; a state dict
    loses its name table unless keep_name_table=True. Paddle 1.x directories are not read."""
    _return_numpy, keep_name_table = _parse_load_config(configs)
    if not (isinstance(path, io.BytesIO) or os.path.isfile(path)):
        raise NotImplementedError(
            f"paddle.framework.io._legacy_load({path!r}): loading what Paddle 1.x "
            f"save_inference_model/save_params wrote is not supported by eagergraph.")
    result = _unpickle(path)
    if isinstance(result, dict):
        result = _pack_loaded_dict(result)
        if not keep_name_table and _NAME_TABLE in result:
            del result[_NAME_TABLE]
    return result
