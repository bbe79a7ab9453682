"""paddle.base.data_feeder, the part dygraph code and libraries import: `convert_dtype` (any
dtype spelling -> Paddle's NumPy-style name string, bfloat16 -> 'uint16') and the `check_*`
argument checkers, which Paddle skips in dygraph mode (eagergraph's only mode)."""
import numpy as np

from ..phi.common import DataType

__all__ = ["convert_dtype", "check_type", "check_dtype", "check_variable_and_dtype",
           "check_shape"]

_NAMES = ("bool", "float16", "uint16", "float32", "float64", "int8", "int16", "int32", "int64",
          "uint8", "complex64", "complex128")


def convert_dtype(dtype):
    """Paddle's name for `dtype`, as a string ('float32'); bfloat16 is 'uint16' (its storage)."""
    if isinstance(dtype, DataType):
        return "uint16" if dtype.name == "bfloat16" else dtype.name
    if isinstance(dtype, type):
        if dtype is bool:
            return "bool"
        if issubclass(dtype, np.generic):
            return np.dtype(dtype).name
    elif isinstance(dtype, (str, np.dtype)):
        if dtype in _NAMES:
            return str(dtype)
        if dtype == "bfloat16":
            return "uint16"
    raise TypeError("dtype must be any of [bool, float16, uint16, float32, float64, int8, int16, "
                    "int32, int64, uint8, complex64, complex128, bfloat16], but received %s"
                    % (dtype,))


def check_type(input, input_name, expected_type, op_name, extra_message=""):
    """Static-graph argument check; Paddle returns at once in dygraph mode."""
    return


def check_dtype(input_dtype, input_name, expected_dtype, op_name, extra_message=""):
    """Static-graph argument check; Paddle returns at once in dygraph mode."""
    return


def check_variable_and_dtype(input, input_name, expected_dtype, op_name, extra_message=""):
    """Static-graph argument check; Paddle returns at once in dygraph mode."""
    return


def check_shape(shape, op_name, expected_shape_type=(list, tuple), expected_element_type=(int,),
                expected_tensor_dtype=("int32", "int64")):
    """Static-graph argument check; Paddle returns at once in dygraph mode."""
    return
