"""Activation layers (Paddle nn/layer/activation.py): each calls its functional."""
from ...framework import get_default_dtype
from .. import functional as F
from ..initializer.constant import Constant
from .layers import Layer

__all__ = ["ReLU", "ReLU6", "GELU", "Sigmoid", "Tanh", "Silu", "ELU", "LeakyReLU", "Softplus",
           "Softmax", "LogSoftmax", "Hardtanh", "Hardsigmoid", "Hardswish", "Mish", "Softsign",
           "Tanhshrink", "LogSigmoid", "PReLU", "CELU", "SELU", "Softmax2D"]


class _NameOnly(Layer):
    """An activation with no arguments but `name`; repr shows only name=..."""

    _fn = None

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return type(self)._fn(x, name=self._name)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


def _name_str(name):
    return f", name={name}" if name else ""


class ReLU(_NameOnly):
    _fn = staticmethod(F.relu)


class ReLU6(_NameOnly):
    _fn = staticmethod(F.relu6)


class Tanh(_NameOnly):
    _fn = staticmethod(F.tanh)


class Hardswish(_NameOnly):
    _fn = staticmethod(F.hardswish)


class Mish(_NameOnly):
    _fn = staticmethod(F.mish)


class Softsign(_NameOnly):
    _fn = staticmethod(F.softsign)


class Tanhshrink(_NameOnly):
    _fn = staticmethod(F.tanhshrink)


class LogSigmoid(_NameOnly):
    _fn = staticmethod(F.log_sigmoid)


class Sigmoid(Layer):
    def __init__(self, name=None):
        super().__init__()
        self.name = name

    def forward(self, x):
        return F.sigmoid(x, self.name)

    def extra_repr(self):
        return f"name={self.name}" if self.name else ""


class Hardsigmoid(Sigmoid):
    def forward(self, x):
        return F.hardsigmoid(x, name=self.name)


class GELU(Layer):
    def __init__(self, approximate=False, name=None):
        super().__init__()
        self._approximate = approximate
        self._name = name

    def forward(self, x):
        return F.gelu(x, self._approximate, self._name)

    def extra_repr(self):
        return f"approximate={self._approximate}{_name_str(self._name)}"


class Silu(Layer):
    def __init__(self, inplace=False, name=None):
        super().__init__()
        self._name = name
        self._inplace = inplace

    def forward(self, x):
        return F.silu(x, self._inplace, self._name)

    def extra_repr(self):
        return f"inplace={self._inplace}{_name_str(self._name)}"


class ELU(Layer):
    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.elu(x, self._alpha, self._name)

    def extra_repr(self):
        return f"alpha={self._alpha}{_name_str(self._name)}"


class CELU(ELU):
    def forward(self, x):
        return F.celu(x, self._alpha, self._name)


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope
        self._name = name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope, self._name)

    def extra_repr(self):
        return f"negative_slope={self._negative_slope}{_name_str(self._name)}"


class Softplus(Layer):
    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__()
        self._beta = beta
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.softplus(x, self._beta, self._threshold, self._name)

    def extra_repr(self):
        return f"beta={self._beta}, threshold={self._threshold}{_name_str(self._name)}"


class Softmax(Layer):
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._dtype = None
        self._name = name

    def forward(self, x):
        return F.softmax(x, self._axis, name=self._name)

    def extra_repr(self):
        return f"axis={self._axis}{_name_str(self._name)}"


class Softmax2D(Layer):
    """Softmax over the channels of a 3-D (C, H, W) or 4-D (N, C, H, W) input."""

    def __init__(self, name=None):
        super().__init__()
        self._dtype = None
        self._name = name

    def forward(self, x):
        assert x.ndim in (3, 4), (f"Softmax2D requires a 3D or 4D tensor as input. Received: "
                                  f"{x.ndim}D.")
        return F.softmax(x, axis=-3, name=self._name)

    def extra_repr(self):
        return _name_str(self._name).lstrip(", ")


class LogSoftmax(Layer):
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.log_softmax(x, self._axis)

    def extra_repr(self):
        return f"axis={self._axis}{_name_str(self._name)}"


class Hardtanh(Layer):
    def __init__(self, min=-1.0, max=1.0, name=None):  # noqa: A002 (Paddle's argument names)
        super().__init__()
        self._min = min
        self._max = max
        self._name = name

    def forward(self, x):
        return F.hardtanh(x, self._min, self._max, self._name)

    def extra_repr(self):
        return f"min={self._min}, max={self._max}{_name_str(self._name)}"


class PReLU(Layer):
    """x where x > 0, else a learned slope times x (one slope, or one per channel); the slope
    parameter is `_weight`, initialized to `init`."""

    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW",
                 name=None):
        super().__init__()
        self._num_parameters = num_parameters
        self._init = init
        self._weight_attr = weight_attr
        self._name = name
        self._data_format = data_format
        self._weight = self.create_parameter(attr=self._weight_attr,
                                             shape=[self._num_parameters],
                                             dtype=get_default_dtype(), is_bias=False,
                                             default_initializer=Constant(self._init))

    def forward(self, x):
        return F.prelu(x, self._weight, data_format=self._data_format)

    def extra_repr(self):
        return (f"num_parameters={self._num_parameters}, data_format={self._data_format}, "
                f"init={self._init}, dtype={self._dtype}{_name_str(self._name)}")


class SELU(Layer):
    def __init__(self, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
        super().__init__()
        self._scale = scale
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.selu(x, self._scale, self._alpha, self._name)

    def extra_repr(self):
        return f"scale={self._scale:.16f}, alpha={self._alpha:.16f}{_name_str(self._name)}"
