"""Sparse convolution and max pooling over COO tensors in NDHWC / NHWC (Paddle
paddle/phi/kernels/sparse/cpu/conv_kernel.cc, pool_kernel.cc).

Both build Paddle's *rulebook* with NumPy: for each kernel offset k, the pairs (input entry,
output entry) it connects, where an input site i reaches output site o = (i + pad - k * dil) /
stride when that divides and lies inside the output. A regular convolution's outputs are all
the sites reached (sorted); a submanifold convolution's are the input's own sites (its output
has the input's spatial shape and pattern). The values then move with dense ops: per offset,
the gathered input rows times that offset's weight slice, added into the output rows
(index_add), so gradients w.r.t. values and weight are the dense ops' own."""
import numpy as np

from ....tensor import Tensor
from .... import ops as _ops
from ....nn.functional.conv import update_padding, _ints
from ...tensor import SparseCooTensor, make_coo, values_of
from ...binary import add
from ...kernels import gather_rows, scatter_rows

__all__ = ["conv2d", "conv3d", "subm_conv2d", "subm_conv3d", "subm_conv2d_igemm",
           "subm_conv3d_igemm", "max_pool3d", "rulebook"]

_wrap = Tensor._wrap


def rulebook(indices, spatial, kernel, stride, padding, dilation, subm, batch):
    """(pairs, out_indices, out_spatial): pairs is a list, one per kernel offset (row-major
    over the kernel), of (input entry positions, output entry positions)."""
    nd = len(spatial)
    idx = indices.astype(np.int64)
    if subm:
        out_spatial = list(spatial)
    else:
        out_spatial = [(spatial[i] + 2 * padding[i] - dilation[i] * (kernel[i] - 1) - 1)
                       // stride[i] + 1 for i in range(nd)]
    grid = [batch] + out_spatial
    offsets = np.stack(np.meshgrid(*[np.arange(k) for k in kernel], indexing="ij"),
                       -1).reshape(-1, nd)
    cand = []
    for off in offsets:
        num = idx[1:] + np.asarray(padding)[:, None] - (off * np.asarray(dilation))[:, None]
        o = num // np.asarray(stride)[:, None]
        ok = (num % np.asarray(stride)[:, None] == 0).all(0) & \
            ((o >= 0) & (o < np.asarray(out_spatial)[:, None])).all(0)
        sel = np.nonzero(ok)[0]
        lin = np.ravel_multi_index((idx[0, sel],) + tuple(o[:, sel]), grid) if len(sel) else \
            np.zeros(0, np.int64)
        cand.append((sel, lin))
    if subm:
        own = np.ravel_multi_index(tuple(idx), grid) if idx.shape[1] else np.zeros(0, np.int64)
        order = np.argsort(own, kind="stable")
        pairs = []
        for sel, lin in cand:
            pos = np.searchsorted(own[order], lin)
            pos = np.minimum(pos, max(len(own) - 1, 0))
            hit = (own[order][pos] == lin) if len(own) else np.zeros(len(lin), bool)
            pairs.append((sel[hit], order[pos[hit]]))
        return pairs, indices, out_spatial
    all_lin = np.concatenate([lin for _, lin in cand]) if cand else np.zeros(0, np.int64)
    uniq = np.unique(all_lin)
    pairs = [(sel, np.searchsorted(uniq, lin)) for sel, lin in cand]
    out_idx = np.stack(np.unravel_index(uniq, grid)).astype(indices.dtype).reshape(nd + 1, -1)
    return pairs, out_idx, out_spatial


def _conv(x, weight, bias, stride, padding, dilation, groups, subm, data_format, nd, op):
    fmt = "NDHWC" if nd == 3 else "NHWC"
    if groups != 1:
        raise AssertionError("Currently, only support groups=1")
    if data_format != fmt:
        raise ValueError(f"Attr(data_format) should be '{fmt}'. Received "
                         f"Attr(data_format): {data_format}.")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape "
                         f"of {x.shape}")
    if not isinstance(x, SparseCooTensor) or x.sparse_dim() != nd + 1:
        raise ValueError(f"(InvalidArgument) {op}: x must be a SparseCooTensor with sparse_dim "
                         f"{nd + 1} (batch and spatial) and the channels as its dense dim")
    pad, algo = update_padding(padding, True, nd)
    if algo != "EXPLICIT" or len(pad) != nd:
        raise NotImplementedError(f"{op}: only explicit symmetric padding is supported")
    stride = _ints(stride, nd, "stride")
    dilation = _ints(dilation, nd, "dilation")
    kernel = list(weight.shape[:nd])
    cin, cout = weight.shape[nd], weight.shape[nd + 1]
    if x.shape[-1] != cin:
        raise ValueError(f"(InvalidArgument) {op}: the input has {x.shape[-1]} channels but "
                         f"the kernel expects {cin}")
    spatial = x._dense_shape[1:nd + 1]
    if subm:
        # as Paddle (ResetSubmKernelSizeAndStrides): padding kernel // 2 and stride 1, whatever
        # was given; then the output grid must be the input's
        pad, stride = [k // 2 for k in kernel], [1] * nd
        grid = [spatial[i] + 2 * pad[i] - dilation[i] * (kernel[i] - 1) for i in range(nd)]
        if list(grid) != list(spatial):
            raise NotImplementedError(
                f"{op}: a kernel {kernel} with dilation {dilation} changes the spatial shape "
                f"{list(spatial)} (odd kernels with dilation 1 keep it); Paddle's output for "
                f"this case is not a submanifold convolution, and eagergraph does not "
                f"reproduce it")
    pairs, out_idx, out_spatial = rulebook(x._indices, spatial, kernel, stride, pad, dilation,
                                           subm, x._dense_shape[0])
    xv = values_of(x)
    wf = _ops.reshape(weight, [-1, cin, cout])
    n_out = out_idx.shape[1]
    parts, where = [], []
    for k, (src, dst) in enumerate(pairs):
        if len(src):
            parts.append(_ops.matmul(gather_rows(xv, src), wf[k]))
            where.append(dst)
    if parts:
        vals = scatter_rows(_ops.concat(parts, 0) if len(parts) > 1 else parts[0],
                            np.concatenate(where), n_out)
    else:
        vals = _wrap(np.zeros((n_out, cout), xv._data.dtype))
    shape = [x._dense_shape[0]] + out_spatial + [cout]
    out = make_coo(vals, out_idx, shape, True)
    return out if bias is None else add(out, bias)


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NDHWC", name=None):
    """Sparse 3-D convolution: x COO [N, D, H, W, C] (sparse_dim 4), weight [kD, kH, kW, C,
    M]; the output's sites are every site an input site reaches."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, False, data_format, 3,
                 "conv3d")


def subm_conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                data_format="NDHWC", key=None, name=None):
    """Submanifold sparse 3-D convolution: the output keeps the input's sites and shape. As
    in Paddle, padding is kernel_size // 2 and stride 1 whatever is given."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 3,
                 "subm_conv3d")


