"""InferMeta for the gradients of the slicing and index ops (slice_grad, strided_slice_grad,
gather_grad, index_select_grad, gather_nd_grad, masked_select_grad; Paddle
phi/infermeta/backward.cc). The result has x's shape and out_grad's dtype. Each one runs its
forward op's InferMeta on x, which validates the attributes and the index the same way, and
checks that out_grad has the shape the forward op would have produced."""
from ..common import NP_TO_DTYPE
from .indexing import (SliceInferMeta, StridedSliceInferMeta, GatherInferMeta,
                       IndexSelectInferMeta, GatherNdInferMeta, MaskedSelectInferMeta)

__all__ = ["SliceGradInferMeta", "StridedSliceGradInferMeta", "GatherGradInferMeta",
           "IndexSelectGradInferMeta", "GatherNdGradInferMeta", "MaskedSelectGradInferMeta"]


def _grad_meta(x, out_grad, fwd_meta, arg="x"):
    gs = out_grad._data.shape
    if gs != fwd_meta[0]:
        raise ValueError(
            f"(InvalidArgument) out_grad must have the shape of the forward output, "
            f"{list(fwd_meta[0])} for {arg} of shape {list(x._data.shape)}, but received "
            f"out_grad of shape {list(gs)}.")
    return (x._data.shape, NP_TO_DTYPE[out_grad._data.dtype])


def SliceGradInferMeta(input, out_grad, axes, starts, ends, decrease_axis):
    return _grad_meta(input, out_grad,
                      SliceInferMeta(input, axes, starts, ends, decrease_axis), "input")


def StridedSliceGradInferMeta(x, out_grad, axes, starts, ends, strides):
    return _grad_meta(x, out_grad, StridedSliceInferMeta(x, axes, starts, ends, strides))


def GatherGradInferMeta(x, index, out_grad, axis):
    return _grad_meta(x, out_grad, GatherInferMeta(x, index, axis))


def IndexSelectGradInferMeta(x, index, out_grad, axis):
    return _grad_meta(x, out_grad, IndexSelectInferMeta(x, index, axis))


def GatherNdGradInferMeta(x, index, out_grad):
    return _grad_meta(x, out_grad, GatherNdInferMeta(x, index))


def MaskedSelectGradInferMeta(x, mask, out_grad):
    return _grad_meta(x, out_grad, MaskedSelectInferMeta(x, mask))
