"""paddle.vision.models added after LeNet/ResNet/VGG/MobileNetV2: MobileNetV1, MobileNetV3,
AlexNet, SqueezeNet, ShuffleNetV2, DenseNet, GoogLeNet, InceptionV3.

- state_dict keys and shapes equal real Paddle 3.3.1's, from the list captured by
  tools/vision_model_keys.py (tests/fixtures/vision_model_keys.json.gz);
- forward shapes in eval and train mode, and a backward pass reaching every parameter;
- with real Paddle installed: Paddle builds each model, its state_dict goes through paddle.save
  into eagergraph, and both give the same outputs."""
import ast
import gzip
import json
import os
import re

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.vision import models as M
from eagergraph.vision.models import shufflenetv2

pytestmark = pytest.mark.filterwarnings("ignore:When training, we now always track")

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "vision_model_keys.json.gz")
with gzip.open(FIXTURE, "rt") as f:
    PADDLE_KEYS = json.load(f)["models"]


def parse_config(name):
    factory, args = re.fullmatch(r"(\w+)\((.*)\)", name).groups()
    call = ast.parse(f"f({args})", mode="eval").body
    return factory, {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}


NEW_FACTORIES = ["mobilenet_v1", "mobilenet_v3_small", "mobilenet_v3_large", "alexnet",
                 "squeezenet1_0", "squeezenet1_1", "shufflenet_v2_x0_25",
                 "shufflenet_v2_x0_33", "shufflenet_v2_x0_5", "shufflenet_v2_x1_0",
                 "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish",
                 "densenet121", "densenet161", "densenet169", "densenet201", "densenet264",
                 "googlenet", "inception_v3"]
# smallest inputs the architectures accept (AlexNet and GoogLeNet's heads have fixed sizes)
INPUT = {"alexnet": 224, "googlenet": 224, "inception_v3": 75}


@pytest.mark.parametrize("config", sorted(PADDLE_KEYS))
def test_state_dict_keys_and_shapes_equal_paddle(config):
    factory, kwargs = parse_config(config)
    model = getattr(M, factory)(**kwargs)
    mine = {k: list(v.shape) for k, v in model.state_dict().items()}
    assert list(mine) == list(PADDLE_KEYS[config])  # same names, in Paddle's order
    assert mine == PADDLE_KEYS[config]


def test_every_factory_is_in_the_key_list_and_exported():
    captured = {parse_config(c)[0] for c in PADDLE_KEYS}
    assert set(NEW_FACTORIES) <= captured
    for name in NEW_FACTORIES:
        assert name in M.__all__ and getattr(paddle.vision, name) is getattr(M, name)
    for cls in ("MobileNetV1", "MobileNetV3Small", "MobileNetV3Large", "AlexNet",
                "SqueezeNet", "ShuffleNetV2", "DenseNet", "GoogLeNet", "InceptionV3"):
        assert cls in M.__all__ and hasattr(paddle.vision, cls)


@pytest.mark.parametrize("factory", NEW_FACTORIES)
def test_pretrained_names_the_weights(factory):
    with pytest.raises(NotImplementedError, match=r"pretrained=True.*https://paddle"):
        getattr(M, factory)(pretrained=True)


@pytest.mark.parametrize("factory", ["mobilenet_v1", "mobilenet_v3_small", "mobilenet_v3_large",
                                     "squeezenet1_1", "shufflenet_v2_x0_25",
                                     "shufflenet_v2_swish", "densenet121", "googlenet",
                                     "inception_v3", "alexnet"])
def test_forward_shapes_and_backward_reaches_every_parameter(factory):
    paddle.seed(1)
    model = getattr(M, factory)(num_classes=7)
    s = INPUT.get(factory, 32)
    x = paddle.to_tensor(np.random.RandomState(0).rand(2, 3, s, s).astype("float32"))
    model.eval()
    out = model(x)
    outs = list(out) if isinstance(out, tuple) else [out]
    assert len(outs) == (3 if factory == "googlenet" else 1)
    assert all(o.shape == [2, 7] and o.dtype == paddle.float32 for o in outs)
    model.train()
    out = model(x)
    outs = list(out) if isinstance(out, tuple) else [out]
    assert all(o.shape == [2, 7] for o in outs)
    sum(o.sum() for o in outs).backward()
    for name, p in model.named_parameters():
        if p.stop_gradient:  # BatchNorm running statistics
            assert p.grad is None, name
            continue
        assert p.grad is not None and p.grad.shape == p.shape, name
        assert np.isfinite(p.grad.numpy()).all(), name


