"""The public op surface (Paddle python/paddle/tensor/*): the generated functions that are public
as they are (`eagergraph/_generated/public.py`, from ops.yaml), and thin functions with Paddle's
Python signatures over the generated `_C_ops` where Paddle's Python does real work, one module
per family. Every module here lists its public names in __all__ and the Tensor methods it adds
in TENSOR_METHODS (which tensor_tables installs on Tensor).

Each name below is imported from the module that defines it; where a wrapper here and a
generated function share a name, the wrapper is the one imported (`add` from elementwise, not
the generated one). A Tensor-only method (Tensor.zero_) is also an attribute of this package for
eagergraph's own use, but not part of paddle.*. `tests/test_namespaces.py` checks these imports
against the modules' __all__ and TENSOR_METHODS and against _generated/public.py's tables."""
from .._generated.public import (abs, abs_, acos, acos_, acosh, acosh_, add_, addmm, addmm_, angle,
                                 as_complex, as_real, asin, asin_, asinh, asinh_, atan, atan2,
                                 atan_, atanh, atanh_, baddbmm, baddbmm_, bitwise_and_,
                                 bitwise_not_, bitwise_or_, bitwise_xor_, bmm, cast_, ceil, ceil_,
                                 clip_, complex, conj, cos, cos_, cosh, cosh_, cross, diag,
                                 diag_embed, diagonal, digamma, digamma_, dot, elu_, erf, erf_,
                                 erfinv, exp, exp_, expm1, flatten, flatten_, floor, floor_,
                                 floor_divide, floor_divide_, fmax, fmin, gather_nd, greater_equal,
                                 greater_than, heaviside, i0, i0_, i0e, i1, i1e, imag, index_select,
                                 inverse, isfinite, isinf, isnan, kron, leaky_relu_, less_equal,
                                 less_than, lgamma, lgamma_, log, log10, log10_, log1p, log1p_,
                                 log2, log2_, log_, logical_and, logical_not, logical_or,
                                 logical_xor, logit, logit_, masked_select, matmul, maximum,
                                 minimum, multiply, multiply_, mv, nextafter, not_equal, pow_, real,
                                 reciprocal, reciprocal_, relu_, remainder, remainder_, reshape_,
                                 round, round_, rsqrt, rsqrt_, scale_, scatter_, sigmoid, sigmoid_,
                                 sign, sign_, silu_, sin, sin_, sinh, sinh_, softmax_, sqrt, sqrt_,
                                 square, square_, squeeze_, strided_slice, tan, tan_, tanh, tanh_,
                                 tile, trace, tril, tril_, triu, triu_, trunc, trunc_, unsqueeze_)
from .alias import (bitwise_invert, bitwise_invert_, increment, positive, reduce_as, tolist,
                    cat, clamp, clamp_, concatenate, div, div_, eq, floor_mod_, gammaln, gammaln_,
                    ge, ger, gt, ldexp, ldexp_, le, lt, manual_seed, matrix_transpose, mod_, msort,
                    mul, mul_, narrow, ne, negative, permute, polar, ravel, reverse, scatter_add,
                    scatter_add_, scatter_reduce, split_with_sizes, sub, sub_, swapaxes, swapdims,
                    take_along_dim, true_divide, view_as_complex, view_as_real)
from .attribute import (is_complex, is_empty, is_floating_point, is_integer, numel, rank, shape)
from .creation import (arange, as_tensor, asarray, empty, empty_like, eye, from_numpy, full,
                       full_like, linspace, logspace, ones, ones_like, range, tril_indices,
                       triu_indices, zeros, zeros_like)
