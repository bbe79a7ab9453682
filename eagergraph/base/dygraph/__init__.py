"""paddle.base.dygraph: `guard`, `grad`, `no_grad`, `enabled` (the names Paddle's dygraph tests
use)."""
from . import base
from .base import (guard, enabled, enable_dygraph, disable_dygraph, grad, no_grad, no_grad_,
                   enable_grad, set_grad_enabled, is_grad_enabled)

__all__ = ["base", "guard", "enabled", "enable_dygraph", "disable_dygraph", "grad", "no_grad",
           "no_grad_", "enable_grad", "set_grad_enabled", "is_grad_enabled"]