@pytest.mark.parametrize("factory,kwargs,shape", [
    ("mobilenet_v1", {"num_classes": 0, "with_pool": False, "scale": 0.5}, [1, 512, 1, 1]),
    ("mobilenet_v3_small", {"num_classes": 0}, [1, 576, 1, 1]),
    ("mobilenet_v3_large", {"num_classes": 0, "with_pool": False}, [1, 960, 1, 1]),
    ("squeezenet1_0", {"num_classes": 5, "with_pool": False}, [1, 5, 1, 1]),
    ("shufflenet_v2_x0_5", {"num_classes": 0}, [1, 1024, 1, 1]),
    ("densenet121", {"num_classes": 0, "with_pool": False}, [1, 1024, 1, 1]),
    ("inception_v3", {"num_classes": 0}, [1, 2048, 1, 1]),
])
def test_headless_outputs(factory, kwargs, shape):
    model = getattr(M, factory)(**kwargs)
    model.eval()
    s = INPUT.get(factory, 32)
    assert model(paddle.rand([1, 3, s, s])).shape == shape


def test_googlenet_without_head_returns_the_three_feature_maps():
    # 64 -> conv 7x7/2: 32 -> max pools 3x3/2 (no padding): 15, 7, 3 (inception 4) -> 1 (5)
    model = M.googlenet(num_classes=0, with_pool=False)
    out, out1, out2 = model(paddle.rand([1, 3, 64, 64]))
    assert out.shape == [1, 1024, 1, 1] and out1.shape == [1, 512, 3, 3]
    assert out2.shape == [1, 528, 3, 3]


def test_channel_shuffle_matches_numpy():
    x = np.arange(2 * 6 * 2 * 3, dtype="float32").reshape(2, 6, 2, 3)
    got = shufflenetv2.channel_shuffle(paddle.to_tensor(x), 2).numpy()
    ref = x.reshape(2, 2, 3, 2, 3).transpose(0, 2, 1, 3, 4).reshape(2, 6, 2, 3)
    np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(got[:, [0, 2, 4]], x[:, :3])  # interleaved halves


def test_bad_arguments_raise_as_in_paddle():
    with pytest.raises(AssertionError, match="supported versions"):
        M.SqueezeNet("1.2")
    with pytest.raises(AssertionError, match="supported layers"):
        M.DenseNet(layers=100)
    with pytest.raises(NotImplementedError, match=r"scale size:\[0.7\]"):
        M.ShuffleNetV2(scale=0.7)
    with pytest.raises(RuntimeError, match="not supported: gelu"):
        M.ShuffleNetV2(act="gelu")


ORACLE_CASES = [("mobilenet_v1", {}, 64), ("mobilenet_v3_small", {"scale": 0.75}, 64),
                ("mobilenet_v3_large", {}, 64), ("alexnet", {}, 224),
                ("squeezenet1_0", {}, 64), ("squeezenet1_1", {}, 64),
                ("shufflenet_v2_x0_33", {}, 64), ("shufflenet_v2_swish", {}, 64),
                ("densenet121", {"dropout": 0.1}, 64), ("googlenet", {}, 224),
                ("inception_v3", {}, 96)]


@pytest.mark.parametrize("factory,kwargs,size", ORACLE_CASES)
def test_same_outputs_as_real_paddle(tmp_path, factory, kwargs, size):
    real = pytest.importorskip("paddle")
    from paddle.vision import models as real_models
    real.seed(0)
    rng = np.random.RandomState(0)
    ref_model = getattr(real_models, factory)(num_classes=10, **kwargs)
    for k, v in ref_model.state_dict().items():  # non-trivial BatchNorm statistics
        if k.endswith("_mean") or k.endswith("_variance"):
            offset = 0.75 if k.endswith("_variance") else -0.25
            v.set_value((rng.rand(*v.shape) * 0.5 + offset).astype("float32"))
    ref_model.eval()
    x = rng.rand(2, 3, size, size).astype("float32")
    ref = ref_model(real.to_tensor(x))
    ref = [r.numpy() for r in (ref if isinstance(ref, (tuple, list)) else [ref])]
    path = str(tmp_path / f"{factory}.pdparams")
    real.save(ref_model.state_dict(), path)

    model = getattr(M, factory)(num_classes=10, **kwargs)
    model.set_state_dict(paddle.load(path))
    model.eval()
    got = model(paddle.to_tensor(x))
    got = list(got) if isinstance(got, tuple) else [got]
    assert len(got) == len(ref)
    for g, r in zip(got, ref):
        np.testing.assert_allclose(g.numpy(), r, rtol=1e-4, atol=1e-5 * np.abs(r).max())
