"""paddle.incubate.optimizer: the L-BFGS that Paddle 3.3.1 keeps there, deprecated since 2.5 in
favour of paddle.optimizer.LBFGS (the same algorithm), and its line search."""
from . import lbfgs, line_search_dygraph
from .lbfgs import LBFGS

__all__ = ["LBFGS", "lbfgs", "line_search_dygraph"]
