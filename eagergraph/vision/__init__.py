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
# top level leaves out a few transforms (functional, RandomAffine, RandomErasing,
# RandomPerspective, affine, erase, perspective) and whose __all__ lists none of them
from .models import (ResNet, resnet18, resnet34, resnet50, resnet101, resnet152, resnext50_32x4d,
                     resnext50_64x4d, resnext101_32x4d, resnext101_64x4d, resnext152_32x4d,
                     resnext152_64x4d, wide_resnet50_2, wide_resnet101_2, VGG, vgg11, vgg13, vgg16,
                     vgg19, MobileNetV1, mobilenet_v1, MobileNetV2, mobilenet_v2, MobileNetV3Small,
                     MobileNetV3Large, mobilenet_v3_small, mobilenet_v3_large, LeNet, DenseNet,
                     densenet121, densenet161, densenet169, densenet201, densenet264, AlexNet,
                     alexnet, InceptionV3, inception_v3, SqueezeNet, squeezenet1_0, squeezenet1_1,
                     GoogLeNet, googlenet, ShuffleNetV2, shufflenet_v2_x0_25, shufflenet_v2_x0_33,
                     shufflenet_v2_x0_5, shufflenet_v2_x1_0, shufflenet_v2_x1_5, shufflenet_v2_x2_0,
                     shufflenet_v2_swish)
from .transforms import (BaseTransform, Compose, Resize, RandomResizedCrop, CenterCrop,
                         RandomHorizontalFlip, RandomVerticalFlip, Transpose, Normalize,
                         BrightnessTransform, SaturationTransform, ContrastTransform, HueTransform,
                         ColorJitter, RandomCrop, Pad, RandomRotation, Grayscale, ToTensor,
                         to_tensor, hflip, vflip, resize, pad, rotate, to_grayscale, crop,
                         center_crop, adjust_brightness, adjust_contrast, adjust_hue, normalize)
from .datasets import (MNIST, FashionMNIST, Cifar10, Cifar100, Flowers, VOC2012, DatasetFolder,
                       ImageFolder)
['AlexNet', 'BaseTransform', 'BrightnessTransform', 'CenterCrop', 'Cifar10']
_AT_TOP = (ResNet, resnet18, resnet34, resnet50, resnet101, resnet152, resnext50_32x4d,
           resnext50_64x4d, resnext101_32x4d, resnext101_64x4d, resnext152_32x4d, resnext152_64x4d,
           wide_resnet50_2, wide_resnet101_2, VGG, vgg11, vgg13, vgg16, vgg19, MobileNetV1,
           mobilenet_v1, MobileNetV2, mobilenet_v2, MobileNetV3Small, MobileNetV3Large,
           mobilenet_v3_small, mobilenet_v3_large, LeNet, DenseNet, densenet121, densenet161,
           densenet169, densenet201, densenet264, AlexNet, alexnet, InceptionV3, inception_v3,
           SqueezeNet, squeezenet1_0, squeezenet1_1, GoogLeNet, googlenet, ShuffleNetV2,
           shufflenet_v2_x0_25, shufflenet_v2_x0_33, shufflenet_v2_x0_5, shufflenet_v2_x1_0,
           shufflenet_v2_x1_5, shufflenet_v2_x2_0, shufflenet_v2_swish, BaseTransform, Compose,
           Resize, RandomResizedCrop, CenterCrop, RandomHorizontalFlip, RandomVerticalFlip,
           Transpose, Normalize, BrightnessTransform, SaturationTransform, ContrastTransform,
           HueTransform, ColorJitter, RandomCrop, Pad, RandomRotation, Grayscale, ToTensor,
           to_tensor, hflip, vflip, resize, pad, rotate, to_grayscale, crop, center_crop,
           adjust_brightness, adjust_contrast, adjust_hue, normalize, MNIST, FashionMNIST, Cifar10,
           Cifar100, Flowers, VOC2012, DatasetFolder, ImageFolder)

__all__ = ["models", "transforms", "datasets", "ops", "set_image_backend",
           "get_image_backend", "image_load"]
