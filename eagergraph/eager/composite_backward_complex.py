"""Complex helpers that backward formulas call by name (re-exported by composite_backward_api).

Written with ops (`<op>_ad_func`), so they are differentiable like the formulas that use them."""
from ..tensor import Tensor
from .._generated import dygraph_functions as F

__all__ = ["angle_grad"]


def angle_grad(x, out_grad):
    """Paddle's angle_grad. Real x: angle is piecewise constant (0 or pi), so 0. Complex
    x = a + ib, theta = atan2(b, a): d theta/da = -b/|x|^2, d theta/db = a/|x|^2, so
    x_grad = out_grad * (-b + ia)/|x|^2 = (i out_grad) x / |x|^2, and 0 where x == 0."""
    if x._data.dtype.kind != "c":
        return F.scale_ad_func(out_grad, 0.0, 0.0, True)
    r2 = F.multiply_ad_func(x, F.conj_ad_func(x))  # |x|^2, kept complex for the divide
    zero = x._data == 0
    if zero.any():  # |x|^2 -> 1 where x == 0; the numerator is 0 there
        r2 = F.add_ad_func(r2, Tensor._wrap(zero.astype(r2._data.dtype)))
    g = F.scale_ad_func(F.cast_ad_func(out_grad, x.dtype), 1j, 0.0, True)
    return F.divide_ad_func(F.multiply_ad_func(g, x), r2)
