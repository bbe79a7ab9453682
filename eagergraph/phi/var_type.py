"""The kinds of variable Paddle's VarDesc.VarType names besides the dtypes: what Tensor.type
answers (a dygraph Tensor is a DENSE_TENSOR), with Paddle 3.3.1's values."""
import enum


class VarType(enum.IntEnum):
    DENSE_TENSOR = 7
    SELECTED_ROWS = 8
    FEED_MINIBATCH = 9
    FETCH_LIST = 10
    STEP_SCOPES = 11
    DENSE_TENSOR_ARRAY = 13
    PLACE_LIST = 14
    READER = 15
    RAW = 17
    SPARSE_COO = 30
    LOD_TENSOR = 7  # Paddle's older names, the same members
    LOD_TENSOR_ARRAY = 13

    def __str__(self):
        return f"VarType.{self.name}"

    __repr__ = enum.IntEnum.__repr__
