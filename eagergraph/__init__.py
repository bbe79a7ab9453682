"""eagergraph: PaddlePaddle's eager-mode (dygraph) autograd, in Python on NumPy.

    import eagergraph as paddle
"""
import math
from .phi.common import (bool_ as bool, uint8, int8, int16, int32, int64, float16,  # noqa: A001
                         bfloat16, float32, float64, complex64, complex128, CPUPlace, Place,
                         DataType)
# Paddle 3.x's torch-style dtype names
from .phi.common import (float32 as float, float64 as double, float16 as half,  # noqa: A001
                         int32 as int, int64 as long, int16 as short,  # noqa: A001
                         complex64 as cfloat, complex128 as cdouble)
from .framework import (get_default_dtype, set_default_dtype, set_device, get_device,
                        is_compiled_with_cuda, finfo, iinfo)
from .flags import set_flags, get_flags
from .phi.generator import seed, PublicGenerator as Generator
from .tensor import Tensor, Size
from .creation import to_tensor
from .tensor_repr import set_printoptions
from . import ops as _ops
from . import linalg
from . import fft
from . import nn
from . import signal
from .nn.parameter import create_parameter
from .nn.param_attr import ParamAttr
from . import optimizer
from . import regularizer
from .paddle_alias import install_as_paddle
from ._generated import ops_api as _C_ops
from . import autograd
from .autograd import grad, no_grad, enable_grad, set_grad_enabled, is_grad_enabled
from . import io
from .framework_io import save, load
from . import static
from . import metric
from . import callbacks
from . import hapi
from .hapi import Model, summary

from .framework_mode import in_dynamic_mode, disable_static, enable_static
from . import device
from .device import (is_compiled_with_rocm, is_compiled_with_xpu, is_compiled_with_ipu,
                     is_compiled_with_cinn, is_compiled_with_distribute,
                     is_compiled_with_custom_device, get_default_device, set_default_device,
                     device_guard, CUDAPlace, CUDAPinnedPlace, XPUPlace, IPUPlace, CustomPlace)
from . import base
from . import incubate
from . import geometric
from . import sparse
from . import vision
from . import text
from . import distributed
from .distributed import DataParallel
from . import amp
from . import distribution
from . import jit
from . import utils
from .utils.dlpack import to_dlpack, from_dlpack
from . import version
from .amp import is_autocast_enabled, get_autocast_dtype

dtype = DataType
globals().update({_n: getattr(_ops, _n) for _n in _ops.__all__})  # paddle.add, paddle.sum, ...

__all__ = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
           "float64", "complex64", "complex128", "CPUPlace", "Place", "DataType", "dtype",
           "get_default_dtype", "set_default_dtype", "set_device", "get_device", "seed", "Generator",
           "is_compiled_with_cuda", "Tensor", "Size", "to_tensor", "set_printoptions", "nn",
           "autograd", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
           "_C_ops", "optimizer", "regularizer"]
__all__ += _ops.__all__
__all__ += ["create_parameter", "ParamAttr", "install_as_paddle"]
__all__ += ["set_flags", "get_flags", "finfo", "iinfo"]
__all__ += ["float", "double", "half", "int", "long", "short", "cfloat", "cdouble"]
e, pi, inf, nan, newaxis = math.e, math.pi, math.inf, math.nan, None
__all__ += ["e", "pi", "inf", "nan", "newaxis"]
__all__ += ["io", "save", "load"]
__all__ += ["static", "metric", "callbacks", "hapi", "Model", "summary"]
__all__ += ["vision", "text", "linalg", "fft", "signal", "geometric", "sparse"]
__all__ += ["distributed", "DataParallel"]
__all__ += ["to_dlpack", "from_dlpack"]
__all__ += ["amp", "is_autocast_enabled", "get_autocast_dtype", "jit", "utils", "version",
            "distribution"]
__all__ += ["in_dynamic_mode", "disable_static", "enable_static", "device", "base", "incubate",
            "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_ipu",
            "is_compiled_with_cinn", "is_compiled_with_distribute",
            "is_compiled_with_custom_device", "get_default_device", "set_default_device",
            "device_guard", "CUDAPlace", "CUDAPinnedPlace", "XPUPlace", "IPUPlace", "CustomPlace"]

__version__ = "0.1.0"

# Tensor's methods: every module's TENSOR_METHODS table (tensor_tables.TABLES), installed once
from .tensor_tables import install_tensor_methods as _install_tensor_methods  # noqa: E402
_install_tensor_methods()
del _install_tensor_methods

# Paddle 3.x's keyword aliases (dim= for axis=, input= for x=, ...), declared in one table
from .param_alias import install as _install_aliases  # noqa: E402
from .param_alias_table import ALIASES as _ALIASES  # noqa: E402
_install_aliases(_ALIASES)
del _install_aliases, _ALIASES

# paddle.framework's re-exports (ParamAttr, in_dynamic_mode, ...), bound once all are imported
from . import framework_exports as _framework_exports  # noqa: E402
_framework_exports.install(__import__(__name__))

# paddle.tensor(...) makes a Tensor, paddle.tensor.math.add is an op (Paddle 3.3.1 has both)
from .tensor_namespace import TensorMethodOrModule as _TensorMethodOrModule  # noqa: E402
tensor = _TensorMethodOrModule()
__all__ += ["tensor"]

from .nn.functional.distance import pdist  # noqa: E402  (paddle.pdist, as in Paddle 3.3.1)
__all__ += ["pdist"]
