"""paddle.linalg: Paddle's linear-algebra namespace (python/paddle/linalg.py), re-exporting the
functions of the linalg family (the generated public ops and eagergraph/ops/linalg.py)."""
from .ops import matmul, inverse as inv, diagonal, cross
from .ops.linalg import (det, solve, cholesky, slogdet, matrix_power, multi_dot, norm,
                         vector_norm, matrix_norm, cond, triangular_solve, cholesky_solve, qr,
                         svd, svdvals, eigh, eigvalsh, eig, eigvals, pinv, matrix_rank, lstsq,
                         lu, lu_unpack, vecdot, cholesky_inverse, lu_solve, matrix_exp, cov,
                         corrcoef, householder_product, ormqr, svd_lowrank, pca_lowrank)
from .ops.alias import matrix_transpose

__all__ = ["matmul", "inv", "diagonal", "cross", "det", "solve", "cholesky", "slogdet",
           "matrix_power", "multi_dot", "norm", "vector_norm", "matrix_norm", "cond",
           "triangular_solve", "cholesky_solve", "qr", "svd", "svdvals", "eigh", "eigvalsh",
           "eig", "eigvals", "pinv", "matrix_rank", "lstsq", "lu", "lu_unpack", "vecdot",
           "matrix_transpose", "cholesky_inverse", "lu_solve", "matrix_exp", "cov", "corrcoef",
           "householder_product", "ormqr", "svd_lowrank", "pca_lowrank"]
