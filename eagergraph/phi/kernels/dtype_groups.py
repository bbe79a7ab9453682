"""Dtype groups that kernel registrations use. float16/bfloat16 are not listed: they reach the
float32 kernel through the registry's low-precision fallback (computed in float32, like Paddle's
MPType on CPU)."""
from ..common import (bool_, uint8, int8, int16, int32, int64, float32, float64, complex64,
                      complex128, float16, bfloat16)

FLOAT = (float32, float64)
COMPLEX = (complex64, complex128)
FLOAT_COMPLEX = FLOAT + COMPLEX
INT = (uint8, int8, int16, int32, int64)
INT_32_64 = (int32, int64)
REAL = INT + FLOAT
NUMERIC = INT + FLOAT + COMPLEX
ALL = (bool_,) + NUMERIC
ALL_WITH_HALF = ALL + (float16, bfloat16)