from .elementwise import (add, add_n, allclose, assign, astype, bitwise_and, bitwise_left_shift,
                          bitwise_left_shift_, bitwise_not, bitwise_or, bitwise_right_shift,
                          bitwise_right_shift_, bitwise_xor, cast, clip, clone, copysign, copysign_,
                          deg2rad, divide, divide_, equal, equal_, equal_all, erfinv_, expm1_,
                          floor_mod, frac, frac_, frexp, gammainc, gammainc_, gammaincc, gammaincc_,
                          gcd, gcd_, greater, greater_equal_, greater_than_, hypot, hypot_,
                          is_tensor, isclose, isin, isneginf, isposinf, isreal, lcm, lcm_, lerp,
                          lerp_, less, less_, less_equal_, less_than_, logaddexp, logical_and_,
                          logical_not_, logical_or_, logical_xor_, mod, multigammaln, multigammaln_,
                          nan_to_num, nan_to_num_, neg, neg_, not_equal_, polygamma, polygamma_,
                          pow, rad2deg, scale, sgn, signbit, sinc, sinc_, stanh, subtract,
                          subtract_)
from .indexing import (argwhere, diagonal_scatter, gather, index_add, index_add_, index_fill,
                       index_fill_, index_put, index_put_, index_sample, masked_fill,
                       masked_scatter, masked_scatter_, nonzero, put_along_axis, put_along_axis_,
                       scatter, scatter_nd, scatter_nd_add, select_scatter, slice, slice_scatter,
                       take, take_along_axis)
from .inplace import (fill_, masked_fill_, normal_, uniform_, zero_)
from .linalg import (cdist, cholesky, cholesky_inverse, cholesky_solve, cond, corrcoef, cov, dist,
                     eig, eigvals, eigvalsh, einsum, householder_product, inner, lstsq, lu,
                     lu_unpack, mm, norm, ormqr, outer, pca_lowrank, pinv, qr, slogdet, solve,
                     svd_lowrank, tensordot, vecdot)
from .manipulation import (as_strided, atleast_1d, atleast_2d, atleast_3d, block_diag,
                           broadcast_shape, broadcast_shapes, broadcast_tensors, broadcast_to,
                           cartesian_prod, chunk, column_stack, combinations, concat, crop,
                           diagflat, diff, dsplit, dstack, expand, expand_as, flip, hsplit, hstack,
                           meshgrid, moveaxis, multiplex, repeat_interleave, reshape, roll, rot90,
                           row_stack, split, squeeze, stack, t, t_, tensor_split, transpose,
                           transpose_, unbind, unflatten, unfold, unsqueeze, unstack, vander, view,
                           view_as, vsplit, vstack, where, where_)
from .random import (bernoulli, bernoulli_, binomial, cauchy_, exponential_, geometric_,
                     get_cuda_rng_state, get_rng_state, log_normal, log_normal_, multinomial,
                     normal, poisson, rand, rand_like, randint, randint_like, randn, randn_like,
                     random_, randperm, set_cuda_rng_state, set_rng_state, standard_gamma,
                     standard_normal, uniform)
from .reduce import (all, amax, amin, any, argmax, argmin, bincount, count_nonzero, cummax, cummin,
                     cumprod, cumprod_, cumsum, cumsum_, cumulative_trapezoid, histogram,
                     histogram_bin_edges, logcumsumexp, logsumexp, max, mean, median, min, nanmean,
                     nanmedian, nanquantile, nansum, prod, quantile, renorm, renorm_, softmax, std,
                     sum, trapezoid, var)
from .search import (argsort, bucketize, kthvalue, mode, searchsorted, sort, topk, unique,
                     unique_consecutive)
