"""paddle.incubate.autograd (dygraph): vjp, jvp, Jacobian, Hessian. The primitive-operator
(static graph) autodiff of Paddle's incubate package is not provided."""
from . import utils
from .functional import vjp, jvp, Jacobian, Hessian

__all__ = ["vjp", "jvp", "Jacobian", "Hessian", "utils"]
