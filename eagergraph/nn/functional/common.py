"""linear, bilinear, dropout, embedding, one_hot, label_smooth (Paddle nn/functional/common.py
and input.py), composed from public ops so their gradients come from those ops."""
import numpy as np

from ... import ops as _ops
from ...tensor import Tensor
from ...autograd import no_grad
from ...eager.amp_utils import amp_flag, amp_state, amp_auto_cast, amp_call

__all__ = ["linear", "bilinear", "dropout", "embedding", "embedding_renorm_", "one_hot",
           "label_smooth", "diag_embed"]


def linear(x, weight, bias=None, name=None):
    """x @ weight + bias, with weight of shape [in_features, out_features]."""
    if bias is not None and amp_flag.on and amp_state.active:
        # under AMP, Paddle runs linear with a bias as one white-list op (linear_v2)
        x, weight, bias = amp_auto_cast("linear_v2", ("x", "weight", "bias"), (x, weight, bias))
        return amp_call(linear, x, weight, bias)
    out = _ops.matmul(x, weight)
    return out if bias is None else _ops.add(out, bias)


def bilinear(x1, x2, weight, bias=None, name=None):
    """out[b, k] = x1[b] @ weight[k] @ x2[b] + bias[0, k]; weight is [out, in1, in2]."""
    # [B, in1] @ [out, in1, in2] -> [out, B, in2]; times x2 summed over in2 -> [out, B]
    t = _ops.matmul(x1, weight)
    out = _ops.transpose(_ops.sum(_ops.multiply(t, x2), axis=-1), [1, 0])
    return out if bias is None else _ops.add(out, bias)


def dropout(x, p=0.5, axis=None, training=True, inplace=False, mode="upscale_in_train",
            name=None):
    """Zero each element (or each slice along `axis`) with probability p, drawing the mask
    from the global generator. mode='upscale_in_train' scales the kept values by 1/(1-p) in
    training and is the identity in eval; 'downscale_in_infer' keeps values as they are in
    training and multiplies by (1-p) in eval."""
    if not isinstance(p, (float, int)):
        raise TypeError("p argument should be a number or Variable")
    if p == 0:
        return x
    if p < 0 or p > 1:
        raise ValueError("p argument should between 0 and 1")
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
    if axis and not isinstance(axis, (int, list, tuple)):
        raise TypeError("datatype of axis argument should be int or list")
    if axis is not None and inplace:
        raise NotImplementedError("inplace not supported for dropout_nd yet")
    # Paddle's dropout kernel (axis=None) keeps p as float32 and forms 1 - p in float32; the
    # axis form is Python in Paddle and stays float64
    keep_p = 1.0 - p if axis is not None else float(np.float32(1.0) - np.float32(p))
    if not training:
        return _ops.scale(x, keep_p) if mode == "downscale_in_infer" else x
    shape = x.shape
    if axis is None:
        mask_shape = shape
    else:
        drop_axes = [axis] if isinstance(axis, int) else list(axis)
        if min(drop_axes) < 0 or max(drop_axes) > len(shape) - 1:
            raise ValueError(f"axis value should be greater than or equal to 0 and less than "
                             f"dimensions of x:{len(shape)}, but get axis value:"
                             f"{max(drop_axes)} ")
        if len(drop_axes) > len(shape):
            raise ValueError(f"length of axis should not be greater than dimensions of x:"
                             f"{len(shape)}, but get length of axis: {len(drop_axes)}")
        mask_shape = [shape[i] if i in drop_axes else 1 for i in range(len(shape))]
    if p == 1:
        return _ops.scale(x, 0.0)
    kept = _ops.greater_equal(_ops.uniform(mask_shape, "float32", 0.0, 1.0),
                              _ops.full([], p, "float32"))
    if axis is None:
        # Paddle's kernel: y = x / (1 - p) where kept (x where downscale_in_infer), +0 where
        # dropped
        y = _ops.divide(x, _ops.full([], keep_p, x.dtype)) if mode == "upscale_in_train" else x
        out = _ops.where(kept, y, _ops.zeros([], x.dtype))
        if inplace:
            with no_grad():
                x.set_value(out)
            return x
        return out
    keep = _ops.cast(kept, x.dtype)
    if mode == "upscale_in_train":
        keep = _ops.scale(keep, 1.0 / keep_p)
    out = _ops.multiply(x, keep)
    if inplace:
        with no_grad():
            x.set_value(out)
        return x
    return out


