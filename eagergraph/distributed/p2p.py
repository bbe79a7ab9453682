"""Point-to-point extras (Paddle distributed/communication/send.py, recv.py,
batch_isend_irecv.py): send_object_list / recv_object_list (pickled objects as uint8 tensors:
their sizes first, then the bytes, as Paddle sends them) and P2POp / batch_isend_irecv (a list
of isend/irecv started together, their tasks returned) on the MPI backend."""
import io
import pickle
import warnings

import numpy as np

from ..tensor import Tensor
from . import communication as _comm
from .group import resolve
from .world import get_rank

__all__ = ["send_object_list", "recv_object_list", "P2POp", "batch_isend_irecv"]


def _not_member(group):
    if group is not None and not group.is_member():
        warnings.warn(f"Current global rank {get_rank()} is not in group {group.name}")
        return True
    return False


def _peer(group, peer, peer_in_group, what):
    if peer_in_group is not None:
        if peer is not None:
            raise ValueError(f"Cannot specify both '{what}' and '{what}_in_group' arguments.")
        return group.get_global_rank(peer_in_group)
    return 0 if peer is None else peer


def send_object_list(object_list, dst=None, group=None, dst_in_group=None):
    """Send the picklable objects of object_list to rank dst (recv_object_list there)."""
    if object_list is None or len(object_list) == 0:
        raise ValueError("object_list cannot be None or empty")
    g = resolve(group)
    if _not_member(group):
        return
    dst = _peer(g, dst, dst_in_group, "dst")
    blobs = [np.frombuffer(pickle.dumps(obj), np.uint8) for obj in object_list]
    sizes = Tensor._wrap(np.array([b.size for b in blobs], np.int64))
    _comm.send(sizes, dst=dst, group=group)
    _comm.send(Tensor._wrap(np.concatenate(blobs)), dst=dst, group=group)


def recv_object_list(object_list, src=None, group=None, src_in_group=None):
    """Fill object_list (its length: how many objects) with the objects rank src sent."""
    if object_list is None or len(object_list) == 0:
        raise ValueError("object_list cannot be None or empty")
    g = resolve(group)
    if _not_member(group):
        return
    src = _peer(g, src, src_in_group, "src")
    sizes = Tensor._wrap(np.empty(len(object_list), np.int64))
    _comm.recv(sizes, src=src, group=group)
    data = Tensor._wrap(np.empty(int(sizes._data.sum()), np.uint8))
    _comm.recv(data, src=src, group=group)
    offset = 0
    for i, n in enumerate(sizes._data.tolist()):
        object_list[i] = pickle.Unpickler(io.BytesIO(data._data[offset:offset + n].tobytes())).load()
        offset += n


class P2POp:
    """One point-to-point operation for batch_isend_irecv: op is paddle.distributed.isend or
    irecv, tensor the buffer, peer the other rank, group None for the global group."""

    def __init__(self, op, tensor, peer, group=None):
        if op not in (_comm.isend, _comm.irecv):
            raise RuntimeError("Invalid ``op`` function. Expected ``op`` to be of type "
                               "``paddle.distributed.isend`` or ``paddle.distributed.irecv``.")
        self.op = op
        self.tensor = tensor
        self.peer = peer
        self.group = resolve(group)


def batch_isend_irecv(p2p_op_list):
    """Start every isend/irecv of p2p_op_list (in order; the peer's list must match) and return
    their tasks (wait() each)."""
    if not isinstance(p2p_op_list, list) or not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise RuntimeError("Invalid ``p2p_op_list``. Each op is expected to to be of type "
                           "``paddle.distributed.P2POp``.")
    backend = p2p_op_list[0].group.backend
    if not all(p.group.backend == backend for p in p2p_op_list):
        raise RuntimeError("All groups need to use the same backend.")
    group = p2p_op_list[0].group
    if _not_member(group):
        return None
    return [p.op(p.tensor, p.peer, p.group) for p in p2p_op_list]
