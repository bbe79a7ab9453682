"""paddle.incubate.optimizer.lbfgs.LBFGS: paddle.optimizer.LBFGS under its pre-2.5 name, with
the deprecation warning Paddle 3.3.1 gives when it is made."""
import warnings

from ...optimizer.lbfgs import LBFGS as _LBFGS
from .line_search_dygraph import _strong_wolfe

__all__ = ["LBFGS", "_strong_wolfe"]


class LBFGS(_LBFGS):
    def __init__(self, *args, **kwargs):
        warnings.warn("API \"paddle.incubate.optimizer.lbfgs.LBFGS\" is deprecated since 2.5.0, "
                      "and will be removed in future versions. Please use "
                      "\"paddle.optimizer.LBFGS\" instead.", DeprecationWarning, stacklevel=2)
        super().__init__(*args, **kwargs)
