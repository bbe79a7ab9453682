"""SqueezeNet 1.0 / 1.1 (Paddle vision/models/squeezenet.py): fire modules (1x1 squeeze, then
1x1 and 3x3 expand concatenated), a 1x1 classifier convolution and global average pool."""
from ... import nn
from ...nn import functional as F
from ...ops import concat, squeeze
from ._utils import no_pretrained

__all__ = ["SqueezeNet", "squeezenet1_0", "squeezenet1_1"]

_URLS = {v: "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
            f"SqueezeNet{v[-3:]}_pretrained.pdparams" for v in ("squeezenet1_0", "squeezenet1_1")}


class MakeFireConv(nn.Layer):
    def __init__(self, input_channels, output_channels, filter_size, padding=0):
        super().__init__()
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, padding=padding)

    def forward(self, x):
        return F.relu(self._conv(x))


class MakeFire(nn.Layer):
    def __init__(self, input_channels, squeeze_channels, expand1x1_channels,
                 expand3x3_channels):
        super().__init__()
        self._conv = MakeFireConv(input_channels, squeeze_channels, 1)
        self._conv_path1 = MakeFireConv(squeeze_channels, expand1x1_channels, 1)
        self._conv_path2 = MakeFireConv(squeeze_channels, expand3x3_channels, 3, padding=1)

    def forward(self, inputs):
        x = self._conv(inputs)
        return concat([self._conv_path1(x), self._conv_path2(x)], axis=1)


_FIRES = [(16, 64, 64), (16, 64, 64), (32, 128, 128), (32, 128, 128), (48, 192, 192),
          (48, 192, 192), (64, 256, 256), (64, 256, 256)]
# fire modules after which a max pool follows (besides the stem's)
_POOL_AFTER = {"1.0": (3, 7), "1.1": (2, 4)}


class SqueezeNet(nn.Layer):
    def __init__(self, version, num_classes=1000, with_pool=True):
        super().__init__()
        self.version = version
        self.num_classes = num_classes
        self.with_pool = with_pool
        supported_versions = ["1.0", "1.1"]
        assert version in supported_versions, (
            f"supported versions are {supported_versions} but input version is {version}")
        if version == "1.0":
            self._conv = nn.Conv2D(3, 96, 7, stride=2)
            cin = 96
        else:
            self._conv = nn.Conv2D(3, 64, 3, stride=2, padding=1)
            cin = 64
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        for i, (sq, e1, e3) in enumerate(_FIRES):
            setattr(self, f"_conv{i + 1}", MakeFire(cin, sq, e1, e3))
            cin = e1 + e3
        self._drop = nn.Dropout(p=0.5, mode="downscale_in_infer")
        self._conv9 = nn.Conv2D(512, num_classes, 1)
        self._avg_pool = nn.AdaptiveAvgPool2D(1)

    def forward(self, inputs):
        x = self._pool(F.relu(self._conv(inputs)))
        pool_after = _POOL_AFTER[self.version]
        for i in range(1, 9):
            x = getattr(self, f"_conv{i}")(x)
            if i in pool_after:
                x = self._pool(x)
        if self.num_classes > 0:
            x = self._conv9(self._drop(x))
        if self.with_pool:
            x = squeeze(self._avg_pool(F.relu(x)), axis=[2, 3])
        return x


def _squeezenet(arch, version, pretrained, **kwargs):
    model = SqueezeNet(version, **kwargs)
    if pretrained:
        no_pretrained(arch, _URLS[arch])
    return model


def squeezenet1_0(pretrained=False, **kwargs):
    return _squeezenet("squeezenet1_0", "1.0", pretrained, **kwargs)


def squeezenet1_1(pretrained=False, **kwargs):
    return _squeezenet("squeezenet1_1", "1.1", pretrained, **kwargs)
