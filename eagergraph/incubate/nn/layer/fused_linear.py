"""FusedLinear and FusedDropoutAdd (Paddle python/paddle/incubate/nn/layer/fused_linear.py,
fused_dropout_add.py)."""
from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["FusedLinear", "FusedDropoutAdd"]


class FusedLinear(Layer):
    """x @ weight + bias, weight [in_features, out_features] ([out, in] with
    transpose_weight)."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None,
                 transpose_weight=False, name=None):
        super().__init__()
        shape = [out_features, in_features] if transpose_weight else [in_features, out_features]
        self.weight = self.create_parameter(shape=shape, attr=weight_attr)
        self.bias = self.create_parameter(shape=[out_features], attr=bias_attr, is_bias=True)
        self.transpose_weight = transpose_weight
        self.name = name

    def forward(self, input):
        return F.fused_linear(input, self.weight, self.bias, self.transpose_weight, self.name)


class FusedDropoutAdd(Layer):
    """dropout(x, p) + y: forward(x, y)."""

    def __init__(self, p=0.5, mode="upscale_in_train", name=None):
        super().__init__()
        self.p, self.mode, self.name = p, mode, name

    def forward(self, x, y):
        return F.fused_dropout_add(x, y, p=self.p, training=self.training, mode=self.mode,
                                   name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, mode={self.mode}{name_str}"
