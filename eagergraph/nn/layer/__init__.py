"""paddle.nn layers: the Layer base class, containers, common, activation and loss layers."""
from .layers import Layer
from .container import Sequential, LayerList, LayerDict, ParameterList, ParameterDict
from .common import (Identity, Linear, Bilinear, Dropout, Flatten, Unflatten, Embedding, Unfold,
                     Fold)
from . import activation as _activation
from . import loss as _loss
from . import conv as _conv
from . import pooling as _pooling
from . import norm as _norm
from . import rnn as _rnn
from . import transformer as _transformer
from . import padding as _padding
from . import vision as _vision
from . import dropout as _dropout
from . import activation_shrink as _activation_shrink
from . import loss_margin as _loss_margin
from . import loss_sequence as _loss_sequence

globals().update({_n: getattr(_activation, _n) for _n in _activation.__all__})
globals().update({_n: getattr(_loss, _n) for _n in _loss.__all__})
globals().update({_n: getattr(_conv, _n) for _n in _conv.__all__})
globals().update({_n: getattr(_pooling, _n) for _n in _pooling.__all__})
globals().update({_n: getattr(_norm, _n) for _n in _norm.__all__})
globals().update({_n: getattr(_rnn, _n) for _n in _rnn.__all__})
globals().update({_n: getattr(_transformer, _n) for _n in _transformer.__all__})
for _m in (_padding, _vision, _dropout, _activation_shrink, _loss_margin, _loss_sequence):
    globals().update({_n: getattr(_m, _n) for _n in _m.__all__})
del _m

__all__ = ["Layer", "Sequential", "LayerList", "LayerDict", "ParameterList", "ParameterDict",
           "Identity", "Linear", "Bilinear", "Dropout", "Flatten", "Unflatten", "Embedding",
           "Unfold", "Fold"]
__all__ += _activation.__all__ + _loss.__all__ + _conv.__all__ + _pooling.__all__ + _rnn.__all__
__all__ += _norm.__all__
__all__ += _transformer.__all__
__all__ += _padding.__all__ + _vision.__all__ + _dropout.__all__
__all__ += _activation_shrink.__all__ + _loss_margin.__all__ + _loss_sequence.__all__

# Paddle 3.x's torch-style names for the layers above: the same classes (paddle.nn.Conv2d is
# paddle.nn.Conv2D). Only the ones whose target exists are bound.
_ALIASES = {"Module": "Layer", "ModuleList": "LayerList", "ModuleDict": "LayerDict",
            "SiLU": "Silu", "UpsamplingBilinear2d": "UpsamplingBilinear2D",
            "UpsamplingNearest2d": "UpsamplingNearest2D"}
for _d in ("1", "2", "3"):
    for _base in ("AdaptiveAvgPool", "AdaptiveMaxPool", "CircularPad", "ConstantPad",
                  "ReflectionPad", "ReplicationPad", "ZeroPad", "MaxUnpool", "Conv"):
        _ALIASES[f"{_base}{_d}d"] = ("MaxUnPool" if _base == "MaxUnpool" else _base) + _d + "D"
_ALIASES = {a: t for a, t in _ALIASES.items() if t in globals() and a not in globals()}
globals().update({a: globals()[t] for a, t in _ALIASES.items()})
__all__ += sorted(_ALIASES)
del _d, _base
