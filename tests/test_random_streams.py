"""eagergraph's random streams against Paddle 3.3.1's, bit for bit: every case of
tests/random_stream_cases.py is run here and compared with the values real Paddle produced for
it (tests/fixtures/random_streams.npz, written by tools/capture_random_streams.py); plus the
engine and distributions against their definitions (std::mt19937_64's published 10000th output,
the polar method's rejection), which need no Paddle."""
import os

import numpy as np
import pytest

import eagergraph as paddle
from eagergraph.phi.mt19937_64 import MT19937_64
from eagergraph.phi import std_random
from eagergraph.phi.glibc_logf import logf
from tests.random_stream_cases import CASES

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "random_streams.npz")
_DATA = np.load(FIXTURE)

def _run(code):
    env = {"paddle": paddle, "np": np}
    exec(code, env)  # noqa: S102 (this repository's own test programs)
    out = env["out"]
    return [np.asarray(o.numpy()) for o in (out if isinstance(out, (list, tuple)) else [out])]


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_paddle(name):
    outs = _run(CASES[name])
    n_ref = len([k for k in _DATA.files if k.rsplit("/", 1)[0] == name])
    assert len(outs) == n_ref
    for i, arr in enumerate(outs):
        key = f"{name}/{i}"
        ref = _DATA[key]
        assert arr.dtype == ref.dtype and arr.shape == ref.shape, key
        assert arr.tobytes() == ref.tobytes(), \
            f"{key}: {int((arr != ref).sum())} of {arr.size} values differ from Paddle's"


def test_engine_matches_the_standard():
    # [rand.predef]: the 10000th invocation of a default-constructed mt19937_64
    assert int(MT19937_64().take(10000)[-1]) == 9981545732273789042
    e, f = MT19937_64(5), MT19937_64(5)
    whole = e.take(1000)
    parts = np.concatenate([f.take(1), f.take(311), f.take(1), f.take(687)])
    assert np.array_equal(whole, parts)
    g = MT19937_64(5)
    g.peek(900)
    g.advance(700)
    assert np.array_equal(g.take(300), whole[700:])


def test_seed_seq_uses_low_32_bits():
    a = MT19937_64().seed_seq(7).take(5)
    b = MT19937_64().seed_seq(7 + 2 ** 32).take(5)
    assert np.array_equal(a, b)
    paddle.seed(2 ** 32 + 3)
    x = paddle.rand([4]).numpy()
    paddle.seed(3)
    assert np.array_equal(x, paddle.rand([4]).numpy())
    assert paddle.get_rng_state()[0].current_seed() == 3


def test_canonical_and_normal_definitions():
    bits = np.array([0, 1, 2 ** 63, 2 ** 64 - 1, 2 ** 64 - 2 ** 39], np.uint64)
    u32 = std_random.canonical_from_bits(bits, np.float32)
    assert u32.dtype == np.float32 and u32[0] == 0 and u32[2] == 0.5
    assert u32[3] == np.nextafter(np.float32(1), np.float32(0))  # rounds to 1: one below
    u64 = std_random.canonical_from_bits(bits, np.float64)
    assert u64[3] == np.nextafter(1.0, 0.0) and u64[1] == 2.0 ** -64
    # the polar method consumes pairs until r2 in (0, 1]; outputs y*m then x*m
    e = MT19937_64(9)
    raw = MT19937_64(9).take(64)
    u = std_random.canonical_from_bits(raw, np.float64)
    x, y = 2 * u[0::2] - 1, 2 * u[1::2] - 1
    r2 = x * x + y * y
    ok = np.flatnonzero((r2 <= 1) & (r2 > 0))[:2]
    m = np.sqrt(-2 * np.log(r2[ok]) / r2[ok])
    z = std_random.normal(e, 3, 0.0, 1.0, np.float64)
    np.testing.assert_allclose(z, [y[ok[0]] * m[0], x[ok[0]] * m[0], y[ok[1]] * m[1]],
                               rtol=1e-15)
    # the engine stands after the second accepted pair
    assert np.array_equal(e.take(1), raw[2 * ok[1] + 2:2 * ok[1] + 3])


def test_double_log_is_the_c_library_log():
    import math
    x = np.random.default_rng(1).random(20000) + 1e-300
    ref = np.array([math.log(v) for v in x])
    assert std_random.std_log(x).tobytes() == ref.tobytes()


def test_logf_is_close_to_log():
    x = np.float32(np.random.default_rng(0).random(10000) + 1e-6)
    ref = np.log(x.astype(np.float64))
    np.testing.assert_allclose(logf(x), ref, rtol=2e-7, atol=1e-7)
    assert logf(np.float32([1.0]))[0] == 0 and logf(np.float32([1e-40]))[0] < -90
    # zeros of either sign give -inf, alone or among others (as the C library's logf)
    for zeros in ([-0.0], [0.0], [-0.0, 2.0], [2.0, 0.0, 1e-40]):
        out = logf(np.float32(zeros))
        assert all(o == -np.inf for z, o in zip(zeros, out) if z == 0)
    assert not np.signbit(logf(np.float32([1.0, 3.0, 1.0])))[[0, 2]].any()  # +0 at 1