def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False,
              scale_grad_by_freq=False, name=None):
    """The rows of `weight` picked by the integer ids in x: out shape x.shape + [dim]. Ids equal
    to padding_idx give zero rows and no gradient."""
    if type(x) is not Tensor and not isinstance(x, Tensor):
        raise ValueError(f"(InvalidArgument) embedding(): argument 'x' (position 0) must be "
                         f"Tensor, but got {type(x).__name__}")
    num = weight.shape[0]
    padding_idx = -1 if padding_idx is None else padding_idx if padding_idx >= 0 else \
        num + padding_idx
    if num != 0 and (padding_idx >= num or padding_idx < -num):
        raise ValueError(f"padding_idx must be within [-{num}, {num})")
    if not x.dtype.is_integer:
        raise TypeError(f"The data type of 'input' in embedding must be ['uint8', 'int8', "
                        f"'int16', 'int32', 'int64'], but received {x.dtype.name}.")
    if max_norm:
        _renorm_rows(x, weight, max_norm, norm_type)
    ids = x._data.reshape(-1)
    if ids.size and (ids.min() < 0 or ids.max() >= num):
        bad = ids.min() if ids.min() < 0 else ids.max()
        raise ValueError(f"(InvalidArgument) Variable value (input) of OP(paddle.nn.functional."
                         f"embedding) expected >= 0 and < {num}, but got {bad}. Please check "
                         f"input value.")
    rows = _ops.index_select(weight, _ops.reshape(x, [-1]), axis=0)
    out = _ops.reshape(rows, x.shape + [weight.shape[1]])
    if padding_idx != -1:
        keep = _ops.cast(_ops.not_equal(x, _ops.full([], padding_idx, x.dtype)), weight.dtype)
        out = _ops.multiply(out, _ops.unsqueeze(keep, -1))
    return out


def _renorm_rows(x, weight, max_norm, norm_type):
    """Paddle's embedding_renorm_: rows used by x whose norm exceeds max_norm are scaled down
    to max_norm, in place in weight."""
    import numpy as np
    ids = np.unique(x._data)
    w = weight._data
    norm = np.linalg.norm(w[ids].astype(np.float64), ord=norm_type, axis=1, keepdims=True)
    scale = np.where(norm > max_norm, max_norm / (norm + 1e-7), 1.0)
    with no_grad():
        new = w.copy()
        new[ids] = (w[ids] * scale).astype(w.dtype)
        weight.set_value(new)


def embedding_renorm_(x, weight, max_norm, norm_type=2.0):
    """Scale the rows of weight that the ids in x use down to p-norm max_norm (norm_type is p),
    in place; returns weight. Composed as Paddle's: unique ids, index_select, norm, scatter_
    (so bad ids raise index_select's errors)."""
    with no_grad():
        ids = _ops.unique(x)
        rows = _ops.index_select(weight, ids)
        norm = _ops.norm(rows, p=norm_type, axis=1, keepdim=True)
        scale = _ops.divide(_ops.full([], max_norm, norm.dtype),
                            _ops.scale(norm, 1.0, 1e-7))
        scale = _ops.where(_ops.greater_than(norm, _ops.full([], max_norm, norm.dtype)), scale,
                           _ops.ones_like(scale))
        _ops.scatter_(weight, ids, _ops.multiply(rows, _ops.expand_as(scale, rows)),
                      overwrite=True)
    return weight


def one_hot(x, num_classes=-1, name=None):
    """float32 one-hot vectors of the integer ids in x: shape x.shape + [num_classes]
    (num_classes=-1: max(x) + 1)."""
    if not x.dtype.is_integer:
        raise TypeError(f"The data type of 'input' in one_hot_v2 must be ['int32', 'int64'], "
                        f"but received {x.dtype.name}.")
    if isinstance(num_classes, Tensor):
        num_classes = int(num_classes.item())
    if num_classes == -1:
        num_classes = int(x._data.max()) + 1
    ids = x._data
    if ids.size and (ids.min() < 0 or ids.max() >= num_classes):
        raise ValueError(f"(InvalidArgument) Illegal value: the value of Input(X) should be in "
                         f"[0, {num_classes}), but got {ids.min() if ids.min() < 0 else ids.max()}")
    classes = _ops.arange(0, num_classes, dtype=x.dtype)
    return _ops.cast(_ops.equal(_ops.unsqueeze(x, -1), classes), "float32")


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """(1 - epsilon) * label + epsilon * prior_dist (uniform 1/num_classes by default)."""
    if epsilon > 1.0 or epsilon < 0.0:
        raise ValueError("The value of epsilon must be between 0 and 1.")
    # Paddle's kernel: epsilon is a float32 attribute, 1 - epsilon and epsilon / num_classes
    # are formed in float32
    e32 = np.float32(epsilon)
    smoothed = _ops.scale(label, float(np.float32(1.0) - e32))
    if prior_dist is None:
        return _ops.scale(smoothed, 1.0, float(e32 / np.float32(label.shape[-1])))
    return _ops.add(smoothed, _ops.scale(prior_dist, float(e32)))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """paddle.diag_embed (deprecated in paddle.nn.functional since Paddle 2.5.2)."""
    return _ops.diag_embed(input, offset, dim1, dim2)