# paddle.X: the generated functions public as they are (ops.yaml `public:`), then each family's
# __all__ (tests/test_namespaces.py holds this list to those tables)
__all__ = ["bitwise_invert", "bitwise_invert_", "increment", "positive", "reduce_as", "tolist",
           "abs", "abs_", "acos", "acos_", "acosh", "acosh_", "add", "add_n", "addmm", "addmm_",
           "all", "allclose", "amax", "amin", "angle", "any", "arange", "argmax", "argmin",
           "argsort", "argwhere", "as_complex", "as_real", "as_strided", "as_tensor", "asarray",
           "asin", "asin_", "asinh", "asinh_", "assign", "atan", "atan2", "atan_", "atanh",
           "atanh_", "atleast_1d", "atleast_2d", "atleast_3d", "baddbmm", "baddbmm_", "bernoulli",
           "bernoulli_", "bincount", "binomial", "bitwise_and", "bitwise_and_",
           "bitwise_left_shift", "bitwise_left_shift_", "bitwise_not", "bitwise_not_", "bitwise_or",
           "bitwise_or_", "bitwise_right_shift", "bitwise_right_shift_", "bitwise_xor",
           "bitwise_xor_", "block_diag", "bmm", "broadcast_shape", "broadcast_shapes",
           "broadcast_tensors", "broadcast_to", "bucketize", "cartesian_prod", "cast", "cast_",
           "cat", "cauchy_", "cdist", "ceil", "cholesky", "chunk", "clamp", "clip", "clone",
           "column_stack", "combinations", "complex", "concat", "concatenate", "conj", "copysign",
           "copysign_", "cos", "cos_", "cosh", "cosh_", "count_nonzero", "crop", "cross", "cummax",
           "cummin", "cumprod", "cumprod_", "cumsum", "cumsum_", "cumulative_trapezoid", "deg2rad",
           "diag", "diag_embed", "diagflat", "diagonal", "diagonal_scatter", "diff", "digamma",
           "digamma_", "dist", "div", "div_", "divide", "divide_", "dot", "dsplit", "dstack",
           "eigvalsh", "einsum", "empty", "empty_like", "eq", "equal", "equal_", "equal_all", "erf",
           "erf_", "erfinv", "exp", "expand", "expand_as", "expm1", "expm1_", "eye", "flatten",
           "flatten_", "flip", "floor", "floor_divide", "floor_divide_", "floor_mod", "floor_mod_",
           "fmax", "fmin", "frac", "frac_", "frexp", "from_numpy", "full", "full_like", "gammainc",
           "gammainc_", "gammaincc", "gammaincc_", "gammaln", "gammaln_", "gather", "gather_nd",
           "gcd", "gcd_", "ge", "geometric_", "ger", "get_cuda_rng_state", "get_rng_state",
           "greater", "greater_equal", "greater_equal_", "greater_than", "greater_than_", "gt",
           "heaviside", "histogram", "histogram_bin_edges", "hsplit", "hstack", "hypot", "hypot_",
           "i0", "i0_", "i0e", "i1", "i1e", "imag", "index_add", "index_add_", "index_fill",
           "index_fill_", "index_put", "index_put_", "index_sample", "index_select", "inner",
           "inverse", "is_complex", "is_empty", "is_floating_point", "is_integer", "is_tensor",
           "isclose", "isfinite", "isin", "isinf", "isnan", "isneginf", "isposinf", "isreal",
           "kron", "kthvalue", "lcm", "lcm_", "ldexp", "ldexp_", "le", "lerp", "less", "less_",
           "less_equal", "less_equal_", "less_than", "less_than_", "lgamma", "lgamma_", "linspace",
           "log", "log10", "log10_", "log1p", "log1p_", "log2", "log2_", "log_", "log_normal",
           "log_normal_", "logaddexp", "logcumsumexp", "logical_and", "logical_and_", "logical_not",
           "logical_not_", "logical_or", "logical_or_", "logical_xor", "logical_xor_", "logit",
           "logit_", "logspace", "logsumexp", "lt", "manual_seed", "masked_fill", "masked_fill_",
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

# not in paddle.*: generated X_ forms without a paddle.X_ (eagergraph.ops.clip_) and Tensor-only
# methods, for eagergraph's own use
_NOT_PUBLIC = (add_, astype, ceil_, cholesky_inverse, cholesky_solve, clamp_, clip_, cond, corrcoef,
               cov, eig, eigvals, elu_, erfinv_, exp_, exponential_, fill_, floor_,
               householder_product, leaky_relu_, lerp_, lstsq, lu, lu_unpack, mul_, ormqr,
               pca_lowrank, pinv, put_along_axis_, qr, random_, reciprocal_, relu_, round_, rsqrt_,
               scale_, sigmoid_, sign_, silu_, slogdet, softmax_, solve, split_with_sizes, sqrt_,
               svd_lowrank, uniform_, zero_)
