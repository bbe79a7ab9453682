"""paddle.base.set_flags / get_flags: the same functions as paddle.set_flags / get_flags
(eagergraph/flags.py, Paddle 3.3.1's whole public FLAGS table)."""
from ..flags import set_flags, get_flags

__all__ = ["set_flags", "get_flags"]
