"""Geometric functions of paddle.vision.transforms.functional: affine, rotate, perspective.
PIL images go through PIL (Image.transform / rotate); CHW Tensors through Paddle's tensor
backend (an output grid in float32, F.grid_sample with zero padding and align_corners=False,
fill blended in through a ones channel); numpy HWC images follow Paddle's OpenCV backend
(getRotationMatrix2D / getPerspectiveTransform matrices, warpAffine / warpPerspective with
a constant border), done in NumPy for 'nearest' and 'bilinear' as OpenCV 4.11+/5 computes
them (float32 source positions)."""
import math
import numbers

import numpy as np

from ...creation import to_tensor as _to_tensor
from ...nn.functional.sampling import grid_sample
from ... import ops as _ops
from ._checks import _check_image, _is_pil_image, _is_tensor_image

__all__ = ["affine", "rotate", "perspective"]


def _pil_interp(name):
    from PIL import Image
    return {"nearest": Image.NEAREST, "bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC,
            "box": Image.BOX, "lanczos": Image.LANCZOS, "hamming": Image.HAMMING}[name]


def _get_affine_matrix(center, angle, translate, scale, shear):
    """Inverse affine matrix (output -> input), as Paddle builds it."""
    rot = math.radians(angle)
    sx, sy = math.radians(shear[0]), math.radians(shear[1])
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    cx, cy = center
    tx, ty = translate
    m = [x / scale for x in [d, -b, 0.0, -c, a, 0.0]]
    m[2] += m[0] * (-cx - tx) + m[1] * (-cy - ty) + cx
    m[5] += m[3] * (-cx - tx) + m[4] * (-cy - ty) + cy
    return m


def _get_perspective_coeffs(startpoints, endpoints):
    a = np.zeros((2 * len(startpoints), 8))
    for i, (p1, p2) in enumerate(zip(endpoints, startpoints)):
        a[2 * i, :] = [p1[0], p1[1], 1, 0, 0, 0, -p2[0] * p1[0], -p2[0] * p1[1]]
        a[2 * i + 1, :] = [0, 0, 0, p1[0], p1[1], 1, -p2[1] * p1[0], -p2[1] * p1[1]]
    b = np.array(startpoints).reshape([8])
    return list(np.linalg.lstsq(a, b, rcond=None)[0])


# ---- Tensor backend -------------------------------------------------------------------------

def _base_grid(ow, oh, x0, y0):
    f32 = np.float32
    g = np.ones((1, oh, ow, 3), f32)
    g[..., 0] = np.linspace(x0, ow * 1.0 + x0 - 1, ow, dtype=f32) if ow > 1 else f32(x0)
    g[..., 1] = (np.linspace(y0, oh * 1.0 + y0 - 1, oh, dtype=f32) if oh > 1
                 else np.full(1, y0, f32))[:, None]
    return g.reshape(1, oh * ow, 3)


def _affine_grid(theta, w, h, ow, oh):
    base = _base_grid(ow, oh, -ow * 0.5 + 0.5, -oh * 0.5 + 0.5)
    scaled = theta.transpose(0, 2, 1) / np.array([0.5 * w, 0.5 * h], np.float32)
    return (base @ scaled).reshape(1, oh, ow, 2)


def _perspective_grid(coeffs, ow, oh):
    theta1 = coeffs[:6].reshape(1, 2, 3)
    theta2 = np.concatenate([np.tile(coeffs[6:].reshape(1, 2), (2, 1)),
                             np.ones((2, 1), np.float32)], axis=1)[None]
    base = _base_grid(ow, oh, 0.5, 0.5)
    g1 = base @ (theta1.transpose(0, 2, 1) / np.array([0.5 * ow, 0.5 * oh], np.float32))
    g2 = base @ theta2.transpose(0, 2, 1)
    return (g1 / g2 - np.float32(1.0)).reshape(1, oh, ow, 2)


