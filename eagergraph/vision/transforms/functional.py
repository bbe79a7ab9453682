"""paddle.vision.transforms.functional, for numpy HWC images (Paddle's cv2 backend, done in
NumPy), PIL images (their own methods) and CHW/HWC Tensors (Paddle's tensor backend: ops and
F.interpolate). Resize of a numpy image follows OpenCV's rules: nearest reads
floor(dst * in/out); bilinear reads (dst + 0.5) * in/out - 0.5 clamped at the edges, computed
in float and rounded back for integer images (OpenCV's 11-bit fixed point can differ by one
grey level)."""
import numbers

import numpy as np

from ... import ops as _ops
from ...creation import to_tensor as _to_tensor
from ...nn.functional.vision import interpolate
from ...nn.functional.pad import pad as _pad_tensor
from ._checks import _check_image, _is_pil_image, _is_tensor_image

__all__ = ["to_tensor", "resize", "pad", "crop", "center_crop", "hflip", "vflip", "normalize",
           "adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue",
           "to_grayscale", "erase", "affine", "rotate", "perspective"]


def to_tensor(pic, data_format="CHW"):
    """HWC (or HW) image -> float Tensor in CHW (or HWC); uint8 images are scaled to [0, 1]."""
    _check_image(pic, "pic")
    if _is_tensor_image(pic):
        return pic if data_format.lower() == "chw" else _ops.transpose(pic, [1, 2, 0])
    if data_format not in ["CHW", "HWC"]:
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if _is_pil_image(pic):
        return _pil_to_tensor(pic, data_format)
    if pic.ndim == 2:
        pic = pic[:, :, None]
    img = _to_tensor(pic.transpose((2, 0, 1)) if data_format == "CHW" else pic)
    if pic.dtype == np.uint8:
        return _ops.divide(_ops.cast(img, "float32"), _ops.full([], 255.0, "float32"))
    return img


def _pil_to_tensor(pic, data_format):
    mode_dtype = {"I": np.int32, "I;16": np.int16, "F": np.float32}
    arr = np.array(pic, mode_dtype.get(pic.mode, np.uint8), copy=True)
    if pic.mode == "1":
        arr = 255 * arr
    arr = arr.reshape(pic.size[1], pic.size[0], len(pic.getbands()))
    img = _to_tensor(arr.transpose((2, 0, 1)) if data_format == "CHW" else arr)
    if arr.dtype == np.uint8:
        return _ops.divide(_ops.cast(img, "float32"), _ops.full([], 255.0, "float32"))
    return img


def _target_size(h, w, size):
    """(oh, ow); an int size matches the shorter side, keeping the aspect ratio."""
    if isinstance(size, int):
        if (w <= h and w == size) or (h <= w and h == size):
            return None
        if w < h:
            return int(size * h / w), size
        return size, int(size * w / h)
    return size[0], size[1]


def _np_resize(img, oh, ow, interpolation):
    h, w = img.shape[:2]
    if interpolation == "nearest":
        ys = np.minimum(np.floor(np.arange(oh) * (h / oh)).astype(np.int64), h - 1)
        xs = np.minimum(np.floor(np.arange(ow) * (w / ow)).astype(np.int64), w - 1)
        return img[ys][:, xs]
    if interpolation != "bilinear":
        raise NotImplementedError(f"resize of a numpy image supports 'nearest' and "
                                  f"'bilinear', not {interpolation!r}")

    def axis(n_in, n_out):
        src = (np.arange(n_out) + 0.5) * (n_in / n_out) - 0.5
        lo = np.floor(src).astype(np.int64)
        d = src - lo
        d = np.where(lo < 0, 0.0, d)
        lo = np.clip(lo, 0, n_in - 1)
        hi = np.clip(lo + 1, 0, n_in - 1)
        d = np.where(lo == n_in - 1, 0.0, d)
        return lo, hi, d

    y0, y1, dy = axis(h, oh)
    x0, x1, dx = axis(w, ow)
    f = img.astype(np.float64)
    shape_y = (-1, 1) + (1,) * (img.ndim - 2)
    shape_x = (1, -1) + (1,) * (img.ndim - 2)
    dy, dx = dy.reshape(shape_y), dx.reshape(shape_x)
    top = f[y0][:, x0] * (1 - dx) + f[y0][:, x1] * dx
    bottom = f[y1][:, x0] * (1 - dx) + f[y1][:, x1] * dx
    out = top * (1 - dy) + bottom * dy
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
    return out.astype(img.dtype)


