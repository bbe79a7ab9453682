"""paddle.framework's re-exports (Paddle 3.3.1 binds these names in paddle/framework/__init__.py:
ParamAttr, in_dynamic_mode, no_grad, save, ...). eagergraph.framework sits low in the layers
(creation and nn import it), so the names are bound onto it from here, once everything they come
from is imported: this module is imported at the end of eagergraph/__init__.py. It also loads the
submodules io, io_utils and random of the framework package (Paddle imports them in its
paddle/framework/__init__.py), which import from the upper layers."""
from . import framework as _framework
from . import base
from .base import core
from .base.framework import (Parameter, convert_np_dtype_to_dtype_, in_dynamic_or_pir_mode,
                             in_pir_mode)
from .device.places import CUDAPlace, CUDAPinnedPlace, XPUPlace, IPUPlace, CustomPlace
from .nn.param_attr import ParamAttr
from .flags import set_flags, get_flags
from .framework_mode import in_dynamic_mode, disable_static, enable_static
from .autograd import grad, no_grad
from .framework_io import save, load
from .framework import io, io_utils, random

SUBMODULES = (io, io_utils, random)  # paddle.framework.io / .io_utils / .random, bound by import

EXPORTS = {
    "ParamAttr": ParamAttr, "Parameter": Parameter, "core": core, "base": base,
    "CUDAPlace": CUDAPlace, "CUDAPinnedPlace": CUDAPinnedPlace, "XPUPlace": XPUPlace,
    "IPUPlace": IPUPlace, "CustomPlace": CustomPlace,
    "convert_np_dtype_to_dtype_": convert_np_dtype_to_dtype_,
    "set_flags": set_flags, "get_flags": get_flags,
    "in_dynamic_mode": in_dynamic_mode, "in_dynamic_or_pir_mode": in_dynamic_or_pir_mode,
    "in_pir_mode": in_pir_mode, "disable_static": disable_static, "enable_static": enable_static,
    "grad": grad, "no_grad": no_grad, "save": save, "load": load,
}


def install(pkg):
    """Bind the names onto eagergraph.framework; a name eagergraph also has at the top level is
    that object (after the call-form wrappers are installed), as paddle.framework.ParamAttr is
    paddle.ParamAttr."""
    for name, obj in EXPORTS.items():
        obj = getattr(pkg, name, obj)
        if getattr(_framework, name, obj) is not obj:
            raise RuntimeError(f"eagergraph.framework.{name} is already something else")
        setattr(_framework, name, obj)
