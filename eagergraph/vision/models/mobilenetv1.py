"""MobileNetV1 (Paddle vision/models/mobilenetv1.py): a 3x3 stem and 13 depthwise-separable
blocks (ConvNormActivation pairs), registered under Paddle's names conv2_1 ... conv6."""
from ... import nn
from ...ops import flatten
from ..ops import ConvNormActivation
from ._utils import no_pretrained

__all__ = ["MobileNetV1", "mobilenet_v1"]

_URL = "https://paddle-hapi.bj.bcebos.com/models/mobilenetv1_1.0.pdparams"

# (name, in, out1, out2, groups, stride); channels before scaling
_BLOCKS = [("conv2_1", 32, 32, 64, 32, 1), ("conv2_2", 64, 64, 128, 64, 2),
           ("conv3_1", 128, 128, 128, 128, 1), ("conv3_2", 128, 128, 256, 128, 2),
           ("conv4_1", 256, 256, 256, 256, 1), ("conv4_2", 256, 256, 512, 256, 2)] + \
          [(f"conv5_{i + 1}", 512, 512, 512, 512, 1) for i in range(5)] + \
          [("conv5_6", 512, 512, 1024, 512, 2), ("conv6", 1024, 1024, 1024, 1024, 1)]


class DepthwiseSeparable(nn.Layer):
    def __init__(self, in_channels, out_channels1, out_channels2, num_groups, stride, scale):
        super().__init__()
        self._depthwise_conv = ConvNormActivation(
            in_channels, int(out_channels1 * scale), kernel_size=3, stride=stride, padding=1,
            groups=int(num_groups * scale))
        self._pointwise_conv = ConvNormActivation(
            int(out_channels1 * scale), int(out_channels2 * scale), kernel_size=1, stride=1,
            padding=0)

    def forward(self, x):
        return self._pointwise_conv(self._depthwise_conv(x))


class MobileNetV1(nn.Layer):
    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.conv1 = ConvNormActivation(3, int(32 * scale), kernel_size=3, stride=2, padding=1)
        self.dwsl = []
        for name, cin, c1, c2, g, s in _BLOCKS:
            self.dwsl.append(self.add_sublayer(
                name, DepthwiseSeparable(int(cin * scale), c1, c2, g, s, scale)))
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.fc = nn.Linear(int(1024 * scale), num_classes)

    def forward(self, x):
        x = self.conv1(x)
        for dws in self.dwsl:
            x = dws(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.fc(flatten(x, 1))
        return x


def mobilenet_v1(pretrained=False, scale=1.0, **kwargs):
    model = MobileNetV1(scale=scale, **kwargs)
    if pretrained:
        no_pretrained("mobilenetv1_" + str(scale), _URL if scale == 1.0 else None)
    return model
