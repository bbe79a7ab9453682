"""Colour functions of paddle.vision.transforms.functional: adjust_brightness / contrast /
saturation / hue, to_grayscale and erase, for the three image kinds as Paddle dispatches them:
PIL images through PIL (ImageEnhance, HSV convert), numpy HWC images with Paddle's OpenCV
backend rules (look-up tables, OpenCV's fixed-point colour conversions, done here in NumPy; its
adjust_saturation draws its blend factor from np.random, as Paddle's does) and CHW Tensors with
Paddle's tensor backend formulas (blends in the image dtype, HSV round trip)."""
import numpy as np

from ...creation import to_tensor as _to_tensor
from ._checks import _check_image, _is_pil_image, _is_tensor_image

__all__ = ["adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue",
           "to_grayscale", "erase"]


# ---- Tensor backend (CHW) ------------------------------------------------------------------

def _assert_chw(img):
    if img.ndim < 3 or img.ndim > 4:
        raise RuntimeError(f"not support [type={type(img)}, ndim={img.ndim}, "
                           f"data_format=CHW] paddle image")


def _channels(img):
    c = img.shape[-3]
    return c


def _float_image(img, op):
    """Paddle's tensor backend has no integer kernels for the blends and the grey weights."""
    arr = img.numpy()
    if not np.issubdtype(arr.dtype, np.floating):
        raise RuntimeError(f"The kernel of `{op}` is not registered for {arr.dtype} images: "
                           f"Paddle's tensor backend takes floating-point image tensors here")
    return arr


def _tensor_like(arr, img):
    out = _to_tensor(np.ascontiguousarray(arr))
    out.stop_gradient = img.stop_gradient
    return out


def _blend(img1, img2, ratio):
    """paddle.lerp(img2, img1, ratio).clip(0, max).astype(img1.dtype), max 1 for float
    images and 255 otherwise."""
    floating = np.issubdtype(img1.dtype, np.floating)
    calc = img1.dtype.type if floating else np.float32
    a, b = img1.astype(calc), np.asarray(img2).astype(calc)
    out = b + calc(ratio) * (a - b)
    return np.clip(out, 0, 1.0 if floating else 255.0).astype(img1.dtype)


def _t_gray(arr, num_output_channels=1):
    weights = np.array([0.2989, 0.587, 0.114], np.float32).astype(arr.dtype).reshape(-1, 1, 1)
    g = (arr * weights).sum(axis=-3, keepdims=True, dtype=arr.dtype)
    shape = list(g.shape)
    shape[-3] = num_output_channels
    return np.broadcast_to(g, shape)


def _rgb_to_hsv(img):
    maxc, minc = img.max(axis=-3), img.min(axis=-3)
    eq = maxc == minc
    one = np.ones_like(maxc)
    delta = maxc - minc
    s = delta / np.where(eq, one, maxc)
    r, g, b = img[..., 0, :, :], img[..., 1, :, :], img[..., 2, :, :]
    div = np.where(eq, one, delta)
    rc, gc, bc = (maxc - r) / div, (maxc - g) / div, (maxc - b) / div
    dt = maxc.dtype
    hr = (maxc == r).astype(dt) * (bc - gc)
    hg = ((maxc == g) & (maxc != r)).astype(dt) * (rc - bc + dt.type(2.0))
    hb = ((maxc != r) & (maxc != g)).astype(dt) * (gc - rc + dt.type(4.0))
    h = (hr + hg + hb) / dt.type(6.0) + dt.type(1.0)
    h = h - np.trunc(h)
    return h, s, maxc


def _hsv_to_rgb(h, s, v):
    dt = v.dtype.type
    f = h * dt(6.0)
    i = np.floor(f)
    f = f - i
    i = i.astype(np.int32) % 6
    p = np.clip(v * (dt(1.0) - s), 0.0, 1.0)
    q = np.clip(v * (dt(1.0) - s * f), 0.0, 1.0)
    t = np.clip(v * (dt(1.0) - s * (dt(1.0) - f)), 0.0, 1.0)
    table = np.stack([np.stack(c, axis=0) for c in
                      ((v, q, p, p, t, v), (t, v, v, q, p, p), (p, p, t, v, v, q))], axis=0)
    # table: (3, 6, ..., H, W); pick sector i for each pixel
    idx = np.broadcast_to(i[None, None], (3, 1) + i.shape)
    out = np.take_along_axis(table, idx, axis=1)[:, 0]
    return np.moveaxis(out, 0, -3)


def _t_adjust_hue(arr, hue_factor):
    dtype = arr.dtype
    img = arr.astype(np.float32) / np.float32(255.0) if dtype == np.uint8 else arr
    h, s, v = _rgb_to_hsv(img)
    h = h + h.dtype.type(hue_factor)
    h = h - np.floor(h)
    out = _hsv_to_rgb(h, s, v)
    if dtype == np.uint8:
        out = (out * np.float32(255.0)).astype(dtype)
    return out


