"""paddle.distributed.fleet.utils, the parts dygraph scripts use: recompute, the file systems
(LocalFS, HDFSClient) and DistributedInfer (static-graph parameter-server inference: not
implemented, it raises saying so)."""
from ..recompute import recompute
from . import fs
from .fs import HDFSClient, LocalFS
from ...auto_parallel import unsupported as _unsupported

DistributedInfer = _unsupported(
    "fleet.utils.DistributedInfer",
    "is static-graph parameter-server inference (a Program and a PS runtime)", cls=True)

__all__ = ["recompute", "LocalFS", "HDFSClient", "DistributedInfer", "fs"]
