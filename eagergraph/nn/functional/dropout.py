"""dropout2d, dropout3d, alpha_dropout and feature_alpha_dropout (Paddle nn/functional/common.py):
channel dropout is F.dropout with a mask over the batch and channel axes; alpha dropout keeps
the SELU mean and variance by sending dropped units to -alpha*scale and applying an affine map.
All composed from public ops; in eval mode each returns x itself."""
from ... import ops as _ops
from .common import dropout

__all__ = ["dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout"]

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of a 2-D (C, L) or 3-D (N, C, L) input with probability p (scaled by
    1/(1-p) in training)."""
    nd = len(input.shape)
    if nd not in (2, 3):
        raise RuntimeError(f"dropout1d expects 2D or 3D input, got {nd}D")
    return dropout(input, p=p, axis=[0] if nd == 2 else [0, 1], training=training,
                   mode="upscale_in_train")


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None):
    """Zero whole channels of a 4-D input with probability p (scaled by 1/(1-p) in training)."""
    if len(x.shape) != 4:
        raise ValueError(f"dimensions of x should be 4, but received {len(x.shape)} != 4")
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError("Attr(data_format) should be 'NCHW' or 'NHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    return dropout(x, p=p, axis=[0, 1] if data_format == "NCHW" else [0, 3],
                   training=training, mode="upscale_in_train", name=name)


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None):
    """Zero whole channels of a 5-D input with probability p (scaled by 1/(1-p) in training)."""
    if len(x.shape) != 5:
        raise ValueError(f"dimensions of x should be 5, but received {len(x.shape)} != 5")
    if data_format not in ["NCDHW", "NDHWC"]:
        raise ValueError("Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    return dropout(x, p=p, axis=[0, 1] if data_format == "NCDHW" else [0, 4],
                   training=training, mode="upscale_in_train", name=name)


def _alpha_dropout(x, feature_dropout, p, training):
    if not isinstance(p, (float, int)):
        raise TypeError("p argument should be a float or int")
    if p < 0 or p > 1:
        raise ValueError("p argument should between 0 and 1")
    if not training:
        return x
    if p == 1:
        return _ops.scale(x, scale=0.0)
    alpha_p = -_SELU_ALPHA * _SELU_SCALE
    a = ((1 - p) * (1 + p * alpha_p ** 2)) ** -0.5
    b = -a * alpha_p * p
    dtype = x.dtype
    if not feature_dropout:
        shape = x.shape
    else:
        if x.ndim < 2:
            raise ValueError("Feature alpha dropout needs at least 2D input.")
        shape = list(x.shape[:2]) + [1] * len(x.shape[2:])
    noise = _ops.uniform(shape, dtype="float32", min=0.0, max=1.0)
    keep = _ops.cast(_ops.greater_equal(noise, _ops.full(shape, p, "float32")), dtype)
    drop = _ops.subtract(_ops.full(shape, 1.0, dtype), keep)
    y = _ops.add(_ops.multiply(x, keep), _ops.scale(drop, scale=alpha_p))
    return _ops.add(_ops.scale(y, scale=a), _ops.full(shape, b, dtype))


def alpha_dropout(x, p=0.5, training=True, name=None):
    """Alpha dropout of each element (for SELU networks)."""
    return _alpha_dropout(x, False, p, training)


def feature_alpha_dropout(x, p=0.5, training=True, name=None):
    """Alpha dropout of whole channels (mask over the first two axes)."""
    return _alpha_dropout(x, True, p, training)
