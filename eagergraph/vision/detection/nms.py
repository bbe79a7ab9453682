"""Non-maximum suppression: nms (Paddle phi/kernels/cpu/nms_kernel.cc and the category handling
of python/paddle/vision/ops.py) and matrix_nms (matrix_nms_kernel.cc). Integer results, no
gradient; computed in NumPy in the boxes' dtype, as Paddle's kernels are."""
import numpy as np

from ...creation import to_tensor
from .common import float_tensor

__all__ = ["nms", "matrix_nms"]


def _iou_over(box, others, threshold):
    """Paddle's CalculateIoU: intersection / union of box with each of others > threshold
    (corner boxes, no +1 pixel)."""
    area1 = (box[2] - box[0]) * (box[3] - box[1])
    area2 = (others[:, 2] - others[:, 0]) * (others[:, 3] - others[:, 1])
    w = np.maximum(np.minimum(box[2], others[:, 2]) - np.maximum(box[0], others[:, 0]), 0)
    h = np.maximum(np.minimum(box[3], others[:, 3]) - np.maximum(box[1], others[:, 1]), 0)
    inter = w * h
    with np.errstate(divide="ignore", invalid="ignore"):
        return inter / (area1 + area2 - inter) > threshold


def _nms_keep(boxes, threshold):
    """Greedy NMS over boxes in their given order: the indices kept."""
    n = len(boxes)
    suppressed = np.zeros(n, bool)
    thr = boxes.dtype.type(np.float32(threshold))
    for i in range(n):
        if suppressed[i]:
            continue
        rest = np.flatnonzero(~suppressed[i + 1:]) + i + 1
        if rest.size:
            suppressed[rest[_iou_over(boxes[i], boxes[rest], thr)]] = True
    return np.flatnonzero(~suppressed)


def _descending(scores):
    """paddle.argsort(descending=True): equal scores keep their order."""
    return np.argsort(-scores, kind="stable")


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None,
        top_k=None):
    """Indices (int64) of the boxes ([N, 4], x1 y1 x2 y2) that survive greedy NMS: in the given
    order without scores; by descending score with them; per category with category_idxs (then
    categories lists the category ids and top_k keeps the best top_k)."""
    b = float_tensor(boxes, "nms", "boxes", 0).numpy()
    if b.ndim != 2 or b.shape[1] != 4:
        raise ValueError(f"(InvalidArgument) nms(): boxes should be a 2-D Tensor of shape "
                         f"[N, 4], but got shape {list(b.shape)}.")
    if scores is None:
        return to_tensor(_nms_keep(b, iou_threshold).astype(np.int64))
    s = float_tensor(scores, "nms", "scores", 2).numpy().reshape(-1)
    if s.size != len(b):
        raise ValueError(f"(InvalidArgument) nms(): scores should hold one score per box "
                         f"({len(b)}), but got {s.size}.")
    if category_idxs is None:
        order = _descending(s)
        return to_tensor(order[_nms_keep(b[order], iou_threshold)].astype(np.int64))
    if top_k is not None:
        assert top_k <= s.shape[0], "top_k should be smaller equal than the number of boxes"
    assert categories is not None, ("if category_idxs is given, categories which is a list of "
                                    "unique id of all categories is necessary")
    cat = np.asarray(category_idxs.numpy() if hasattr(category_idxs, "numpy")
                     else category_idxs).reshape(-1)
    mask = np.zeros(len(b), bool)
    for c in categories:
        idx = np.flatnonzero(cat == c)
        if idx.size == 1:
            mask[idx] = True
        elif idx.size > 1:
            order = _descending(s[idx])
            mask[idx[order[_nms_keep(b[idx][order], iou_threshold)]]] = True
    keep = np.flatnonzero(mask)
    keep = keep[_descending(s[keep])]
    if top_k is not None:
        keep = keep[:top_k]
    return to_tensor(keep.astype(np.int64))


