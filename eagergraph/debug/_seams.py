"""What the debugging tools attach to besides the named debug seams (eager/seams.py, which every
tool subscribes to): class methods that the diff recorder wraps while on (optimizer steps,
Tensor.backward, initializers), found here (read, never changed, by this module)."""
from ..eager import backward as engine
from ..eager.grad_node_info import GradNodeBase
from ..eager.seams import POINTS

__all__ = ["engine", "GradNodeBase", "POINTS", "grad_node_classes", "subclasses"]


def grad_node_classes():
    """Every GradNodeBase subclass (and the base), recursively."""
    return subclasses(GradNodeBase)


def subclasses(cls):
    """cls and every subclass of it, recursively (classes defined so far)."""
    out, stack = [], [cls]
    while stack:
        c = stack.pop()
        if c not in out:
            out.append(c)
            stack.extend(c.__subclasses__())
    return out
