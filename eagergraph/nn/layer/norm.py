"""Normalization layers (Paddle nn/layer/norm.py) over the norm functionals: BatchNorm (the old
fluid-style one), BatchNorm1D/2D/3D, SyncBatchNorm (one process: a batch norm), LayerNorm,
GroupNorm, InstanceNorm1D/2D/3D, LocalResponseNorm. Scales start at ones and shifts at zeros;
a batch norm's running statistics are the non-trainable parameters `_mean` (zeros) and
`_variance` (ones), so they sit in state_dict beside weight and bias, as in Paddle."""
import numbers
import warnings

from ..._generated import ops_api as _C_ops
from ...autograd import no_grad
from ...framework import get_default_dtype
from .._param_alias import aliases
from ..functional import norm as F
from ..initializer import Constant
from ..param_attr import ParamAttr
from .layers import Layer

__all__ = ["BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "SyncBatchNorm",
           "LayerNorm", "GroupNorm", "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D",
           "LocalResponseNorm"]


def _running_stats(layer, shape, dtype, mean_name, variance_name, do_model_average=True):
    """The `_mean` (zeros) and `_variance` (ones) non-trainable parameters of a batch norm."""
    for attr, name, value in (("_mean", mean_name, 0.0), ("_variance", variance_name, 1.0)):
        p = layer.create_parameter(
            dtype=dtype, shape=shape,
            attr=ParamAttr(name=name, initializer=Constant(value), trainable=False,
                           do_model_average=do_model_average))
        p.stop_gradient = True
        setattr(layer, attr, p)


def _frozen(attr):
    """Paddle freezes a parameter whose ParamAttr has learning_rate 0."""
    return attr is not None and getattr(attr, "learning_rate", None) == 0.0