# ---- numpy backend (HWC; Paddle's OpenCV rules) ---------------------------------------------

def _lut(img, table):
    return table[np.asarray(img).astype(np.uint8)]


def _cv_gray_u8(r, g, b):
    """OpenCV's 8-bit RGB->gray (4.x/5.x): 15-bit fixed point weights 9798, 19235, 3735,
    rounded."""
    y = r.astype(np.int32) * 9798 + g.astype(np.int32) * 19235 + b.astype(np.int32) * 3735
    return ((y + (1 << 14)) >> 15).astype(np.uint8)


def _cv_gray(img, rgb=True):
    c0, c1, c2 = img[..., 0], img[..., 1], img[..., 2]
    r, b = (c0, c2) if rgb else (c2, c0)
    if img.dtype == np.uint8:
        return _cv_gray_u8(r, c1, b)
    w = np.float32
    return (b * w(0.114) + c1 * w(0.587) + r * w(0.299)).astype(img.dtype)


_HSV_SHIFT = 12


def _cv_bgr2hsv_full(img):
    """OpenCV's 8-bit BGR -> HSV_FULL (hue range 256), with its division tables."""
    b, g, r = (img[..., k].astype(np.int64) for k in range(3))
    v = np.maximum(np.maximum(b, g), r)
    diff = v - np.minimum(np.minimum(b, g), r)
    i = np.arange(256, dtype=np.float64)
    with np.errstate(divide="ignore"):
        sdiv = np.where(i == 0, 0, np.rint((255 << _HSV_SHIFT) / i)).astype(np.int64)
        hdiv = np.where(i == 0, 0, np.rint((256 << _HSV_SHIFT) / (6.0 * i))).astype(np.int64)
    half = 1 << (_HSV_SHIFT - 1)
    s = (diff * sdiv[v] + half) >> _HSV_SHIFT
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * hdiv[diff] + half) >> _HSV_SHIFT
    h = np.where(h < 0, h + 256, h)
    return h, s, v


def _cv_hsv_full2bgr(h, s, v):
    """OpenCV's 8-bit HSV_FULL -> BGR: hue over 255 (not 256 as on the way in), through
    float32, rounded back."""
    f32 = np.float32
    hh = h.astype(f32) * f32(6.0 / 255)  # OpenCV reads 8-bit full-range hue back as /255
    ss = s.astype(f32) * f32(1 / 255.0)
    vv = v.astype(f32) * f32(1 / 255.0)
    hh = np.where(hh >= 6, hh - 6, hh)
    sector = np.floor(hh)
    frac = hh - sector
    sector = sector.astype(np.int64)
    bad = (sector < 0) | (sector >= 6)
    sector, frac = np.where(bad, 0, sector), np.where(bad, f32(0), frac)
    tab = np.stack([vv, vv * (f32(1) - ss), vv * (f32(1) - ss * frac),
                    vv * (f32(1) - ss * (f32(1) - frac))], axis=-1)
    sectors = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])
    pick = sectors[sector]  # (..., 3): tab index for b, g, r
    out = np.take_along_axis(tab, pick, axis=-1)
    out = np.where((ss == 0)[..., None], vv[..., None], out)
    return np.clip(np.rint(out * f32(255.0)), 0, 255).astype(np.uint8)


def _np_adjust_hue(img, hue_factor):
    dtype = img.dtype
    u8 = img.astype(np.uint8)
    h, s, v = _cv_bgr2hsv_full(u8)
    h = (h + int(hue_factor * 255)) % 256
    return _cv_hsv_full2bgr(h, s, v).astype(dtype)


# ---- public functions -----------------------------------------------------------------------

def adjust_brightness(img, brightness_factor):
    """Scale the brightness: 0 gives black, 1 the original."""
    _check_image(img)
    if _is_pil_image(img):
        from PIL import ImageEnhance
        return ImageEnhance.Brightness(img).enhance(brightness_factor)
    if _is_tensor_image(img):
        _assert_chw(img)
        assert brightness_factor >= 0, "brightness_factor should be non-negative."
        assert _channels(img) in [1, 3], "channels of input should be either 1 or 3."
        arr = _float_image(img, "lerp")
        return _tensor_like(_blend(arr, np.zeros_like(arr), brightness_factor), img)
    table = np.array([i * brightness_factor for i in range(256)]).clip(0, 255)
    return _lut(img, table.astype("uint8"))


