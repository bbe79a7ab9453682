"""paddle.vision: image models (LeNet, ResNet, VGG, MobileNet V1-V3, AlexNet, SqueezeNet,
ShuffleNetV2, DenseNet, GoogLeNet, InceptionV3), transforms, the detection ops (vision.ops),
the image backend switch, and the dataset names (which need a download and so raise
NotImplementedError)."""
from . import models
from . import transforms
from . import datasets
from . import ops
from .image import get_image_backend, image_load, set_image_backend

# paddle.vision.resnet18, paddle.vision.Compose, paddle.vision.MNIST, ... as in Paddle, whose
# top level leaves out a few transforms
_NOT_AT_TOP = {"functional", "RandomAffine", "RandomErasing", "RandomPerspective", "affine",
               "erase", "perspective"}
for _m in (models, transforms, datasets):
    globals().update({_n: getattr(_m, _n) for _n in _m.__all__ if _n not in _NOT_AT_TOP})
del _m

__all__ = ["models", "transforms", "datasets", "ops", "set_image_backend",
           "get_image_backend", "image_load"]
