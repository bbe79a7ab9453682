"""Parameter (Paddle's EagerParamBase, exported as paddle.nn.Parameter) and
paddle.create_parameter.

A Parameter is a Tensor that a layer owns and an optimizer updates: stop_gradient=False,
persistable=True, `trainable` is `not stop_gradient`, and it carries what the optimizer reads
(optimize_attr={'learning_rate': lr}, regularizer, need_clip)."""
import copy

import numpy as np

from ..tensor import Tensor
from ..tensor_repr import tensor_repr
from ..phi.common import convert_dtype, NP_TO_DTYPE
from ..framework import default_float_dtype
from . import unique_name
from .param_attr import ParamAttr
from .initializer.initializer import Initializer
from .initializer.global_init import global_weight_initializer, global_bias_initializer

__all__ = ["Parameter", "create_parameter"]

class Parameter(Tensor):
    """A learnable Tensor. Parameter(shape, dtype, **attrs) makes an uninitialized one (zeros);
    Parameter(tensor) wraps a tensor's values."""

    def __init__(self, *args, **kwargs):
        if args and isinstance(args[0], (list, tuple)) or "shape" in kwargs:
            self._init_by_shape(*args, **kwargs)
        else:
            self._init_by_tensor(*args, **kwargs)

    def _init_by_shape(self, shape, dtype, **kwargs):
        if shape is None:
            raise ValueError("The shape of Parameter should not be None")
        if dtype is None:
            raise ValueError("The dtype of Parameter should not be None")
        for each in shape:
            if each < 0:
                raise ValueError(f"Each dimension of shape for Parameter must be greater than 0, "
                                 f"but received {list(shape)}")
        arr = np.zeros([int(s) for s in shape], convert_dtype(dtype).np_dtype)
        self._setup(arr, kwargs, not kwargs.get("trainable", True))

    def _init_by_tensor(self, data=None, requires_grad=True, **kwargs):
        if data is None:
            arr = np.zeros([0], np.float32)
        else:
            arr = data._data if isinstance(data, Tensor) else np.asarray(data)
        self._setup(arr, kwargs, not requires_grad)

    def _setup(self, arr, kwargs, stop_gradient):
        self._data = arr
        self._grad_node = None
        self._out_slot = self._out_rank = 0
        self._autograd_meta = None
        self._version = None
        self._base = None
        self.persistable = True
        self.stop_gradient = stop_gradient
        self._name = kwargs.get("name") or unique_name.generate("_eager_param_base")
        self.optimize_attr = kwargs.get("optimize_attr", {"learning_rate": 1.0})
        self.regularizer = kwargs.get("regularizer", None)
        self.do_model_average = kwargs.get("do_model_average", None)
        self.need_clip = kwargs.get("need_clip", True)
        self.is_distributed = kwargs.get("is_distributed", False)
        self._init_func = None

    @property
    def trainable(self):
        return not self.stop_gradient

    @trainable.setter
    def trainable(self, trainable):
        if not isinstance(trainable, bool):
            raise ValueError(f"The type of trainable MUST be bool, but the type is "
                             f"{type(trainable)}")
        self.stop_gradient = not trainable

    def __str__(self):
        return f"Parameter containing:\n{tensor_repr(self)}"

    __repr__ = __str__

    def __deepcopy__(self, memo):
        state = copy.deepcopy(self.__dict__, memo)
        state["name"] = self.name + unique_name.generate("_deepcopy")
        new_param = Parameter(list(self._data.shape), self.dtype, **state)
        new_param._data = self._data.copy()
        new_param.stop_gradient = self.stop_gradient
        memo[id(self)] = new_param
        return new_param

    def __reduce__(self):
        return (_rebuild_parameter, (self._data, self.stop_gradient, self.name,
                                     self.optimize_attr, self.need_clip))


def _rebuild_parameter(arr, stop_gradient, name, optimize_attr, need_clip):
    p = Parameter(list(arr.shape), NP_TO_DTYPE[arr.dtype], name=name, optimize_attr=optimize_attr,
                  need_clip=need_clip)
    p._data = arr
    p.stop_gradient = stop_gradient
    return p


