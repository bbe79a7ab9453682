"""paddle.vision.transforms: the basic image transforms and their functional forms."""
from .transforms import (Compose, BaseTransform, ToTensor, Resize, CenterCrop, RandomCrop,
                         RandomHorizontalFlip, RandomVerticalFlip, Normalize, Transpose, Pad)
from .functional import (to_tensor, resize, pad, crop, center_crop, hflip, vflip, normalize)
from . import functional

__all__ = ["Compose", "BaseTransform", "ToTensor", "Resize", "CenterCrop", "RandomCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "Normalize", "Transpose", "Pad",
           "to_tensor", "resize", "pad", "crop", "center_crop", "hflip", "vflip", "normalize",
           "functional"]
