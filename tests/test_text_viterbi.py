"""paddle.text.viterbi_decode / ViterbiDecoder: scores and paths against brute force over every
tag sequence (the CRF score with start/stop tags or without), Paddle's corners (lengths shorter
than the sequence, length 0, ties, float64), the errors, no gradient; and, where Paddle 3.3.1
is installed, bit-equal scores and equal paths over random cases with ties and -inf."""
import itertools
import warnings

import numpy as np
import pytest

import eagergraph as paddle

RNG = np.random.default_rng(0)


def _brute(pot, trans, length, tag):
    """Best score and path of one sequence by enumerating every tag sequence."""
    n = pot.shape[1]
    best, best_path = -np.inf, None
    for path in itertools.product(range(n), repeat=length):
        s = sum(pot[t, path[t]] for t in range(length))
        s += sum(trans[path[t - 1], path[t]] for t in range(1, length))
        if tag:
            s += trans[n - 1, path[0]] + trans[n - 2, path[-1]]
        if s > best + 1e-12:
            best, best_path = s, path
    return best, list(best_path)


@pytest.mark.parametrize("tag", [True, False])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_against_brute_force(tag, dtype):
    for _ in range(20):
        B, T, K = 3, 4, 4
        pot = RNG.standard_normal((B, T, K)).astype(dtype)
        trans = RNG.standard_normal((K, K)).astype(dtype)
        lens = RNG.integers(1, T + 1, B).astype(np.int64)
        scores, path = paddle.text.viterbi_decode(paddle.to_tensor(pot), paddle.to_tensor(trans),
                                                  paddle.to_tensor(lens), tag)
        assert scores.dtype.name == dtype and path.dtype.name == "int64"
        assert path.shape == [B, int(lens.max())]
        assert scores.stop_gradient and path.stop_gradient
        for b in range(B):
            want, want_path = _brute(pot[b].astype(np.float64), trans.astype(np.float64),
                                     lens[b], tag)
            np.testing.assert_allclose(scores.numpy()[b], want, rtol=1e-5)
            assert path.numpy()[b, :lens[b]].tolist() == want_path
            assert (path.numpy()[b, lens[b]:] == 0).all()


def test_layer_and_defaults():
    pot = paddle.to_tensor(RNG.standard_normal((2, 3, 3)))
    trans = paddle.to_tensor(RNG.standard_normal((3, 3)))
    lens = paddle.to_tensor(np.array([3, 2]))
    dec = paddle.text.ViterbiDecoder(trans)          # include_bos_eos_tag=True by default
    assert dec.include_bos_eos_tag is True and dec.transitions is trans
    assert list(dec.parameters()) == []
    s1, p1 = dec(pot, lens)
    s2, p2 = paddle.text.viterbi_decode(pot, trans, lens)
    assert s1.numpy().tolist() == s2.numpy().tolist() and p1.numpy().tolist() == p2.numpy().tolist()
    s3, _ = paddle.text.ViterbiDecoder(trans, include_bos_eos_tag=False)(pot, lens)
    assert s3.numpy().tolist() != s1.numpy().tolist()


def test_ties_take_the_first_tag_and_length_zero_rows():
    s, p = paddle.text.viterbi_decode(paddle.zeros([2, 3, 3]), paddle.zeros([3, 3]),
                                      paddle.to_tensor(np.array([3, 2])), True)
    assert s.numpy().tolist() == [0, 0] and p.numpy().tolist() == [[0, 0, 0], [0, 0, 0]]
    # a row of length 0 in a batch: Paddle's score is the first step's best, its path zeros
    pot = RNG.standard_normal((2, 3, 3)).astype("float32")
    trans = RNG.standard_normal((3, 3)).astype("float32")
    s, p = paddle.text.viterbi_decode(paddle.to_tensor(pot), paddle.to_tensor(trans),
                                      paddle.to_tensor(np.array([0, 2])), True)
    assert p.shape == [2, 2] and p.numpy()[0].tolist() == [0, 0]
    assert s.numpy()[0] == (pot[0, 0] + trans[2]).max()
    # every length 0 (a segmentation fault in Paddle): an empty path
    s, p = paddle.text.viterbi_decode(paddle.to_tensor(pot), paddle.to_tensor(trans),
                                      paddle.to_tensor(np.array([0, 0])), False)
    assert p.shape == [2, 0] and s.numpy().tolist() == pot[:, 0].max(1).tolist()


