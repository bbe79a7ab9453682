"""paddle.sparse.nn layers (python/paddle/sparse/nn/layer/*.py): activations, Softmax,
Conv2D/3D and SubmConv2D/3D, BatchNorm and MaxPool3D over sparse COO tensors."""
import warnings

import numpy as np

from ...nn.layer.layers import Layer
from ...nn.layer.norm import BatchNorm1D
from ...nn.layer.norm import SyncBatchNorm as _DenseSyncBatchNorm
from ...nn.initializer import Normal
from ...nn.functional.conv import update_padding, _ints
from ...nn.functional.norm import _batch_norm
from ..tensor import values_of
from ..unary import check_sparse, with_values
from . import functional as F

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax", "BatchNorm", "SyncBatchNorm", "Conv2D",
           "Conv3D", "SubmConv2D", "SubmConv3D", "MaxPool3D"]


class _Activation(Layer):
    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class ReLU(_Activation):
    def forward(self, x):
        return F.relu(x, self._name)


class ReLU6(_Activation):
    def forward(self, x):
        return F.relu6(x, self._name)


class LeakyReLU(_Activation):
    def __init__(self, negative_slope=0.01, name=None):
        super().__init__(name)
        self._negative_slope = negative_slope

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope, self._name)


class Softmax(_Activation):
    def __init__(self, axis=-1, name=None):
        super().__init__(name)
        self._axis = axis

    def forward(self, x):
        return F.softmax(x, self._axis, self._name)


class MaxPool3D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NDHWC", name=None):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.max_pool3d(x, kernel_size=self.ksize, stride=self.stride, padding=self.padding,
                            ceil_mode=self.ceil_mode, data_format=self.data_format,
                            name=self.name)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class _Conv(Layer):
    _dims = 3
    _subm = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", key=None, weight_attr=None, bias_attr=None,
                 data_format=None, backend=None):
        super().__init__()
        dims = self._dims
        fmt = "NDHWC" if dims == 3 else "NHWC"
        data_format = fmt if data_format is None else data_format
        assert weight_attr is not False, "weight_attr should not be False in Conv."
        assert padding_mode == "zeros", "Currently, only support padding_mode='zeros'"
        assert groups == 1, "Currently, only support groups=1"
        assert backend in [None, "igemm"], \
            f"The value of 'backend' in Conv{dims}D should be None or 'igemm'."
        if data_format != fmt:
            raise ValueError(f"data_format must be one of {{'{fmt}'}}, but got "
                             f"data_format='{data_format}'")
        self._param_attr = weight_attr
        self._bias_attr = bias_attr
        self._groups = groups
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._data_format = data_format
        self._key = key
        self._backend = backend
        self._stride = _ints(stride, dims, "stride")
        self._dilation = _ints(dilation, dims, "dilation")
        self._kernel_size = _ints(kernel_size, dims, "kernel_size")
        self._padding = padding
        self._padding_mode = padding_mode
        self._updated_padding, self._padding_algorithm = update_padding(padding, True, dims)
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(
            shape=[*self._kernel_size, in_channels, out_channels], attr=weight_attr,
            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x):
        fn = {(3, False): F.conv3d, (3, True): F.subm_conv3d, (2, False): F.conv2d,
              (2, True): F.subm_conv2d}[(self._dims, self._subm)]
        return fn(x, self.weight, bias=self.bias, stride=self._stride,
                  padding=self._updated_padding, dilation=self._dilation, groups=self._groups,
                  data_format=self._data_format)

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            s += f", padding_mode={self._padding_mode}"
        if self._dilation != [1] * len(self._dilation):
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        return s + f", data_format={self._data_format}"


class Conv3D(_Conv):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NDHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, padding_mode, None, weight_attr, bias_attr, data_format)


class SubmConv3D(_Conv):
    _subm = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", key=None, weight_attr=None, bias_attr=None,
                 data_format="NDHWC", backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, padding_mode, key, weight_attr, bias_attr, data_format,
                         backend)


class Conv2D(_Conv):
    _dims = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, padding_mode, None, weight_attr, bias_attr, data_format)


class SubmConv2D(_Conv):
    _dims = 2
    _subm = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", key=None, weight_attr=None, bias_attr=None,
                 data_format="NHWC", backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, padding_mode, key, weight_attr, bias_attr, data_format,
                         backend)


def _sparse_batch_norm(layer, x):
    """Paddle's sparse_batch_norm_: batch norm of the values [nnz, C] (the stored sites are
    the batch), running statistics updated in place; the pattern is kept."""
    check_sparse(x, "batch_norm")
    out = _batch_norm(values_of(x), layer._mean, layer._variance, layer.weight, layer.bias,
                      not layer.training, layer._momentum, layer._epsilon, "NC",
                      layer._use_global_stats, layer._trainable_statistics)
    return with_values(x, out)


class BatchNorm(BatchNorm1D):
    """Batch norm over the channels of a sparse COO tensor in NDHWC / NHWC."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NDHWC", use_global_stats=None, name=None):
        super().__init__(num_features, momentum=momentum, epsilon=epsilon,
                         weight_attr=weight_attr, bias_attr=bias_attr, data_format=data_format,
                         use_global_stats=use_global_stats, name=name)

    def _check_data_format(self, input):
        if input not in ["NDHWC", "NHWC"]:
            raise ValueError('sparse BatchNorm only support layout of "NDHWC" and "NHWC"')

    def forward(self, input):
        self._check_data_format(self._data_format)
        if self.training:
            warnings.warn("When training, we now always track global mean and variance.")
        # as Paddle: the first call fixes use_global_stats from the mode it runs in
        if self._use_global_stats is None:
            self._use_global_stats = not self.training
            self._trainable_statistics = False
        else:
            self._trainable_statistics = not self._use_global_stats
        return _sparse_batch_norm(self, input)


class SyncBatchNorm(_DenseSyncBatchNorm):
    """Paddle's sparse SyncBatchNorm runs on GPUs only: its CPU build raises this error in
    forward, and so does eagergraph (BatchNorm is the CPU layer). convert_sync_batchnorm
    works."""

    _gpu_only = True

    def forward(self, x):
        self._check_data_format()
        raise RuntimeError("(NotFound) The kernel `sync_batch_norm_coo` is not registered.\n"
                           "  [Hint: Expected iter != kernels_.end(), but received iter == "
                           "kernels_.end().]")

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        out = layer
        if isinstance(layer, BatchNorm):
            out = SyncBatchNorm(layer._num_features, layer._momentum, layer._epsilon,
                                layer._weight_attr, layer._bias_attr, layer._data_format,
                                layer._name)
            if layer._weight_attr is not False and layer._bias_attr is not False:
                out.weight = layer.weight
                out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
        for name, sub in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sub))
        return out