def _grid_transform(img, grid, mode, fill):
    """img: NCHW Tensor; grid: (1, oh, ow, 2) float32 array."""
    n = img.shape[0]
    grid = np.broadcast_to(grid, (n,) + grid.shape[1:])
    if fill is not None:
        ones = _ops.ones([n, 1, img.shape[2], img.shape[3]], dtype=img.dtype)
        img = _ops.concat([img, ones], axis=1)
    out = grid_sample(img, _to_tensor(np.ascontiguousarray(grid)), mode=mode,
                      padding_mode="zeros", align_corners=False).numpy()
    if fill is None:
        return _to_tensor(out)
    mask, out = out[:, -1:], out[:, :-1]
    nfill = len(fill) if isinstance(fill, (tuple, list)) else 1
    fill_img = np.broadcast_to(np.asarray(fill).reshape(1, nfill, 1, 1).astype(out.dtype),
                               out.shape)
    if mode == "nearest":
        m = (mask < 0.5).astype(out.dtype)
        out = out * (1.0 - m) + m * fill_img
    else:
        out = out * mask + (1.0 - mask) * fill_img
    return _to_tensor(np.ascontiguousarray(out.astype(img.numpy().dtype)))


def _t_affine(img, matrix, interpolation, fill):
    squeeze = img.ndim == 3
    if squeeze:
        img = _ops.unsqueeze(img, 0)
    theta = np.asarray(matrix, np.float32).reshape(1, 2, 3)
    h, w = img.shape[-2], img.shape[-1]
    if isinstance(fill, int):
        fill = tuple([fill] * 3)
    out = _grid_transform(img, _affine_grid(theta, w, h, w, h), interpolation, fill)
    return _ops.squeeze(out, 0) if squeeze else out


def _t_rotate(img, angle, interpolation, expand, center, fill):
    angle = -angle % 360
    img = _ops.unsqueeze(img, 0)
    h, w = img.shape[-2], img.shape[-1]
    c = [0, 0] if center is None else [p - s * 0.5 for p, s in zip(center, [w, h])]
    a = math.radians(angle)
    m = np.array([math.cos(a), math.sin(a), 0.0, -math.sin(a), math.cos(a), 0.0], np.float32)
    m[2] += m[0] * -c[0] + m[1] * -c[1] + c[0]
    m[5] += m[3] * -c[0] + m[4] * -c[1] + c[1]
    theta = m.reshape(1, 2, 3)
    ow, oh = w, h
    if expand:
        corners = np.array([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0],
                            [0.5 * w, 0.5 * h, 1.0], [0.5 * w, -0.5 * h, 1.0]], np.float32)
        pos = corners @ theta[0].T
        size = np.ceil(pos.max(axis=0)) - np.floor(pos.min(axis=0))
        ow, oh = int(size[0]), int(size[1])
    out = _grid_transform(img, _affine_grid(theta, w, h, ow, oh), interpolation, fill)
    return _ops.squeeze(out, 0)


def _t_perspective(img, coeffs, interpolation, fill):
    squeeze = img.ndim == 3
    if squeeze:
        img = _ops.unsqueeze(img, 0)
    oh, ow = img.shape[-2], img.shape[-1]
    grid = _perspective_grid(np.asarray(coeffs, np.float32), ow, oh)
    out = _grid_transform(img, grid, interpolation, fill)
    return _ops.squeeze(out, 0) if squeeze else out


# ---- numpy backend (OpenCV rules) -----------------------------------------------------------

def _rotation_matrix2d(center, angle, scale):
    a = math.radians(angle)
    alpha, beta = scale * math.cos(a), scale * math.sin(a)
    cx, cy = center
    return np.array([[alpha, beta, (1 - alpha) * cx - beta * cy],
                     [-beta, alpha, beta * cx + (1 - alpha) * cy]])


def _perspective_transform(src, dst):
    """OpenCV's getPerspectiveTransform: the 3x3 H with H @ src = dst (h33 = 1)."""
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for i, ((x, y), (u, v)) in enumerate(zip(src, dst)):
        a[i] = [x, y, 1, 0, 0, 0, -x * u, -y * u]
        a[i + 4] = [0, 0, 0, x, y, 1, -x * v, -y * v]
        b[i], b[i + 4] = u, v
    return np.append(np.linalg.solve(a, b), 1.0).reshape(3, 3)