def test_no_gradient_flows():
    pot = paddle.to_tensor(RNG.standard_normal((1, 2, 3)), stop_gradient=False)
    s, p = paddle.text.viterbi_decode(pot, paddle.zeros([3, 3], "float64"),
                                      paddle.to_tensor(np.array([2])))
    assert s.stop_gradient and p.stop_gradient


@pytest.mark.parametrize("make, exc, text", [
    (lambda P, T, L: (P.numpy(), T, L, True), ValueError,
     "argument 'potentials' (position 0) must be Tensor, but got numpy.ndarray"),
    (lambda P, T, L: (P, T, [3, 2], True), ValueError,
     "argument 'lengths' (position 2) must be Tensor"),
    (lambda P, T, L: (P, T, L, 1), TypeError, "argument (position 4) must be bool, but got int"),
    (lambda P, T, L: (P[0], T, L, True), ValueError,
     "The rank of Input in ViterbiDecode  must be 3. But received Input's rank is 2."),
    (lambda P, T, L: (P, T, L.reshape([2, 1]), True), ValueError,
     "The rank of Length in ViterbiDecode must be 1."),
    (lambda P, T, L: (P, T[0], L, True), ValueError,
     "The rank of Transition in ViterbiDecode must be 2."),
    (lambda P, T, L: (P, T, L[:1], True), ValueError,
     "The batch size of Input and Length should be equal."),
    (lambda P, T, L: (P, T[:3, :3], L, True), ValueError,
     "The number of tags of Input (3) and Transition (4) should be equal."),
    (lambda P, T, L: (P.astype("int64"), T, L, True), RuntimeError,
     "kernel `viterbi_decode` is not registered"),
    (lambda P, T, L: (P.astype("float64"), T, L, True), ValueError,
     "retrieve (float64) does not match the type of data (float32)"),
    (lambda P, T, L: (P, T, L.astype("int32"), True), ValueError,
     "retrieve (int64) does not match the type of data (int32)"),
    (lambda P, T, L: (P, T, L + 5, True), IndexError, "(OutOfRange)"),
])
def test_errors(make, exc, text):
    P, T = paddle.rand([2, 3, 4]), paddle.rand([4, 4])
    L = paddle.to_tensor(np.array([3, 2]))
    with pytest.raises(exc) as e:
        paddle.text.viterbi_decode(*make(P, T, L))
    assert text in str(e.value)


def test_against_paddle():
    rp = pytest.importorskip("paddle")
    warnings.filterwarnings("ignore")
    rng = np.random.default_rng(1)
    for trial in range(120):
        B, T, K = (int(v) for v in (rng.integers(1, 5), rng.integers(1, 7), rng.integers(2, 6)))
        dt = ["float32", "float64"][trial % 2]
        pot = rng.standard_normal((B, T, K)).astype(dt)
        tr = rng.standard_normal((K, K)).astype(dt)
        if trial % 5 == 0:                           # ties
            pot, tr = np.round(pot), np.round(tr)
        if trial % 7 == 0:
            tr[rng.integers(K), rng.integers(K)] = -np.inf
        lens = rng.integers(-1, T + 1, B).astype(np.int64)
        lens[0] = max(lens[0], 1)                    # all <= 0 crashes Paddle
        for tag in (True, False):
            ps, pp = rp.text.viterbi_decode(rp.to_tensor(pot), rp.to_tensor(tr),
                                            rp.to_tensor(lens), tag)
            es, ep = paddle.text.viterbi_decode(paddle.to_tensor(pot), paddle.to_tensor(tr),
                                                paddle.to_tensor(lens), tag)
            assert es.numpy().tobytes() == ps.numpy().tobytes(), (trial, tag)
            assert ep.numpy().tolist() == pp.numpy().tolist(), (trial, tag)