def resize(img, size, interpolation="bilinear"):
    """Resize to (h, w), or the shorter side to an int size keeping the aspect ratio."""
    _check_image(img)
    if not (isinstance(size, int) or (isinstance(size, (tuple, list)) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    if _is_pil_image(img):
        from PIL import Image
        w, h = img.size
        target = _target_size(h, w, size)
        if target is None:
            return img
        methods = {"nearest": Image.NEAREST, "bilinear": Image.BILINEAR,
                   "bicubic": Image.BICUBIC, "box": Image.BOX, "lanczos": Image.LANCZOS,
                   "hamming": Image.HAMMING}
        return img.resize(target[::-1], methods[interpolation])
    if _is_tensor_image(img):
        return _tensor_resize(img, size, interpolation)
    target = _target_size(img.shape[0], img.shape[1], size)
    if target is None:
        return img
    return _np_resize(img, target[0], target[1], interpolation)


def _tensor_resize(img, size, interpolation, data_format="CHW"):
    h_axis, w_axis = (-2, -1) if data_format.lower() == "chw" else (-3, -2)
    h, w = img.shape[h_axis], img.shape[w_axis]
    target = _target_size(h, w, size)
    if target is None:
        return img
    out = interpolate(_ops.unsqueeze(img, 0), size=list(target), mode=interpolation.lower(),
                      data_format="N" + data_format.upper())
    return _ops.squeeze(out, 0)


def _pad_amounts(padding):
    if isinstance(padding, int):
        return padding, padding, padding, padding
    if len(padding) == 2:
        return padding[0], padding[1], padding[0], padding[1]
    return tuple(padding)  # left, top, right, bottom


def pad(img, padding, fill=0, padding_mode="constant"):
    """Pad the borders: an int for all, (left/right, top/bottom) or (left, top, right,
    bottom); modes constant, edge, reflect (no edge repeat), symmetric (edge repeated)."""
    _check_image(img)
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError("Got inappropriate padding arg")
    if isinstance(padding, (list, tuple)) and len(padding) not in [2, 4]:
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         f"{len(padding)} element tuple")
    assert padding_mode in ["constant", "edge", "reflect", "symmetric"], \
        "Padding mode should be either constant, edge, reflect or symmetric"
    left, top, right, bottom = _pad_amounts(padding)
    if _is_tensor_image(img):
        if padding_mode == "symmetric":
            raise ValueError("Do not support symmetric mode")
        mode = "replicate" if padding_mode == "edge" else padding_mode
        out = _pad_tensor(_ops.unsqueeze(img, 0), pad=[left, right, top, bottom], mode=mode,
                          value=float(fill), data_format="NCHW")
        return _ops.squeeze(out, 0)
    was_pil = _is_pil_image(img)
    arr = np.asarray(img)
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (arr.ndim - 2)
    if padding_mode == "constant":
        if isinstance(fill, (list, tuple)) and arr.ndim == 3:
            out = np.stack([np.pad(arr[..., c], widths[:2], constant_values=fill[c])
                            for c in range(arr.shape[2])], axis=-1)
        else:
            out = np.pad(arr, widths, constant_values=fill)
    else:
        out = np.pad(arr, widths, mode=padding_mode)
    if was_pil:
        from PIL import Image
        return Image.fromarray(out)
    return out


def crop(img, top, left, height, width):
    """The height x width box whose top-left corner is (top, left)."""
    _check_image(img)
    if _is_pil_image(img):
        return img.crop((left, top, left + width, top + height))
    if _is_tensor_image(img):
        return img[:, top:top + height, left:left + width]
    return img[top:top + height, left:left + width, ...]


def center_crop(img, output_size):
    """The centred box of output_size (an int for a square)."""
    _check_image(img)
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    if _is_pil_image(img):
        w, h = img.size
    elif _is_tensor_image(img):
        h, w = img.shape[-2:]
    else:
        h, w = img.shape[:2]
    th, tw = output_size
    return crop(img, int(round((h - th) / 2.0)), int(round((w - tw) / 2.0)), th, tw)


def hflip(img):
    """Mirror left-right."""
    _check_image(img)
    if _is_pil_image(img):
        from PIL import Image
        return img.transpose(Image.FLIP_LEFT_RIGHT)
    if _is_tensor_image(img):
        return _ops.flip(img, [-1])
    return np.ascontiguousarray(img[:, ::-1])


def vflip(img):
    """Mirror top-bottom."""
    _check_image(img)
    if _is_pil_image(img):
        from PIL import Image
        return img.transpose(Image.FLIP_TOP_BOTTOM)
    if _is_tensor_image(img):
        return _ops.flip(img, [-2])
    return np.ascontiguousarray(img[::-1])


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """(img - mean) / std per channel; numpy and PIL images come back as float32 arrays."""
    if _is_tensor_image(img):
        mean_t = _to_tensor(np.asarray(mean, dtype=np.float32))
        std_t = _to_tensor(np.asarray(std, dtype=np.float32))
        if data_format.lower() == "chw":
            mean_t = _ops.reshape(mean_t, [-1, 1, 1])
            std_t = _ops.reshape(std_t, [-1, 1, 1])
        return _ops.divide(_ops.subtract(img, mean_t), std_t)
    if _is_pil_image(img):
        img = np.array(img).astype(np.float32)
    shape = (-1, 1, 1) if data_format == "CHW" else (1, 1, -1)
    mean = np.float32(np.array(mean).reshape(shape))
    std = np.float32(np.array(std).reshape(shape))
    if to_rgb:
        img = img[..., ::-1]
    return (img - mean) / std


from ._color import (adjust_brightness, adjust_contrast, adjust_saturation,  # noqa: E402
                     adjust_hue, to_grayscale, erase)
from ._geometry import affine, rotate, perspective  # noqa: E402
