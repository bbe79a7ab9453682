"""RPN proposals and FPN levels: generate_proposals and distribute_fpn_proposals (Paddle
phi/kernels/cpu/generate_proposals_kernel.cc, distribute_fpn_proposals_kernel.cc and
funcs/detection/bbox_util.h, nms_util.h). NumPy in the inputs' dtype; no gradient."""
import math

import numpy as np

from ...creation import to_tensor
from ..._generated.eager_utils import parse_tensor
from .common import float_tensor

__all__ = ["generate_proposals", "distribute_fpn_proposals"]

_BBOX_CLIP = math.log(1000.0 / 16.0)


def _area(b, pixel_offset):
    """Paddle's BBoxArea: 0 for an inverted box, (w + 1)(h + 1) with pixel_offset."""
    w, h = b[..., 2] - b[..., 0], b[..., 3] - b[..., 1]
    if pixel_offset:
        w, h = w + 1, h + 1
    return np.where((b[..., 2] < b[..., 0]) | (b[..., 3] < b[..., 1]), 0, w * h)


def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale,
                             pixel_offset=False, rois_num=None, name=None):
    """Assign each RoI [R, 4] to an FPN level by its scale: floor(log2(sqrt(area) /
    refer_scale) + refer_level), clipped to [min_level, max_level]. Returns (multi_rois: one
    [R_l, 4] Tensor per level, restore_ind [R, 1] int32: where each RoI went in their
    concatenation, rois_num_per_level: one [N] int32 Tensor per level)."""
    assert max_level > 0 and min_level > 0, "min_level and max_level should be greater than 0"
    num_lvl = max_level - min_level + 1
    assert num_lvl > 1, "max_level should be greater than min_level"
    assert num_lvl < 100, "Only support max to 100 levels, (max_level - min_level + 1 < 100)"
    assert rois_num is not None, "rois_num should not be None in dygraph mode."
    rois = float_tensor(fpn_rois, "distribute_fpn_proposals", "fpn_rois", 0).numpy()
    if rois.ndim != 2 or rois.shape[1] != 4:
        raise ValueError(f"(InvalidArgument) distribute_fpn_proposals(): fpn_rois should be "
                         f"[R, 4], but got shape {list(rois.shape)}.")
    num = parse_tensor(rois_num, "distribute_fpn_proposals", "rois_num", 6).numpy()
    num = num.reshape(-1).astype(np.int64)
    if num.sum() != len(rois):
        raise ValueError(f"(InvalidArgument) distribute_fpn_proposals(): rois_num should add "
                         f"up to the number of RoIs ({len(rois)}), but adds up to {num.sum()}.")
    dt = rois.dtype.type
    scale = np.sqrt(_area(rois, pixel_offset)).astype(rois.dtype)
    with np.errstate(divide="ignore"):
        lvl = np.floor(np.log2(scale / dt(refer_scale) + dt(1e-8)) + refer_level)
    lvl = np.clip(lvl, min_level, max_level).astype(np.int64)
    image = np.repeat(np.arange(num.size), num)
    multi, per_level, order = [], [], []
    for level in range(min_level, max_level + 1):
        sel = np.flatnonzero(lvl == level)   # in image order, as the RoIs are
        multi.append(to_tensor(rois[sel].reshape(-1, 4)))
        per_level.append(to_tensor(np.bincount(image[sel], minlength=num.size)
                                   .astype(np.int32)))
        order.append(sel)
    order = np.concatenate(order)
    restore = np.empty(len(rois), np.int32)
    restore[order] = np.arange(len(rois), dtype=np.int32)
    return multi, to_tensor(restore.reshape(-1, 1)), per_level


def _jaccard(a, b, pixel_offset):
    norm = 1 if pixel_offset else 0
    disjoint = (b[:, 0] > a[2]) | (b[:, 2] < a[0]) | (b[:, 1] > a[3]) | (b[:, 3] < a[1])
    iw = np.minimum(a[2], b[:, 2]) - np.maximum(a[0], b[:, 0]) + norm
    ih = np.minimum(a[3], b[:, 3]) - np.maximum(a[1], b[:, 1]) + norm
    inter = iw * ih
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / (_area(a, pixel_offset) + _area(b, pixel_offset) - inter)
    return np.where(disjoint, 0, iou)


def _nms(boxes, scores, thresh, eta, pixel_offset):
    """Paddle's NMS in nms_util.h: by descending score (stable), greedy, with the adaptive
    threshold (eta < 1 lowers it after each kept box while it is above 0.5)."""
    order = np.argsort(-scores, kind="stable")
    kept, adaptive = [], thresh
    for i in order:
        if not kept or (_jaccard(boxes[i], boxes[kept], pixel_offset) <= adaptive).all():
            kept.append(i)
            if eta < 1 and adaptive > 0.5:
                adaptive *= eta
    return np.array(kept, np.int64)


