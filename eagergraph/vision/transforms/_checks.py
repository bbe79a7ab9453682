"""What kind of image an argument is (PIL, numpy HWC/HW, Tensor), for the functional
transforms."""
import numpy as np

from ...tensor import Tensor

__all__ = ["_is_pil_image", "_is_tensor_image", "_is_numpy_image", "_check_image"]


def _is_pil_image(img):
    return type(img).__module__.startswith("PIL.") and hasattr(img, "getbands")


def _is_tensor_image(img):
    return isinstance(img, Tensor)


def _is_numpy_image(img):
    return isinstance(img, np.ndarray) and img.ndim in {2, 3}


def _check_image(img, what="img"):
    if not (_is_pil_image(img) or _is_numpy_image(img) or _is_tensor_image(img)):
        raise TypeError(f"{what} should be PIL Image or Tensor Image or ndarray with "
                        f"dim=[2 or 3]. Got {type(img)}")