def _np_warp(img, matrix, dsize, interpolation, fill):
    """cv2.warpAffine / warpPerspective (forward `matrix`, 2x3 or 3x3) with a constant
    border of `fill`: source positions from the inverse matrix in float32, as OpenCV's
    current warps compute them, bilinear weights in float and rounded for integer images."""
    if interpolation not in ("nearest", "bilinear"):
        raise NotImplementedError(f"{interpolation!r} warps of numpy images are not "
                                  f"supported; use 'nearest' or 'bilinear'")
    squeeze = img.ndim == 2
    src = img[:, :, None] if squeeze else img
    h, w, c = src.shape
    ow, oh = dsize
    m = np.eye(3)
    m[:matrix.shape[0]] = matrix
    inv = np.linalg.inv(m)
    f32 = np.float32
    ys, xs = np.mgrid[0:oh, 0:ow].astype(f32)
    iv = inv.astype(f32)
    if matrix.shape[0] == 2:  # warpAffine: a per-row part plus a per-column part
        sx = iv[0, 0] * xs + (iv[0, 1] * ys + iv[0, 2])
        sy = iv[1, 0] * xs + (iv[1, 1] * ys + iv[1, 2])
    else:  # warpPerspective
        sx = iv[0, 0] * xs + iv[0, 1] * ys + iv[0, 2]
        sy = iv[1, 0] * xs + iv[1, 1] * ys + iv[1, 2]
        wgt = iv[2, 0] * xs + iv[2, 1] * ys + iv[2, 2]
        wgt = np.where(wgt != 0, f32(1) / np.where(wgt == 0, f32(1), wgt), f32(0))
        sx, sy = sx * wgt, sy * wgt
    lim = f32(2 ** 30)
    sx, sy = np.clip(sx, -lim, lim), np.clip(sy, -lim, lim)
    nearest = interpolation == "nearest"
    # an OpenCV border value: a number is Scalar(v, 0, 0, 0), so it fills the first channel
    fill_v = np.zeros(max(c, 4))
    vals = np.asarray(0 if fill is None else fill, np.float64).reshape(-1)
    fill_v[:len(vals)] = vals
    fill_v = fill_v[:c]
    padded = np.empty((h + 2, w + 2, c), np.float32 if img.dtype != np.float64 else np.float64)
    padded[:] = fill_v
    padded[1:-1, 1:-1] = src

    def take(yy, xx):  # outside the image: the border value
        return padded[np.clip(yy, -1, h) + 1, np.clip(xx, -1, w) + 1]

    if nearest:
        out = take(np.rint(sy).astype(np.int64), np.rint(sx).astype(np.int64))
    else:
        x0, y0 = np.floor(sx), np.floor(sy)
        fx, fy = (sx - x0)[..., None], (sy - y0)[..., None]
        x0, y0 = x0.astype(np.int64), y0.astype(np.int64)
        out = ((take(y0, x0) * (1 - fx) + take(y0, x0 + 1) * fx) * (1 - fy)
               + (take(y0 + 1, x0) * (1 - fx) + take(y0 + 1, x0 + 1) * fx) * fy)
        if np.issubdtype(img.dtype, np.integer):
            out = np.rint(out)
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        out = np.clip(out, info.min, info.max)
    out = out.astype(img.dtype)
    return out[:, :, 0] if squeeze else out


def _np_fill(fill):
    return tuple([fill] * 3) if isinstance(fill, int) else fill


# ---- public functions -----------------------------------------------------------------------

