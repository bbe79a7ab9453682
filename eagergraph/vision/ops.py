"""paddle.vision.ops: ConvNormActivation, the Conv2D-norm-activation block the models share."""
from .. import nn

__all__ = ["ConvNormActivation"]


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
