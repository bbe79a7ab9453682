"""Edge samples for linear algebra: the generic ones (see tests/op_edges/__init__.py)."""
DIFFERS = {
    "diag_embed": [("float", "Paddle 3.3.1 gives diag_embed's input no gradient; eagergraph's "
                             "is checked by finite differences", "grads")],
}
# Paddle 3.3.1's batched eigh/eig backward is wrong past the first matrix: batch [1] of a
# (2, n, n) input gets another gradient than the same matrix alone (checked against Paddle's
# own per-matrix gradient); eagergraph's is checked by finite differences
_BATCHED = "Paddle 3.3.1's batched {} gradient is wrong for every matrix after the first"
DIFFERS["eigh"] = [(("sample", "(2, 4, 4)"), _BATCHED.format("eigh"), "grads"),
                   (("rounded", "(2, 4, 4)"), _BATCHED.format("eigh"), "grads")]
DIFFERS["eig"] = [(("sample", "(2, 3, 3)"), _BATCHED.format("eig"), "grads"),
                  (("complex128 rounded", "(2, 3, 3)"), _BATCHED.format("eig"), "grads")]
# Paddle 3.3.1's complex svd gradient is wrong where U and V^H both get gradients: for
# U S V^H (which is x) it is not the upstream gradient (0.54 off finite differences on a 3x3);
# U f(S) U^H and V^H f(S) V alone are right. eagergraph's matches finite differences.
_SVD_C = "Paddle 3.3.1's complex svd gradient is wrong when U and V^H both get gradients"
DIFFERS["svd"] = [(("complex128", "sample"), _SVD_C, "grads"),
                  (("complex128", "rounded"), _SVD_C, "grads")]
# _C_ops.lstsq(driver='gels') leaves rank and singular_values unallocated in Paddle 3.3.1 (empty
# float32 [0] and x.dtype [m, 0]; paddle.linalg.lstsq replaces them, as eagergraph's does), and
# on a singular matrix its QR solve gives garbage (float64: 3.6e16) or raises RuntimeError
# (float32); eagergraph's gels is the minimum-norm solution, NaN for a matrix with inf/nan
_GELS = "_C_ops.lstsq(driver='gels') outputs rank and singular_values unallocated in Paddle " \
        "3.3.1, and its solution for a singular matrix is garbage or RuntimeError"
DIFFERS["lstsq"] = [(("sample", "'gels'"), _GELS, "ref"), (("rounded", "'gels'"), _GELS, "ref"),
                    (("nan/inf/0", "'gels'"), _GELS,
                     lambda r: "out" in r and all(v == "nan" for v in r["out"][0]["data"]))]
_INF_PRODUCTS = ("inf entries: the VJP's matrix products meet inf - inf and 0 * inf, NaN in "
                 "eagergraph's order of evaluation, +-inf in Paddle 3.3.1's")
XFAIL = {
    "matmul": [(t, "eagergraph's complex matmul is NumPy's: inf/nan "
                                        "propagate differently from Paddle 3.3.1's complex "
                                        "products (other parts become nan)")
               for t in ("complex128 nan/inf/0 (2, 3)@(3,) {}",
                         "complex128 nan/inf/0 (3,)@(3, 4) {}")],
    "matrix_power": [(f"{t} nan/inf/0 (3, 3) n=2", _INF_PRODUCTS)
                     for t in ("float64", "float32", "complex128")]
    + [("complex128 nan/inf/0 (2, 3, 3) n=3", _INF_PRODUCTS + "; the finite batch's gradient "
                                                              "is the one of DIFFERS")],
    "inverse": [(("float", "nan/inf/0"), "eagergraph's inverse of a real matrix with inf/nan "
                                         "is NaN (NumPy's); Paddle 3.3.1's LU check raises "
                                         "ValueError on the NaN pivot")],
    "det": [("singular", "eagergraph's det gradient det(X) X^-T goes through the inverse, which "
                         "raises ValueError at a singular matrix; the gradient there is the "
                         "adjugate's transpose (finite: Paddle 3.3.1 gives it)")],
}
_WRONG_GRAD = "Paddle 3.3.1's complex {} gradient is not the derivative (off finite differences)"
DIFFERS["slogdet"] = [(("complex128", t), _WRONG_GRAD.format("slogdet"), "fd")
                      for t in ("sample", "rounded")]
