"""Convolution layers (Paddle nn/layer/conv.py): Conv1D and Conv2D over the conv functionals.
The weight [out_channels, in_channels / groups, *kernel_size] starts from
Normal(0, sqrt(2 / (in_channels * prod(kernel_size)))), as Paddle's _ConvNd; the bias at zeros."""
import math

from ..functional import conv as F
from ..initializer import Normal
from .layers import Layer

__all__ = ["Conv1D", "Conv2D"]


class _ConvNd(Layer):
    _dims = 2
    _formats = ("NCHW", "NHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NCHW", bias=True, dtype=None):
        super().__init__()
        n = self._dims
        if data_format not in self._formats:
            raise ValueError(f"data_format must be one of {list(self._formats)}, but "
                             f"received {data_format}")
        if padding_mode != "zeros":
            raise NotImplementedError(f"padding_mode='{padding_mode}' is not supported yet; "
                                      f"pad with paddle.nn.functional.pad first.")
        if groups <= 0 or in_channels % groups:
            raise ValueError(f"in_channels ({in_channels}) must be divisible by groups "
                             f"({groups}).")
        if out_channels % groups:
            raise ValueError(f"out_channels ({out_channels}) must be divisible by groups "
                             f"({groups}).")
        self._in_channels, self._out_channels = in_channels, out_channels
        self._kernel_size = F._ints(kernel_size, n, "kernel_size")
        self._stride = F._ints(stride, n, "stride")
        self._dilation = F._ints(dilation, n, "dilation")
        self._padding, self._groups = padding, groups
        self._padding_mode, self._data_format = padding_mode, data_format
        self.output_padding = 0
        fan_in = in_channels * math.prod(self._kernel_size)
        self.weight = self.create_parameter(
            shape=[out_channels, in_channels // groups] + self._kernel_size, attr=weight_attr,
            dtype=dtype, default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
        self.bias = (self.create_parameter(shape=[out_channels], attr=bias_attr, dtype=dtype,
                                           is_bias=True)
                     if bias and bias_attr is not False else None)

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._dilation != [1] * len(self._dilation):
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        return s + f", data_format={self._data_format}"


class Conv2D(_ConvNd):
    """2-D convolution layer: x [N, C, H, W] (or NHWC) -> [N, out_channels, H', W']."""

    def forward(self, x):
        return F.conv2d(x, self.weight, self.bias, self._stride, self._padding, self._dilation,
                        self._groups, self._data_format)


class Conv1D(_ConvNd):
    """1-D convolution layer: x [N, C, L] (or NLC) -> [N, out_channels, L']."""
    _dims = 1
    _formats = ("NCL", "NLC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NCL", bias=True, dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, padding_mode, weight_attr, bias_attr, data_format, bias, dtype)

    def forward(self, x):
        return F.conv1d(x, self.weight, self.bias, self._stride, self._padding, self._dilation,
                        self._groups, self._data_format)
