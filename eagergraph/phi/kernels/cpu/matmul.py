"""Matrix product kernel (Paddle matmul_kernel.cc). InferMeta has checked the shapes."""
import numpy as np

from ...kernel_registry import register_kernel
from ...common import int32, int64
from ..dtype_groups import FLOAT_COMPLEX


@register_kernel("matmul", (int32, int64) + FLOAT_COMPLEX)
def matmul(x, y, transpose_x, transpose_y):
    """np.matmul after swapping the last two axes of an operand whose flag is set; a transpose
    flag on a 1-D operand changes nothing, as in Paddle."""
    if transpose_x and x.ndim > 1:
        x = np.swapaxes(x, -1, -2)
    if transpose_y and y.ndim > 1:
        y = np.swapaxes(y, -1, -2)
    return np.matmul(x, y)
