"""paddle.base.dygraph.base: the dygraph guard and grad-mode helpers. eagergraph is always in
dygraph mode, so guard() and enable_dygraph() only check the place they are given."""
import contextlib

from ...framework import set_device as _check_place
from ...nn import unique_name
from ...eager.grad_mode import no_grad, enable_grad, set_grad_enabled, is_grad_enabled
from ...autograd.general_grad import grad
from ...framework_mode import in_dygraph_mode, enable_static

__all__ = ["guard", "enabled", "enable_dygraph", "disable_dygraph", "grad", "no_grad",
           "no_grad_", "enable_grad", "set_grad_enabled", "is_grad_enabled"]

no_grad_ = no_grad


def enabled():
    """True: dygraph mode is always on."""
    return in_dygraph_mode()


@contextlib.contextmanager
def guard(place=None):
    """`with base.dygraph.guard():` runs its block in dygraph mode, where eagergraph always is,
    with fresh unique names (unique_name.guard(): layer and parameter names count from 0 and the
    block's parameter names are checked apart). A place other than the CPU raises ValueError."""
    if place is not None:
        _check_place(place)
    with unique_name.guard():
        yield


def enable_dygraph(place=None):
    """Dygraph mode is always on; checks `place` only."""
    if place is not None:
        _check_place(place)


def disable_dygraph():
    """Static mode is not supported: raises as paddle.enable_static() does."""
    enable_static()
