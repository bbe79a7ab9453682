"""PixelShuffle, PixelUnshuffle, ChannelShuffle (Paddle nn/layer/vision.py) and Upsample,
UpsamplingNearest2D, UpsamplingBilinear2D (nn/layer/common.py) over the vision functionals."""
from ..functional import vision as F  # the module (no function shares its name)
from .layers import Layer

__all__ = ["PixelShuffle", "PixelUnshuffle", "ChannelShuffle", "Upsample",
           "UpsamplingNearest2D", "UpsamplingBilinear2D"]


def _check_format(data_format):
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError("Data format should be 'NCHW' or 'NHWC'."
                         f"But receive data format: {data_format}")


def _shuffle_repr(key, value, data_format, name):
    main_str = f"{key}={value}"
    if data_format != "NCHW":
        main_str += f", data_format={data_format}"
    if name is not None:
        main_str += f", name={name}"
    return main_str


class PixelShuffle(Layer):
    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(upscale_factor, int):
            raise TypeError("upscale factor must be int type")
        _check_format(data_format)
        self._upscale_factor = upscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_shuffle(x, self._upscale_factor, self._data_format, self._name)

    def extra_repr(self):
        return _shuffle_repr("upscale_factor", self._upscale_factor, self._data_format,
                             self._name)


class PixelUnshuffle(Layer):
    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(downscale_factor, int):
            raise TypeError("Downscale factor must be int type")
        if downscale_factor <= 0:
            raise ValueError("Downscale factor must be positive")
        _check_format(data_format)
        self._downscale_factor = downscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_unshuffle(x, self._downscale_factor, self._data_format, self._name)

    def extra_repr(self):
        return _shuffle_repr("downscale_factor", self._downscale_factor, self._data_format,
                             self._name)


class ChannelShuffle(Layer):
    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError("groups must be int type")
        if groups <= 0:
            raise ValueError("groups must be positive")
        _check_format(data_format)
        self._groups = groups
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.channel_shuffle(x, self._groups, self._data_format, self._name)

    def extra_repr(self):
        return _shuffle_repr("groups", self._groups, self._data_format, self._name)


def _size_repr(layer):
    if layer.scale_factor is not None:
        return f"scale_factor={layer.scale_factor}"
    return f"size={layer.size}"


class Upsample(Layer):
    """F.interpolate with fixed arguments; data_format is inferred (and kept) on first call."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False,
                 align_mode=0, data_format=None, recompute_scale_factor=None, name=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode.lower()
        self.align_corners = align_corners
        self.align_mode = align_mode
        self.data_format = data_format
        self.recompute_scale_factor = recompute_scale_factor
        self.name = name

    def forward(self, x):
        if self.data_format is None:
            dim_size = len(x.shape)
            if dim_size not in (3, 4, 5):
                raise ValueError(f"The dimension of the input tensor should only be 3-D, 4-D or "
                                 f"5-D, but the received dimension is {dim_size}.")
            self.data_format = {3: "NCW", 4: "NCHW", 5: "NCDHW"}[dim_size]
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self.mode,
                             align_corners=self.align_corners, align_mode=self.align_mode,
                             data_format=self.data_format,
                             recompute_scale_factor=self.recompute_scale_factor, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"{_size_repr(self)}, mode={self.mode}, align_corners={self.align_corners}, "
                f"align_mode={self.align_mode}, data_format={self.data_format}{name_str}")


class _Upsampling2D(Layer):
    _mode, _align_corners = "nearest", False

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        if isinstance(size, int):
            size = [size, size]
        self.size = size
        self.scale_factor = scale_factor
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor,
                             mode=self._mode, align_corners=self._align_corners, align_mode=0,
                             data_format=self.data_format, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"{_size_repr(self)}, data_format={self.data_format}{name_str}"


class UpsamplingNearest2D(_Upsampling2D):
    """Nearest-neighbour upsampling of a 4-D input."""


class UpsamplingBilinear2D(_Upsampling2D):
    """Bilinear upsampling of a 4-D input with align_corners=True."""
    _mode, _align_corners = "bilinear", True
