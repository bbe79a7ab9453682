"""The paddle.vision.ops samples that tools/capture_cases.py runs with Paddle 3.3.1 (into
tests/fixtures/paddle331_vision_ops.npz) and tests/test_vision_ops.py runs with eagergraph.

Cases as tests/case_runner.py describes them."""
import numpy as np

NAMESPACE = "vision.ops"
FIXTURE = "paddle331_vision_ops.npz"


def _cases():
    rng = np.random.default_rng(20)
    c = []
    x = rng.standard_normal((2, 8, 9, 10)).astype("float32")
    boxes = np.array([[1.2, 0.5, 6.3, 7.1], [0, 0, 9, 8], [-2, -1, 12, 11.5], [4, 4, 8, 5.5]],
                     "float32")
    bn = np.array([3, 1], "int32")
    for kw in (dict(output_size=2), dict(output_size=(3, 2), spatial_scale=0.5),
               dict(output_size=2, sampling_ratio=2), dict(output_size=3, aligned=False),
               dict(output_size=1, spatial_scale=2.0)):
        c.append((f"roi_align {kw}", "roi_align", [x, boxes, bn], kw, [0]))
    c.append(("roi_align float64", "roi_align", [x.astype("float64"), boxes.astype("float64"),
                                                 bn], dict(output_size=2), [0]))
    c.append(("roi_align no boxes", "roi_align", [x, np.zeros((0, 4), "float32"),
                                                  np.array([0, 0], "int32")],
              dict(output_size=2), []))
    for kw in (dict(output_size=2), dict(output_size=(3, 2), spatial_scale=0.5),
               dict(output_size=4), dict(output_size=5, spatial_scale=0.3)):
        c.append((f"roi_pool {kw}", "roi_pool", [x, boxes, bn], kw, [0]))
    for kw in (dict(output_size=2), dict(output_size=(2, 1), spatial_scale=0.5),
               dict(output_size=(1, 4), spatial_scale=0.7)):
        c.append((f"psroi_pool {kw}", "psroi_pool", [x, boxes, bn], kw, [0]))
    # nms: random boxes, distinct scores
    xy = rng.uniform(0, 20, (30, 2)).astype("float32")
    wh = rng.uniform(2, 12, (30, 2)).astype("float32")
    nb = np.concatenate([xy, xy + wh], 1)
    sc = rng.permutation(30).astype("float32") / 30
    cat = rng.integers(0, 3, 30).astype("int64")
    c.append(("nms plain", "nms", [nb], dict(iou_threshold=0.3), []))
    c.append(("nms scores", "nms", [nb, 0.5, sc], {}, []))
    c.append(("nms categories", "nms", [nb, 0.4, sc, cat, [0, 1, 2]], {}, []))
    c.append(("nms categories top_k", "nms", [nb, 0.4, sc, cat, [0, 2]], dict(top_k=5), []))
    # matrix_nms: [N, M, 4] boxes, [N, C, M] scores
    mb = np.stack([nb[:12], nb[12:24]]).astype("float32") / 30
    ms = rng.uniform(0, 1, (2, 3, 12)).astype("float32")
    for kw in (dict(score_threshold=0.1, post_threshold=0.1, nms_top_k=-1, keep_top_k=-1),
               dict(score_threshold=0.2, post_threshold=0.3, nms_top_k=5, keep_top_k=8,
                    use_gaussian=True, gaussian_sigma=2.0, return_index=True),
               dict(score_threshold=0.1, post_threshold=0.0, nms_top_k=10, keep_top_k=20,
                    background_label=-1, normalized=False, return_index=True)):
        c.append((f"matrix_nms {kw}", "matrix_nms", [mb, ms], kw, []))
    # box_coder
    prior = np.concatenate([xy[:5], xy[:5] + wh[:5]], 1)
    target = np.concatenate([xy[5:8], xy[5:8] + wh[5:8]], 1)
    pvar = rng.uniform(0.1, 0.3, (5, 4)).astype("float32")
    c.append(("box_coder encode var tensor", "box_coder", [prior, pvar, target], {}, []))
    c.append(("box_coder encode var list", "box_coder", [prior, [0.1, 0.1, 0.2, 0.2], target],
              dict(box_normalized=False), []))
    deltas = rng.standard_normal((3, 5, 4)).astype("float32") * 0.3
    c.append(("box_coder decode axis 0", "box_coder", [prior, pvar, deltas],
              dict(code_type="decode_center_size"), []))
    c.append(("box_coder decode axis 1", "box_coder", [prior[:3], [0.1, 0.1, 0.2, 0.2],
                                                       deltas], dict(
        code_type="decode_center_size", axis=1, box_normalized=False), []))
    # prior_box
    feat = np.zeros((1, 3, 4, 5), "float32")
    img = np.zeros((1, 3, 32, 40), "float32")
    c.append(("prior_box basic", "prior_box", [feat, img, [8.0]], {}, []))
    c.append(("prior_box full", "prior_box", [feat, img, [8.0, 16.0], [12.0, 20.0]],
              dict(aspect_ratios=[2.0, 3.0], flip=True, clip=True, steps=[8.0, 8.0]), []))
    c.append(("prior_box order", "prior_box", [feat, img, [8.0], [14.0]],
              dict(aspect_ratios=[2.0], flip=True, min_max_aspect_ratios_order=True,
                   offset=0.3, variance=[0.1, 0.2, 0.3, 0.4]), []))
    # yolo_box
    an, cls = 2, 3
    yx = rng.standard_normal((2, an * (5 + cls), 4, 5)).astype("float32")
    isz = np.array([[64, 80], [50, 70]], "int32")
    c.append(("yolo_box basic", "yolo_box", [yx, isz, [10, 13, 16, 30], cls, 0.3, 16], {}, []))
    c.append(("yolo_box no clip scale", "yolo_box", [yx, isz, [10, 13, 16, 30], cls, 0.5, 16],
              dict(clip_bbox=False, scale_x_y=1.2), []))
    yxi = rng.standard_normal((2, an * (6 + cls), 4, 5)).astype("float32")
    c.append(("yolo_box iou_aware", "yolo_box", [yxi, isz, [10, 13, 16, 30], cls, 0.2, 16],
              dict(iou_aware=True, iou_aware_factor=0.4), []))
    # distribute_fpn_proposals
    big = np.concatenate([xy * 10, xy * 10 + wh * rng.uniform(1, 40, (30, 1))], 1)
    c.append(("distribute_fpn_proposals", "distribute_fpn_proposals",
              [big.astype("float32"), 2, 5, 4, 224], dict(rois_num=np.array([18, 12], "int32")),
              []))
    c.append(("distribute_fpn_proposals pixel_offset", "distribute_fpn_proposals",
              [big.astype("float32"), 2, 4, 3, 112], dict(pixel_offset=True,
                                                          rois_num=np.array([30], "int32")), []))
    # generate_proposals
    A, H, W = 3, 4, 5
    gs = rng.uniform(0, 1, (2, A, H, W)).astype("float32")
    gd = (rng.standard_normal((2, 4 * A, H, W)) * 0.2).astype("float32")
    gimg = np.array([[40, 50], [36, 44]], "float32")
    cy, cx = np.meshgrid(np.arange(H) * 8 + 4, np.arange(W) * 8 + 4, indexing="ij")
    sizes = np.array([8, 16, 24])
    anc = np.stack([cx[..., None] - sizes, cy[..., None] - sizes / 2,
                    cx[..., None] + sizes, cy[..., None] + sizes / 2], -1).astype("float32")
    gvar = np.ones((H, W, A, 4), "float32")
    for kw in (dict(pre_nms_top_n=40, post_nms_top_n=10, nms_thresh=0.5, min_size=2.0),
               dict(pre_nms_top_n=20, post_nms_top_n=30, nms_thresh=0.7, min_size=0.1,
                    pixel_offset=True, eta=0.9)):
        c.append((f"generate_proposals {kw}", "generate_proposals",
                  [gs, gd, gimg, anc, gvar], dict(kw, return_rois_num=True), []))
    # deform_conv2d(x, offset, weight, bias, stride, padding, dilation, deformable_groups,
    # groups, mask): every Tensor differentiated
    for (n, ch, h, w, m, kh, kw, s, p, d, dg, g) in ((1, 2, 5, 6, 3, 3, 3, 1, 0, 1, 1, 1),
                                                     (2, 4, 6, 5, 4, 3, 2, 2, 1, 1, 2, 2),
                                                     (1, 2, 7, 7, 2, 2, 2, 1, [1, 0], 2, 1, 1)):
        pp = p if isinstance(p, list) else [p, p]
        ho = (h + 2 * pp[0] - (d * (kh - 1) + 1)) // s + 1
        wo = (w + 2 * pp[1] - (d * (kw - 1) + 1)) // s + 1
        dx = rng.standard_normal((n, ch, h, w)).astype("float32")
        off = (rng.standard_normal((n, 2 * dg * kh * kw, ho, wo)) * 1.5).astype("float32")
        wt = rng.standard_normal((m, ch // g, kh, kw)).astype("float32")
        b = rng.standard_normal(m).astype("float32")
        mk = rng.uniform(0, 1, (n, dg * kh * kw, ho, wo)).astype("float32")
        c.append((f"deform_conv2d v1 {(s, p, d, dg, g)}", "deform_conv2d",
                  [dx, off, wt, b, s, p, d, dg, g], {}, [0, 1, 2, 3]))
        c.append((f"deform_conv2d v2 {(s, p, d, dg, g)}", "deform_conv2d",
                  [dx, off, wt, None, s, p, d, dg, g, mk], {}, [0, 1, 2, 9]))
    # yolo_loss: gt boxes in distinct cells (one empty box, ignored); the "collision" case puts
    # two boxes on one cell and anchor (Paddle's gradient keeps only the last one's there)
    anchors = [10, 13, 16, 30, 33, 23, 30, 61, 62, 45]
    gt = np.array([[[0.10, 0.15, 0.20, 0.30], [0.55, 0.35, 0.08, 0.12], [0.85, 0.75, 0.45, 0.30],
                    [0.30, 0.80, 0.12, 0.40]],
                   [[0.50, 0.50, 0.30, 0.30], [0.15, 0.70, 0.05, 0.06], [0.75, 0.20, 0.35, 0.40],
                    [0.00, 0.00, 0.00, 0.00]]], "float32")
    glab = np.array([[0, 2, 1, 1], [2, 0, 1, 0]], "int32")
    gsc = rng.uniform(0.5, 1, (2, 4)).astype("float32")
    for mask, cls, kw in (([0, 1, 2], 3, dict(ignore_thresh=0.7, downsample_ratio=8)),
                          ([3, 4], 3, dict(ignore_thresh=0.5, downsample_ratio=8,
                                           use_label_smooth=False, scale_x_y=1.2)),
                          ([1, 3], 3, dict(ignore_thresh=0.3, downsample_ratio=16))):
        yx = rng.standard_normal((2, len(mask) * (5 + cls), 5, 5)).astype("float32")
        c.append((f"yolo_loss {mask}", "yolo_loss", [yx, gt, glab, anchors, mask, cls],
                  dict(kw, gt_score=gsc), [0]))
    yx = rng.standard_normal((2, 3 * 8, 5, 5)).astype("float64")
    c.append(("yolo_loss float64 no score", "yolo_loss", [yx, gt.astype("float64"), glab,
                                                          anchors, [0, 1, 2], 3],
              dict(ignore_thresh=0.6, downsample_ratio=8), [0]))
    col = gt.copy()
    col[0, 1] = [0.12, 0.17, 0.19, 0.28]  # the same cell and anchor as box 0
    c.append(("yolo_loss collision", "yolo_loss", [yx.astype("float32"), col, glab, anchors,
                                                   [0, 1, 2], 3],
              dict(ignore_thresh=0.6, downsample_ratio=8), [0]))
    c.append(("yolo_loss non-square", "yolo_loss", [yx[:, :, :4].astype("float32"), col, glab,
                                                    anchors, [0, 1, 2], 3],
              dict(ignore_thresh=0.6, downsample_ratio=8), []))
    # edges: nothing to keep or nothing given
    c.append(("nms no boxes", "nms", [np.zeros((0, 4), "float32")], {}, []))
    c.append(("nms no boxes scores", "nms", [np.zeros((0, 4), "float32"), 0.5,
                                             np.zeros(0, "float32")], {}, []))
    c.append(("nms identical boxes", "nms", [np.tile(nb[:1], (4, 1)), 0.5,
                                             np.array([0.1, 0.4, 0.3, 0.2], "float32")], {}, []))
    c.append(("matrix_nms nothing above threshold", "matrix_nms", [mb, ms * 0.01],
              dict(score_threshold=0.5, post_threshold=0.1, nms_top_k=-1, keep_top_k=-1,
                   return_index=True), []))
    c.append(("generate_proposals all too small", "generate_proposals",
              [gs, gd, gimg, anc * 0.01, gvar], dict(min_size=50.0, return_rois_num=True), []))
    c.append(("distribute_fpn_proposals empty levels", "distribute_fpn_proposals",
              [big[:4].astype("float32"), 2, 6, 4, 224],
              dict(rois_num=np.array([4], "int32")), []))
    c.append(("box_coder bad code_type", "box_coder", [prior, pvar, target],
              dict(code_type="encode"), []))
    return c


CASES = _cases()
