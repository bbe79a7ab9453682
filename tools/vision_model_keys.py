"""Capture the state_dict key names and shapes of Paddle's paddle.vision.models from a real
Paddle install, so the tests can check eagergraph's models against them without Paddle:

    /tmp/oracle/bin/python tools/vision_model_keys.py | gzip -9n > tests/fixtures/vision_model_keys.json.gz

(gzipped: DenseNet-264 alone has ~1300 keys)

Each entry is "factory(kwargs)" -> {state_dict key: shape}. tests/test_vision_models_more.py
builds the same configurations with eagergraph and compares.
"""
import json
import sys
import warnings

# (factory, kwargs): every factory with its defaults, and the arguments that change the layout
CONFIGS = [(n, {}) for n in (
    "mobilenet_v1", "mobilenet_v3_small", "mobilenet_v3_large", "alexnet", "squeezenet1_0",
    "squeezenet1_1", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5",
    "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish",
    "densenet121", "densenet161", "densenet169", "densenet201", "densenet264", "googlenet",
    "inception_v3")] + [
    ("mobilenet_v1", {"scale": 0.5, "num_classes": 0, "with_pool": False}),
    ("mobilenet_v3_small", {"scale": 0.75, "num_classes": 10}),
    ("mobilenet_v3_large", {"scale": 0.5, "num_classes": 0}),
    ("squeezenet1_1", {"num_classes": 0, "with_pool": False}),
    ("shufflenet_v2_x1_0", {"num_classes": 0}),
    ("densenet121", {"num_classes": 0, "dropout": 0.2}),
    ("googlenet", {"num_classes": 0, "with_pool": False}),
    ("inception_v3", {"num_classes": 0}),
    ("alexnet", {"num_classes": 0}),
]


def config_name(factory, kwargs):
    return factory + "(" + ", ".join(f"{k}={v!r}" for k, v in sorted(kwargs.items())) + ")"


def main():
    warnings.filterwarnings("ignore")
    import paddle
    from paddle.vision import models
    out = {"paddle_version": paddle.__version__, "models": {}}
    for factory, kwargs in CONFIGS:
        model = getattr(models, factory)(**kwargs)
        out["models"][config_name(factory, kwargs)] = {
            k: list(v.shape) for k, v in model.state_dict().items()}
    # one line per model keeps the file small and its diffs readable
    sys.stdout.write('{"paddle_version": %s, "models": {\n' % json.dumps(out["paddle_version"]))
    sys.stdout.write(",\n".join(f"{json.dumps(name)}: {json.dumps(keys, separators=(',', ':'))}"
                                for name, keys in out["models"].items()))
    sys.stdout.write("\n}}\n")


if __name__ == "__main__":
    main()
