"""paddle.vision.ops: detection ops (eagergraph/vision/detection/: RoI pooling, NMS, box
coding and anchors, RPN proposals and FPN levels, deformable convolution, image files), their
layers (RoIAlign, RoIPool, PSRoIPool, DeformConv2D), and ConvNormActivation, the
Conv2D-norm-activation block the models share."""
from .. import nn
from ..nn.initializer import Normal
from .detection.boxes import box_coder, prior_box, yolo_box
from .detection.deform_conv import deform_conv2d
from .detection.image_io import decode_jpeg, read_file
from .detection.nms import matrix_nms, nms
from .detection.proposals import distribute_fpn_proposals, generate_proposals
from .detection.roi import psroi_pool, roi_align, roi_pool
from .detection.yolo_loss import yolo_loss

__all__ = ["yolo_loss", "yolo_box", "prior_box", "box_coder", "deform_conv2d", "DeformConv2D",
           "distribute_fpn_proposals",
           "generate_proposals", "read_file", "decode_jpeg", "roi_pool", "RoIPool", "psroi_pool",
           "PSRoIPool", "roi_align", "RoIAlign", "nms", "matrix_nms", "ConvNormActivation"]


class DeformConv2D(nn.Layer):
    """deform_conv2d as a layer, with weight [out_channels, in_channels / groups, kh, kw]
    (Normal(0, sqrt(2 / (in_channels * kh * kw))), as Paddle) and bias [out_channels]:
    forward(x, offset, mask=None)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 dilation=1, deformable_groups=1, groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self._groups, self._deformable_groups = groups, deformable_groups
        self._in_channels, self._out_channels = in_channels, out_channels
        self._channel_dim = 1
        self._stride = _pair(stride)
        self._padding = _pair(padding)
        self._dilation = _pair(dilation)
        self._kernel_size = _pair(kernel_size)
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups.")
        shape = [out_channels, in_channels // groups] + self._kernel_size
        std = (2.0 / (self._kernel_size[0] * self._kernel_size[1] * in_channels)) ** 0.5
        self.weight = self.create_parameter(shape=shape, attr=weight_attr,
                                            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x, offset, mask=None):
        return deform_conv2d(x=x, offset=offset, weight=self.weight, bias=self.bias,
                             stride=self._stride, padding=self._padding,
                             dilation=self._dilation, deformable_groups=self._deformable_groups,
                             groups=self._groups, mask=mask)


def _pair(v):
    return [v, v] if isinstance(v, int) else [int(e) for e in v]


class RoIAlign(nn.Layer):
    """roi_align as a layer: forward(x, boxes, boxes_num, aligned=True)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num, aligned=True):
        return roi_align(x=x, boxes=boxes, boxes_num=boxes_num, output_size=self._output_size,
                         spatial_scale=self._spatial_scale, aligned=aligned)


class RoIPool(nn.Layer):
    """roi_pool as a layer: forward(x, boxes, boxes_num)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return roi_pool(x=x, boxes=boxes, boxes_num=boxes_num, output_size=self._output_size,
                        spatial_scale=self._spatial_scale)

    def extra_repr(self):
        return f"output_size={self._output_size}, spatial_scale={self._spatial_scale}"


class PSRoIPool(nn.Layer):
    """psroi_pool as a layer: forward(x, boxes, boxes_num)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self.output_size = output_size
        self.spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return psroi_pool(x, boxes, boxes_num, self.output_size, self.spatial_scale)


class ConvNormActivation(nn.Sequential):
    """Conv2D, then norm_layer(out_channels) and activation_layer() unless they are None; the
    convolution has a bias only when there is no norm layer (unless `bias` says otherwise)."""

    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None,
                 groups=1, norm_layer=nn.BatchNorm2D, activation_layer=nn.ReLU, dilation=1,
                 bias=None):
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding,
                            dilation=dilation, groups=groups, bias_attr=bias)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)
