"""eagergraph: PaddlePaddle's eager-mode (dygraph) autograd, in Python on NumPy.

    import eagergraph as paddle
"""
import math
from .phi.common import (bool_ as bool, uint8, int8, int16, int32, int64, float16,  # noqa: A001
                         bfloat16, float32, float64, complex64, complex128, CPUPlace, Place,
                         DataType)
# Paddle 3.x's torch-style dtype names
from .phi.common import (float32 as float, float64 as double, float16 as half,  # noqa: A001
                         int32 as int, int64 as long, int16 as short,  # noqa: A001
                         complex64 as cfloat, complex128 as cdouble)
from .framework import (get_default_dtype, set_default_dtype, set_device, get_device,
                        is_compiled_with_cuda, finfo, iinfo)
from .flags import set_flags, get_flags
from .phi.generator import seed, PublicGenerator as Generator
from .tensor import Tensor, Size
from .creation import to_tensor
from .tensor_repr import set_printoptions
from . import linalg
from . import fft
from . import nn
from . import signal
from .nn.parameter import create_parameter
from .nn.param_attr import ParamAttr
from . import optimizer
from . import regularizer
from .paddle_alias import install_as_paddle
from ._generated import ops_api as _C_ops
from . import autograd
from .autograd import grad, no_grad, enable_grad, set_grad_enabled, is_grad_enabled
from . import io
from .framework_io import save, load
from . import static
from . import metric
from . import callbacks
from . import hapi
from .hapi import Model, summary

from .framework_mode import in_dynamic_mode, disable_static, enable_static
from . import device
from .device import (is_compiled_with_rocm, is_compiled_with_xpu, is_compiled_with_ipu,
                     is_compiled_with_cinn, is_compiled_with_distribute,
                     is_compiled_with_custom_device, get_default_device, set_default_device,
                     device_guard, CUDAPlace, CUDAPinnedPlace, XPUPlace, IPUPlace, CustomPlace)
from . import base
from . import incubate
from . import geometric
from . import sparse
from . import vision
from . import text
from . import distributed
from .distributed import DataParallel
from . import amp
from . import distribution
from . import jit
from . import utils
from .utils.dlpack import to_dlpack, from_dlpack
from . import version
from .amp import is_autocast_enabled, get_autocast_dtype