_DEFAULT_INIT_DTYPES = ("float16", "float32", "float64", "bfloat16", "int8")


def _create_parameter(helper_name, attr, shape, dtype, is_bias=False, default_initializer=None):
    """Paddle's LayerHelperBase.create_parameter: the Parameter named by attr (or
    '<helper_name>.w_N' / '.b_N'), filled by attr.initializer, else default_initializer, else
    XavierUniform (weights) or Constant(0) (biases). attr=False: no parameter (None)."""
    attr = ParamAttr._to_attr(copy.deepcopy(attr))
    if not attr:
        return None
    for i, size in enumerate(shape):
        assert size >= 0, (f"Expected every dim's size to be larger than or equal to 0, but the "
                           f"size of the {i}-th dim is {size}")
    dtype = convert_dtype(dtype) if dtype else default_float_dtype()
    # a global initializer (set_global_initializer) goes ahead of the layer's default
    glob = global_bias_initializer() if is_bias else global_weight_initializer()
    if glob is not None:
        default_initializer = glob
    if attr.name is None:
        attr.name = unique_name.generate(f"{helper_name}.{'b' if is_bias else 'w'}")
    if default_initializer is None and attr.initializer is None:
        if dtype.name not in _DEFAULT_INIT_DTYPES:
            raise TypeError("Can not create parameter with default initializer when dtype is not "
                            "['float16', 'float32', 'float64', 'bfloat16', 'float'] type. Set "
                            "default_initializer to fit the parameter dtype!")
        if is_bias:
            attr._set_default_bias_initializer()
        else:
            attr._set_default_param_initializer()
    else:
        attr._set_default_initializer(default_initializer)
    if unique_name.dygraph_parameter_name_checker(attr.name):  # two can't share one name
        raise ValueError(f"parameter name [{attr.name}] have be been used. In dygraph mode, the "
                         f"name of parameter can't be same.Please check the parameter attr value "
                         f"passed to self.create_parameter or constructor of dygraph Layers")
    param = Parameter(list(shape), dtype, name=attr.name,
                      optimize_attr={"learning_rate": attr.learning_rate},
                      regularizer=attr.regularizer, trainable=attr.trainable,
                      do_model_average=attr.do_model_average, need_clip=attr.need_clip)
    attr.initializer(param)
    return param


_SHAPE_ITEM_TYPES = (int, np.uint8, np.int8, np.int16, np.int32, np.int64)
_CREATE_DTYPES = ("bool", "float16", "uint16", "float32", "float64", "int8", "int16", "int32",
                  "int64", "uint8")


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False,
                     default_initializer=None):
    """paddle.create_parameter: a standalone Parameter (named create_parameter_N.w_0 unless
    `name` or attr.name says otherwise)."""
    if not isinstance(shape, (list, tuple, np.ndarray)):
        raise TypeError(f"The type of 'shape' in create_parameter must be (<class 'list'>, "
                        f"<class 'tuple'>, <class 'numpy.ndarray'>), but received "
                        f"{type(shape)}.")
    for item in shape:
        if not isinstance(item, _SHAPE_ITEM_TYPES) or isinstance(item, bool):
            raise TypeError(f"The type of 'item of shape' in create_parameter must be int, but "
                            f"received {type(item)}.")
    d = convert_dtype(dtype)
    if d.name not in _CREATE_DTYPES and d.name != "bfloat16":
        raise TypeError(f"The data type of 'dtype' in create_parameter must be "
                        f"{list(_CREATE_DTYPES)}, but received {d.name}.")
    if attr is not None and not isinstance(attr, ParamAttr):
        raise TypeError(f"The type of 'attr' in create_parameter must be (<class 'NoneType'>, "
                        f"ParamAttr), but received {type(attr)}.")
    if default_initializer is not None and not isinstance(default_initializer, Initializer):
        raise TypeError(f"The type of 'default_initializer' in create_parameter must be "
                        f"(<class 'NoneType'>, Initializer), but received "
                        f"{type(default_initializer)}.")
    helper_name = name if name is not None else unique_name.generate("create_parameter")
    if attr is None:
        attr = ParamAttr(name=name)
    return _create_parameter(helper_name, attr, list(shape), d, is_bias, default_initializer)
