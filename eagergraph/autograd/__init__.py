"""paddle.autograd: backward, grad, grad modes, saved-tensor hooks, jacobian/hessian,
gradcheck/gradgradcheck."""
from ..eager.grad_mode import no_grad, enable_grad, set_grad_enabled, is_grad_enabled
from ..eager.saved_tensors_hooks import saved_tensors_hooks
from .backward_mode import backward
from .general_grad import grad
from .functional import jacobian, hessian
from .inplace_mode import set_inplace_strict, set_record_save_locations
from .py_layer import PyLayer, PyLayerContext, Function
from .anomaly_mode import detect_anomaly, set_detect_anomaly, is_anomaly_enabled
from .gradcheck import gradcheck, gradgradcheck, GradcheckError
from ..eager.graph_gc import set_graph_gc, is_graph_gc_enabled

__all__ = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
           "saved_tensors_hooks", "jacobian", "hessian", "set_inplace_strict",
           "set_record_save_locations", "PyLayer", "PyLayerContext", "Function",
           "detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled", "gradcheck",
           "gradgradcheck", "GradcheckError", "set_graph_gc", "is_graph_gc_enabled"]