def adjust_contrast(img, contrast_factor):
    """Blend with the mean grey level: 0 gives a flat grey image, 1 the original."""
    _check_image(img)
    if _is_pil_image(img):
        from PIL import ImageEnhance
        return ImageEnhance.Contrast(img).enhance(contrast_factor)
    if _is_tensor_image(img):
        _assert_chw(img)
        assert contrast_factor >= 0, "contrast_factor should be non-negative."
        arr = _float_image(img, "multiply")
        calc = arr.dtype.type
        c = _channels(img)
        if c == 1:
            target = arr.astype(calc).mean(axis=(-3, -2, -1), keepdims=True, dtype=calc)
        elif c == 3:
            target = _t_gray(arr).astype(calc).mean(axis=(-3, -2, -1), keepdims=True,
                                                    dtype=calc)
        else:
            raise ValueError("channels of input should be either 1 or 3.")
        return _tensor_like(_blend(arr, target, contrast_factor), img)
    table = np.array([(i - 74) * contrast_factor + 74 for i in range(256)]).clip(0, 255)
    return _lut(img, table.astype("uint8"))


def adjust_saturation(img, saturation_factor):
    """Blend with the greyscale image: 0 gives grey, 1 the original, 2 doubles saturation.
    (For numpy images Paddle's OpenCV backend blends with a factor drawn uniformly from
    [max(0, 1 - f), 1 + f] by np.random; so does this.)"""
    _check_image(img)
    if _is_pil_image(img):
        from PIL import ImageEnhance
        return ImageEnhance.Color(img).enhance(saturation_factor)
    if _is_tensor_image(img):
        _assert_chw(img)
        assert saturation_factor >= 0, "saturation_factor should be non-negative."
        c = _channels(img)
        if c == 1:
            return img
        if c != 3:
            raise ValueError("channels of input should be either 1 or 3.")
        arr = _float_image(img, "multiply")
        return _tensor_like(_blend(arr, _t_gray(arr), saturation_factor), img)
    dtype = img.dtype
    f = img.astype(np.float32)
    alpha = np.random.uniform(max(0, 1 - saturation_factor), 1 + saturation_factor)
    gray = _cv_gray(f, rgb=False)[..., np.newaxis]  # Paddle converts with BGR2GRAY
    return (f * alpha + gray * (1 - alpha)).clip(0, 255).astype(dtype)


def adjust_hue(img, hue_factor):
    """Shift the hue by hue_factor (in [-0.5, 0.5]) of a full turn."""
    _check_image(img)
    if _is_tensor_image(img):
        _assert_chw(img)
        assert -0.5 <= hue_factor <= 0.5, "hue_factor should be in range [-0.5, 0.5]"
        c = _channels(img)
        if c == 1:
            return img
        if c != 3:
            raise ValueError("channels of input should be either 1 or 3.")
        return _tensor_like(_t_adjust_hue(img.numpy(), hue_factor), img)
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    if _is_pil_image(img):
        from PIL import Image
        mode = img.mode
        if mode in {"L", "1", "I", "F"}:
            return img
        h, s, v = img.convert("HSV").split()
        np_h = (np.array(h, dtype=np.uint8).astype(np.int16) + int(hue_factor * 255)) % 256
        h = Image.fromarray(np_h.astype(np.uint8), "L")
        return Image.merge("HSV", (h, s, v)).convert(mode)
    return _np_adjust_hue(img, hue_factor)


def to_grayscale(img, num_output_channels=1):
    """Greyscale with 1 channel, or 3 equal channels."""
    _check_image(img)
    if _is_pil_image(img):
        if num_output_channels == 1:
            return img.convert("L")
        if num_output_channels == 3:
            from PIL import Image
            g = np.array(img.convert("L"), dtype=np.uint8)
            return Image.fromarray(np.dstack([g, g, g]), "RGB")
        raise ValueError("num_output_channels should be either 1 or 3")
    if _is_tensor_image(img):
        _assert_chw(img)
        if num_output_channels not in (1, 3):
            raise ValueError("num_output_channels should be either 1 or 3")
        return _tensor_like(_t_gray(_float_image(img, "multiply"), num_output_channels), img)
    if num_output_channels == 1:
        return _cv_gray(img)[:, :, np.newaxis]
    if num_output_channels == 3:
        return np.broadcast_to(_cv_gray(img)[:, :, np.newaxis], img.shape)
    raise ValueError("num_output_channels should be either 1 or 3")


def erase(img, i, j, h, w, v, inplace=False):
    """Set the h x w box at (top i, left j) to v (a value, or an array / Tensor that
    broadcasts to the box); a copy unless inplace (PIL images are always copied)."""
    if _is_tensor_image(img):
        _assert_chw(img)
        if not inplace:
            img = img.clone()
        img[..., i:i + h, j:j + w] = v
        return img
    if _is_pil_image(img):
        from PIL import Image
        arr = np.array(img, dtype=np.uint8)
        arr[i:i + h, j:j + w, ...] = v
        return Image.fromarray(arr, "RGB")
    if not inplace:
        img = img.copy()
    img[i:i + h, j:j + w, ...] = v
    return img
