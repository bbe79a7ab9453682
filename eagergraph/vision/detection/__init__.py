"""The detection functions of paddle.vision.ops, one module per kind: RoI pooling (roi.py),
non-maximum suppression (nms.py), box encoding and anchors (boxes.py), RPN proposals and FPN
levels (proposals.py), deformable convolution (deform_conv.py) and image files (image_io.py).
paddle.vision.ops (eagergraph/vision/ops.py) re-exports them with the layers."""
