"""paddle.nn layers: the Layer base class, containers, common, activation and loss layers."""
from .layers import Layer
from .container import Sequential, LayerList, LayerDict, ParameterList, ParameterDict
from .common import Identity, Linear, Bilinear, Dropout, Flatten, Unflatten, Embedding
from . import activation as _activation
from . import loss as _loss

globals().update({_n: getattr(_activation, _n) for _n in _activation.__all__})
globals().update({_n: getattr(_loss, _n) for _n in _loss.__all__})

__all__ = ["Layer", "Sequential", "LayerList", "LayerDict", "ParameterList", "ParameterDict",
           "Identity", "Linear", "Bilinear", "Dropout", "Flatten", "Unflatten", "Embedding"]
__all__ += _activation.__all__ + _loss.__all__
