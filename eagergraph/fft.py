"""paddle.fft (python/paddle/fft.py): the 1-D, 2-D and n-D transforms, real (rfft*), Hermitian
(hfft*) and their inverses, composed of the fft family's three ops (fft_c2c, fft_r2c, fft_c2r)
as Paddle composes them: the dtype is promoted and the input padded with zeros or cropped to
n / s here, then one op transforms all the axes at once. Also fftfreq, rfftfreq, fftshift and
ifftshift. Gradients come from the ops' backward formulas."""
from collections.abc import Sequence
import functools

import numpy as np

from ._generated import dygraph_functions as _ad
from ._generated.eager_utils import parse_tensor
from .framework import get_default_dtype
from .phi.common import convert_dtype
from .ops.creation import arange
from .ops.elementwise import assign
from .ops.manipulation import roll

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2",
           "hfft2", "ihfft2", "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq",
           "rfftfreq", "fftshift", "ifftshift"]

_COMPLEX_OF = {"float32": "complex64", "float64": "complex128", "float16": "complex64",
               "bfloat16": "complex64"}


def _aliases(axis_name):
    """Paddle's param_two_alias: `input` for x and `dim` for axis / axes."""
    def deco(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            if "input" in kwargs:
                kwargs["x"] = kwargs.pop("input")
            if "dim" in kwargs:
                kwargs[axis_name] = kwargs.pop("dim")
            return f(*args, **kwargs)
        return wrapper
    return deco


def _kind(x):
    return x._data.dtype.kind


def _is_integer(x):
    return _kind(x) in "iu"


def _to_complex(x):
    """c2c and c2r inputs: a float x becomes complex of its precision; an integer x is cast to
    the default float dtype, as Paddle does (its fft_c2r then has no float kernel)."""
    if _is_integer(x):
        return _ad.cast_ad_func(x, convert_dtype(get_default_dtype()))
    if _kind(x) == "f":
        return _ad.cast_ad_func(x, convert_dtype(_COMPLEX_OF[x.dtype.name]))
    return x


def _to_real(x):
    if _is_integer(x):
        return _ad.cast_ad_func(x, convert_dtype(get_default_dtype()))
    return x


# ---- argument checks, as python/paddle/fft.py words them
def _check_normalization(norm):
    if norm not in ("forward", "backward", "ortho"):
        raise ValueError(f"Unexpected norm: {norm}. Norm should be forward, backward or ortho")


def _check_fft_n(n):
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
        raise ValueError(f"Invalid FFT argument n({n}), it should be an integer.")
    if n <= 0:
        raise ValueError(f"Invalid FFT argument n({n}), it should be positive.")


def _check_fft_shape(x, s):
    if not isinstance(s, Sequence):
        raise ValueError("Invalid FFT argument s({}), it should be a sequence of integers.")
    if len(s) > x.ndim:
        raise ValueError("Length of FFT argument s should not be larger than the rank of input. "
                         f"Received s: {s}, rank of x: {x.ndim}")
    for size in s:
        if not isinstance(size, (int, np.integer)) or size <= 0:
            raise ValueError(f"FFT sizes {s} contains invalid value ({size})")


def _check_fft_axis(x, axis):
    nd = x.ndim
    if not isinstance(axis, (int, np.integer)):
        raise ValueError(f"Invalid FFT axis ({axis}), it should be an integer.")
    if axis < -nd or axis >= nd:
        raise ValueError(f"Invalid FFT axis ({axis}), it should be in range [-{nd}, {nd})")


def _check_fft_axes(x, axes):
    nd = x.ndim
    if not isinstance(axes, Sequence):
        raise ValueError(f"Invalid FFT axes ({axes}), it should be a sequence of integers.")
    if len(axes) > nd:
        raise ValueError("Length of fft axes should not be larger than the rank of input. "
                         f"Received, len of axes: {len(axes)}, rank of x: {nd}")
    for axis in axes:
        if not isinstance(axis, (int, np.integer)) or axis < -nd or axis >= nd:
            raise ValueError(f"FFT axes {axes} contains invalid value ({axis}), it should be in "
                             f"range [-{nd}, {nd})")


def _resize(x, s, axes):
    """x cropped (slice) or padded with zeros at the end to size s[i] along axes[i]."""
    shape = list(x.shape)
    crop = [(a, n) for a, n in zip(axes, s) if shape[a] > n]
    if crop:
        x = _ad.slice_ad_func(x, [a for a, _ in crop], [0] * len(crop), [n for _, n in crop], [])
    for a, n in zip(axes, s):
        if shape[a] < n:
            zshape = list(x.shape)
            zshape[a] = n - shape[a]
            x = _ad.concat_ad_func([x, _ad.full_ad_func(tuple(zshape), 0.0, x.dtype)], a)
    return x


def _finish(ret, out):
    if out is not None:
        assign(ret, out)
        return out
    return ret


# ---- the 1-D transforms over one axis
def _one_axis(x, n, axis, norm, size_of_n):
    _check_normalization(norm)
    axis = -1 if axis is None else axis
    _check_fft_axis(x, axis)
    axis = axis % x.ndim
    if n is not None:
        _check_fft_n(n)
        x = _resize(x, [size_of_n(n)], [axis])
    return x, [axis]


def _c2c(x, n, axis, norm, forward, out):
    x, axes = _one_axis(_to_complex(x), n, axis, norm, lambda n: n)
    return _finish(_ad.fft_c2c_ad_func(x, axes, norm, forward), out)


def _r2c(x, n, axis, norm, forward, onesided, out):
    x, axes = _one_axis(_to_real(x), n, axis, norm, lambda n: n)
    return _finish(_ad.fft_r2c_ad_func(x, axes, norm, forward, onesided), out)


def _c2r(x, n, axis, norm, forward, out):
    x, axes = _one_axis(_to_complex(x), n, axis, norm, lambda n: n // 2 + 1)
    return _finish(_ad.fft_c2r_ad_func(x, axes, norm, forward, 0 if n is None else n), out)


# ---- the n-D transforms over several axes
def _many_axes(x, s, axes, norm, sort_last):
    """Axes and sizes as Paddle orders them: sorted, all of them (c2c) or all but the last
    (r2c, c2r, whose last axis is the one-sided one)."""
    _check_normalization(norm)
    if s is not None:
        _check_fft_shape(x, s)
    nd = x.ndim
    if axes is None:
        axes = list(range(nd)) if s is None else list(range(nd - len(s), nd))
    else:
        _check_fft_axes(x, axes)
        axes = [a % nd for a in axes]
        head = axes if sort_last else axes[:-1]
        order = np.argsort(head, kind="stable").tolist()
        tail = [] if sort_last else [len(axes) - 1]
        if s is not None and len(s) != len(axes):
            raise ValueError(f"Length of s ({len(s)}) and length of axes ({len(axes)}) does "
                             f"not match.")
        axes = [axes[i] for i in order + tail]
        if s is not None:
            s = [s[i] for i in order + tail]
    if s is not None and len(s) != len(axes):
        raise ValueError("length of `s` should equals length of `axes`.")
    return (None if s is None else list(s)), axes


def _c2c_n(x, s, axes, norm, forward, out):
    x = _to_complex(x)
    s, axes = _many_axes(x, s, axes, norm, True)
    if s is not None:
        x = _resize(x, s, axes)
    return _finish(_ad.fft_c2c_ad_func(x, axes, norm, forward), out)


def _r2c_n(x, s, axes, norm, forward, onesided, out):
    x = _to_real(x)
    s, axes = _many_axes(x, s, axes, norm, False)
    if s is not None:
        x = _resize(x, s, axes)
    return _finish(_ad.fft_r2c_ad_func(x, axes, norm, forward, onesided), out)


def _c2r_n(x, s, axes, norm, forward, out):
    x = _to_complex(x)
    s, axes = _many_axes(x, s, axes, norm, False)
    if s is not None:
        x = _resize(x, s[:-1] + [s[-1] // 2 + 1], axes)
    return _finish(_ad.fft_c2r_ad_func(x, axes, norm, forward, 0 if s is None else s[-1]), out)


def _real_input(x):
    return _kind(x) in "iuf"


# ---- public 1-D
@_aliases("axis")
def fft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The 1-D discrete Fourier transform along axis (a real x gives the full spectrum)."""
    x = parse_tensor(x, "fft", "x", 0)
    if _real_input(x):
        return _r2c(x, n, axis, norm, True, False, out)
    return _c2c(x, n, axis, norm, True, out)


@_aliases("axis")
def ifft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The 1-D inverse discrete Fourier transform along axis."""
    x = parse_tensor(x, "ifft", "x", 0)
    if _real_input(x):
        return _r2c(x, n, axis, norm, False, False, out)
    return _c2c(x, n, axis, norm, False, out)


@_aliases("axis")
def rfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The one-sided (n // 2 + 1 bins) transform of a real x."""
    return _r2c(parse_tensor(x, "rfft", "x", 0), n, axis, norm, True, True, out)


@_aliases("axis")
def irfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The real inverse of rfft: n outputs (default 2 * (m - 1)) from m one-sided bins."""
    return _c2r(parse_tensor(x, "irfft", "x", 0), n, axis, norm, False, out)


@_aliases("axis")
def hfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The real transform of a Hermitian-symmetric signal given by its first half."""
    return _c2r(parse_tensor(x, "hfft", "x", 0), n, axis, norm, True, out)


@_aliases("axis")
def ihfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The inverse of hfft: the one-sided inverse transform of a real x."""
    return _r2c(parse_tensor(x, "ihfft", "x", 0), n, axis, norm, False, True, out)


# ---- public n-D
@_aliases("axes")
def fftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-D discrete Fourier transform over axes (all by default, or the last len(s))."""
    x = parse_tensor(x, "fftn", "x", 0)
    if _real_input(x):
        return _r2c_n(x, s, axes, norm, True, False, out)
    return _c2c_n(x, s, axes, norm, True, out)


@_aliases("axes")
def ifftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-D inverse discrete Fourier transform."""
    x = parse_tensor(x, "ifftn", "x", 0)
    if _real_input(x):
        return _r2c_n(x, s, axes, norm, False, False, out)
    return _c2c_n(x, s, axes, norm, False, out)


@_aliases("axes")
def rfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-D transform of a real x, one-sided along the last axis."""
    return _r2c_n(parse_tensor(x, "rfftn", "x", 0), s, axes, norm, True, True, out)


@_aliases("axes")
def irfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The real inverse of rfftn."""
    return _c2r_n(parse_tensor(x, "irfftn", "x", 0), s, axes, norm, False, out)


@_aliases("axes")
def hfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-D real transform of a Hermitian-symmetric signal given by its first half."""
    return _c2r_n(parse_tensor(x, "hfftn", "x", 0), s, axes, norm, True, out)


@_aliases("axes")
def ihfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The inverse of hfftn."""
    return _r2c_n(parse_tensor(x, "ihfftn", "x", 0), s, axes, norm, False, True, out)


# ---- public 2-D: the n-D ones over two axes
def _two_d(nd_fn, fname):
    @_aliases("axes")
    def f(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
        x = parse_tensor(x, fname, "x", 0)
        if x.ndim < 2:
            raise ValueError(f"The rank of the input ({x.ndim}) should >= 2")
        if s is not None and (not isinstance(s, Sequence) or len(s) != 2):
            raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of 2 "
                             f"integers.")
        if axes is not None and (not isinstance(axes, Sequence) or len(axes) != 2):
            raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of "
                             f"2 integers.")
        return nd_fn(x, s, axes, norm, name, out=out)
    f.__name__ = f.__qualname__ = fname
    f.__doc__ = f"{nd_fn.__name__} over two axes (the last two by default)."
    return f


fft2, ifft2 = _two_d(fftn, "fft2"), _two_d(ifftn, "ifft2")
rfft2, irfft2 = _two_d(rfftn, "rfft2"), _two_d(irfftn, "irfft2")
hfft2, ihfft2 = _two_d(hfftn, "hfft2"), _two_d(ihfftn, "ihfft2")


# ---- frequencies and shifts
def fftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """The sample frequencies of an n-point transform with sample spacing d:
    [0, 1, ..., (n - 1) // 2, -(n // 2), ..., -1] / (d * n)."""
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    dtype = get_default_dtype() if dtype is None else dtype
    neg = n // 2
    idx = roll(arange(-neg, (n + 1) // 2, dtype=dtype), -neg)
    ret = idx * (1.0 / (n * d))
    ret.stop_gradient = not requires_grad
    return _finish(ret, out)


def rfftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """The sample frequencies of rfft: [0, 1, ..., n // 2] / (d * n)."""
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    dtype = get_default_dtype() if dtype is None else dtype
    ret = arange(0, 1 + n // 2, dtype=dtype) * (1.0 / (n * d))
    ret.stop_gradient = not requires_grad
    return _finish(ret, out)


def _shift(x, axes, fname, half):
    x = parse_tensor(x, fname, "x", 0)
    shape = x.shape
    if axes is None:
        axes = list(range(x.ndim))
    elif isinstance(axes, (int, np.integer)):
        axes = [axes]
    axes = list(axes)
    return roll(x, [half(shape[a]) for a in axes], axes)


@_aliases("axes")
def fftshift(x, axes=None, name=None):
    """x rolled by half its size along axes (all by default): the zero frequency to the
    center."""
    return _shift(x, axes, "fftshift", lambda m: m // 2)


@_aliases("axes")
def ifftshift(x, axes=None, name=None):
    """The inverse of fftshift (they differ for odd sizes)."""
    return _shift(x, axes, "ifftshift", lambda m: (m + 1) // 2)
