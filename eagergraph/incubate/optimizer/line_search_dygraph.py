"""paddle.incubate.optimizer.line_search_dygraph: the strong-Wolfe line search L-BFGS uses."""
from ...optimizer.lbfgs import _cubic_interpolate, _strong_wolfe

__all__ = ["_cubic_interpolate", "_strong_wolfe"]
