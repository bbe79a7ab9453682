"""paddle.geometric.reindex_graph / reindex_heter_graph (Paddle python/paddle/geometric/reindex.py
and its graph_reindex kernel): renumber a sampled subgraph's nodes 0..n-1. out_nodes is x, then
each neighbour not seen before in the order of first appearance; reindex_src holds each
neighbour's new number; reindex_dst repeats the new number of the node that count[i] belongs
to, count[i] times. All three have x's dtype; no gradient."""
import numpy as np

from ..creation import to_tensor
from .._generated.eager_utils import parse_tensor, parse_tensor_list

__all__ = ["reindex_graph", "reindex_heter_graph"]


def _check(op, x, neighbors, count):
    for t, arg in ((x, "X"), (neighbors, "Neighbors")):
        if t.dtype.name not in ("int32", "int64"):
            raise TypeError(f"{op}(): the dtype of '{arg}' must be int32 or int64, but got "
                            f"{t.dtype.name}.")
    if neighbors.dtype != x.dtype:
        raise ValueError(f"(InvalidArgument) {op}(): x and neighbors should have the same dtype, "
                         f"but got {x.dtype.name} and {neighbors.dtype.name}.")
    if count.dtype.name != "int32":
        raise ValueError(f"(InvalidArgument) {op}(): count should be an int32 Tensor, but got "
                         f"{count.dtype.name}.")
    for t, arg in ((x, "x"), (neighbors, "neighbors"), (count, "count")):
        if t.ndim != 1:
            raise ValueError(f"(InvalidArgument) {op}(): {arg} should be a 1-D Tensor, but got "
                             f"shape {list(t.shape)}.")


def _reindex(op, x, neighbors, count):
    xs, nb, cnt = x.numpy(), neighbors.numpy(), count.numpy().astype(np.int64)
    if (cnt < 0).any() or cnt.sum() != nb.size:
        raise ValueError(f"(InvalidArgument) {op}(): the counts should be non-negative and add up "
                         f"to the number of neighbors ({nb.size}), but they add up to "
                         f"{int(cnt.sum())}.")
    if xs.size == 0 and cnt.size:
        raise ValueError(f"(InvalidArgument) {op}(): x is empty but count is not.")
    number = {}
    for v in xs.tolist():
        number.setdefault(v, len(number))
    out_nodes = list(number)
    src = np.empty(nb.size, xs.dtype)
    for i, v in enumerate(nb.tolist()):
        if v not in number:
            number[v] = len(number)
            out_nodes.append(v)
        src[i] = number[v]
    # count[i] belongs to node i mod len(x): reindex_heter_graph's counts are one list per edge
    # type, concatenated (Paddle's kernel walks them so)
    owner = np.arange(cnt.size) % max(xs.size, 1)
    xnum = np.array([number[v] for v in xs.tolist()], xs.dtype)
    dst = np.repeat(xnum[owner] if xs.size else owner.astype(xs.dtype), cnt)
    return (to_tensor(src), to_tensor(dst.astype(xs.dtype)),
            to_tensor(np.array(out_nodes, xs.dtype)))


def reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """(reindex_src, reindex_dst, out_nodes) of the graph whose node x[i] has the next count[i]
    entries of neighbors as its neighbours. value_buffer/index_buffer (Paddle's GPU hash table)
    are accepted and not needed."""
    x = parse_tensor(x, "reindex_graph", "x", 0)
    neighbors = parse_tensor(neighbors, "reindex_graph", "neighbors", 1)
    count = parse_tensor(count, "reindex_graph", "count", 2)
    _check("reindex_graph", x, neighbors, count)
    return _reindex("reindex_graph", x, neighbors, count)


def reindex_heter_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """reindex_graph over several edge types: neighbors and count are lists, one entry per
    type; the neighbours of all types share one numbering."""
    neighbors = parse_tensor_list(neighbors, "reindex_heter_graph", "neighbors", 1)
    count = parse_tensor_list(count, "reindex_heter_graph", "count", 2)
    x = parse_tensor(x, "reindex_heter_graph", "x", 0)
    if not neighbors or len(neighbors) != len(count):
        raise ValueError(f"(InvalidArgument) reindex_heter_graph(): neighbors and count should be "
                         f"lists of the same non-zero length, but got {len(neighbors)} and "
                         f"{len(count)}.")
    for t in neighbors:
        _check("reindex_heter_graph", x, t, count[0])
    for c in count:
        _check("reindex_heter_graph", x, neighbors[0], c)
    nb = to_tensor(np.concatenate([t.numpy() for t in neighbors]))
    cnt = to_tensor(np.concatenate([t.numpy() for t in count]))
    return _reindex("reindex_heter_graph", x, nb, cnt)
