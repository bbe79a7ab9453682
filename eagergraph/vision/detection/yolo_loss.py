"""yolo_loss, the YOLOv3 loss (Paddle phi/kernels/cpu/yolo_loss_kernel.cc). Which prediction
answers which ground-truth box (the best anchor by shape, the grid cell of the box centre), the
targets and the ignored objectness cells (best IoU with any ground truth above ignore_thresh)
are found in NumPy as Paddle's kernel finds them; the loss is then built of ops on the entries
of x it reads: sigmoid cross-entropy for x, y, the class scores and objectness, L1 for the
log width and height, weighted (2 - w h) * score. Its gradient with respect to x is therefore
Paddle's (the targets and masks are constant) and differentiable again; gt_box, gt_label and
gt_score get none, as in Paddle."""
import numpy as np

from ... import ops as P
from ...creation import to_tensor
from ..._generated.eager_utils import parse_tensor
from ...nn import functional as F
from .common import float_tensor

__all__ = ["yolo_loss"]


def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


def _iou(b1, b2):
    """IoU of centre-size boxes (..., 4) (Paddle's CalcBoxIoU), broadcasting."""
    x1 = np.maximum(b1[..., 0] - b1[..., 2] / 2, b2[..., 0] - b2[..., 2] / 2)
    x2 = np.minimum(b1[..., 0] + b1[..., 2] / 2, b2[..., 0] + b2[..., 2] / 2)
    y1 = np.maximum(b1[..., 1] - b1[..., 3] / 2, b2[..., 1] - b2[..., 3] / 2)
    y2 = np.minimum(b1[..., 1] + b1[..., 3] / 2, b2[..., 1] + b2[..., 3] / 2)
    inter = np.maximum(x2 - x1, 0) * np.maximum(y2 - y1, 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return inter / (b1[..., 2] * b1[..., 3] + b2[..., 2] * b2[..., 3] - inter)


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh,
              downsample_ratio, gt_score=None, use_label_smooth=True, name=None, scale_x_y=1.0):
    """The YOLOv3 loss of one head x [N, len(anchor_mask) * (5 + class_num), H, W] against
    gt_box [N, B, 4] (centre x, centre y, w, h as fractions of the input image), gt_label
    [N, B] int32 and gt_score [N, B] (default 1): [N], one loss per image."""
    op = "yolo_loss"
    x = float_tensor(x, op, "x", 0)
    gtb = float_tensor(gt_box, op, "gt_box", 1).numpy()
    lab = parse_tensor(gt_label, op, "gt_label", 2)
    if lab.dtype.name != "int32":
        raise TypeError(f"{op}(): the dtype of 'gt_label' must be int32, but got "
                        f"{lab.dtype.name}.")
    lab = lab.numpy()
    n, c, h, w = x.shape
    mask_num, an_num = len(anchor_mask), len(anchors) // 2
    if h != w:
        raise ValueError(f"(InvalidArgument) Input(X) dim[3] and dim[4] should be equal.But "
                         f"received dim[3]({h}) != dim[4]({w})")
    if c != mask_num * (5 + class_num):
        raise ValueError(f"(InvalidArgument) Input(X) dim[1] should be equal to (anchor_mask "
                         f"number * (5 + class_num)), but got {c}.")
    if gtb.ndim != 3 or gtb.shape[0] != n or gtb.shape[2] != 4 or lab.shape != gtb.shape[:2]:
        raise ValueError(f"(InvalidArgument) {op}(): gt_box should be [N, B, 4] and gt_label "
                         f"[N, B] with N = {n}, but got {list(gtb.shape)} and "
                         f"{list(lab.shape)}.")
    b = gtb.shape[1]
    dt = x._data.dtype.type
    score = (np.ones((n, b), x._data.dtype) if gt_score is None
             else float_tensor(gt_score, op, "gt_score", 8).numpy().reshape(n, b))
    input_size = downsample_ratio * h
    stride, an_stride = h * w, (class_num + 5) * h * w
    pos, neg = dt(1), dt(0)
    if use_label_smooth:
        sw = min(1.0 / class_num, 1.0 / 40)
        pos, neg = dt(1.0 - sw), dt(sw)
    scale = dt(np.float32(scale_x_y))
    bias = dt(-0.5 * (np.float64(scale) - 1.0))
    anc = np.array(anchors, x._data.dtype).reshape(an_num, 2)
    v = x.numpy().reshape(n, mask_num, 5 + class_num, h, w)
    # every prediction's box, and the cells whose best IoU with a ground truth is too high
    gx = np.arange(w, dtype=x._data.dtype)[None, None, None, :]
    gy = np.arange(h, dtype=x._data.dtype)[None, None, :, None]
    man = anc[list(anchor_mask)]
    pred = np.stack([(gx + _sigmoid(v[:, :, 0]) * scale + bias) / dt(w),
                     (gy + _sigmoid(v[:, :, 1]) * scale + bias) / dt(h),
                     np.exp(v[:, :, 2]) * man[None, :, 0, None, None] / dt(input_size),
                     np.exp(v[:, :, 3]) * man[None, :, 1, None, None] / dt(input_size)], -1)
    valid = (gtb[..., 2] > 1e-6) & (gtb[..., 3] > 1e-6)
    ious = _iou(pred[:, :, :, :, None, :], gtb[:, None, None, None, :, :])
    ious = np.where(valid[:, None, None, None, :], ious, 0)
    best = np.nan_to_num(ious, nan=0.0).max(-1, initial=0)
    obj = np.where(best > ignore_thresh, -1.0, 0.0).astype(x._data.dtype)  # [n, m, h, w]
    sce_idx, sce_t, sce_w, sce_b = [], [], [], []
    l1_idx, l1_t, l1_w, l1_b = [], [], [], []

    def flat(i, m, entry, cell):
        return (i * mask_num + m) * an_stride + entry * stride + cell
    for i in range(n):
        for t in range(b):
            if not valid[i, t]:
                continue
            g = gtb[i, t]
            gi = min(int(g[0] * w), w - 1)
            gj = min(int(g[1] * h), h - 1)
            shape_iou = _iou(np.concatenate([np.zeros((an_num, 2), anc.dtype),
                                             anc / dt(input_size)], 1),
                             np.array([0, 0, g[2], g[3]], gtb.dtype))
            best_n = int(np.argmax(np.where(shape_iou > 0, shape_iou, -1)))
            if not shape_iou[best_n] > 0:
                best_n = 0
            if best_n not in anchor_mask:
                continue
            m = list(anchor_mask).index(best_n)
            cell = gj * w + gi
            sc = score[i, t]
            wgt = (dt(2) - g[2] * g[3]) * sc
            sce_idx += [flat(i, m, 0, cell), flat(i, m, 1, cell)]
            sce_t += [g[0] * w - gi, g[1] * h - gj]
            sce_w += [wgt, wgt]
            sce_b += [i, i]
            l1_idx += [flat(i, m, 2, cell), flat(i, m, 3, cell)]
            l1_t += [np.log(g[2] * input_size / anc[best_n, 0]),
                     np.log(g[3] * input_size / anc[best_n, 1])]
            l1_w += [wgt, wgt]
            l1_b += [i, i]
            obj[i, m, gj, gi] = sc
            for k in range(class_num):
                sce_idx.append(flat(i, m, 5 + k, cell))
                sce_t.append(pos if k == lab[i, t] else neg)
                sce_w.append(sc)
                sce_b.append(i)
    # objectness: positives weighted by their score, negatives 1, ignored cells 0
    for i, m, k, l in zip(*np.nonzero(obj > -0.5)):
        o = obj[i, m, k, l]
        sce_idx.append(flat(i, m, 4, k * w + l))
        sce_t.append(1.0 if o > 1e-5 else 0.0)
        sce_w.append(o if o > 1e-5 else 1.0)
        sce_b.append(i)
    xf = P.reshape(x, [-1])
    loss = P.zeros([n], dtype=x.dtype)

    def arr(a, d=x._data.dtype):
        return to_tensor(np.asarray(a, d))
    if sce_idx:
        g = P.gather(xf, arr(sce_idx, np.int64))
        terms = (F.softplus(g) - g * arr(sce_t)) * arr(sce_w)
        loss = P.index_add(loss, arr(sce_b, np.int64), 0, terms)
    if l1_idx:
        g = P.gather(xf, arr(l1_idx, np.int64))
        loss = P.index_add(loss, arr(l1_b, np.int64), 0, P.abs(g - arr(l1_t)) * arr(l1_w))
    return loss
