"""paddle.framework.io_utils (Paddle 3.3.1 python/paddle/framework/io_utils.py): the buffer
helpers paddle.save/load use, and the Variable tests. The scope functions (get_value,
set_value) and is_pir_fetch_var read static Programs, which eagergraph does not have."""
from io import BytesIO

from ..base.framework import Parameter
from ..framework_io import _pack_loaded_dict, _unpack_saved_dict
from ..framework_mode import StaticModeNotSupportedError, in_pir_mode

__all__ = ["is_parameter", "is_persistable", "is_belong_to_optimizer", "get_value",
           "set_value", "is_pir_fetch_var", "_is_file_path", "_is_memory_buffer",
           "_open_buffer", "_buffer_reader", "_buffer_writer", "_open_file_buffer",
           "_pack_loaded_dict", "_unpack_saved_dict"]


def _is_file_path(path):
    return isinstance(path, str)


def _is_memory_buffer(buffer):
    return isinstance(buffer, BytesIO)


class _open_buffer:
    def __init__(self, buffer):
        self.buffer = buffer

    def __enter__(self):
        return self.buffer


class _buffer_reader(_open_buffer):
    """A buffer read through `with`: left open; an exception rewinds it to where reading
    began."""

    def __init__(self, buffer):
        super().__init__(buffer)
        self.initial_tell = self.buffer.tell()

    def __exit__(self, *args):
        if args[0] is not None:
            self.buffer.seek(self.initial_tell)


class _buffer_writer(_open_buffer):
    def __exit__(self, *args):
        self.buffer.flush()


def _open_file_buffer(path_or_buffer, mode):
    """open(path, mode) for a path; a buffer is wrapped for reading or writing by `mode`."""
    if _is_file_path(path_or_buffer):
        return open(path_or_buffer, mode)
    if "w" in mode:
        return _buffer_writer(path_or_buffer)
    if "r" in mode:
        return _buffer_reader(path_or_buffer)
    raise ValueError(f"Expected 'r' or 'w' in mode but got {mode}")


def is_parameter(var):
    """Whether `var` is a Parameter."""
    return isinstance(var, Parameter)


def is_persistable(var):
    """A Tensor's `persistable` flag (Parameters are persistable)."""
    return bool(var.persistable)


def is_belong_to_optimizer(var):
    """Persistable non-Parameters (an optimizer's accumulators) in Paddle's static programs."""
    return not isinstance(var, Parameter) and is_persistable(var)


def is_pir_fetch_var(value):
    """False: no PIR program (and so no fetch op) exists in eagergraph."""
    return in_pir_mode()


def _static(name):
    raise StaticModeNotSupportedError(
        f"paddle.framework.io_utils.{name}() reads a static-graph Scope; eagergraph runs "
        f"dygraph only: read or set the Tensor itself (t.numpy(), t.set_value(...)).")


def get_value(var, scope=None):
    _static("get_value")


def set_value(var, value, scope=None):
    _static("set_value")
