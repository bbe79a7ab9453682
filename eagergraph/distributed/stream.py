"""paddle.distributed.stream: the collectives with Paddle's stream signatures (an extra
use_calc_stream, which only chooses a CUDA stream in Paddle: accepted and without effect on the
CPU; alltoall_single takes out_split_sizes before in_split_sizes, as Paddle's does). Each runs
the paddle.distributed collective of the same name and returns its task."""
from . import communication as _c
from .backend import ReduceOp

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "all_to_all",
           "broadcast", "gather", "reduce", "reduce_scatter", "recv", "scatter", "send"]


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    return _c.all_reduce(tensor, op=op, group=group, sync_op=sync_op)


def all_gather(tensor_or_tensor_list, tensor, group=None, sync_op=True, use_calc_stream=False):
    return _c.all_gather(tensor_or_tensor_list, tensor, group=group, sync_op=sync_op)


def alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group=None, sync_op=True,
             use_calc_stream=False):
    return _c.alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group=group,
                       sync_op=sync_op)


all_to_all = alltoall


def alltoall_single(out_tensor, in_tensor, out_split_sizes=None, in_split_sizes=None,
                    group=None, sync_op=True, use_calc_stream=False):
    return _c.alltoall_single(out_tensor, in_tensor, in_split_sizes=in_split_sizes,
                              out_split_sizes=out_split_sizes, group=group, sync_op=sync_op)


def broadcast(tensor, src, group=None, sync_op=True, use_calc_stream=False):
    return _c.broadcast(tensor, src, group=group, sync_op=sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True, use_calc_stream=False):
    return _c.gather(tensor, gather_list, dst=dst, group=group, sync_op=sync_op)


def reduce(tensor, dst=0, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    return _c.reduce(tensor, dst, op=op, group=group, sync_op=sync_op)


def reduce_scatter(tensor, tensor_or_tensor_list, op=ReduceOp.SUM, group=None, sync_op=True,
                   use_calc_stream=False):
    return _c.reduce_scatter(tensor, tensor_or_tensor_list, op=op, group=group, sync_op=sync_op)


def scatter(tensor, tensor_or_tensor_list=None, src=0, group=None, sync_op=True,
            use_calc_stream=False):
    return _c.scatter(tensor, tensor_or_tensor_list, src=src, group=group, sync_op=sync_op)


def send(tensor, dst=0, group=None, sync_op=True, use_calc_stream=False):
    return _c.send(tensor, dst=dst, group=group, sync_op=sync_op)


def recv(tensor, src=0, group=None, sync_op=True, use_calc_stream=False):
    return _c.recv(tensor, src=src, group=group, sync_op=sync_op)
