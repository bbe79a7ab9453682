"""Temporary wrappers on the eager layers, all undone on exit (`Patches`, shared with anomaly
mode, which lives below this package).

The debugging tools cost nothing while they are off because they are not there: entering one
replaces functions of the generated layers, kernels' `fn`, grad node classes' `__call__` and
engine functions with recording wrappers, and leaving it puts the originals back (in reverse
order, so tools nest). Functions that are referenced directly from many places (public API
functions, ad_funcs bound into Tensor operators) keep their function object and get their
`__code__` swapped for a trampoline; the other seams are module, class or Kernel attributes
looked up at each call."""
from ..autograd.anomaly_mode import Patches

__all__ = ["Patches"]
