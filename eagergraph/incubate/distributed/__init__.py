"""paddle.incubate.distributed: fleet's recompute_sequential."""
from . import fleet

__all__ = ["fleet"]
