"""paddle.vision.models: parameter counts derived here from the architectures (and equal to
real Paddle 3.3.1's), state_dict keys in Paddle's naming, output shapes, and a forward +
backward on a tiny batch for each model."""
import warnings

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.vision import models as M
from eagergraph.vision.ops import ConvNormActivation

warnings.filterwarnings("ignore", message="When training, we now always track")


def n_params(model):
    return sum(int(np.prod(p.shape)) for p in model.parameters())


def conv(cin, cout, k, bias=True, groups=1):
    return cout * (cin // groups) * k * k + (cout if bias else 0)


def bn(c):
    # weight and bias, and Paddle's BatchNorm keeps its running mean and variance as
    # (non-trainable) parameters too, so parameters() counts 4 per channel
    return 4 * c


def linear(cin, cout):
    return cin * cout + cout


def resnet_count(depth, num_classes=1000):
    blocks = {18: [2, 2, 2, 2], 34: [3, 4, 6, 3], 50: [3, 4, 6, 3]}[depth]
    total = conv(3, 64, 7, False) + bn(64)
    inplanes = 64
    for stage, (planes, n) in enumerate(zip([64, 128, 256, 512], blocks)):
        for i in range(n):
            if depth < 50:  # BasicBlock: two 3x3 convs
                out = planes
                total += conv(inplanes, planes, 3, False) + bn(planes)
                total += conv(planes, planes, 3, False) + bn(planes)
            else:  # Bottleneck: 1x1, 3x3, 1x1 with expansion 4
                out = planes * 4
                total += conv(inplanes, planes, 1, False) + bn(planes)
                total += conv(planes, planes, 3, False) + bn(planes)
                total += conv(planes, out, 1, False) + bn(out)
            if i == 0 and (stage > 0 or inplanes != out):  # projection shortcut
                total += conv(inplanes, out, 1, False) + bn(out)
            inplanes = out
    return total + linear(inplanes, num_classes)


def vgg_count(cfg, batch_norm, num_classes=1000):
    total, cin = 0, 3
    for v in cfg:
        if v != "M":
            total += conv(cin, v, 3) + (bn(v) if batch_norm else 0)
            cin = v
    return total + linear(512 * 49, 4096) + linear(4096, 4096) + linear(4096, num_classes)


def mobilenet_v2_count(num_classes=1000):
    total = conv(3, 32, 3, False) + bn(32)
    cin = 32
    for t, c, n, _ in [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2],
                       [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]:
        for _ in range(n):
            hidden = cin * t
            if t != 1:
                total += conv(cin, hidden, 1, False) + bn(hidden)
            total += conv(hidden, hidden, 3, False, groups=hidden) + bn(hidden)
            total += conv(hidden, c, 1, False) + bn(c)
            cin = c
    total += conv(cin, 1280, 1, False) + bn(1280)
    return total + linear(1280, num_classes)


def test_parameter_counts_follow_the_architectures():
    # the totals are also what real Paddle 3.3.1 reports for the same constructors
    assert n_params(M.LeNet()) == (conv(1, 6, 3) + conv(6, 16, 5) + linear(400, 120)
                                   + linear(120, 84) + linear(84, 10)) == 61610
    assert n_params(M.resnet18()) == resnet_count(18) == 11699112
    assert n_params(M.resnet34()) == resnet_count(34) == 21814696
    assert n_params(M.resnet50()) == resnet_count(50) == 25610152
    assert n_params(M.mobilenet_v2()) == mobilenet_v2_count() == 3538984
    cfg_d = [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M",
             512, 512, 512, "M"]
    assert n_params(M.vgg16(batch_norm=True)) == vgg_count(cfg_d, True) == 138374440


def test_state_dict_keys_are_paddles():
    sd = M.resnet18().state_dict()
    assert len(sd) == 102  # 20 convs + fc weight and bias + 4 entries for each of 20 BatchNorm2D
    for key in ["conv1.weight", "bn1._mean", "bn1._variance", "layer1.0.conv1.weight",
                "layer2.0.downsample.0.weight", "layer2.0.downsample.1._mean",
                "layer4.1.bn2.bias", "fc.weight", "fc.bias"]:
        assert key in sd
    assert list(sd["fc.weight"].shape) == [512, 1000]
    sd = M.mobilenet_v2().state_dict()
    assert len(sd) == 262
    for key in ["features.0.0.weight", "features.0.1._variance", "features.1.conv.0.0.weight",
                "features.2.conv.3.weight", "features.18.1.bias", "classifier.1.weight"]:
        assert key in sd
    sd = M.LeNet().state_dict()
    assert list(sd) == ["features.0.weight", "features.0.bias", "features.3.weight",
                        "features.3.bias", "fc.0.weight", "fc.0.bias", "fc.1.weight",
                        "fc.1.bias", "fc.2.weight", "fc.2.bias"]


def _forward_backward(model, shape, classes):
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal(shape).astype("float32"))
    y = model(x)
    assert y.shape == [shape[0], classes]
    y.sum().backward()
    grads = [p.grad for p in model.parameters() if not p.stop_gradient]
    assert all(g is not None and np.isfinite(g.numpy()).all() for g in grads)
    return y


