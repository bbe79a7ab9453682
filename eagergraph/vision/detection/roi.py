"""RoI pooling: roi_align, roi_pool, psroi_pool (Paddle phi/kernels/cpu/roi_align_kernel.cc,
roi_pool_kernel.cc, psroi_pool_kernel.cc). Where each output reads x is found in NumPy from the
boxes, exactly as Paddle's kernels do (in x's dtype); the output is then that linear map of x
built from ops (common.gather_weigh), so the gradient with respect to x is Paddle's (the
transposed map: bilinear weights, the argmax, the bin average) and differentiable again. The
boxes get no gradient, as in Paddle."""
import numpy as np

from ..._generated import dygraph_functions as _ad
from .common import cround, float_tensor, gather_rows_weigh, gather_weigh, pair, roi_batch_ids

__all__ = ["roi_align", "roi_pool", "psroi_pool"]


def _inputs(op, x, boxes, boxes_num):
    x = float_tensor(x, op, "x", 0)
    boxes = float_tensor(boxes, op, "boxes", 1)
    if x.ndim != 4:
        raise ValueError(f"(InvalidArgument) {op}(): x should be a 4-D Tensor (N, C, H, W), but "
                         f"got shape {list(x.shape)}.")
    if boxes.dtype != x.dtype:
        raise ValueError(f"(InvalidArgument) {op}(): boxes should have x's dtype "
                         f"({x.dtype.name}), but got {boxes.dtype.name}.")
    ids = roi_batch_ids(op, boxes, boxes_num, x.shape[0])
    return x, boxes.numpy(), ids


def _bilinear(y, x, height, width):
    """Paddle's PreCalcForBilinearInterpolate: the 4 corner positions (y*W + x) and weights of
    each sampling point; points outside (-1, size] get weight 0."""
    outside = (y < -1.0) | (y > height) | (x < -1.0) | (x > width)
    y = np.maximum(y, 0)
    x = np.maximum(x, 0)
    y_low = y.astype(np.int64)
    x_low = x.astype(np.int64)
    top_y, top_x = y_low >= height - 1, x_low >= width - 1
    y_low = np.where(top_y, height - 1, y_low)
    x_low = np.where(top_x, width - 1, x_low)
    y = np.where(top_y, y_low.astype(y.dtype), y)
    x = np.where(top_x, x_low.astype(x.dtype), x)
    y_high = np.where(top_y, y_low, y_low + 1)
    x_high = np.where(top_x, x_low, x_low + 1)
    ly, lx = y - y_low, x - x_low
    hy, hx = 1 - ly, 1 - lx
    pos = np.stack([y_low * width + x_low, y_low * width + x_high,
                    y_high * width + x_low, y_high * width + x_high], -1)
    w = np.stack([hy * hx, hy * lx, ly * hx, ly * lx], -1)
    w = np.where(outside[..., None], 0, w)
    pos = np.where(outside[..., None], 0, pos)
    return pos, w


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1,
              aligned=True, name=None):
    """RoI Align: each of the output_size bins of a box averages bilinear samples of x
    (sampling_ratio per bin side, or ceil(bin size) when it is <= 0); aligned shifts the box
    by -0.5 pixel. Returns [num_boxes, C, ph, pw]."""
    if not isinstance(output_size, (int, tuple)):
        raise TypeError(f"The type of 'output_size' in roi_align must be (<class 'int'>, "
                        f"<class 'tuple'>), but received {type(output_size)}.")
    ph, pw = pair(output_size, "roi_align", "output_size")
    x, b, ids = _inputs("roi_align", x, boxes, boxes_num)
    n, c, height, width = x.shape
    dt = x._data.dtype
    scale = dt.type(np.float32(spatial_scale))
    off = dt.type(0.5 if aligned else 0)
    k = None
    per_roi_pos, per_roi_w = [], []
    for r in range(b.shape[0]):
        x0, y0, x1, y1 = (b[r] * scale - off).astype(dt)
        rw, rh = x1 - x0, y1 - y0
        if not aligned:
            rw, rh = max(rw, dt.type(1)), max(rh, dt.type(1))
        bh, bw = rh / dt.type(ph), rw / dt.type(pw)
        gh = sampling_ratio if sampling_ratio > 0 else int(np.ceil(rh / dt.type(ph)))
        gw = sampling_ratio if sampling_ratio > 0 else int(np.ceil(rw / dt.type(pw)))
        count = max(gh * gw, 1)
        iy = (np.arange(gh, dtype=dt) + dt.type(0.5)) * bh / dt.type(max(gh, 1))
        ix = (np.arange(gw, dtype=dt) + dt.type(0.5)) * bw / dt.type(max(gw, 1))
        yy = y0 + np.arange(ph, dtype=dt)[:, None] * bh + iy[None, :]   # [ph, gh]
        xx = x0 + np.arange(pw, dtype=dt)[:, None] * bw + ix[None, :]   # [pw, gw]
        Y = np.broadcast_to(yy[:, None, :, None], (ph, pw, gh, gw))
        X = np.broadcast_to(xx[None, :, None, :], (ph, pw, gh, gw))
        pos, w = _bilinear(Y.astype(dt), X.astype(dt), height, width)
        per_roi_pos.append(pos.reshape(ph * pw, -1))
        per_roi_w.append(w.reshape(ph * pw, -1) / dt.type(count))
    # every box gets the same number of terms per bin: pad with weight-0 terms
    k = max([p.shape[1] for p in per_roi_pos] + [1])
    pos = np.zeros((len(per_roi_pos), ph * pw, k), np.int64)
    wts = np.zeros((len(per_roi_pos), ph * pw, k), dt)
    for r, (p, w) in enumerate(zip(per_roi_pos, per_roi_w)):
        pos[r, :, :p.shape[1]], wts[r, :, :w.shape[1]] = p, w
    return gather_rows_weigh(x, ids, pos.reshape(len(ids), ph * pw * k),
                             wts.reshape(len(ids), ph * pw * k), k,
                             (len(ids), c, ph, pw))


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """RoI max pooling: each bin of a box (rounded to pixels) takes the max of x there, 0 for
    an empty bin. Returns [num_boxes, C, ph, pw]; the gradient goes to the argmax."""
    if not isinstance(output_size, (int, tuple)):
        raise TypeError(f"The type of 'output_size' in roi_pool must be (<class 'int'>, "
                        f"<class 'tuple'>), but received {type(output_size)}.")
    ph, pw = pair(output_size, "roi_pool", "output_size")
    x, b, ids = _inputs("roi_pool", x, boxes, boxes_num)
    n, c, height, width = x.shape
    dt = x._data.dtype
    scale = dt.type(np.float32(spatial_scale))
    pos, valid = _roi_pool_argmax(x.numpy(), b, ids, ph, pw, dt, scale)
    rows = _ad.reshape_ad_func(x, (n, c, height * width))
    return gather_weigh(rows, ids, pos, valid, 1, (len(ids), c, ph, pw))


