"""paddle.geometric.sample_neighbors / weighted_sample_neighbors (Paddle
python/paddle/geometric/sampling/neighbors.py): neighbour sampling on a graph in CSC form (the
neighbours of node n are row[colptr[n]:colptr[n + 1]]). A node with at most sample_size
neighbours (or sample_size -1) keeps all of them in order; otherwise sample_size of them are
drawn without replacement, uniformly or with probability proportional to edge_weight (Paddle's
A-Res sampling draws the same distribution; its random stream is not reproduced). The draws use
the global generator that paddle.seed seeds. out_count is int32; no gradient."""
import numpy as np

from ..creation import to_tensor
from .._generated.eager_utils import parse_tensor
from ..phi.generator import kernel_engine
from ..phi.std_random import canonical

__all__ = ["sample_neighbors", "weighted_sample_neighbors"]


def _ints(op, named):
    arrays = []
    for t, arg in named:
        if t.dtype.name not in ("int32", "int64"):
            raise TypeError(f"{op}(): the dtype of '{arg}' must be int32 or int64, but got "
                            f"{t.dtype.name}.")
        if t.ndim != 1:
            raise ValueError(f"(InvalidArgument) {op}(): {arg} should be a 1-D Tensor, but got "
                             f"shape {list(t.shape)}.")
        arrays.append(t.numpy())
    dtypes = {a.dtype for a in arrays}
    if len(dtypes) != 1:
        raise ValueError(f"(InvalidArgument) {op}(): row, colptr, input_nodes (and eids) should "
                         f"have the same dtype, but got {sorted(d.name for d in dtypes)}.")
    return arrays


def _sample(op, row, colptr, nodes, sample_size, eids, weight):
    n_nodes = colptr.size - 1
    if nodes.size and (nodes.min() < 0 or nodes.max() >= n_nodes):
        raise IndexError(f"(OutOfRange) {op}(): input_nodes should be in [0, {n_nodes}), the "
                         f"nodes colptr describes, but got {int(nodes.min())}..{int(nodes.max())}.")
    if colptr.size and (colptr[0] < 0 or colptr[-1] > row.size or (np.diff(colptr) < 0).any()):
        raise ValueError(f"(InvalidArgument) {op}(): colptr should be non-decreasing offsets into "
                         f"row (of {row.size} entries).")
    engine = kernel_engine()  # the default generator's engine (paddle.seed seeds it)
    picks, counts = [], []
    for n in nodes.tolist():
        lo, hi = int(colptr[n]), int(colptr[n + 1])
        if sample_size < 0 or hi - lo <= sample_size:
            pos = np.arange(lo, hi)
        elif weight is None:
            keys = canonical(engine, hi - lo, np.float64)  # a uniformly random subset:
            pos = lo + np.sort(np.argsort(keys, kind="stable")[:sample_size])  # smallest keys
        else:
            w = weight[lo:hi].astype(np.float64)
            # A-Res: the sample_size largest keys u^(1/w) (weight 0: never before a positive one)
            with np.errstate(divide="ignore"):
                keys = np.where(w > 0, np.log(canonical(engine, hi - lo, np.float64)) / w,
                                -np.inf)
            pos = lo + np.argsort(-keys, kind="stable")[:sample_size]
        picks.append(pos)
        counts.append(pos.size)
    pos = np.concatenate(picks) if picks else np.zeros(0, np.int64)
    out = (to_tensor(row[pos]), to_tensor(np.array(counts, np.int32)))
    return out + (to_tensor(eids[pos]),) if eids is not None else out


def sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None, return_eids=False,
                     perm_buffer=None, name=None):
    """(out_neighbors, out_count[, out_eids]): up to sample_size neighbours of each input node,
    concatenated, and how many each got. perm_buffer (Paddle's GPU buffer) is accepted and not
    needed."""
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    op = "sample_neighbors"
    named = [(parse_tensor(row, op, "row", 0), "row"),
             (parse_tensor(colptr, op, "colptr", 1), "colptr"),
             (parse_tensor(input_nodes, op, "input_nodes", 2), "input_nodes")]
    if return_eids:
        named.append((parse_tensor(eids, op, "eids", 4), "eids"))
    arrays = _ints(op, named)
    e = arrays[3] if return_eids else None
    return _sample(op, arrays[0], arrays[1], arrays[2], int(sample_size), e, None)


def weighted_sample_neighbors(row, colptr, edge_weight, input_nodes, sample_size=-1, eids=None,
                              return_eids=False, name=None):
    """sample_neighbors drawing each neighbour with probability proportional to its edge_weight
    (float32, one per entry of row)."""
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    op = "weighted_sample_neighbors"
    w = parse_tensor(edge_weight, op, "edge_weight", 2)
    if w.dtype.name != "float32":
        raise ValueError(f"(InvalidArgument) {op}(): edge_weight should be a float32 Tensor, but "
                         f"got {w.dtype.name}.")
    named = [(parse_tensor(row, op, "row", 0), "row"),
             (parse_tensor(colptr, op, "colptr", 1), "colptr"),
             (parse_tensor(input_nodes, op, "input_nodes", 3), "input_nodes")]
    if return_eids:
        named.append((parse_tensor(eids, op, "eids", 5), "eids"))
    arrays = _ints(op, named)
    if w.shape != [arrays[0].size]:
        raise ValueError(f"(InvalidArgument) {op}(): edge_weight should have one weight per entry "
                         f"of row ({arrays[0].size}), but got shape {list(w.shape)}.")
    e = arrays[3] if return_eids else None
    return _sample(op, arrays[0], arrays[1], arrays[2], int(sample_size), e, w.numpy())
