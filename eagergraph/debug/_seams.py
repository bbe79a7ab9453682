"""What the debugging tools look at besides the named debug seams (eager/seams.py, which every
tool subscribes to): the classes whose methods the diff recorder wraps while on (optimizer
steps), the grad node classes and the engine module (read, never changed, by this module)."""
from ..eager import backward as engine
from ..eager.grad_node_info import GradNodeBase

__all__ = ["engine", "grad_node_classes", "subclasses"]


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