def _one_image(im, anchors, variances, deltas, scores, pre, post, nms_thresh, min_size, eta,
               pixel_offset):
    dt = deltas.dtype.type
    order = np.argsort(-scores, kind="stable")
    if 0 < pre < scores.size:
        order = order[:pre]
    scores, deltas = scores[order], deltas[order]
    anchors, variances = anchors[order], variances[order]
    off = dt(1 if pixel_offset else 0)
    aw = anchors[:, 2] - anchors[:, 0] + off
    ah = anchors[:, 3] - anchors[:, 1] + off
    acx, acy = anchors[:, 0] + dt(0.5) * aw, anchors[:, 1] + dt(0.5) * ah
    cx = variances[:, 0] * deltas[:, 0] * aw + acx
    cy = variances[:, 1] * deltas[:, 1] * ah + acy
    w = np.exp(np.minimum(variances[:, 2] * deltas[:, 2], dt(_BBOX_CLIP))) * aw
    h = np.exp(np.minimum(variances[:, 3] * deltas[:, 3], dt(_BBOX_CLIP))) * ah
    props = np.stack([cx - w / dt(2), cy - h / dt(2), cx + w / dt(2) - off,
                      cy + h / dt(2) - off], -1)
    im_h, im_w = dt(im[0]), dt(im[1])
    props[:, 0::2] = np.maximum(np.minimum(props[:, 0::2], im_w - off), 0)
    props[:, 1::2] = np.maximum(np.minimum(props[:, 1::2], im_h - off), 0)
    ms = max(dt(np.float32(min_size)), dt(1))
    ws = props[:, 2] - props[:, 0] + off
    hs = props[:, 3] - props[:, 1] + off
    keep = (ws >= ms) & (hs >= ms)
    if pixel_offset:
        keep &= (props[:, 0] + ws / dt(2) <= im_w) & (props[:, 1] + hs / dt(2) <= im_h)
    keep = np.flatnonzero(keep)
    if keep.size == 0:
        return np.zeros((1, 4), deltas.dtype), np.zeros((1, 1), deltas.dtype)
    props, scores = props[keep], scores[keep]
    if nms_thresh <= 0:
        return props, scores.reshape(-1, 1)
    kept = _nms(props, scores, dt(np.float32(nms_thresh)), dt(np.float32(eta)), pixel_offset)
    if 0 < post < kept.size:
        kept = kept[:post]
    return props[kept], scores[kept].reshape(-1, 1)


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000,
                       post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0,
                       pixel_offset=False, return_rois_num=False, name=None):
    """RPN proposals: per image, the pre_nms_top_n best anchors (scores [N, A, H, W]) decoded
    with bbox_deltas [N, 4A, H, W] and variances, clipped to img_size [N, 2] (h, w), boxes
    smaller than min_size dropped, NMS, then the post_nms_top_n best. Returns (rpn_rois [K, 4],
    rpn_roi_probs [K, 1], rpn_rois_num [N] int32)."""
    assert return_rois_num, "return_rois_num should be True in dygraph mode."
    op = "generate_proposals"
    s = float_tensor(scores, op, "scores", 0).numpy()
    d = float_tensor(bbox_deltas, op, "bbox_deltas", 1).numpy()
    im = float_tensor(img_size, op, "img_size", 2).numpy()
    a = float_tensor(anchors, op, "anchors", 3).numpy()
    v = float_tensor(variances, op, "variances", 4).numpy()
    if s.ndim != 4 or d.shape != (s.shape[0], 4 * s.shape[1]) + s.shape[2:]:
        raise ValueError(f"(InvalidArgument) generate_proposals(): scores [N, A, H, W] and "
                         f"bbox_deltas [N, 4A, H, W] disagree: {list(s.shape)}, "
                         f"{list(d.shape)}.")
    n, na, h, w = s.shape
    if a.size != h * w * na * 4 or v.size != a.size:
        raise ValueError(f"(InvalidArgument) generate_proposals(): anchors and variances should "
                         f"be [H, W, A, 4] = [{h}, {w}, {na}, 4], but got {list(a.shape)} and "
                         f"{list(v.shape)}.")
    s = s.transpose(0, 2, 3, 1).reshape(n, -1)
    d = d.transpose(0, 2, 3, 1).reshape(n, -1, 4)
    a, v = a.reshape(-1, 4), v.reshape(-1, 4)
    rois, probs, nums = [], [], []
    for i in range(n):
        r, p = _one_image(im[i], a, v, d[i], s[i], int(pre_nms_top_n), int(post_nms_top_n),
                          nms_thresh, min_size, eta, pixel_offset)
        rois.append(r)
        probs.append(p)
        nums.append(len(r))
    return (to_tensor(np.concatenate(rois).astype(d.dtype)),
            to_tensor(np.concatenate(probs).astype(d.dtype)),
            to_tensor(np.array(nums, np.int32)))
