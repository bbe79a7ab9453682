"""paddle.base (formerly paddle.fluid), the compatibility surface that dygraph code and Paddle's
own unit tests import: `base.dygraph.guard/grad/no_grad`, `base.core.is_compiled_with_cuda()`
and friends, `base.framework.in_dygraph_mode()`, `base.wrapped_decorator`, `set_flags` /
`get_flags`. Static-graph machinery (Program, Executor) is not provided."""
from . import core
from . import data_feeder
from . import dygraph
from . import framework
from . import wrapped_decorator
from .flags import set_flags, get_flags
from .framework import (in_dygraph_mode, in_dynamic_or_pir_mode, in_pir_mode, Variable,
                        cpu_places)
from .core import (is_compiled_with_cuda, is_compiled_with_rocm, is_compiled_with_xpu,
                   is_compiled_with_cinn, CPUPlace, CUDAPlace, CUDAPinnedPlace, XPUPlace,
                   IPUPlace, CustomPlace)
from ..tensor import Tensor
from ..nn.param_attr import ParamAttr
from .dygraph import enable_dygraph, disable_dygraph

enable_imperative = enable_dygraph
disable_imperative = disable_dygraph

__all__ = ["core", "data_feeder", "dygraph", "framework", "wrapped_decorator", "set_flags", "get_flags",
           "in_dygraph_mode", "in_dynamic_or_pir_mode", "in_pir_mode", "Variable", "cpu_places",
           "is_compiled_with_cuda", "is_compiled_with_rocm", "is_compiled_with_xpu",
           "is_compiled_with_cinn", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "XPUPlace",
           "IPUPlace", "CustomPlace", "Tensor", "ParamAttr", "enable_dygraph",
           "disable_dygraph", "enable_imperative", "disable_imperative"]