class _BatchNormBase(Layer):
    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        self._num_features = num_features
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._use_global_stats = use_global_stats
        dtype = get_default_dtype()
        self._dtype = "float32" if dtype == "float16" else dtype
        shape = [num_features]
        self.weight = (self.create_parameter(attr=weight_attr, shape=shape, dtype=self._dtype,
                                             default_initializer=Constant(1.0))
                       if weight_attr is not False else None)
        self.bias = (self.create_parameter(attr=bias_attr, shape=shape, dtype=self._dtype,
                                           is_bias=True)
                     if bias_attr is not False else None)
        _running_stats(self, shape, self._dtype, None if name is None else name + "_mean",
                       None if name is None else name + "_variance")
        self._data_format = data_format
        self._in_place = False
        self._momentum = momentum
        self._epsilon = epsilon
        self._fuse_with_relu = False
        self._name = name

    def _check_input_dim(self, input):
        raise NotImplementedError("BatchNorm Base error")

    def _check_data_format(self, input):
        raise NotImplementedError("BatchNorm Base data format error")

    def forward(self, input):
        self._check_data_format(self._data_format)
        self._check_input_dim(input)
        if self.training:
            warnings.warn("When training, we now always track global mean and variance.")
        return F.batch_norm(input, self._mean, self._variance, weight=self.weight,
                            bias=self.bias, training=self.training, momentum=self._momentum,
                            epsilon=self._epsilon, data_format=self._data_format,
                            use_global_stats=self._use_global_stats)

    def extra_repr(self):
        s = (f"num_features={self._num_features}, momentum={self._momentum}, "
             f"epsilon={self._epsilon}")
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class BatchNorm1D(_BatchNormBase):
    """Batch norm of x [N, C] or [N, C, L] (or NLC)."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_data_format(self, input):
        if input in ("NCHW", "NC", "NCL"):
            self._data_format = "NCHW"
        elif input in ("NHWC", "NLC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("expected NC , NCL, NLC or None for data_format input")

    def _check_input_dim(self, input):
        if len(input.shape) not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {len(input.shape)}D input)")


class BatchNorm2D(_BatchNormBase):
    """Batch norm of x [N, C, H, W] (or NHWC)."""

    def _check_data_format(self, input):
        if input not in ("NCHW", "NHWC"):
            raise ValueError("expected NCHW or NHWC for data_format input")
        self._data_format = input

    def _check_input_dim(self, input):
        if len(input.shape) != 4:
            raise ValueError(f"expected 4D input (got {len(input.shape)}D input)")


class BatchNorm3D(_BatchNormBase):
    """Batch norm of x [N, C, D, H, W] (or NDHWC)."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_data_format(self, input):
        if input in ("NCHW", "NCDHW"):
            self._data_format = "NCHW"
        elif input in ("NHWC", "NDHWC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("expected NCDHW, NDHWC or None for data_format input")

    def _check_input_dim(self, input):
        if len(input.shape) != 5:
            raise ValueError(f"expected 5D input (got {len(input.shape)}D input)")


class SyncBatchNorm(_BatchNormBase):
    """Batch norm across devices; on one process, a batch norm that uses the batch statistics
    in training and the running ones in eval. weight_attr / bias_attr False give frozen ones /
    zeros rather than none."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         None, name)
        shape = [num_features]
        if weight_attr is False:
            self.weight = self.create_parameter(attr=None, shape=shape, dtype=self._dtype,
                                                default_initializer=Constant(1.0))
            self.weight.stop_gradient = True
        if bias_attr is False:
            self.bias = self.create_parameter(attr=None, shape=shape, dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = True

    def _check_data_format(self):
        if self._data_format in ("NCHW", "NCDHW", "NC", "NCL"):
            self._data_format = "NCHW"
        elif self._data_format in ("NHWC", "NDHWC", "NLC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("expected 'NCDHW', 'NDHWC', 'NCL', 'NLC', 'NC', 'NCHW', 'NHWC' "
                             "for data_format")

    def forward(self, x):
        self._check_data_format()
        return F._batch_norm(x, self._mean, self._variance, self.weight, self.bias,
                             not self.training, self._momentum, self._epsilon,
                             self._data_format, False, False)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """`layer` with every batch norm in it replaced by a SyncBatchNorm sharing its
        parameters and running statistics."""
        out = layer
        if isinstance(layer, _BatchNormBase):
            for attr in (layer._weight_attr, layer._bias_attr):
                if attr is not None and not isinstance(attr, bool) and attr.name is not None:
                    attr.name = attr.name + "_sync"
            out = SyncBatchNorm(layer._num_features, layer._momentum, layer._epsilon,
                                layer._weight_attr, layer._bias_attr, layer._data_format,
                                layer._name)
            if layer._weight_attr is not False and layer._bias_attr is not False:
                with no_grad():
                    out.weight = layer.weight
                    out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
        for name, sublayer in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sublayer))
        return out


class BatchNorm(Layer):
    """The fluid-style batch norm: `is_test` (or eval()) selects the running statistics,
    `act` names an activation applied to the output, data_layout is 'NCHW' or 'NHWC'."""

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05,
                 param_attr=None, bias_attr=None, dtype="float32", data_layout="NCHW",
                 in_place=False, moving_mean_name=None, moving_variance_name=None,
                 do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        super().__init__()
        self._param_attr = param_attr
        self._bias_attr = bias_attr
        self._act = act
        self._dtype = "float32" if dtype == "float16" else dtype
        shape = [num_channels]
        self.weight = (self.create_parameter(attr=param_attr, shape=shape, dtype=self._dtype,
                                             default_initializer=Constant(1.0))
                       if param_attr is not False else None)
        self.bias = (self.create_parameter(attr=bias_attr, shape=shape, dtype=self._dtype,
                                           is_bias=True)
                     if bias_attr is not False else None)
        _running_stats(self, shape, self._dtype, moving_mean_name, moving_variance_name,
                       do_model_average_for_mean_and_var)
        self._in_place = in_place
        self._data_layout = data_layout
        self._momentum = momentum
        self._epsilon = epsilon
        self._is_test = is_test
        self._fuse_with_relu = False
        self._use_global_stats = use_global_stats
        self._trainable_statistics = trainable_statistics
        self.training = not is_test

    def forward(self, input):
        out = F._batch_norm(input, self._mean, self._variance, self.weight, self.bias,
                            not self.training, self._momentum, self._epsilon,
                            self._data_layout, self._use_global_stats,
                            self._trainable_statistics)
        return out if self._act is None else getattr(_C_ops, self._act)(out)


class LayerNorm(Layer):
    """Layer norm over the trailing dims `normalized_shape`; weight (ones) and bias (zeros)
    are 1-D with prod(normalized_shape) elements."""

    @aliases({"epsilon": ["eps"]})
    def __init__(self, normalized_shape, epsilon=1e-5, *, elementwise_affine=True, bias=True,
                 device=None, dtype=None, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = [normalized_shape]
        self._normalized_shape = list(normalized_shape)
        self._epsilon = epsilon
        self._device = device
        self._dtype = get_default_dtype() if dtype is None else dtype
        if not elementwise_affine:
            weight_attr = bias_attr = False
        elif not bias:
            bias_attr = False
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        numel = 1
        for n in self._normalized_shape:
            numel *= int(n)
        shape = [numel]
        self.weight = (None if weight_attr is False else self.create_parameter(
            attr=weight_attr, dtype=self._dtype, shape=shape,
            default_initializer=Constant(1.0), device=device))
        self.bias = (None if bias_attr is False else self.create_parameter(
            attr=bias_attr, dtype=self._dtype, shape=shape,
            default_initializer=Constant(0.0), device=device, is_bias=True))

    def forward(self, input):
        return F.layer_norm(input, normalized_shape=self._normalized_shape, weight=self.weight,
                            bias=self.bias, epsilon=self._epsilon)

    def extra_repr(self):
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


class GroupNorm(Layer):
    """Group norm of x [N, num_channels, *] (or channel-last) in num_groups groups; weight
    (ones) and bias (zeros) have num_channels elements."""

    @aliases({"epsilon": ["eps"]})
    def __init__(self, num_groups, num_channels, epsilon=1e-5, *, affine=True, device=None,
                 dtype=None, weight_attr=None, bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._epsilon = epsilon
        self._num_channels = num_channels
        self._num_groups = num_groups
        self._device = device
        self._dtype = get_default_dtype() if dtype is None else dtype
        if data_format not in ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
            raise ValueError("unsupported data layout:" + data_format)
        self._data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        if not affine:
            weight_attr = bias_attr = False
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        shape = [num_channels]
        self.weight = None
        if weight_attr is not False:
            self.weight = self.create_parameter(attr=weight_attr, shape=shape,
                                                dtype=self._dtype,
                                                default_initializer=Constant(1.0),
                                                device=device)
            self.weight.stop_gradient = _frozen(weight_attr)
        self.bias = None
        if bias_attr is not False:
            self.bias = self.create_parameter(attr=bias_attr, shape=shape, dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True,
                                              device=device)
            self.bias.stop_gradient = _frozen(bias_attr)

    def forward(self, input):
        return F.group_norm(input, self._num_groups, self._epsilon, self.weight, self.bias,
                            self._data_format)

    def extra_repr(self):
        return (f"num_groups={self._num_groups}, num_channels={self._num_channels}, "
                f"epsilon={self._epsilon}")


class _InstanceNormBase(Layer):
    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        if weight_attr is False or bias_attr is False:
            assert weight_attr == bias_attr, ("weight_attr and bias_attr must be set to False "
                                              "at the same time in InstanceNorm")
        self._momentum = momentum
        self._epsilon = epsilon
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._num_features = num_features
        self._data_format = data_format
        if weight_attr is not False and bias_attr is not False:
            self.scale = self.create_parameter(attr=weight_attr, shape=[num_features],
                                               default_initializer=Constant(1.0),
                                               is_bias=False)
            self.bias = self.create_parameter(attr=bias_attr, shape=[num_features],
                                              default_initializer=Constant(0.0), is_bias=True)
        else:
            self.scale = None
            self.bias = None

    def _check_input_dim(self, input):
        raise NotImplementedError("InstanceNorm Base error")

    def forward(self, input):
        self._check_input_dim(input)
        return F.instance_norm(input, weight=self.scale, bias=self.bias,
                               momentum=self._momentum, eps=self._epsilon,
                               data_format=self._data_format)

    def extra_repr(self):
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    """Instance norm of x [N, C] or [N, C, L]."""

    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)

    def _check_input_dim(self, input):
        if len(input.shape) not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {len(input.shape)}D input)")


class InstanceNorm2D(_InstanceNormBase):
    """Instance norm of x [N, C, H, W]."""

    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)

    def _check_input_dim(self, input):
        if len(input.shape) != 4:
            raise ValueError(f"expected 4D input (got {len(input.shape)}D input)")


class InstanceNorm3D(_InstanceNormBase):
    """Instance norm of x [N, C, D, H, W]."""

    def __init__(self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)

    def _check_input_dim(self, input):
        if len(input.shape) != 5:
            raise ValueError(f"expected 5D input (got {len(input.shape)}D input)")


class LocalResponseNorm(Layer):
    """F.local_response_norm with this layer's size, alpha, beta, k and data_format."""

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k
        self.data_format = data_format
        self.name = name

    def forward(self, input):
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k,
                                     self.data_format, self.name)

    def extra_repr(self):
        s = f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
        if self.data_format != "NCHW":
            s += f", data_format={self.data_format}"
        if self.name is not None:
            s += f", name={self.name}"
        return s
