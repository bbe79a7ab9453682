"""paddle.vision.transforms: the image transforms and their functional forms."""
from .transforms import (Compose, BaseTransform, ToTensor, Resize, CenterCrop, RandomCrop,
                         RandomHorizontalFlip, RandomVerticalFlip, Normalize, Transpose, Pad)
from .color_transforms import (BrightnessTransform, ContrastTransform, SaturationTransform,
                               HueTransform, ColorJitter, Grayscale)
from .spatial_transforms import (RandomResizedCrop, RandomAffine, RandomRotation,
                                 RandomPerspective, RandomErasing)
from .functional import (to_tensor, resize, pad, crop, center_crop, hflip, vflip, normalize,
                         affine, rotate, perspective, to_grayscale, adjust_brightness,
                         adjust_contrast, adjust_hue, erase)
from . import functional

# Paddle 3.3.1's order
__all__ = ["BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize",
           "BrightnessTransform", "SaturationTransform", "ContrastTransform", "HueTransform",
           "ColorJitter", "RandomCrop", "Pad", "RandomAffine", "RandomRotation",
           "RandomPerspective", "Grayscale", "ToTensor", "RandomErasing", "to_tensor", "hflip",
           "vflip", "resize", "pad", "affine", "rotate", "perspective", "to_grayscale", "crop",
           "center_crop", "adjust_brightness", "adjust_contrast", "adjust_hue", "normalize",
           "erase", "functional"]
