"""paddle.base.framework, the parts dygraph code and Paddle's tests use: the mode queries,
Variable/Parameter as isinstance targets, FLAGS, the compiled-with queries and the places."""
from ..framework_mode import in_dygraph_mode, in_dynamic_or_pir_mode, in_pir_mode
from ..phi.common import CPUPlace, convert_dtype
from ..tensor import Tensor
from ..nn.parameter import Parameter as _Parameter
from ..device.queries import (is_compiled_with_cuda, is_compiled_with_rocm, is_compiled_with_xpu,
                              is_compiled_with_cinn, is_compiled_with_distribute)
from .flags import set_flags, get_flags

__all__ = ["in_dygraph_mode", "in_dynamic_or_pir_mode", "in_pir_mode", "Variable", "Parameter",
           "EagerParamBase", "set_flags", "get_flags", "is_compiled_with_cuda",
           "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_cinn",
           "is_compiled_with_distribute", "cpu_places", "convert_np_dtype_to_dtype_"]


class _InstanceCheck(type):
    """In dygraph mode Paddle's Variable and Parameter classes answer isinstance for the eager
    Tensor and Parameter classes; these do the same."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, cls._eager_class)


class Variable(metaclass=_InstanceCheck):
    """isinstance(x, Variable) is isinstance(x, paddle.Tensor) (static Variables do not exist
    here)."""
    _eager_class = Tensor

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("paddle.base.framework.Variable is a static-graph variable; "
                                  "eagergraph has dygraph Tensors only (paddle.to_tensor).")


class Parameter(Variable):
    """isinstance(p, Parameter) is isinstance(p, paddle.nn.Parameter)."""
    _eager_class = _Parameter


EagerParamBase = _Parameter


def _current_expected_place():
    return CPUPlace()


def cpu_places(device_count=None):
    """[CPUPlace()] * device_count (default 1: eagergraph's NumPy kernels use one place)."""
    return [CPUPlace() for _ in range(1 if device_count is None else device_count)]


def convert_np_dtype_to_dtype_(np_dtype):
    """The paddle dtype of a NumPy dtype (or name)."""
    return convert_dtype(np_dtype)
