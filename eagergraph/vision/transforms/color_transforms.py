"""paddle.vision.transforms colour classes: BrightnessTransform, ContrastTransform,
SaturationTransform, HueTransform, ColorJitter (the four in a random order) and Grayscale.
Factors are drawn with Python's `random`, as Paddle's are."""
import numbers
import random

from . import functional as F
from .transforms import BaseTransform, Compose

__all__ = ["BrightnessTransform", "ContrastTransform", "SaturationTransform", "HueTransform",
           "ColorJitter", "Grayscale"]


def _check_input(value, name, center=1, bound=(0, float("inf")), clip_first_on_zero=True):
    """A number v -> [center - v, center + v] (the low end clipped at 0), or a checked
    (min, max); None when that is just [center, center]."""
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be non negative.")
        value = [center - value, center + value]
        if clip_first_on_zero:
            value[0] = max(value[0], 0)
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"{name} values should be between {bound}")
    else:
        raise TypeError(f"{name} should be a single number or a list/tuple with length 2.")
    if value[0] == value[1] == center:
        value = None
    return value


class _RandomFactor(BaseTransform):
    _name = None
    _function = None

    def _apply_image(self, img):
        if self.value is None:
            return img
        return type(self)._function(img, random.uniform(self.value[0], self.value[1]))


class BrightnessTransform(_RandomFactor):
    """Brightness factor uniform in [max(0, 1 - value), 1 + value] (or the given range)."""
    _function = staticmethod(F.adjust_brightness)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "brightness")


class ContrastTransform(_RandomFactor):
    """Contrast factor uniform in [max(0, 1 - value), 1 + value]."""
    _function = staticmethod(F.adjust_contrast)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        if value < 0:
            raise ValueError("contrast value should be non-negative")
        self.value = _check_input(value, "contrast")


class SaturationTransform(_RandomFactor):
    """Saturation factor uniform in [max(0, 1 - value), 1 + value]."""
    _function = staticmethod(F.adjust_saturation)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "saturation")


class HueTransform(_RandomFactor):
    """Hue shift uniform in [-value, value] (value in [0, 0.5])."""
    _function = staticmethod(F.adjust_hue)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "hue", center=0, bound=(-0.5, 0.5),
                                  clip_first_on_zero=False)


class ColorJitter(BaseTransform):
    """Brightness, contrast, saturation and hue transforms, applied in a random order."""

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue

    def _get_param(self, brightness, contrast, saturation, hue):
        transforms = []
        if brightness is not None:
            transforms.append(BrightnessTransform(brightness, self.keys))
        if contrast is not None:
            transforms.append(ContrastTransform(contrast, self.keys))
        if saturation is not None:
            transforms.append(SaturationTransform(saturation, self.keys))
        if hue is not None:
            transforms.append(HueTransform(hue, self.keys))
        random.shuffle(transforms)
        return Compose(transforms)

    def _apply_image(self, img):
        return self._get_param(self.brightness, self.contrast, self.saturation, self.hue)(img)


class Grayscale(BaseTransform):
    """to_grayscale with 1 or 3 output channels."""

    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)
