"""paddle.vision: image models (LeNet, ResNet, VGG, MobileNetV2), basic transforms, and the
dataset names (which need a download and so raise NotImplementedError)."""
from . import models
from . import transforms
from . import datasets
from . import ops

# paddle.vision.resnet18, paddle.vision.Compose, paddle.vision.MNIST, ... as in Paddle
for _m in (models, transforms, datasets):
    globals().update({_n: getattr(_m, _n) for _n in _m.__all__ if _n != "functional"})
del _m

__all__ = ["models", "transforms", "datasets", "ops"]
