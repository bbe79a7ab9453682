"""AlexNet (Paddle vision/models/alexnet.py): five convolutions (three followed by a 3x3/2 max
pool) and three fully connected layers, Uniform(-1/sqrt(fan_in), +) initialised."""
import math

from ... import nn
from ...nn import functional as F
from ...nn.initializer import Uniform
from ...nn.param_attr import ParamAttr
from ...ops import flatten
from ._utils import no_pretrained

__all__ = ["AlexNet", "alexnet"]

_URL = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/AlexNet_pretrained.pdparams"


def _uniform(stdv):
    return ParamAttr(initializer=Uniform(-stdv, stdv))


def _conv(cin, cout, k, stride, padding):
    stdv = 1.0 / math.sqrt(cin * k * k)
    return nn.Conv2D(cin, cout, k, stride=stride, padding=padding, weight_attr=_uniform(stdv),
                     bias_attr=_uniform(stdv))


class ConvPoolLayer(nn.Layer):
    def __init__(self, input_channels, output_channels, filter_size, stride, padding, stdv=None,
                 groups=1, act=None):
        super().__init__()
        self.relu = nn.ReLU() if act == "relu" else None
        self._conv = _conv(input_channels, output_channels, filter_size, stride, padding)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, inputs):
        x = self._conv(inputs)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(nn.Layer):
    def __init__(self, num_classes=1000):
        super().__init__()
        self.num_classes = num_classes
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, act="relu")
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, act="relu")
        self._conv3 = _conv(192, 384, 3, 1, 1)
        self._conv4 = _conv(384, 256, 3, 1, 1)
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, act="relu")
        if num_classes > 0:
            u = _uniform(1.0 / math.sqrt(256 * 6 * 6))
            self._drop1 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc6 = nn.Linear(256 * 6 * 6, 4096, weight_attr=u, bias_attr=u)
            self._drop2 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc7 = nn.Linear(4096, 4096, weight_attr=u, bias_attr=u)
            self._fc8 = nn.Linear(4096, num_classes, weight_attr=u, bias_attr=u)

    def forward(self, inputs):
        x = self._conv2(self._conv1(inputs))
        x = F.relu(self._conv4(F.relu(self._conv3(x))))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = self._drop1(flatten(x, 1, -1))
            x = self._drop2(F.relu(self._fc6(x)))
            x = self._fc8(F.relu(self._fc7(x)))
        return x


def alexnet(pretrained=False, **kwargs):
    model = AlexNet(**kwargs)
    if pretrained:
        no_pretrained("alexnet", _URL)
    return model