dtype = DataType
# paddle.add, paddle.sum, ...: eagergraph.ops's __all__ (each imported there from its module)
from .ops import (bitwise_invert, bitwise_invert_, increment, positive, reduce_as, tolist,
                  abs, abs_, acos, acos_, acosh, acosh_, add, add_n, addmm, addmm_, all, allclose,
                  amax, amin, angle, any, arange, argmax, argmin, argsort, argwhere, as_complex,
                  as_real, as_strided, as_tensor, asarray, asin, asin_, asinh, asinh_, assign, atan,
                  atan2, atan_, atanh, atanh_, atleast_1d, atleast_2d, atleast_3d, baddbmm,
                  baddbmm_, bernoulli, bernoulli_, bincount, binomial, bitwise_and, bitwise_and_,
                  bitwise_left_shift, bitwise_left_shift_, bitwise_not, bitwise_not_, bitwise_or,
                  bitwise_or_, bitwise_right_shift, bitwise_right_shift_, bitwise_xor, bitwise_xor_,
                  block_diag, bmm, broadcast_shape, broadcast_shapes, broadcast_tensors,
                  broadcast_to, bucketize, cartesian_prod, cast, cast_, cat, cauchy_, cdist, ceil,
                  cholesky, chunk, clamp, clip, clone, column_stack, combinations, complex, concat,
                  concatenate, conj, copysign, copysign_, cos, cos_, cosh, cosh_, count_nonzero,
                  crop, cross, cummax, cummin, cumprod, cumprod_, cumsum, cumsum_,
                  cumulative_trapezoid, deg2rad, diag, diag_embed, diagflat, diagonal,
                  diagonal_scatter, diff, digamma, digamma_, dist, div, div_, divide, divide_, dot,
                  dsplit, dstack, eigvalsh, einsum, empty, empty_like, eq, equal, equal_, equal_all,
                  erf, erf_, erfinv, exp, expand, expand_as, expm1, expm1_, eye, flatten, flatten_,
                  flip, floor, floor_divide, floor_divide_, floor_mod, floor_mod_, fmax, fmin, frac,
                  frac_, frexp, from_numpy, full, full_like, gammainc, gammainc_, gammaincc,
                  gammaincc_, gammaln, gammaln_, gather, gather_nd, gcd, gcd_, ge, geometric_, ger,
                  get_cuda_rng_state, get_rng_state, greater, greater_equal, greater_equal_,
                  greater_than, greater_than_, gt, heaviside, histogram, histogram_bin_edges,
                  hsplit, hstack, hypot, hypot_, i0, i0_, i0e, i1, i1e, imag, index_add, index_add_,
                  index_fill, index_fill_, index_put, index_put_, index_sample, index_select, inner,
                  inverse, is_complex, is_empty, is_floating_point, is_integer, is_tensor, isclose,
                  isfinite, isin, isinf, isnan, isneginf, isposinf, isreal, kron, kthvalue, lcm,
                  lcm_, ldexp, ldexp_, le, lerp, less, less_, less_equal, less_equal_, less_than,
                  less_than_, lgamma, lgamma_, linspace, log, log10, log10_, log1p, log1p_, log2,
                  log2_, log_, log_normal, log_normal_, logaddexp, logcumsumexp, logical_and,
                  logical_and_, logical_not, logical_not_, logical_or, logical_or_, logical_xor,
                  logical_xor_, logit, logit_, logspace, logsumexp, lt, manual_seed, masked_fill,
                  masked_fill_, masked_scatter, masked_scatter_, masked_select, matmul,
                  matrix_transpose, max, maximum, mean, median, meshgrid, min, minimum, mm, mod,
                  mod_, mode, moveaxis, msort, mul, multigammaln, multigammaln_, multinomial,
                  multiplex, multiply, multiply_, mv, nan_to_num, nan_to_num_, nanmean, nanmedian,
                  nanquantile, nansum, narrow, ne, neg, neg_, negative, nextafter, nonzero, norm,
                  normal, normal_, not_equal, not_equal_, numel, ones, ones_like, outer, permute,
                  poisson, polar, polygamma, polygamma_, pow, pow_, prod, put_along_axis, quantile,
                  rad2deg, rand, rand_like, randint, randint_like, randn, randn_like, randperm,
                  range, rank, ravel, real, reciprocal, remainder, remainder_, renorm, renorm_,
                  repeat_interleave, reshape, reshape_, reverse, roll, rot90, round, row_stack,
                  rsqrt, scale, scatter, scatter_, scatter_add, scatter_add_, scatter_nd,
                  scatter_nd_add, scatter_reduce, searchsorted, select_scatter, set_cuda_rng_state,
                  set_rng_state, sgn, shape, sigmoid, sign, signbit, sin, sin_, sinc, sinc_, sinh,
                  sinh_, slice, slice_scatter, softmax, sort, split, sqrt, square, square_, squeeze,
                  squeeze_, stack, standard_gamma, standard_normal, stanh, std, strided_slice, sub,
                  sub_, subtract, subtract_, sum, swapaxes, swapdims, t, t_, take, take_along_axis,
                  take_along_dim, tan, tan_, tanh, tanh_, tensor_split, tensordot, tile, topk,
                  trace, transpose, transpose_, trapezoid, tril, tril_, tril_indices, triu, triu_,
                  triu_indices, true_divide, trunc, trunc_, unbind, unflatten, unfold, uniform,
                  unique, unique_consecutive, unsqueeze, unsqueeze_, unstack, vander, var, vecdot,
                  view, view_as, view_as_complex, view_as_real, vsplit, vstack, where, where_,
                  zeros, zeros_like)

__all__ = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
           "float64", "complex64", "complex128", "CPUPlace", "Place", "DataType", "dtype",
           "get_default_dtype", "set_default_dtype", "set_device", "get_device", "seed", "Generator",
           "is_compiled_with_cuda", "Tensor", "Size", "to_tensor", "set_printoptions", "nn",
           "autograd", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
           "_C_ops", "optimizer", "regularizer"]
