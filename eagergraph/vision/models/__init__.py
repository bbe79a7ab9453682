"""paddle.vision.models: LeNet, ResNet (and ResNeXt / wide variants), VGG, MobileNetV2."""
from .lenet import LeNet
from .resnet import (ResNet, resnet18, resnet34, resnet50, resnet101, resnet152,
                     resnext50_32x4d, resnext50_64x4d, resnext101_32x4d, resnext101_64x4d,
                     resnext152_32x4d, resnext152_64x4d, wide_resnet50_2, wide_resnet101_2)
from .vgg import VGG, vgg11, vgg13, vgg16, vgg19
from .mobilenetv2 import MobileNetV2, mobilenet_v2

__all__ = ["ResNet", "resnet18", "resnet34", "resnet50", "resnet101", "resnet152",
           "resnext50_32x4d", "resnext50_64x4d", "resnext101_32x4d", "resnext101_64x4d",
           "resnext152_32x4d", "resnext152_64x4d", "wide_resnet50_2", "wide_resnet101_2",
           "VGG", "vgg11", "vgg13", "vgg16", "vgg19", "MobileNetV2", "mobilenet_v2", "LeNet"]
