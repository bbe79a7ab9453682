"""paddle.nn: neural-network building blocks."""
import sys as _sys

from . import functional
from . import initializer
from . import layer as _layer
from . import utils
from .parameter import Parameter
from .param_attr import ParamAttr
from .clip import ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm

globals().update({_n: getattr(_layer, _n) for _n in _layer.__all__})

# paddle.nn.loss is Paddle's module of every loss layer, paddle.nn.layer.loss
from .layer import loss  # noqa: E402
_sys.modules.setdefault(__name__ + ".loss", loss)

__all__ = ["functional", "initializer", "utils", "Parameter", "ParamAttr", "ClipGradByValue",
           "ClipGradByNorm", "ClipGradByGlobalNorm"]
__all__ += _layer.__all__