# the op functions imported from .ops above, as eagergraph.ops.__all__ lists them
__all__ += ["bitwise_invert", "bitwise_invert_", "increment", "positive", "reduce_as", "tolist"]
__all__ += ["abs", "abs_", "acos", "acos_", "acosh", "acosh_", "add", "add_n", "addmm", "addmm_",
            "all", "allclose", "amax", "amin", "angle", "any", "arange", "argmax", "argmin",
            "argsort", "argwhere", "as_complex", "as_real", "as_strided", "as_tensor", "asarray",
            "asin", "asin_", "asinh", "asinh_", "assign", "atan", "atan2", "atan_", "atanh",
            "atanh_", "atleast_1d", "atleast_2d", "atleast_3d", "baddbmm", "baddbmm_", "bernoulli",
            "bernoulli_", "bincount", "binomial", "bitwise_and", "bitwise_and_",
            "bitwise_left_shift", "bitwise_left_shift_", "bitwise_not", "bitwise_not_",
            "bitwise_or", "bitwise_or_", "bitwise_right_shift", "bitwise_right_shift_",
            "bitwise_xor", "bitwise_xor_", "block_diag", "bmm", "broadcast_shape",
            "broadcast_shapes", "broadcast_tensors", "broadcast_to", "bucketize", "cartesian_prod",
            "cast", "cast_", "cat", "cauchy_", "cdist", "ceil", "cholesky", "chunk", "clamp",
            "clip", "clone", "column_stack", "combinations", "complex", "concat", "concatenate",
            "conj", "copysign", "copysign_", "cos", "cos_", "cosh", "cosh_", "count_nonzero",
            "crop", "cross", "cummax", "cummin", "cumprod", "cumprod_", "cumsum", "cumsum_",
            "cumulative_trapezoid", "deg2rad", "diag", "diag_embed", "diagflat", "diagonal",
            "diagonal_scatter", "diff", "digamma", "digamma_", "dist", "div", "div_", "divide",
            "divide_", "dot", "dsplit", "dstack", "eigvalsh", "einsum", "empty", "empty_like", "eq",
            "equal", "equal_", "equal_all", "erf", "erf_", "erfinv", "exp", "expand", "expand_as",
            "expm1", "expm1_", "eye", "flatten", "flatten_", "flip", "floor", "floor_divide",
            "floor_divide_", "floor_mod", "floor_mod_", "fmax", "fmin", "frac", "frac_", "frexp",
            "from_numpy", "full", "full_like", "gammainc", "gammainc_", "gammaincc", "gammaincc_",
            "gammaln", "gammaln_", "gather", "gather_nd", "gcd", "gcd_", "ge", "geometric_", "ger",
            "get_cuda_rng_state", "get_rng_state", "greater", "greater_equal", "greater_equal_",
            "greater_than", "greater_than_", "gt", "heaviside", "histogram", "histogram_bin_edges",
            "hsplit", "hstack", "hypot", "hypot_", "i0", "i0_", "i0e", "i1", "i1e", "imag",
            "index_add", "index_add_", "index_fill", "index_fill_", "index_put", "index_put_",
            "index_sample", "index_select", "inner", "inverse", "is_complex", "is_empty",
            "is_floating_point", "is_integer", "is_tensor", "isclose", "isfinite", "isin", "isinf",
            "isnan", "isneginf", "isposinf", "isreal", "kron", "kthvalue", "lcm", "lcm_", "ldexp",
            "ldexp_", "le", "lerp", "less", "less_", "less_equal", "less_equal_", "less_than",
            "less_than_", "lgamma", "lgamma_", "linspace", "log", "log10", "log10_", "log1p",
            "log1p_", "log2", "log2_", "log_", "log_normal", "log_normal_", "logaddexp",
            "logcumsumexp", "logical_and", "logical_and_", "logical_not", "logical_not_",
            "logical_or", "logical_or_", "logical_xor", "logical_xor_", "logit", "logit_",
            "logspace", "logsumexp", "lt", "manual_seed", "masked_fill", "masked_fill_",
            "masked_scatter", "masked_scatter_", "masked_select", "matmul", "matrix_transpose",
            "max", "maximum", "mean", "median", "meshgrid", "min", "minimum", "mm", "mod", "mod_",
            "mode", "moveaxis", "msort", "mul", "multigammaln", "multigammaln_", "multinomial",
            "multiplex", "multiply", "multiply_", "mv", "nan_to_num", "nan_to_num_", "nanmean",
            "nanmedian", "nanquantile", "nansum", "narrow", "ne", "neg", "neg_", "negative",
            "nextafter", "nonzero", "norm", "normal", "normal_", "not_equal", "not_equal_", "numel",
            "ones", "ones_like", "outer", "permute", "poisson", "polar", "polygamma", "polygamma_",
            "pow", "pow_", "prod", "put_along_axis", "quantile", "rad2deg", "rand", "rand_like",
            "randint", "randint_like", "randn", "randn_like", "randperm", "range", "rank", "ravel",
            "real", "reciprocal", "remainder", "remainder_", "renorm", "renorm_",
            "repeat_interleave", "reshape", "reshape_", "reverse", "roll", "rot90", "round",
            "row_stack", "rsqrt", "scale", "scatter", "scatter_", "scatter_add", "scatter_add_",
            "scatter_nd", "scatter_nd_add", "scatter_reduce", "searchsorted", "select_scatter",
            "set_cuda_rng_state", "set_rng_state", "sgn", "shape", "sigmoid", "sign", "signbit",
            "sin", "sin_", "sinc", "sinc_", "sinh", "sinh_", "slice", "slice_scatter", "softmax",
            "sort", "split", "sqrt", "square", "square_", "squeeze", "squeeze_", "stack",
            "standard_gamma", "standard_normal", "stanh", "std", "strided_slice", "sub", "sub_",
            "subtract", "subtract_", "sum", "swapaxes", "swapdims", "t", "t_", "take",
            "take_along_axis", "take_along_dim", "tan", "tan_", "tanh", "tanh_", "tensor_split",
            "tensordot", "tile", "topk", "trace", "transpose", "transpose_", "trapezoid", "tril",
            "tril_", "tril_indices", "triu", "triu_", "triu_indices", "true_divide", "trunc",
            "trunc_", "unbind", "unflatten", "unfold", "uniform", "unique", "unique_consecutive",
            "unsqueeze", "unsqueeze_", "unstack", "vander", "var", "vecdot", "view", "view_as",
            "view_as_complex", "view_as_real", "vsplit", "vstack", "where", "where_", "zeros",
            "zeros_like"]
