"""read_file and decode_jpeg (Paddle phi/kernels/cpu/read_file_kernel.cc, decode_jpeg_kernel).
read_file gives a file's bytes as a uint8 Tensor. Paddle 3.3.1 decodes JPEG on the GPU only
(nvjpeg) and raises on the CPU; here Pillow decodes it, when Pillow is installed (it is not a
dependency of eagergraph: `pip install Pillow`)."""
import io
import os

import numpy as np

from ...creation import to_tensor
from ..._generated.eager_utils import parse_tensor

__all__ = ["read_file", "decode_jpeg"]

_MODES = {"unchanged": None, "gray": "L", "rgb": "RGB"}


def read_file(filename, name=None):
    """The bytes of `filename` as a 1-D uint8 Tensor."""
    if not isinstance(filename, (str, os.PathLike)):
        raise TypeError(f"read_file(): filename must be a str, but got "
                        f"{type(filename).__name__}.")
    if not os.path.isfile(filename):
        raise FileNotFoundError(f"(NotFound) read_file(): cannot open file {filename!r}: no such "
                                f"file.")
    with open(filename, "rb") as f:
        return to_tensor(np.frombuffer(f.read(), np.uint8).copy())


def decode_jpeg(x, mode="unchanged", name=None):
    """Decode JPEG bytes (a 1-D uint8 Tensor, as read_file gives) into a [C, H, W] uint8
    Tensor: mode 'unchanged' keeps the file's channels, 'gray' gives 1, 'rgb' 3."""
    x = parse_tensor(x, "decode_jpeg", "x", 0)
    if x.dtype.name != "uint8" or x.ndim != 1:
        raise ValueError(f"(InvalidArgument) decode_jpeg(): x should be a 1-D uint8 Tensor of "
                         f"file bytes, but got a {x.dtype.name} Tensor of shape "
                         f"{list(x.shape)}.")
    if mode not in _MODES:
        raise ValueError(f"(InvalidArgument) decode_jpeg(): mode should be 'unchanged', 'gray' "
                         f"or 'rgb', but got {mode!r}.")
    try:
        from PIL import Image
    except ImportError:
        raise NotImplementedError("decode_jpeg() decodes with Pillow on the CPU (Paddle 3.3.1 "
                                  "decodes on the GPU only); install it: pip install Pillow"
                                  ) from None
    try:
        img = Image.open(io.BytesIO(x.numpy().tobytes()))
        img.load()
    except Exception as e:  # Pillow raises several types for bad data
        raise ValueError(f"(InvalidArgument) decode_jpeg(): the data is not a decodable "
                         f"image: {e}") from None
    if _MODES[mode] is not None:
        img = img.convert(_MODES[mode])
    elif img.mode not in ("L", "RGB"):
        img = img.convert("RGB")
    a = np.asarray(img, np.uint8)
    a = a[None] if a.ndim == 2 else a.transpose(2, 0, 1)
    return to_tensor(np.ascontiguousarray(a))
