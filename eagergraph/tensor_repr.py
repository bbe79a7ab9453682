"""Paddle's Tensor __repr__/__str__ (python/paddle/tensor/to_string.py), reproduced character
for character: a header line, then the values indented under it.

Floats print as `1.` when integral and with `precision` decimals otherwise (never in scientific
notation unless set_printoptions(sci_mode=True)); columns are padded to the widest item, with a
leading space for non-negative items when any item is negative; tensors of more than `threshold`
elements print `edgeitems` items at each end of every dimension with '...' between.
"""
import numpy as np

__all__ = ["set_printoptions", "tensor_repr"]


class PrintOptions:
    precision = 8
    threshold = 1000
    edgeitems = 3
    linewidth = 80
    sci_mode = False


DEFAULT_PRINT_OPTIONS = PrintOptions()


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None,
                     linewidth=None):
    """paddle.set_printoptions: digits, summarising threshold, edge items, scientific notation
    and line width of printed tensors."""
    for name, value, kind in (("precision", precision, int), ("threshold", threshold, int),
                              ("edgeitems", edgeitems, int), ("linewidth", linewidth, int),
                              ("sci_mode", sci_mode, bool)):
        if value is None:
            continue
        if not isinstance(value, kind):
            raise TypeError(f"The type of '{name}' in set_printoptions must be {kind.__name__}, "
                            f"but received {type(value).__name__}.")
        setattr(DEFAULT_PRINT_OPTIONS, name, value)


def _to_summary(var):
    edgeitems = DEFAULT_PRINT_OPTIONS.edgeitems
    if var.size == 0:
        return np.array([])
    if var.ndim == 0:
        return var
    if var.shape[0] > 2 * edgeitems:
        rows = list(var[:edgeitems]) + list(var[-edgeitems:])
    else:
        rows = list(var)
    if var.ndim == 1:
        return np.array(rows, var.dtype)
    return np.stack([_to_summary(x) for x in rows])


def _format_item(v, max_width=0, signed=False):
    opts = DEFAULT_PRINT_OPTIONS
    prec = opts.precision
    kind = v.dtype.kind
    if kind == "f":
        if opts.sci_mode:
            s = f"{v:.{prec}e}"
        elif np.ceil(v) == v:
            s = f"{v:.0f}."
        else:
            s = f"{v:.{prec}f}"
    elif kind == "c":
        re, im = np.real(v), np.imag(v)
        f = "e" if opts.sci_mode else "f"
        s = f"({re:.{prec}{f}}{'+' if im >= 0 else ''}{im:.{prec}{f}}j)"
    else:
        s = f"{v}"
    if max_width > len(s):
        if signed and not v < 0:
            return " " + s.ljust(max_width - 1)
        return s.ljust(max_width)
    return s


def _max_width(var):
    width, signed = 0, False
    for item in var.flatten():
        if not signed and item < 0:
            signed = True
        width = max(width, len(_format_item(item)))
    return width, signed


def _format_tensor(var, summary, indent, max_width, signed):
    edgeitems = DEFAULT_PRINT_OPTIONS.edgeitems
    if var.ndim == 0:
        return _format_item(var, max_width, signed)
    n = var.shape[0]
    cut = summary and n > 2 * edgeitems
    idx = list(range(edgeitems)) + [None] + list(range(n - edgeitems, n)) if cut else range(n)
    if var.ndim == 1:
        items = ["..." if i is None else _format_item(var[i], max_width, signed) for i in idx]
        per_line = max(1, (DEFAULT_PRINT_OPTIONS.linewidth - indent) // (max_width + 2))
        lines = [items[i:i + per_line] for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(", ".join(line) for line in lines) + "]"
    parts = ["..." if i is None else
             _format_tensor(var[i], summary, indent + 1, max_width, signed) for i in idx]
    return "[" + ("," + "\n" * (var.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def tensor_repr(t, prefix="Tensor"):
    indent = len(prefix) + 1
    arr = t._data
    dtype = t.dtype.name
    if dtype == "bfloat16":
        arr = arr.astype(np.float32)
    summary = arr.ndim > 0 and arr.size > DEFAULT_PRINT_OPTIONS.threshold
    width, signed = _max_width(_to_summary(arr))
    data = _format_tensor(arr, summary, indent, width, signed)
    return (f"{prefix}(shape={list(arr.shape)}, dtype={dtype}, place=Place(cpu), "
            f"stop_gradient={t.stop_gradient},\n{' ' * indent}{data})")
