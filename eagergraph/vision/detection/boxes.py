"""Box encoding and anchors: box_coder, prior_box, yolo_box (Paddle phi/kernels/cpu/
box_coder_kernel.cc, prior_box_kernel.cc, yolo_box_kernel.cc with funcs/yolo_box_util.h).
NumPy in the inputs' dtype; no gradient (Paddle registers none)."""
import numpy as np

from ...creation import to_tensor
from ..._generated.eager_utils import parse_tensor
from ...tensor import Tensor
from .common import float_tensor

__all__ = ["box_coder", "prior_box", "yolo_box"]


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size",
              box_normalized=True, axis=0, name=None):
    """Encode target boxes against prior boxes as center/size offsets (encode_center_size:
    target [N, 4], prior [M, 4] -> [N, M, 4]), or decode such offsets back into boxes
    (decode_center_size: target [N, M, 4]; the prior boxes run along `axis`). prior_box_var is
    a [M, 4] Tensor or 4 numbers."""
    op = "box_coder"
    prior = float_tensor(prior_box, op, "prior_box", 0).numpy()
    target = float_tensor(target_box, op, "target_box", 2).numpy()
    dt = prior.dtype.type
    if isinstance(prior_box_var, Tensor):
        var, var_list = prior_box_var.numpy().astype(prior.dtype).reshape(-1, 4), None
    elif isinstance(prior_box_var, (list, tuple)):
        assert len(prior_box_var) == 4, ("Input prior_box_var must be Variable or list|tuple "
                                         "with 4 elements.")
        var, var_list = None, np.array(prior_box_var, np.float32).astype(prior.dtype)
    else:
        raise TypeError("Input prior_box_var must be Variable or list|tuple")
    if prior.ndim != 2 or prior.shape[1] != 4:
        raise ValueError(f"(InvalidArgument) box_coder(): prior_box should be [M, 4], but got "
                         f"shape {list(prior.shape)}.")
    norm = dt(0 if box_normalized else 1)
    pw = prior[:, 2] - prior[:, 0] + norm
    ph = prior[:, 3] - prior[:, 1] + norm
    pcx = prior[:, 0] + pw / dt(2)
    pcy = prior[:, 1] + ph / dt(2)
    if code_type == "encode_center_size":
        if target.ndim != 2 or target.shape[1] != 4:
            raise ValueError(f"(InvalidArgument) box_coder(): target_box should be [N, 4] to "
                             f"encode, but got shape {list(target.shape)}.")
        tcx = ((target[:, 2] + target[:, 0]) / dt(2))[:, None]
        tcy = ((target[:, 3] + target[:, 1]) / dt(2))[:, None]
        tw = (target[:, 2] - target[:, 0] + norm)[:, None]
        th = (target[:, 3] - target[:, 1] + norm)[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.stack([(tcx - pcx) / pw, (tcy - pcy) / ph, np.log(np.abs(tw / pw)),
                            np.log(np.abs(th / ph))], -1)
        if var is not None:
            out = out / var[None, :, :]
        elif var_list is not None:
            out = out / var_list
        return to_tensor(out.astype(prior.dtype))
    if code_type != "decode_center_size":
        raise ValueError(f"(InvalidArgument) box_coder(): code_type should be "
                         f"encode_center_size or decode_center_size, but got {code_type!r}.")
    if target.ndim != 3 or target.shape[2] != 4:
        raise ValueError(f"(InvalidArgument) box_coder(): target_box should be [N, M, 4] to "
                         f"decode, but got shape {list(target.shape)}.")
    if axis not in (0, 1):
        raise ValueError(f"(InvalidArgument) box_coder(): axis should be 0 or 1, but got {axis}.")
    along = target.shape[1] if axis == 0 else target.shape[0]
    if prior.shape[0] != along:
        raise ValueError(f"(InvalidArgument) box_coder(): prior_box has {prior.shape[0]} boxes "
                         f"but target_box has {along} along axis {axis}.")

    def lay(v):  # a per-prior [M] vector against [N, M]
        return v[None, :] if axis == 0 else v[:, None]
    if var is not None:
        vx, vy, vw, vh = (lay(var[:, k]) for k in range(4))
    elif var_list is not None:
        vx, vy, vw, vh = var_list
    else:
        vx = vy = vw = vh = dt(1)
    pw_, ph_, pcx_, pcy_ = lay(pw), lay(ph), lay(pcx), lay(pcy)
    cx = vx * target[..., 0] * pw_ + pcx_
    cy = vy * target[..., 1] * ph_ + pcy_
    w = np.exp(vw * target[..., 2]) * pw_
    h = np.exp(vh * target[..., 3]) * ph_
    out = np.stack([cx - w / dt(2), cy - h / dt(2), cx + w / dt(2) - norm,
                    cy + h / dt(2) - norm], -1)
    return to_tensor(out.astype(prior.dtype))


def _expand_ratios(ratios, flip):
    out = [1.0]
    for ar in ratios:
        if all(abs(ar - o) >= 1e-6 for o in out):
            out.append(ar)
            if flip:
                out.append(float(np.float32(1.0) / np.float32(ar)))
    return [float(np.float32(r)) for r in out]


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0],  # noqa: B006
              variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False, steps=[0.0, 0.0],  # noqa: B006
              offset=0.5, min_max_aspect_ratios_order=False, name=None):
    """SSD prior (anchor) boxes for each position of the feature map `input` over `image`:
    (boxes, variances), both [H, W, num_priors, 4], boxes normalised by the image size."""
    lst = (list, tuple)
    min_sizes = [float(v) for v in (min_sizes if isinstance(min_sizes, lst) else [min_sizes])]
    aspect_ratios = [float(v) for v in (aspect_ratios if isinstance(aspect_ratios, lst)
                                        else [aspect_ratios])]
    steps = [float(v) for v in (steps if isinstance(steps, lst) else [steps])]
    if len(steps) != 2:
        raise ValueError("steps should be (step_w, step_h)")
    if max_sizes is None or (isinstance(max_sizes, lst) and len(max_sizes) == 0):
        max_sizes = []
    elif not isinstance(max_sizes, lst):
        max_sizes = [max_sizes]
    max_sizes = [float(v) for v in max_sizes]
    if max_sizes and len(max_sizes) != len(min_sizes):
        raise ValueError("(InvalidArgument) prior_box(): max_sizes should have as many entries "
                         "as min_sizes.")
    for mx, mn in zip(max_sizes, min_sizes):
        if mx <= mn:
            raise ValueError(f"(InvalidArgument) prior_box(): max_size ({mx}) should be larger "
                             f"than min_size ({mn}).")
    var = [float(v) for v in (variance if isinstance(variance, lst) else [variance])]
    if len(var) != 4:
        raise ValueError("(InvalidArgument) prior_box(): variance should hold 4 numbers.")
    x = float_tensor(input, "prior_box", "input", 0)
    img = float_tensor(image, "prior_box", "image", 1)
    if x.ndim != 4 or img.ndim != 4:
        raise ValueError("(InvalidArgument) prior_box(): input and image should be 4-D "
                         "(N, C, H, W) Tensors.")
    dt = x._data.dtype
    f32 = np.float32
    ratios = _expand_ratios([float(f32(r)) for r in aspect_ratios], flip)
    fh, fw = x.shape[2], x.shape[3]
    ih, iw = img.shape[2], img.shape[3]
    if steps[0] == 0 or steps[1] == 0:
        sw, sh = dt.type(iw) / dt.type(fw), dt.type(ih) / dt.type(fh)
    else:
        sw, sh = dt.type(f32(steps[0])), dt.type(f32(steps[1]))
    halves = []  # (half width, half height) of each prior, in Paddle's order
    for s, mn in enumerate(min_sizes):
        mn = f32(mn)
        square = []
        if max_sizes:
            side = np.sqrt(np.float64(mn) * np.float64(f32(max_sizes[s]))) / 2.0
            square = [(side, side)]
        shaped = [(float(mn * np.sqrt(f32(ar))) / 2.0, float(mn / np.sqrt(f32(ar))) / 2.0)
                  for ar in ratios]
        if min_max_aspect_ratios_order:
            shaped = [(float(mn) / 2.0, float(mn) / 2.0)] + square + [
                h for h, ar in zip(shaped, ratios) if abs(ar - 1.0) >= 1e-6]
            halves += shaped
        else:
            halves += shaped + square
    hw = np.array(halves, np.float64).astype(dt)  # [P, 2]
    cx = (np.arange(fw, dtype=dt) + dt.type(f32(offset))) * sw
    cy = (np.arange(fh, dtype=dt) + dt.type(f32(offset))) * sh
    CX, CY = cx[None, :, None], cy[:, None, None]
    bw, bh = hw[None, None, :, 0], hw[None, None, :, 1]
    boxes = np.stack(np.broadcast_arrays((CX - bw) / dt.type(iw), (CY - bh) / dt.type(ih),
                                         (CX + bw) / dt.type(iw), (CY + bh) / dt.type(ih)), -1)
    if clip:
        boxes = np.clip(boxes, 0, 1)
    variances = np.broadcast_to(np.array(var, np.float32).astype(dt), boxes.shape)
    return to_tensor(boxes.astype(dt)), to_tensor(np.ascontiguousarray(variances))