def subm_conv3d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                      data_format="NDHWC", key=None, name=None):
    """Paddle's implicit-GEMM kernel of subm_conv3d (GPU there): the same values."""
    return subm_conv3d(x, weight, bias, stride, padding, dilation, groups, data_format, key)


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NHWC", name=None):
    """Sparse 2-D convolution: x COO [N, H, W, C] (sparse_dim 3), weight [kH, kW, C, M]."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, False, data_format, 2,
                 "conv2d")


def subm_conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                data_format="NHWC", key=None, name=None):
    return _conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 2,
                 "subm_conv2d")


def subm_conv2d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                      data_format="NHWC", key=None, name=None):
    return subm_conv2d(x, weight, bias, stride, padding, dilation, groups, data_format, key)


def max_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NDHWC",
               name=None):
    """Sparse 3-D max pooling over the stored sites of each window (per channel). As in
    Paddle's kernel, every input equal to its window's maximum receives the full gradient."""
    if not isinstance(x, SparseCooTensor):
        raise AssertionError("Currently, sparse.relu only support the input of SparseCooTensor")
    if data_format != "NDHWC":
        raise AssertionError("Currently, sparse.max_pool3d only support data format of 'NDHWC'")
    kernel = _ints(kernel_size, 3, "pool_size")
    stride = kernel if stride is None else _ints(stride, 3, "pool_stride")
    pad, algo = update_padding(padding, True, 3)
    if algo != "EXPLICIT" or len(pad) != 3:
        raise NotImplementedError("max_pool3d: only explicit symmetric padding is supported")
    pairs, out_idx, out_spatial = rulebook(x._indices, x._dense_shape[1:4], kernel, stride,
                                           pad, [1, 1, 1], False, x._dense_shape[0])
    xv = values_of(x)
    arr = xv._data
    n_out, c = out_idx.shape[1], arr.shape[1]
    src = np.concatenate([s for s, _ in pairs]).astype(np.int64)
    dst = np.concatenate([d for _, d in pairs]).astype(np.int64)
    peak = np.full((n_out, c), -np.inf, arr.dtype)
    np.maximum.at(peak, dst, arr[src])
    tie = (arr[src] == peak[dst]).astype(arr.dtype)             # [pairs, C]
    count = np.zeros((n_out, c), arr.dtype)
    np.add.at(count, dst, tie)
    summed = scatter_rows(gather_rows(xv, src) * _wrap(tie), dst, n_out)
    # sum of the tied maxima minus the extra copies: the maximum, with a full gradient to each
    vals = summed - _wrap((count - 1) * peak)
    shape = [x._dense_shape[0]] + out_spatial + [c]
    return make_coo(vals, out_idx, shape, True)
