"""Common layers (Paddle nn/layer/common.py): Identity, Linear, Bilinear, Dropout, Flatten,
Unflatten, Embedding."""
from ... import ops as _ops
from ...framework import get_default_dtype
from ...autograd import no_grad
from ..functional import common as F
from ..functional import conv as Fc
from .layers import Layer

__all__ = ["Identity", "Linear", "Bilinear", "Dropout", "Flatten", "Unflatten", "Embedding",
           "Unfold", "Fold"]


class Identity(Layer):
    """Returns its input (any constructor arguments are ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Layer):
    """y = x @ weight + bias; weight [in_features, out_features] (XavierUniform by default),
    bias [out_features] (zeros). bias_attr=False: no bias."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._dtype = get_default_dtype()
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self.weight = self.create_parameter(shape=[in_features, out_features],
                                            attr=self._weight_attr, dtype=self._dtype,
                                            is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=self._bias_attr,
                                          dtype=self._dtype, is_bias=True)
        self.name = name

    def forward(self, input):
        return F.linear(x=input, weight=self.weight, bias=self.bias, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, "
                f"dtype={self._dtype}{name_str}")


class Bilinear(Layer):
    """out[b, k] = x1[b] @ weight[k] @ x2[b] + bias[0, k]; weight [out, in1, in2],
    bias [1, out]."""

    def __init__(self, in1_features, in2_features, out_features, weight_attr=None,
                 bias_attr=None, name=None):
        super().__init__()
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._name = name
        self._in1_features = in1_features
        self._in2_features = in2_features
        self._out_features = out_features
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter(attr=self._weight_attr,
                                            shape=[out_features, in1_features, in2_features],
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(attr=self._bias_attr, shape=[1, out_features],
                                          dtype=self._dtype, is_bias=True)

    def forward(self, x1, x2):
        return F.bilinear(x1, x2, self.weight, self.bias, self._name)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return (f"in1_features={self._in1_features}, in2_features={self._in2_features}, "
                f"out_features={self._out_features}, dtype={self._dtype}{name_str}")


class Dropout(Layer):
    """F.dropout with this layer's training flag."""

    def __init__(self, p=0.5, inplace=False, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        self.p = p
        self.inplace = inplace
        self.axis = axis
        self.mode = mode
        self.name = name

    def forward(self, input):
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training,
                         inplace=self.inplace, mode=self.mode, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{name_str}, inplace={self.inplace}"


class Flatten(Layer):
    """paddle.flatten(x, start_axis, stop_axis)."""

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = start_axis
        self.stop_axis = stop_axis

    def forward(self, input):
        return _ops.flatten(input, start_axis=self.start_axis, stop_axis=self.stop_axis)


class Unflatten(Layer):
    """Split dimension `axis` into `shape`."""

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis = axis
        self.shape = shape
        self.name = name

    def forward(self, input):
        in_shape = input.shape
        axis = self.axis % len(in_shape) if in_shape else 0
        shape = list(self.shape)
        return _ops.reshape(input, in_shape[:axis] + shape + in_shape[axis + 1:])

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"axis={self.axis}, shape={self.shape}{name_str}"


class Embedding(Layer):
    """A [num_embeddings, embedding_dim] table (XavierUniform by default) looked up by integer
    ids; the padding_idx row starts at zero and gets no gradient."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, *, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, device=None, dtype=None, weight_attr=None, name=None):
        super().__init__()
        self._num_embeddings = num_embeddings
        self._embedding_dim = embedding_dim
        self._sparse = sparse
        self._is_distributed = False
        self._max_norm = max_norm
        self._norm_type = norm_type
        self._padding_idx = padding_idx
        self._scale_grad_by_freq = scale_grad_by_freq
        self._device = device
        if self._num_embeddings <= 0:
            raise ValueError("num_embeddings must be gather than 0")
        if self._embedding_dim <= 0:
            raise ValueError("embedding_dim must be gather than 0")
        padding_idx = -1 if padding_idx is None else padding_idx if padding_idx >= 0 else \
            num_embeddings + padding_idx
        if padding_idx >= num_embeddings or padding_idx < -num_embeddings:
            raise ValueError(f"padding_idx must be within [-{num_embeddings}, "
                             f"{num_embeddings})")
        self._dtype = get_default_dtype() if dtype is None else dtype
        self._size = [self._num_embeddings, self._embedding_dim]
        self._weight_attr = weight_attr
        self._name = name
        if _weight is not None:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = _weight
            self.weight.stop_gradient = _freeze
        else:
            self.weight = self.create_parameter(attr=self._weight_attr, shape=self._size,
                                                dtype=self._dtype, is_bias=False,
                                                device=self._device)
            if self._weight_attr is None:
                self.weight.stop_gradient = _freeze
        if padding_idx != -1:
            with no_grad():
                self.weight._data[padding_idx] = 0.0

    @property
    def padding_idx(self):
        return self._padding_idx

    @padding_idx.setter
    def padding_idx(self, value):
        self._padding_idx = value

    def forward(self, x):
        return F.embedding(x, weight=self.weight, padding_idx=self._padding_idx,
                           max_norm=self._max_norm, norm_type=self._norm_type,
                           sparse=self._sparse, scale_grad_by_freq=self._scale_grad_by_freq,
                           name=self._name)

    def extra_repr(self):
        main_str = "{_num_embeddings}, {_embedding_dim}"
        if self._padding_idx is not None:
            main_str += ", padding_idx={_padding_idx}"
        main_str += ", sparse={_sparse}"
        main_str += ", scale_grad_by_freq={_scale_grad_by_freq}"
        if self._name is not None:
            main_str += ", name={_name}"
        return main_str.format(**self.__dict__)


class Unfold(Layer):
    """Sliding blocks of an NCHW input as columns (F.unfold): [N, C*kh*kw, L]."""

    def __init__(self, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.kernel_sizes, self.dilations = kernel_sizes, dilations
        self.paddings, self.strides, self.name = paddings, strides, name

    def forward(self, input):
        return Fc.unfold(input, self.kernel_sizes, self.strides, self.paddings,
                         self.dilations, self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name_str}")


class Fold(Layer):
    """Columns [N, C*kh*kw, L] summed back into an NCHW image of output_sizes (F.fold)."""

    def __init__(self, output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1,
                 name=None):
        super().__init__()
        self.output_sizes, self.kernel_sizes = output_sizes, kernel_sizes
        self.dilations, self.paddings, self.strides, self.name = dilations, paddings, strides, name

    def forward(self, input):
        return Fc.fold(input, self.output_sizes, self.kernel_sizes, self.strides,
                       self.paddings, self.dilations, self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name_str}")
