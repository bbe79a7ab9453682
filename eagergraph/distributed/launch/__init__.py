"""The launcher: `python -m eagergraph.distributed.launch --nproc_per_node N script.py`."""
from .main import launch

__all__ = ["launch"]