def test_lenet_forward_backward():
    _forward_backward(M.LeNet(), (2, 1, 28, 28), 10)
    assert M.LeNet(num_classes=0)(paddle.zeros([1, 1, 28, 28])).shape == [1, 16, 5, 5]


# Paddle's BatchNorm warns in every training forward
@pytest.mark.filterwarnings("ignore:When training, we now always track:UserWarning")
def test_resnet_forward_backward_and_options():
    _forward_backward(M.resnet18(num_classes=10), (2, 3, 32, 32), 10)
    _forward_backward(M.resnet50(num_classes=5), (1, 3, 32, 32), 5)
    # no head: the stage-4 feature map (32 / 32 = 1) or, without pooling, the raw map
    assert M.resnet18(num_classes=0)(paddle.zeros([1, 3, 64, 64])).shape == [1, 512, 1, 1]
    m = M.resnet18(num_classes=0, with_pool=False)
    assert m(paddle.zeros([1, 3, 64, 64])).shape == [1, 512, 2, 2]
    assert n_params(m) == resnet_count(18) - linear(512, 1000)


def test_vgg_forward_backward():
    m = M.vgg11(num_classes=4)
    m.eval()  # dropout off: two calls agree
    x = paddle.to_tensor(np.random.default_rng(1).standard_normal((1, 3, 32, 32)), "float32")
    np.testing.assert_array_equal(m(x).numpy(), m(x).numpy())
    m.train()
    _forward_backward(m, (1, 3, 32, 32), 4)


# Paddle's BatchNorm warns in every training forward
@pytest.mark.filterwarnings("ignore:When training, we now always track:UserWarning")
def test_mobilenet_v2_forward_backward_and_residuals():
    m = M.mobilenet_v2(scale=0.25, num_classes=10)
    _forward_backward(m, (2, 3, 32, 32), 10)
    blocks = [b for b in m.features if isinstance(b, M.mobilenetv2.InvertedResidual)]
    # a residual where the stride is 1 and channels stay: the n-1 repeats of each stage
    # (0+1+2+3+2+2+0 = 10), plus at scale 0.25 the first block, whose 32*0.25 input and
    # 16*0.25 output channels both round up to 8
    assert len(blocks) == 17 and sum(b.use_res_connect for b in blocks) == 11
    assert sum(b.use_res_connect for b in M.mobilenet_v2().features
               if isinstance(b, M.mobilenetv2.InvertedResidual)) == 10


def test_conv_norm_activation_layout():
    block = ConvNormActivation(3, 8, kernel_size=3, stride=2)
    assert [type(b).__name__ for b in block] == ["Conv2D", "BatchNorm2D", "ReLU"]
    assert block[0].bias is None  # no bias in front of a norm layer
    assert ConvNormActivation(3, 8, norm_layer=None)[0].bias is not None


def test_pretrained_raises_a_clear_error():
    for make in (M.resnet18, M.vgg11, M.mobilenet_v2):
        with pytest.raises(NotImplementedError, match="does not download pretrained weights"):
            make(pretrained=True)
