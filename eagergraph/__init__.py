"""eagergraph: PaddlePaddle's eager-mode (dygraph) autograd, in Python on NumPy.

import eagergraph as paddle
"""
from .phi.common import (bool_ as bool, uint8, int8, int16, int32, int64, float16,  # noqa: A001
                         bfloat16, float32, float64, complex64, complex128, CPUPlace, Place,
                         DataType)
from .framework import (get_default_dtype, set_default_dtype, set_device, get_device, seed,
                        is_compiled_with_cuda)
from .tensor import Tensor
from .creation import to_tensor
from .tensor_repr import set_printoptions
from .ops import *  # noqa: F401,F403
from . import nn
from . import tensor_methods as _tensor_methods  # noqa: F401  (installs operators)
from ._generated import ops_api as _C_ops  # noqa: F401
from .eager import tensor_patch_methods as _tensor_patch_methods  # noqa: F401
from . import autograd
from .autograd import grad, no_grad, enable_grad, set_grad_enabled, is_grad_enabled
dtype = DataType

__version__ = "0.1.0"
