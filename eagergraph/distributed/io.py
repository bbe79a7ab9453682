"""paddle.distributed.io: persistable variables of a static-graph Program on parameter-server
jobs. eagergraph has no Program, so the save/load functions raise NotImplementedError; a
dygraph script saves with paddle.save(layer.state_dict(), path) on each rank instead."""
from .auto_parallel import unsupported

__all__ = ["save_persistables", "load_persistables", "load_inference_model_distributed",
           "is_persistable"]

_STATIC = ("works on a static-graph Program and an Executor (use paddle.save / paddle.load "
           "of state_dict() in dygraph)")
save_persistables = unsupported("io.save_persistables", _STATIC)
load_persistables = unsupported("io.load_persistables", _STATIC)
load_inference_model_distributed = unsupported("io.load_inference_model_distributed", _STATIC)


def is_persistable(var):
    """Whether `var` is persistable (a Parameter or a tensor marked persistable)."""
    return bool(getattr(var, "persistable", False))
