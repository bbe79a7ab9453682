"""paddle.geometric.send_u_recv / send_ue_recv / send_uv (Paddle
python/paddle/geometric/message_passing/send_recv.py).

send_u_recv is the send_u_recv op. send_ue_recv and send_uv are composed as Paddle defines them:
a message x[src] (+ or *) y[edge] (send_ue_recv) or y[dst] (send_uv), with `sub` as add of -y
and `div` as mul by 1 / (y + 1e-12), Paddle's own rewriting; send_ue_recv then reduces the
messages into their destination rows with send_u_recv. Gradients come from the ops."""
import numpy as np

from .._generated import ops_api as _C_ops
from .._generated import dygraph_functions as _ad
from .._generated.eager_utils import parse_tensor
from ..creation import to_tensor
from ..tensor import Tensor

__all__ = ["send_u_recv", "send_ue_recv", "send_uv"]

_REDUCE = ("sum", "mean", "max", "min")
_MESSAGE = ("add", "sub", "mul", "div")


def _check_reduce(reduce_op):
    if reduce_op not in _REDUCE:
        raise ValueError(f"reduce_op should be `sum`, `mean`, `max` or `min`, but received "
                         f"{reduce_op}")


def _check_message(message_op):
    if message_op not in _MESSAGE:
        raise ValueError(f"message_op should be `add`, `sub`, `mul`, `div`, but received "
                         f"{message_op}")


def _out_size(out_size):
    """Paddle's convert_out_size_to_list: None -> [0] (x's row count); an int or an int
    Tensor -> [n]."""
    if out_size is None:
        return [0]
    if isinstance(out_size, Tensor):
        if not out_size.dtype.is_integer:
            raise TypeError(f"out_size: a Tensor out_size must be int32 or int64, but got "
                            f"{out_size.dtype.name}")
        return [int(v) for v in out_size.numpy().reshape(-1)]
    if isinstance(out_size, (int, np.integer)) and not isinstance(out_size, bool):
        return [int(out_size)]
    return [int(out_size)]


def _index(t, op, arg, pos):
    """A [N] index, or [N, 1] (Paddle accepts it), as 1-D."""
    t = parse_tensor(t, op, arg, pos)
    if t.ndim == 2 and t.shape[1] == 1:
        t = _ad.reshape_ad_func(t, (-1,))
    return t


def send_u_recv(x, src_index, dst_index, reduce_op="sum", out_size=None, name=None):
    """out[i] = reduce over the edges e with dst_index[e] == i of x[src_index[e]]."""
    _check_reduce(reduce_op)
    src = _index(src_index, "send_u_recv", "src_index", 1)
    dst = _index(dst_index, "send_u_recv", "dst_index", 2)
    return _C_ops.send_u_recv(x, src, dst, reduce_op.upper(), _out_size(out_size))[0]


def _reshape_lhs_rhs(x, y):
    """Paddle's reshape_lhs_rhs: 1-D operands become [n, 1]; with different ranks, both get
    1s inserted after the first axis so that their feature axes broadcast."""
    if x.ndim == 1:
        x = _ad.reshape_ad_func(x, (-1, 1))
    if y.ndim == 1:
        y = _ad.reshape_ad_func(y, (-1, 1))
    if x.ndim != y.ndim:
        n = max(x.ndim, y.ndim)
        x = _ad.reshape_ad_func(x, (x.shape[0],) + (1,) * (n - x.ndim) + tuple(x.shape[1:]))
        y = _ad.reshape_ad_func(y, (y.shape[0],) + (1,) * (n - y.ndim) + tuple(y.shape[1:]))
    return x, y


def _operands(op, x, y, message_op):
    x = parse_tensor(x, op, "x", 0)
    y = parse_tensor(y, op, "y", 1)
    if x.dtype != y.dtype:
        raise ValueError(f"(InvalidArgument) {op}(): x and y should have the same dtype, but "
                         f"got {x.dtype.name} and {y.dtype.name}.")
    x, y = _reshape_lhs_rhs(x, y)
    if message_op == "sub":
        message_op, y = "add", -y
    elif message_op == "div":
        message_op, y = "mul", 1.0 / (y + 1e-12)
    return x, y, message_op


def _message(a, b, message_op):
    return _ad.add_ad_func(a, b) if message_op == "add" else _ad.multiply_ad_func(a, b)


def send_ue_recv(x, y, src_index, dst_index, message_op="add", reduce_op="sum", out_size=None,
                 name=None):
    """out[i] = reduce over the edges e with dst_index[e] == i of x[src_index[e]] (message_op)
    y[e]."""
    _check_message(message_op)
    _check_reduce(reduce_op)
    x, y, message_op = _operands("send_ue_recv", x, y, message_op)
    src = _index(src_index, "send_ue_recv", "src_index", 2)
    dst = _index(dst_index, "send_ue_recv", "dst_index", 3)
    if y.shape[0] != src.shape[0]:
        raise ValueError(f"(InvalidArgument) Expect Input Y to have size {src.shape[0]} as "
                         f"Src_index on the first dimension, but we get {y.shape[0]}")
    if src.shape[0] != dst.shape[0]:
        raise ValueError(f"(InvalidArgument) Src_index and Dst_index should have the same shape. "
                         f"Received src_index_dims[0]:{src.shape[0]} != "
                         f"dst_index_dims[0]:{dst.shape[0]}.")
    msg = _message(_ad.gather_ad_func(x, src, 0), y, message_op)
    size = _out_size(out_size)
    rows = size[0] if size[0] > 0 else x.shape[0]
    edges = to_tensor(np.arange(src.shape[0], dtype=src.numpy().dtype))
    return _C_ops.send_u_recv(msg, edges, dst, reduce_op.upper(), [rows])[0]


def send_uv(x, y, src_index, dst_index, message_op="add", name=None):
    """out[e] = x[src_index[e]] (message_op) y[dst_index[e]], one row per edge."""
    _check_message(message_op)
    x, y, message_op = _operands("send_uv", x, y, message_op)
    src = _index(src_index, "send_uv", "src_index", 2)
    dst = _index(dst_index, "send_uv", "dst_index", 3)
    for t, arg in ((src, "src_index"), (dst, "dst_index")):
        if t.dtype.name not in ("int32", "int64"):
            raise ValueError(f"(InvalidArgument) send_uv(): {arg} should be int32 or int64, but "
                             f"got {t.dtype.name}.")
    if src.shape[0] != dst.shape[0]:
        raise ValueError(f"(InvalidArgument) Src_index and Dst_index should have the same shape. "
                         f"Received src_index_dims[0]:{src.shape[0]} != "
                         f"dst_index_dims[0]:{dst.shape[0]}.")
    return _message(_ad.gather_ad_func(x, src, 0), _ad.gather_ad_func(y, dst, 0), message_op)