def _roi_pool_argmax(xa, b, ids, ph, pw, dt, scale, chunk_elems=1 << 22):
    """For every box, channel and bin: the flat position (h * W + w) of the first maximum of x
    over the bin in row-major order (NaN never wins; an all -inf/NaN bin takes its first
    element), and 1 where the bin is not empty. Vectorised over boxes and bins (in chunks of
    boxes that bound the gathered windows); the same positions as Paddle's loop."""
    n, c, height, width = xa.shape
    r = len(ids)
    pos = np.zeros((r, c, ph * pw), np.int64)
    valid = np.zeros((r, c, ph * pw), dt)
    if r == 0:
        return pos, valid
    sw, sh, ew, eh = cround(b.astype(dt) * scale).astype(np.int64).T
    rh, rw = np.maximum(eh - sh + 1, 1), np.maximum(ew - sw + 1, 1)
    bh, bw = rh.astype(dt) / dt.type(ph), rw.astype(dt) / dt.type(pw)
    ih, iw = np.arange(ph, dtype=dt), np.arange(pw, dtype=dt)
    hs = np.clip(np.floor(ih[None] * bh[:, None]).astype(np.int64) + sh[:, None], 0, height)
    he = np.clip(np.ceil((ih[None] + 1) * bh[:, None]).astype(np.int64) + sh[:, None], 0, height)
    ws = np.clip(np.floor(iw[None] * bw[:, None]).astype(np.int64) + sw[:, None], 0, width)
    we = np.clip(np.ceil((iw[None] + 1) * bw[:, None]).astype(np.int64) + sw[:, None], 0, width)
    nh, nw = he - hs, we - ws                                   # [R, ph], [R, pw]
    ok = (nh[:, :, None] > 0) & (nw[:, None, :] > 0)            # [R, ph, pw]
    valid[:] = ok.reshape(r, 1, ph * pw).astype(dt)
    planes = np.ascontiguousarray(xa.reshape(n, c, height * width).transpose(0, 2, 1))
    kh, kw = max(int(nh.max()), 1), max(int(nw.max()), 1)
    step = max(1, chunk_elems // max(ph * pw * kh * kw * c, 1))
    a, bb = np.arange(kh), np.arange(kw)
    for lo in range(0, r, step):
        sl = slice(lo, min(lo + step, r))
        rows = hs[sl][:, :, None, None, None] + a[None, None, None, :, None]   # [r,ph,1,kh,1]
        cols = ws[sl][:, None, :, None, None] + bb[None, None, None, None, :]  # [r,1,pw,1,kw]
        inside = (a[None, None, None, :, None] < nh[sl][:, :, None, None, None]) & \
                 (bb[None, None, None, None, :] < nw[sl][:, None, :, None, None])
        flat = np.where(inside, rows * width + cols, 0).reshape(-1, ph * pw, kh * kw)
        inside = inside.reshape(-1, ph * pw, kh * kw)
        vals = planes[ids[sl][:, None, None], flat]             # [r, P, K, C]
        vals = np.where(inside[..., None] & ~np.isnan(vals), vals, -np.inf)
        best = np.argmax(vals, axis=2)                          # [r, P, C]
        got = np.take_along_axis(flat, best, axis=2)            # [r, P, C]
        pos[sl] = np.where(ok[sl].reshape(-1, ph * pw, 1), got, 0).transpose(0, 2, 1)
    return pos, valid


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """Position-sensitive RoI pooling: output channel c of bin (i, j) averages input channel
    (c * ph + i) * pw + j over the bin. x has output_channels * ph * pw channels. Returns
    [num_boxes, output_channels, ph, pw]."""
    if not isinstance(output_size, (int, tuple, list)):
        raise TypeError(f"The type of 'output_size' in psroi_pool must be (<class 'int'>, "
                        f"<class 'tuple'>, <class 'list'>), but received {type(output_size)}.")
    if isinstance(output_size, list):
        output_size = tuple(output_size)
    ph, pw = pair(output_size, "psroi_pool", "output_size")
    if ph * pw == 0:
        raise ValueError("output_size should not contain 0.")
    x = float_tensor(x, "psroi_pool", "x", 0)
    if x.ndim != 4:
        raise AssertionError("Input features with shape should be (N, C, H, W)")
    x, b, ids = _inputs("psroi_pool", x, boxes, boxes_num)
    n, c, height, width = x.shape
    oc = c // (ph * pw)
    if oc * ph * pw != c:
        raise ValueError(f"(InvalidArgument) psroi_pool(): the channels of x ({c}) should be "
                         f"output_channels * pooled_height * pooled_width "
                         f"({oc} * {ph} * {pw}).")
    dt = x._data.dtype
    scale = dt.type(np.float32(spatial_scale))
    terms = []
    for r in range(b.shape[0]):
        x0, y0, x1, y1 = cround(b[r].astype(dt))
        sw, sh = dt.type(x0) * scale, dt.type(y0) * scale
        ew, eh = dt.type(x1 + 1.0) * scale, dt.type(y1 + 1.0) * scale
        rh, rw = max(eh - sh, dt.type(0.1)), max(ew - sw, dt.type(0.1))
        bh, bw = rh / dt.type(ph), rw / dt.type(pw)
        bins = []
        for i in range(ph):
            hs = min(max(int(np.floor(bh * dt.type(i) + sh)), 0), height)
            he = min(max(int(np.ceil(bh * dt.type(i + 1) + sh)), 0), height)
            for j in range(pw):
                ws = min(max(int(np.floor(bw * dt.type(j) + sw)), 0), width)
                we = min(max(int(np.ceil(bw * dt.type(j + 1) + sw)), 0), width)
                win = (np.arange(hs, he)[:, None] * width + np.arange(ws, we)[None, :]).ravel()
                bins.append(win)
        terms.append(bins)
    k = max([len(w) for bins in terms for w in bins] + [1])
    pos = np.zeros((len(ids), oc, ph * pw, k), np.int64)
    wts = np.zeros((len(ids), oc, ph * pw, k), dt)
    for r, bins in enumerate(terms):
        for p, win in enumerate(bins):
            if len(win):
                chans = (np.arange(oc) * ph * pw + p)[:, None] * (height * width)
                pos[r, :, p, :len(win)] = chans + win[None, :]
                wts[r, :, p, :len(win)] = dt.type(1) / dt.type(len(win))
    rows = _ad.reshape_ad_func(x, (n, c * height * width))
    return gather_weigh(rows, ids, pos.reshape(len(ids), -1), wts.reshape(len(ids), -1), k,
                        (len(ids), oc, ph, pw))