def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    """Rotate by angle (degrees, counter-clockwise), translate, scale and shear (degrees;
    one value for x, or (x, y)) about center (default the image centre)."""
    _check_image(img)
    if not isinstance(angle, (int, float)):
        raise TypeError("Argument angle should be int or float")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if not isinstance(shear, (numbers.Number, list, tuple)):
        raise TypeError("Shear should be either a single value or a sequence of two values")
    if not isinstance(interpolation, str):
        raise TypeError("Argument interpolation should be a string")
    angle = float(angle)
    translate = list(translate)
    if isinstance(shear, numbers.Number):
        shear = [shear, 0.0]
    shear = list(shear)
    if len(shear) == 1:
        shear = [shear[0], shear[0]]
    if len(shear) != 2:
        raise ValueError(f"Shear should be a sequence containing two values. Got {shear}")
    if center is not None and not isinstance(center, (list, tuple)):
        raise TypeError("Argument center should be a sequence")
    if _is_pil_image(img):
        width, height = img.size
        if center is None:
            center = [width * 0.5, height * 0.5]
        matrix = _get_affine_matrix(center, angle, translate, scale, shear)
        from PIL import Image
        return img.transform(img.size, Image.AFFINE, matrix, _pil_interp(interpolation),
                             _np_fill(fill))
    if _is_tensor_image(img):
        center_f = [0.0, 0.0]
        if center is not None:
            height, width = img.shape[-1], img.shape[-2]  # (sic) Paddle's order
            center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, [width, height])]
        matrix = _get_affine_matrix(center_f, angle, [1.0 * t for t in translate], scale,
                                    shear)
        return _t_affine(img, matrix, interpolation, fill)
    # Paddle's OpenCV backend: (w, h) read as shape[0:2] for the default centre, and the
    # translation replaces the rotation matrix's offset column
    width, height = img.shape[0:2]
    if center is None:
        center = (width * 0.5, height * 0.5)
    r = _rotation_matrix2d(center, angle, scale)
    sx = math.tan(shear[0] * math.pi / 180)
    sy = math.tan(shear[1] * math.pi / 180)
    m = np.ones([2, 3])
    m[0] = r[0] + sy * r[1]
    m[1] = r[1] + sx * r[0]
    m[0, 2], m[1, 2] = translate
    h, w = img.shape[0:2]
    return _np_warp(img, m, (w, h), interpolation, _np_fill(fill))


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """Rotate counter-clockwise by angle degrees about center (default the image centre);
    expand=True enlarges the output to hold the whole rotated image."""
    _check_image(img)
    if isinstance(center, list):
        center = tuple(center)
    if isinstance(fill, list):
        fill = tuple(fill)
    if _is_pil_image(img):
        return img.rotate(angle, _pil_interp(interpolation), expand, center,
                          fillcolor=_np_fill(fill))
    if _is_tensor_image(img):
        return _t_rotate(img, angle, interpolation, expand, center, fill)
    h, w = img.shape[0:2]
    if center is None:
        center = (w / 2.0, h / 2.0)
    m = _rotation_matrix2d(center, angle, 1)
    if expand:
        a = -math.radians(angle)
        e = [round(math.cos(a), 15), round(math.sin(a), 15), 0.0,
             round(-math.sin(a), 15), round(math.cos(a), 15), 0.0]
        e[2] = e[0] * -center[0] + e[1] * -center[1] + e[2] + center[0]
        e[5] = e[3] * -center[0] + e[4] * -center[1] + e[5] + center[1]
        xs, ys = [], []
        for x, y in ((0, 0), (w, 0), (w, h), (0, h)):
            xs.append(e[0] * x + e[1] * y + e[2])
            ys.append(e[3] * x + e[4] * y + e[5])
        nw = math.ceil(max(xs)) - math.floor(min(xs))
        nh = math.ceil(max(ys)) - math.floor(min(ys))
        m[0, 2] += (nw - w) * 0.5
        m[1, 2] += (nh - h) * 0.5
        w, h = int(nw), int(nh)
    return _np_warp(img, m, (w, h), interpolation, fill)


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    """Warp so that the four startpoints (corners, [x, y]) move to endpoints."""
    _check_image(img)
    if _is_pil_image(img):
        from PIL import Image
        coeffs = _get_perspective_coeffs(startpoints, endpoints)
        return img.transform(img.size, Image.PERSPECTIVE, coeffs, _pil_interp(interpolation),
                             _np_fill(fill))
    if _is_tensor_image(img):
        coeffs = _get_perspective_coeffs(startpoints, endpoints)
        return _t_perspective(img, coeffs, interpolation, fill)
    h, w = img.shape[0:2]
    m = _perspective_transform(np.array(startpoints, np.float32).astype(np.float64),
                               np.array(endpoints, np.float32).astype(np.float64))
    return _np_warp(img, m, (w, h), interpolation, fill)
