"""paddle.sparse's storage choice, measured: plain index/value NumPy arrays (what eagergraph
keeps, as Paddle does) against SciPy's sparse matrices for the operations that dominate
sparse code: building a COO tensor from a dense one, sparse @ dense (forward and backward),
adding two tensors of different patterns, and back to dense. Each row is the best of a few
runs, in milliseconds. Run from the repository root: `python benchmarks/sparse_ops.py`."""
import sys
import time

import numpy as np
import scipy.sparse as sp

import eagergraph as paddle


def best(fn, n=5):
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return min(ts) * 1e3


def main(m=2000, k=2000, n=64, density=0.01, seed=0):
    rng = np.random.default_rng(seed)
    a = np.where(rng.random((m, k)) < density, rng.standard_normal((m, k)), 0.0)
    b = np.where(rng.random((m, k)) < density, rng.standard_normal((m, k)), 0.0)
    w = rng.standard_normal((k, n))
    x = paddle.to_tensor(a).to_sparse_coo(2)
    y = paddle.to_tensor(b).to_sparse_coo(2)
    wt = paddle.to_tensor(w, stop_gradient=False)
    sa, sb = sp.coo_matrix(a), sp.coo_matrix(b)
    ca = sa.tocsr()
    rows = []

    rows.append(("dense -> COO", best(lambda: paddle.to_tensor(a).to_sparse_coo(2)),
                 best(lambda: sp.coo_matrix(a))))
    rows.append(("COO -> dense", best(lambda: x.to_dense()), best(lambda: sa.toarray())))
    rows.append(("COO -> CSR", best(lambda: x.to_sparse_csr()), best(lambda: sa.tocsr())))
    rows.append(("add, two patterns", best(lambda: paddle.sparse.add(x, y)),
                 best(lambda: sa + sb)))
    rows.append(("COO @ dense, forward", best(lambda: paddle.sparse.matmul(x, wt)),
                 best(lambda: ca @ w)))

    def fwd_bwd():
        xs = x.detach()
        xs.stop_gradient = False
        paddle.sparse.matmul(xs, wt).sum().backward()

    def scipy_fwd_bwd():  # the same gradients by hand: dW = A^T G, dvalues = (G W^T)[r, c]
        g = np.ones((m, n))
        ca @ w
        ca.T @ g
        (g @ w.T)[sa.row, sa.col]
    rows.append(("COO @ dense, forward+backward", best(fwd_bwd), best(scipy_fwd_bwd)))
    print(f"A: {m}x{k}, density {density} ({x.nnz()} stored), W: {k}x{n}")
    print(f"{'operation':32s} {'eagergraph ms':>14s} {'scipy ms':>10s} {'ratio':>7s}")
    for name, e, s in rows:
        print(f"{name:32s} {e:14.2f} {s:10.2f} {e / s:7.1f}")


if __name__ == "__main__":
    main(*[float(a) if "." in a else int(a) for a in sys.argv[1:]])
