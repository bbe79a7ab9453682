"""Convolution layers (Paddle nn/layer/conv.py): Conv1D/2D/3D and Conv1D/2D/3DTranspose over
the conv functionals. A convolution's weight [out_channels, in_channels / groups, *kernel_size]
starts from Normal(0, sqrt(2 / (in_channels * prod(kernel_size)))), as Paddle's _ConvNd; a
transposed one's [in_channels, out_channels / groups, *kernel_size] from the default
(XavierUniform); the bias at zeros. padding_mode 'reflect' / 'replicate' / 'circular' pads with
F.pad first and convolves without padding, as Paddle does."""
import math

from ..functional import conv as F
from ..functional.pad import pad as _pad
from ..initializer import Normal
from .layers import Layer

__all__ = ["Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose",
           "Conv3DTranspose", "Conv1d", "Conv2d", "Conv3d"]

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")
_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


class _ConvNd(Layer):
    _dims = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 padding_mode="zeros", output_padding=0, dilation=1, groups=1, weight_attr=None,
                 bias_attr=None, data_format="NCHW", dtype=None):
        super().__init__()
        n = self._dims
        assert weight_attr is not False, "weight_attr should not be False in Conv."
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {set(_PADDING_MODES)}, but got "
                             f"padding_mode='{padding_mode}'")
        if padding_mode != "zeros" and not isinstance(padding, int):
            raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], type of "
                            "padding must be int")
        if not any(data_format in f for f in _FORMATS.values()):  # checked again when used
            raise ValueError(f"data_format must be one of "
                             f"{set(f for fs in _FORMATS.values() for f in fs)}, but got "
                             f"data_format='{data_format}'")
        if groups <= 0:
            raise ValueError(f"groups must be positive, but received {groups}.")
        if not self._transposed and in_channels % groups:
            raise ValueError("in_channels must be divisible by groups.")
        self._in_channels, self._out_channels = in_channels, out_channels
        self._kernel_size = F._ints(kernel_size, n, "kernel_size")
        self._stride = F._ints(stride, n, "stride")
        self._dilation = F._ints(dilation, n, "dilation")
        self._padding, self._groups = padding, groups
        self._padding_mode, self._data_format = padding_mode, data_format
        self.output_padding = output_padding
        # F.pad's list for the non-zero modes: [before, after] per spatial dim, last dim first
        self._reversed_padding_repeated_twice = [padding] * (2 * n)
        if self._transposed:
            shape, init = [in_channels, out_channels // groups] + self._kernel_size, None
        else:
            fan_in = in_channels * math.prod(self._kernel_size)
            shape = [out_channels, in_channels // groups] + self._kernel_size
            init = Normal(0.0, (2.0 / fan_in) ** 0.5)
        self.weight = self.create_parameter(shape=shape, attr=weight_attr, dtype=dtype,
                                            default_initializer=init)
        self.bias = self.create_parameter(shape=[out_channels], attr=bias_attr, dtype=dtype,
                                          is_bias=True)

    def _padded(self, x):
        """(x, padding) for the functional: x padded first for the non-zero padding modes."""
        if self._padding_mode == "zeros":
            return x, self._padding
        return _pad(x, self._reversed_padding_repeated_twice, mode=self._padding_mode,
                    data_format=self._data_format), 0

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            s += f", padding_mode={self._padding_mode}"
        if self.output_padding != 0:
            s += f", output_padding={self.output_padding}"
        if self._dilation != [1] * len(self._dilation):
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        return s + f", data_format={self._data_format}"


class _Conv(_ConvNd):
    """Conv1D/2D/3D: Paddle's signature, the options after groups keyword-only (each class
    repeats it with its own data_format default, 'NCL', 'NCHW', 'NCDHW', as Paddle's)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, padding_mode,
                         0, dilation, groups, weight_attr, False if bias is False else bias_attr,
                         data_format or _FORMATS[self._dims][0], dtype)

    def forward(self, x):
        x, padding = self._padded(x)
        return self._fn(x, self.weight, self.bias, self._stride, padding, self._dilation,
                        self._groups, self._data_format)


class Conv1D(_Conv):
    """1-D convolution layer: x [N, C, L] (or NLC) -> [N, out_channels, L']."""
    _dims = 1
    _fn = staticmethod(F.conv1d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, bias=bias, padding_mode=padding_mode, device=device,
                         dtype=dtype, weight_attr=weight_attr, bias_attr=bias_attr,
                         data_format=data_format)


class Conv2D(_Conv):
    """2-D convolution layer: x [N, C, H, W] (or NHWC) -> [N, out_channels, H', W']."""
    _dims = 2
    _fn = staticmethod(F.conv2d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, bias=bias, padding_mode=padding_mode, device=device,
                         dtype=dtype, weight_attr=weight_attr, bias_attr=bias_attr,
                         data_format=data_format)


class Conv3D(_Conv):
    """3-D convolution layer: x [N, C, D, H, W] (or NDHWC) -> [N, out_channels, D', H', W']."""
    _dims = 3
    _fn = staticmethod(F.conv3d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, bias=bias, padding_mode=padding_mode, device=device,
                         dtype=dtype, weight_attr=weight_attr, bias_attr=bias_attr,
                         data_format=data_format)


class _ConvTranspose(_ConvNd):
    _transposed = True

    def forward(self, x, output_size=None):
        output_padding = self.output_padding if output_size is None else 0
        return self._fn(x, self.weight, bias=self.bias, stride=self._stride,
                        padding=self._padding, output_padding=output_padding,
                        dilation=self._dilation, groups=self._groups, output_size=output_size,
                        data_format=self._data_format)


class Conv1DTranspose(_ConvTranspose):
    """1-D transposed convolution layer: x [N, C, L] (or NLC) -> [N, out_channels, L']."""
    _dims = 1
    _fn = staticmethod(F.conv1d_transpose)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None,
                 data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, "zeros",
                         output_padding, dilation, groups, weight_attr, bias_attr, data_format)


class Conv2DTranspose(_ConvTranspose):
    """2-D transposed convolution layer: x [N, C, H, W] (or NHWC) -> [N, out_channels, H', W']."""
    _dims = 2
    _fn = staticmethod(F.conv2d_transpose)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, "zeros",
                         output_padding, dilation, groups, weight_attr, bias_attr, data_format)


class Conv3DTranspose(_ConvTranspose):
    """3-D transposed convolution layer: x [N, C, D, H, W] (or NDHWC) ->
    [N, out_channels, D', H', W']."""
    _dims = 3
    _fn = staticmethod(F.conv3d_transpose)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, "zeros",
                         output_padding, dilation, groups, weight_attr, bias_attr, data_format)


Conv1d, Conv2d, Conv3d = Conv1D, Conv2D, Conv3D  # Paddle 3.3.1's aliases: the same classes
