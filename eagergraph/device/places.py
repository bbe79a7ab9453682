"""Accelerator places for a CPU-only build: the classes exist (code names them and checks
isinstance against them) but, as in a CPU build of Paddle, constructing one raises ValueError."""


class _UnavailablePlace:
    """Base of the accelerator places eagergraph does not have."""

    _kind = "GPU"

    def __init__(self, *args, **kwargs):
        raise ValueError(
            f"(InvalidArgument) {type(self).__name__} cannot be used: eagergraph runs on the CPU "
            f"only (NumPy), like a CPU build of PaddlePaddle, so there is no {self._kind}. "
            f"Use paddle.CPUPlace().")


class CUDAPlace(_UnavailablePlace):
    _kind = "GPU"


class CUDAPinnedPlace(_UnavailablePlace):
    _kind = "GPU (pinned host memory for CUDA)"


class XPUPlace(_UnavailablePlace):
    _kind = "XPU"


class IPUPlace(_UnavailablePlace):
    _kind = "IPU"


class CustomPlace(_UnavailablePlace):
    _kind = "custom device"


class Device(str):
    """What Tensor.device answers, as Paddle 3.3.1's paddle.device.Device: a str ('cpu') with
    `type` and `index` (None for the CPU)."""

    def __new__(cls, type="cpu", index=None):
        if str(type).lower() != "cpu":
            raise ValueError(f"(InvalidArgument) device {type!r} cannot be used: eagergraph "
                             f"runs on the CPU only.")
        return super().__new__(cls, "cpu")

    @property
    def type(self):
        return "cpu"

    @property
    def index(self):
        return None

    def __repr__(self):
        return "'cpu'"
