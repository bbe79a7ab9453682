"""paddle.DataParallel: run a Layer on every rank's share of the batch and average the
gradients across ranks during backward (Paddle distributed/parallel.py)."""
import itertools
import warnings
from contextlib import contextmanager

from ..autograd import is_grad_enabled, no_grad
from ..nn import Layer
from ..tensor import Tensor
from .env import global_env
from .group import Group, resolve
from .reducer import Reducer

__all__ = ["DataParallel", "sync_params_buffers"]


def sync_params_buffers(model, comm_group=None, src_rank=0, is_model_parallel=False,
                        fuse_params=True):
    """Broadcast every parameter and buffer of `model` from `src_rank` (so all ranks start
    from the same weights)."""
    from .communication import broadcast
    with no_grad():
        seen = set()
        for t in itertools.chain(model.parameters(), model.buffers()):
            if t is None or id(t) in seen or getattr(t, "no_sync", False):
                continue
            if is_model_parallel and getattr(t, "is_distributed", False):
                continue
            seen.add(id(t))
            broadcast(t, src=src_rank, group=comm_group, sync_op=True)


class DataParallel(Layer):
    """Data-parallel wrapper of `layers`: parameters and buffers are broadcast from rank 0 at
    wrap time; in backward, gradients are averaged over the ranks by bucketed, non-blocking
    allreduce that starts as soon as a bucket's gradients are ready (see reducer.py).
    comm_buffer_size / last_comm_buffer_size are bucket sizes in MB, as Paddle."""

    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        super().__init__(layers.full_name() + "_data_parallel")
        self._layers = layers
        self.find_unused_parameters = find_unused_parameters
        self.grad_need_sync = True
        self.group = group
        self._reducer = None
        self._nranks = group.nranks if group is not None else global_env().world_size
        if self._nranks > 1:
            self.group = resolve(group)
            assert isinstance(self.group, Group), \
                "ProcessGroup must be an instance of Group in DataParallel."
            sync_params_buffers(self._layers, comm_group=group, fuse_params=False)
            self.comm_buffer_size = int(comm_buffer_size * 1024 * 1024)
            self.last_comm_buffer_size = int(last_comm_buffer_size * 1024 * 1024)
            self.init_reducer()
        else:
            warnings.warn(
                "The program will return to single-card operation. Please check 1, whether you "
                "use spawn or fleetrun to start the program. 2, Whether it is a multi-card "
                "program. 3, Is the current environment multi-card.")

    def init_reducer(self):
        params, seen = [], set()
        for sublayer in self.sublayers():
            for _, p in sublayer.named_parameters(include_sublayers=False):
                if p is None or id(p) in seen:
                    continue
                seen.add(id(p))
                if p.trainable and not getattr(p, "no_sync", False):
                    params.append(p)
        assert len(params) > 0, ("This model does not have any parameters to train, and does "
                                 "not need to use DataParallel")
        self._reducer = Reducer(params, self.group.process_group, self.comm_buffer_size,
                                self.last_comm_buffer_size, self.find_unused_parameters)

    def _find_tensor(self, obj):
        if isinstance(obj, Tensor):
            return [obj]
        if isinstance(obj, (list, tuple)):
            return itertools.chain(*map(self._find_tensor, obj))
        if isinstance(obj, dict):
            return itertools.chain(*map(self._find_tensor, obj.values()))
        return []

    @contextmanager
    def no_sync(self):
        """Within it, backward only accumulates local gradients; the first synced backward
        after it averages the accumulated gradients."""
        tmp = self.grad_need_sync
        self.grad_need_sync = False
        try:
            yield
        finally:
            self.grad_need_sync = tmp

    def forward(self, *inputs, **kwargs):
        outputs = self._layers(*inputs, **kwargs)
        if self._reducer is not None and is_grad_enabled() and self.grad_need_sync:
            self._reducer.prepare_for_backward(list(self._find_tensor(outputs)))
        return outputs

    def scale_loss(self, loss):
        """Deprecated, kept for compatibility: returns `loss` unchanged."""
        warnings.warn("DataParallel.scale_loss is deprecated since 2.0.0: this method does not "
                      "need to be called anymore.", DeprecationWarning, stacklevel=2)
        return loss

    def apply_collective_grads(self):
        """Deprecated, kept for compatibility: does nothing (backward already synced)."""
        warnings.warn("DataParallel.apply_collective_grads is deprecated since 2.0.0: this "
                      "method does not need to be called anymore.", DeprecationWarning,
                      stacklevel=2)

    def state_dict(self, *args, **kwargs):
        """The wrapped layer's state_dict (no wrapper prefix in the keys), as Paddle."""
        return self._layers.state_dict(*args, **kwargs)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name=use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
