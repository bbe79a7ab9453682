"""transpose_copy: the copy of a transpose, padded through where the source's rows are a
power-of-two long (the cache-set conflicts it avoids are a speed matter: benchmarks, not
tests); here it must equal np.ascontiguousarray(a.transpose(perm)) in values, dtype, shape and
layout for every case, padded or not."""
import numpy as np
import pytest

from eagergraph.phi.transpose_copy import swapped_last, transpose_copy

CASES = [((64, 16, 8, 8), (1, 2, 3, 0)),    # a conv grad made batch-last: padded
         ((64, 1024), (1, 0)), ((512, 512), (1, 0)), ((3, 64, 512), (0, 2, 1)),
         ((64, 6, 12, 12), (1, 2, 3, 0)),   # rows of 864: not padded
         ((2, 512, 8), (2, 1, 0)), ((16, 8, 8, 64), (3, 0, 1, 2)), ((4, 4), (1, 0)),
         ((8, 2048), (0, 1)), ((0, 1024), (1, 0)),
         # tall rotations of 128K elements or more: in blocks of rows (a last partial one)
         ((32, 32, 32, 64), (3, 0, 1, 2)), ((4000, 300), (1, 0)), ((1030, 256), (1, 0)),
         ((2, 3, 40, 1000), (2, 3, 0, 1))]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.int64, np.bool_])
@pytest.mark.parametrize("shape,perm", CASES, ids=str)
def test_transpose_copy_equals_numpys(shape, perm, dtype):
    a = (np.random.default_rng(0).standard_normal(shape) * 100).astype(dtype)
    got = transpose_copy(a, perm)
    want = np.ascontiguousarray(a.transpose(perm))
    assert got.dtype == want.dtype and got.shape == want.shape and got.flags.c_contiguous
    np.testing.assert_array_equal(got, want)


def test_transpose_copy_of_a_view():
    a = np.arange(64 * 2048, dtype=np.float32).reshape(64, 2048)[:, ::2]  # not contiguous
    np.testing.assert_array_equal(transpose_copy(a, (1, 0)), a.T)
    b = np.arange(32 * 1024, dtype=np.float32).reshape(1024, 32).T  # a transposed view
    np.testing.assert_array_equal(transpose_copy(b, (1, 0)), b.T)


def test_transpose_copy_takes_any_permutation_form():
    a = np.arange(128 * 256, dtype=np.float32).reshape(128, 256)
    np.testing.assert_array_equal(transpose_copy(a, [1, 0]), a.T)  # a list
    np.testing.assert_array_equal(transpose_copy(np.float32(3.0) + np.zeros(()), ()), 3.0)


def test_swapped_last():
    assert swapped_last(2) == (1, 0)
    assert swapped_last(4) == (0, 1, 3, 2)
