"""Temporary changes on the eager layers, all undone on exit (`Patches`, shared with anomaly
mode, which lives below this package).

The debugging tools cost one attribute read per layer call while they are off: each layer
function of the forward chain, and the engine once per backward run and per node of its
general loop, checks a named debug seam (eager/seams.py). Entering a tool subscribes to the
seams of the thread that enters it (anomaly mode: of every thread); a thread listening to a
backward seam runs the engine's general loop. Leaving the tool ends its subscriptions and puts
back the few attributes it set (the diff recorder's optimizer and Tensor.backward wrappers, the
command line's site-recording flag), in reverse order, so tools nest."""
from ..autograd.anomaly_mode import Patches

__all__ = ["Patches"]