def test_uniform_int_bounds_and_rejection():
    e = MT19937_64(3)
    v = std_random.uniform_int(e, 5000, -3, 3)
    assert v.min() == -3 and v.max() == 3
    # a span just over 2^63 rejects about half the draws; the draws used are consumed exactly
    span = 2 ** 63 + 1
    e = MT19937_64(4)
    raw = MT19937_64(4).take(200)
    v = std_random.uniform_int(e, 20, 0, span - 1)
    hi, lo = std_random._mul_hi_lo(raw, span)
    keep = np.flatnonzero(lo >= np.uint64((2 ** 64 - span) % span))[:20]
    assert np.array_equal(v, hi[keep].astype(np.int64))
    assert np.array_equal(e.take(1), raw[keep[-1] + 1:keep[-1] + 2])


def test_rng_state_and_generator_api():
    g = paddle.seed(12)
    assert g is paddle.Generator() and g.initial_seed() == 12
    st = paddle.get_rng_state()
    a = paddle.randn([5]).numpy()
    paddle.set_rng_state(st)
    assert np.array_equal(a, paddle.randn([5]).numpy())
    import pickle
    st2 = pickle.loads(pickle.dumps(st))
    paddle.set_rng_state(st2)
    assert np.array_equal(a, paddle.randn([5]).numpy())
    with pytest.raises(ValueError, match="Length of cpu state list"):
        paddle.set_rng_state([])
    with pytest.raises(TypeError):
        paddle.seed(-1)
    with pytest.raises(TypeError):
        paddle.seed(1.5)
    assert isinstance(g.random(), int)


def test_randint_bounds_are_int32_as_in_paddle():
    with pytest.raises(IndexError, match="exceeds int32 range"):
        paddle.randint(0, 2 ** 31, [3])
    with pytest.raises(IndexError, match="exceeds int32 range"):
        paddle.randint_like(paddle.zeros([2]), -2 ** 31 - 1, 5)
    v = paddle.randint(-2 ** 31, 2 ** 31 - 1, [1000]).numpy()
    assert v.min() >= -2 ** 31 and v.max() < 2 ** 31 - 1


def test_rejection_samplers_resume_across_refills(monkeypatch):
    # poisson/binomial/standard_gamma peek a block of draws and take more when an element runs
    # off its end (it is then drawn again from its start), and move the block on past the
    # draws used when it is large: a block of 64, or one moved on often, must give the values
    # and the engine position of one block large enough for all
    from eagergraph.phi import std_random_reject as R, std_draws
    rs = np.random.RandomState(0)
    args = {
        "poisson": (rs.exponential(8.0, 3000),),
        "standard_gamma": (rs.exponential(1.0, 3000).astype(np.float32),),
        "binomial": (rs.randint(0, 500, 3000).astype(np.float64), rs.uniform(0, 1, 3000)),
    }
    ref = {}
    for name, a in args.items():
        e = MT19937_64(11)
        ref[name] = (getattr(R, name)(e, *a), e.take(3))
    init = std_draws.Draws.__init__
    small = lambda self, eng, dt, hint=64: init(self, eng, dt)  # noqa: E731
    for patch in ("start small", "rebase often"):
        if patch == "start small":
            monkeypatch.setattr(std_draws.Draws, "__init__", small)
        else:  # the block of draws held is moved on every ~1900 draws
            monkeypatch.setattr(std_draws, "BLOCK", 6000)
        for name, a in args.items():
            e = MT19937_64(11)
            out = getattr(R, name)(e, *a)
            assert out.tobytes() == ref[name][0].tobytes(), (patch, name)
            assert np.array_equal(e.take(3), ref[name][1]), (patch, name)


def test_rejection_samplers_in_chunks_are_one_loop(monkeypatch):
    # large tensors are drawn a chunk of elements at a time: the same values and engine
    # position as one loop over them all, whatever the shape
    from eagergraph.phi import std_random_reject as R, std_draws
    rs = np.random.RandomState(1)
    args = {
        "poisson": (rs.exponential(8.0, (40, 25)),),
        "standard_gamma": (rs.exponential(1.0, (40, 25)).astype(np.float32),),
        "binomial": (rs.randint(0, 500, (40, 25)).astype(np.float32),
                     rs.uniform(0, 1, (40, 25)).astype(np.float32)),
    }
    ref = {}
    for name, a in args.items():
        e = MT19937_64(12)
        ref[name] = (getattr(R, name)(e, *a), e.take(3))
    monkeypatch.setattr(std_draws, "CHUNK", 64)
    for name, a in args.items():
        e = MT19937_64(12)
        out = getattr(R, name)(e, *a)
        assert out.shape == (40, 25) and out.tobytes() == ref[name][0].tobytes(), name
        assert np.array_equal(e.take(3), ref[name][1]), name