def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Decode a YOLOv3 head x [N, A * (5 + class_num) (+ A with iou_aware), H, W] into boxes
    [N, A * H * W, 4] (image coordinates, from img_size [N, 2] = (h, w)) and scores
    [N, A * H * W, class_num]; boxes whose objectness is below conf_thresh are all 0."""
    op = "yolo_box"
    xt = float_tensor(x, op, "x", 0)
    size = parse_tensor(img_size, op, "img_size", 1)
    if size.dtype.name not in ("int32", "int64"):
        raise TypeError(f"{op}(): the dtype of 'img_size' must be int32 or int64, but got "
                        f"{size.dtype.name}.")
    an = len(anchors) // 2
    if an * 2 != len(anchors) or an == 0:
        raise ValueError("(InvalidArgument) yolo_box(): anchors should hold (w, h) pairs.")
    if class_num <= 0:
        raise ValueError("(InvalidArgument) Attr(class_num) should be an integer greater "
                         "than 0.")
    n, c, h, w = xt.shape
    want = an * (5 + class_num) + (an if iou_aware else 0)
    if c != want:
        raise ValueError(f"(InvalidArgument) Input(X) dim[1] should be {want} (anchors * (5 + "
                         f"class_num){' + anchors' if iou_aware else ''}), but got {c}.")
    v = xt.numpy()
    dt = v.dtype.type
    sizes = size.numpy().reshape(n, 2)
    if iou_aware:
        iou, v = _sigmoid(v[:, :an]), v[:, an:]
    v = v.reshape(n, an, 5 + class_num, h, w)
    conf = _sigmoid(v[:, :, 4])
    if iou_aware:
        f = dt(np.float32(iou_aware_factor))
        conf = conf ** (dt(1) - f) * iou ** f
    scale = dt(np.float32(scale_x_y))
    bias = dt(-0.5 * (np.float64(scale) - 1.0))
    ih = sizes[:, 0].astype(dt)[:, None, None, None]
    iw = sizes[:, 1].astype(dt)[:, None, None, None]
    grid_x = np.arange(w, dtype=dt)[None, None, None, :]
    grid_y = np.arange(h, dtype=dt)[None, None, :, None]
    anc = np.array(anchors, dt).reshape(an, 2)
    bx = (grid_x + _sigmoid(v[:, :, 0]) * scale + bias) * iw / dt(w)
    by = (grid_y + _sigmoid(v[:, :, 1]) * scale + bias) * ih / dt(h)
    bw = np.exp(v[:, :, 2]) * anc[None, :, 0, None, None] * iw / dt(downsample_ratio * w)
    bh = np.exp(v[:, :, 3]) * anc[None, :, 1, None, None] * ih / dt(downsample_ratio * h)
    boxes = np.stack([bx - bw / dt(2), by - bh / dt(2), bx + bw / dt(2), by + bh / dt(2)], -1)
    if clip_bbox:
        boxes[..., 0] = np.where(boxes[..., 0] > 0, boxes[..., 0], 0)
        boxes[..., 1] = np.where(boxes[..., 1] > 0, boxes[..., 1], 0)
        boxes[..., 2] = np.where(boxes[..., 2] < iw - 1, boxes[..., 2], iw - 1)
        boxes[..., 3] = np.where(boxes[..., 3] < ih - 1, boxes[..., 3], ih - 1)
    scores = conf[:, :, None] * _sigmoid(v[:, :, 5:])        # [n, an, class, h, w]
    keep = (conf >= dt(np.float32(conf_thresh)))
    boxes = np.where(keep[..., None], boxes, 0).reshape(n, an * h * w, 4)
    scores = np.where(keep[:, :, None], scores, 0)
    scores = np.moveaxis(scores, 2, -1).reshape(n, an * h * w, class_num)
    return to_tensor(boxes.astype(v.dtype)), to_tensor(scores.astype(v.dtype))