def _jaccard(a, b, normalized):
    """Paddle's JaccardOverlap of one box with each of b (+1 pixel unless normalized)."""
    norm = 0 if normalized else 1
    disjoint = (b[:, 0] > a[2]) | (b[:, 2] < a[0]) | (b[:, 1] > a[3]) | (b[:, 3] < a[1])
    iw = np.minimum(a[2], b[:, 2]) - np.maximum(a[0], b[:, 0]) + norm
    ih = np.minimum(a[3], b[:, 3]) - np.maximum(a[1], b[:, 1]) + norm
    inter = iw * ih

    def area(x):
        bad = (x[..., 2] < x[..., 0]) | (x[..., 3] < x[..., 1])
        w, h = x[..., 2] - x[..., 0] + norm, x[..., 3] - x[..., 1] + norm
        return np.where(bad, 0, w * h)
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (area(a) + area(b) - inter)
    return np.where(disjoint, 0, iou).astype(b.dtype)


def _matrix_nms_class(boxes, scores, score_threshold, post_threshold, sigma, top_k, normalized,
                      gaussian):
    cand = np.flatnonzero(scores > score_threshold)
    if cand.size == 0:
        return [], []
    order = cand[_descending(scores[cand])]
    if top_k > -1:
        order = order[:top_k]
    n = order.size
    iou = np.zeros((n, n), boxes.dtype)
    for i in range(1, n):
        iou[i, :i] = _jaccard(boxes[order[i]], boxes[order[:i]], normalized)
    iou_max = np.array([0] + [iou[i, :i].max() for i in range(1, n)], boxes.dtype)
    sel, dec = [], []
    if scores[order[0]] > post_threshold:
        sel.append(order[0])
        dec.append(scores[order[0]])
    for i in range(1, n):
        m, v = iou_max[:i], iou[i, :i]
        with np.errstate(divide="ignore", invalid="ignore"):
            d = np.exp((m * m - v * v) * sigma) if gaussian else (1 - v) / (1 - m)
        ds = min(boxes.dtype.type(1), d.min()) * scores[order[i]]
        if ds <= post_threshold:
            continue
        sel.append(order[i])
        dec.append(ds)
    return sel, dec


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k,
               use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True,
               return_index=False, return_rois_num=True, name=None):
    """Matrix NMS (SOLOv2): scores decayed by their overlaps with better boxes instead of
    removed. bboxes [N, M, 4], scores [N, C, M]. Returns (out [K, 6]: label, score, box;
    rois_num [N] int32 or None; index [K, 1] int32 into the N * M boxes, or None)."""
    b = float_tensor(bboxes, "matrix_nms", "bboxes", 0).numpy()
    s = float_tensor(scores, "matrix_nms", "scores", 1).numpy()
    if b.ndim != 3 or b.shape[2] != 4:
        raise ValueError(f"(InvalidArgument) matrix_nms(): bboxes should be a 3-D Tensor "
                         f"[N, M, 4], but got shape {list(b.shape)}.")
    if s.ndim != 3 or s.shape[0] != b.shape[0] or s.shape[2] != b.shape[1]:
        raise ValueError(f"(InvalidArgument) matrix_nms(): scores should be [N, C, M] = "
                         f"[{b.shape[0]}, C, {b.shape[1]}], but got shape {list(s.shape)}.")
    dt = b.dtype.type
    st, pt = dt(np.float32(score_threshold)), dt(np.float32(post_threshold))
    sigma = dt(np.float32(gaussian_sigma))
    outs, idxs, nums = [], [], []
    for i in range(b.shape[0]):
        all_idx, all_score, all_cls = [], [], []
        for c in range(s.shape[1]):
            if c == background_label:
                continue
            sel, dec = _matrix_nms_class(b[i], s[i, c], st, pt, sigma, nms_top_k, normalized,
                                         use_gaussian)
            all_idx += sel
            all_score += dec
            all_cls += [c] * len(sel)
        k = len(all_idx)
        if keep_top_k > -1:
            k = min(k, keep_top_k)
        perm = _descending(np.array(all_score, b.dtype))[:k] if all_idx else []
        for p in perm:
            outs.append([all_cls[p], all_score[p]] + list(b[i, all_idx[p]]))
            idxs.append(all_idx[p] + i * b.shape[1])
        nums.append(len(perm))
    out = to_tensor(np.array(outs, b.dtype).reshape(-1, 6))
    index = to_tensor(np.array(idxs, np.int32).reshape(-1, 1)) if return_index else None
    rois_num = to_tensor(np.array(nums, np.int32)) if return_rois_num else None
    return out, rois_num, index
