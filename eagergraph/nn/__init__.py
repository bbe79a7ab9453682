"""paddle.nn: neural-network building blocks."""
from . import functional
from . import initializer
from . import layer as _layer
from . import utils
from .parameter import Parameter
from .param_attr import ParamAttr
from .clip import ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm

globals().update({_n: getattr(_layer, _n) for _n in _layer.__all__})

__all__ = ["functional", "initializer", "utils", "Parameter", "ParamAttr", "ClipGradByValue",
           "ClipGradByNorm", "ClipGradByGlobalNorm"]
__all__ += _layer.__all__
