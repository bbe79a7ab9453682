"""paddle.device.xpu on a CPU-only build: no XPU devices."""
from .queries import device_count  # noqa: F401

__all__ = ["device_count"]