# the second matrix of the (2, 3, 3) nan/inf/0 sample is finite: its gradient is the one of a
# lone matrix in eagergraph, NaN (float) or off finite differences (complex) in Paddle 3.3.1
DIFFERS["slogdet"] += [("nan/inf/0 (2, 3, 3)", "Paddle 3.3.1's batched slogdet gradient is "
                        "wrong for the finite matrix of a batch that has one with inf/nan",
                        lambda r, e: _second_matrix_grad_is_its_own(r, e))]
DIFFERS["matrix_power"] = [(("complex128", "sample"), _WRONG_GRAD.format("matrix_power"), "fd")]
DIFFERS["det"] = [(("float", "nan/inf/0"), "Paddle 3.3.1's det backward raises ValueError for a matrix "
                                "with inf/nan; eagergraph's gradient is NaN there", "grads")]
# a rounded 3x3 here is defective (a repeated eigenvalue): V is singular, so the row's
# V diag(w^2) V^-1 is arbitrary in both (LAPACK's eigenvectors differ in the last bits)
SHAPE_ONLY = {("eig", ("float", "rounded"))}

import numpy as np  # noqa: E402

import eagergraph as _paddle  # noqa: E402
from . import Edge, INF, NAN  # noqa: E402
from .record import decode, fd_grads  # noqa: E402


def _second_matrix_grad_is_its_own(r, e):
    """grad of batch [1] == finite differences there with batch [0] made finite (identity):
    a matrix's gradient does not depend on the other matrices of the batch."""
    if not r.get("grads") or r["grads"][0] is None:
        return False
    x = e.args[0].astype(np.complex128 if e.args[0].dtype.kind == "c" else np.float64)
    x[0] = np.eye(x.shape[-1])
    tol = 1e-6 if e.args[0].dtype.itemsize >= 8 else 2e-3
    with np.errstate(all="ignore"):
        want = fd_grads(_paddle, _paddle.linalg.slogdet, [x], {})[0][1]
    return bool(np.allclose(decode(r["grads"][0])[1], want, rtol=tol, atol=tol))


_A = np.array([[1.0, INF], [0.0, NAN]])
EDGES = {
    "matmul": [Edge([np.ones((2, 3)), np.ones((2, 3))], desc="float64 shape mismatch"),
               Edge([np.ones((2, 0)), np.ones((0, 3))], desc="float64 empty inner (zeros)"),
               Edge([np.ones((0, 2)), np.ones((2, 3))], desc="float64 empty outer"),
               Edge([np.array(2.0), np.ones(3)], desc="float64 0-d operand"),
               Edge([_A, np.array([[0.0, 1.0], [1.0, 0.0]])], desc="float64 0 * inf")],
    "dot": [Edge([np.ones(3), np.ones(2)], desc="float64 length mismatch"),
            Edge([np.zeros(0), np.zeros(0)], desc="float64 empty"),
            Edge([np.array([INF, 1.0]), np.array([0.0, 1.0])], desc="float64 0 * inf")],
    "inverse": [Edge([np.array([[1.0, 2.0], [2.0, 4.0]])], desc="float64 singular"),
                Edge([np.ones((2, 3))], desc="float64 not square")],
    "det": [Edge([np.array([[1.0, 2.0], [2.0, 4.0]])], desc="float64 singular"),
            Edge([np.zeros((0, 0))], desc="float64 empty 0x0")],
    "trace": [Edge([np.zeros((0, 3))], desc="float64 empty")],
    "cross": [Edge([np.ones((2, 2)), np.ones((2, 2))], desc="float64 no axis of size 3")],
}