__all__ += ["create_parameter", "ParamAttr", "install_as_paddle"]
__all__ += ["set_flags", "get_flags", "finfo", "iinfo"]
__all__ += ["float", "double", "half", "int", "long", "short", "cfloat", "cdouble"]
e, pi, inf, nan, newaxis = math.e, math.pi, math.inf, math.nan, None
__all__ += ["e", "pi", "inf", "nan", "newaxis"]
__all__ += ["io", "save", "load"]
__all__ += ["static", "metric", "callbacks", "hapi", "Model", "summary"]
__all__ += ["vision", "text", "linalg", "fft", "signal", "geometric", "sparse"]
__all__ += ["distributed", "DataParallel"]
__all__ += ["to_dlpack", "from_dlpack"]
__all__ += ["amp", "is_autocast_enabled", "get_autocast_dtype", "jit", "utils", "version",
            "distribution"]
__all__ += ["in_dynamic_mode", "disable_static", "enable_static", "device", "base", "incubate",
            "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_ipu",
            "is_compiled_with_cinn", "is_compiled_with_distribute",
            "is_compiled_with_custom_device", "get_default_device", "set_default_device",
            "device_guard", "CUDAPlace", "CUDAPinnedPlace", "XPUPlace", "IPUPlace", "CustomPlace"]

# functional ops Paddle 3.3.1 also binds at the top (paddle.conv2d is F.conv2d)
from .nn.functional import (conv1d, conv2d, conv3d, group_norm, layer_norm,
                            adaptive_avg_pool1d)
__all__ += ["conv1d", "conv2d", "conv3d", "group_norm", "layer_norm", "adaptive_avg_pool1d"]
from .amp import autocast, get_autocast_dtype as get_autocast_cpu_dtype
get_autocast_gpu_dtype = get_autocast_cpu_dtype
__all__ += ["autocast", "get_autocast_cpu_dtype", "get_autocast_gpu_dtype"]

__version__ = "0.1.0"

# Tensor's methods: every module's TENSOR_METHODS table (tensor_tables.TABLES), installed once
from .tensor_tables import install_tensor_methods as _install_tensor_methods  # noqa: E402
_install_tensor_methods()
del _install_tensor_methods

# Paddle 3.x's keyword aliases (dim= for axis=, input= for x=, ...), declared in one table
from .param_alias import install as _install_aliases  # noqa: E402
from .param_alias_table import ALIASES as _ALIASES  # noqa: E402
_install_aliases(_ALIASES)
del _install_aliases, _ALIASES

# paddle.framework's re-exports (ParamAttr, in_dynamic_mode, ...), bound once all are imported
from . import framework_exports as _framework_exports  # noqa: E402
_framework_exports.install(__import__(__name__))

# paddle.tensor(...) makes a Tensor, paddle.tensor.math.add is an op (Paddle 3.3.1 has both)
from .tensor_namespace import TensorMethodOrModule as _TensorMethodOrModule  # noqa: E402
tensor = _TensorMethodOrModule()
__all__ += ["tensor"]

from .nn.functional.distance import pdist  # noqa: E402  (paddle.pdist, as in Paddle 3.3.1)
__all__ += ["pdist"]
