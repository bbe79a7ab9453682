"""Dropout2D, Dropout3D, AlphaDropout and FeatureAlphaDropout (Paddle nn/layer/common.py): the
dropout functionals with this layer's training flag."""
from ..functional.dropout import dropout2d, dropout3d, alpha_dropout, feature_alpha_dropout
from .layers import Layer

__all__ = ["Dropout2D", "Dropout3D", "AlphaDropout", "FeatureAlphaDropout"]


class Dropout2D(Layer):
    """Zero whole channels of a 4-D input with probability p in training."""

    def __init__(self, p=0.5, data_format="NCHW", name=None):
        super().__init__()
        self.p = p
        self.data_format = data_format
        self.name = name

    def forward(self, input):
        return dropout2d(input, p=self.p, training=self.training,
                         data_format=self.data_format, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, data_format={self.data_format}{name_str}"


class Dropout3D(Dropout2D):
    """Zero whole channels of a 5-D input with probability p in training."""

    def __init__(self, p=0.5, data_format="NCDHW", name=None):
        super().__init__(p, data_format, name)

    def forward(self, input):
        return dropout3d(input, p=self.p, training=self.training,
                         data_format=self.data_format, name=self.name)


class AlphaDropout(Layer):
    """Alpha dropout (keeps the SELU mean and variance) in training."""

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p = p
        self.name = name

    def forward(self, input):
        return alpha_dropout(input, p=self.p, training=self.training, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}{name_str}"


class FeatureAlphaDropout(AlphaDropout):
    """Alpha dropout of whole channels in training."""

    def forward(self, input):
        return feature_alpha_dropout(input, p=self.p, training=self.training,
                                     name=self.name)
