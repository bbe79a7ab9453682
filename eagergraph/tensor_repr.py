"""Paddle's Tensor __repr__: header line, then the values indented under it with 8-digit
precision, '...' summarising tensors of more than 1000 elements (edge items 3)."""
import numpy as np

from .phi.common import NP_TO_DTYPE

_PREFIX = "       "


def _format_values(arr):
    if arr.dtype.name == "bfloat16" or arr.dtype == np.float16:
        arr = arr.astype(np.float32)
    kind = arr.dtype.kind
    opts = dict(separator=", ", threshold=1000, edgeitems=3, prefix=_PREFIX,
                max_line_width=80)
    if kind == "f":
        opts.update(floatmode="fixed" if _needs_fixed(arr) else "unique", precision=8)
        formatter = None
        if _needs_fixed(arr):
            text = np.array2string(arr, formatter={"float_kind": lambda v: f"{v:.8f}"}, **opts)
            return text
        text = np.array2string(arr, formatter=formatter, **opts)
        return text
    if kind == "c":
        text = np.array2string(
            arr, formatter={"complex_kind": lambda v: f"({v.real:.8f}{v.imag:+.8f}j)"}, **opts)
        return text
    if kind == "b":
        return np.array2string(arr, formatter={"bool": lambda v: "True " if v else "False"},
                               **opts).replace("True ]", "True]").replace("True ,", "True ,")
    return np.array2string(arr, **opts)


def _needs_fixed(arr):
    """Paddle prints floats as '1.' when all values are integral, else with 8 decimals."""
    finite = arr[np.isfinite(arr)] if arr.size else arr
    return finite.size > 0 and not np.all(finite == np.round(finite))


def tensor_repr(t):
    arr = t._data
    dt = NP_TO_DTYPE[arr.dtype].name
    head = (f"Tensor(shape={list(arr.shape)}, dtype={dt}, place=Place(cpu), "
            f"stop_gradient={t.stop_gradient},\n")
    if arr.ndim == 0:
        v = arr.astype(np.float32) if dt in ("bfloat16", "float16") else arr
        if v.dtype.kind == "f":
            body = f"{float(v):.8f}"
        elif v.dtype.kind == "c":
            body = f"({v.real:.8f}{v.imag:+.8f}j)"
        else:
            body = str(v.item())
        return head + _PREFIX + body + ")"
    return head + _PREFIX + _format_values(arr) + ")"
