"""The samplers drawn from tables over draw positions (eagergraph.phi.std_chain) against the
reference element loops they replace (which tests/test_random_streams.py checks against
Paddle 3.3.1's own draws): the same values bit for bit and the engine left at the same
position, over seeds, parameter values around the algorithms' switch points, mixes of them,
both float types, and windows of draws small enough to be refilled many times."""
import numpy as np
import pytest

from eagergraph.phi.mt19937_64 import MT19937_64
from eagergraph.phi import std_binomial, std_chain, std_gamma, std_poisson


def _same(fn, args, seed, **kw):
    e1, e2 = MT19937_64(seed), MT19937_64(seed)
    fast = fn(e1, *args, vectorised=True, **kw)
    ref = fn(e2, *args, vectorised=False, **kw)
    assert fast.dtype == ref.dtype and fast.shape == ref.shape
    assert fast.tobytes() == ref.tobytes(), \
        f"seed {seed}: {int((fast != ref).sum())} of {len(ref)} values differ"
    assert np.array_equal(e1.take(4), e2.take(4)), f"seed {seed}: engine position differs"


GAMMA = [[2.0], [1.0], [0.3], [0.999], [1e-30], [0.0], [50.0], [1e5], [3e38],
         [0.3, 2.0, 50.0], [0.0, 1.0, 0.01, 7.0, 1e5]]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("alphas", GAMMA, ids=str)
def test_gamma_tables_equal_the_loop(dtype, alphas, monkeypatch):
    monkeypatch.setitem(std_gamma.MAX_TABLES, np.dtype(dtype), 8)  # several tables for both
    for seed in range(4):
        a = np.tile(np.array(alphas, dtype), 1500 // len(alphas) + 1)[:1500 + seed]
        np.random.RandomState(seed).shuffle(a)
        _same(std_gamma._standard_gamma, (a,), seed)


def test_gamma_draws_from_tables_where_it_can():
    e = MT19937_64(0)
    a = np.full(200, 2.0, np.float32)
    assert std_gamma._vectorised(e, a) is not None
    for bad in ([np.nan], [-0.5], [np.inf], list(np.linspace(1, 2, 9))):  # the loop draws these
        assert std_gamma._vectorised(e, np.array(bad * 10, np.float32)) is None
    assert std_gamma._vectorised(e, np.array([1.0, 2.0] * 10)) is None  # float64: one value


POISSON = [[3.0], [0.0], [1e-3], [11.99], [12.0], [12.5], [40.0], [1000.0], [1e6],
           [0.5, 3.0, 40.0], [11.999, 12.0, 12.5, 0.0]]


@pytest.mark.parametrize("rates", POISSON, ids=str)
def test_poisson_tables_equal_the_loop(rates):
    for seed in range(4):
        r = np.tile(np.array(rates), 1500 // len(rates) + 1)[:1500 + seed]
        np.random.RandomState(seed).shuffle(r)
        _same(std_poisson._poisson, (r,), seed)


@pytest.mark.parametrize("rate", [0.0, 1e-3, 0.7, 3.0, 11.99])
def test_poisson_product_table_from_every_start(rate):
    # _small_table's (end, value) at every start of a window against the product method
    # drawn from there one factor at a time; a draw that runs out of the window ends at W
    t = float(np.exp(-rate))
    for seed in range(3):
        U = np.random.RandomState(seed).random_sample(400)
        U[::37] = 0.999999  # long runs near the window's end too
        end, val = std_poisson._small_table(U, t)
        for p in range(len(U)):
            prod, j, x = U[p], p + 1, 0
            while prod > t and j < len(U):
                prod *= U[j]
                j += 1
                x += 1
            if prod > t:  # it needs draws past the window
                assert end[p] == len(U), (p, end[p])
            else:
                assert (end[p], val[p]) == (j, x), (p, end[p], val[p], j, x)


def test_poisson_one_rate_below_12_draws_from_tables(monkeypatch):
    made = []
    init = std_poisson._PoissonChain.__init__
    monkeypatch.setattr(std_poisson._PoissonChain, "__init__",
                        lambda self, *a: made.append(1) or init(self, *a))
    e = MT19937_64(0)
    std_poisson._poisson(e, np.full(50, 3.0))
    assert made == [1]
    for loop in ([3.0, 4.0] * 25, [12.0] * 50, [np.nan] * 50, [3.0]):  # the loop draws these
        std_poisson._poisson(e, np.array(loop))
    assert made == [1]


BINOMIAL = [(100, 0.3), (20, 0.5), (21, 0.5000001), (1000, 0.9), (10 ** 6, 0.4), (34, 0.3),
            (50, 0.2), (1e9, 1e-6), (120, 0.91), (10 ** 15, 0.5),
            # the inversion (n min(p, 1 - p) < 10), flipped above 1/2
            (10, 0.2), (1, 0.5), (19, 0.5), (5, 0.7), (3, 0.999), (100, 0.01), (1e6, 1e-6),
            (7.5, 0.3)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("count,prob", BINOMIAL, ids=str)
def test_binomial_tables_equal_the_loop(dtype, count, prob):
    # one (count, prob) pair drawn by BTRS (n min(p, 1 - p) >= 10) or the inversion
    assert std_binomial._vectorised(MT19937_64(0), np.full(9, count, dtype),
                                    np.full(9, prob, dtype), dtype == np.float32) is not None
    for seed in range(4):
        n = 1500 + seed
        _same(std_binomial._binomial, (np.full(n, count, dtype), np.full(n, prob, dtype)), seed)


def test_binomial_loop_draws_the_rest():
    e = MT19937_64(0)
    for c, p in (([100.0, 50.0], [0.3, 0.3]), ([0.0], [0.3]), ([5.0], [1.0])):
        c, p = np.array(c * 5), np.array(p * 5)
        assert std_binomial._vectorised(e, c, p, False) is None
    # a float32 inversion whose waiting times could sum past 2^24 (float32's whole numbers)
    c, p = np.full(5, 2.0 ** 25, np.float32), np.full(5, 1e-7, np.float32)
    assert std_binomial._vectorised(e, c, p, True) is None


def test_small_windows_are_refilled(monkeypatch):
    # a window of draws too small for all elements: the elements that run past it are drawn
    # from the next, peeked from where the last kept one ended
    monkeypatch.setattr(std_gamma._GammaChain, "draws_per_element", 0.3)
    monkeypatch.setattr(std_binomial._BtrsChain, "draws_per_element", 0.3)
    monkeypatch.setattr(std_binomial._InversionChain, "__init__", _tiny_window(
        std_binomial._InversionChain.__init__))
    monkeypatch.setattr(std_poisson._PoissonChain, "__init__", _tiny_window(
        std_poisson._PoissonChain.__init__))
    for seed in range(3):
        _same(std_gamma._standard_gamma, (np.full(3000, 0.7, np.float32),), seed)
        _same(std_gamma._standard_gamma, (np.tile([0.7, 3.0], 1500),), seed)
        _same(std_binomial._binomial, (np.full(3000, 70.0), np.full(3000, 0.6)), seed)
        _same(std_binomial._binomial, (np.full(3000, 12.0), np.full(3000, 0.3)), seed)
        _same(std_binomial._binomial, (np.full(3000, 12.0, np.float32),
                                       np.full(3000, 0.3, np.float32)), seed)
        _same(std_poisson._poisson, (np.full(3000, 5.0),), seed)
        _same(std_poisson._poisson, (np.tile([5.0, 30.0], 1500),), seed)


def _tiny_window(init):
    def patched(self, *a):
        init(self, *a)
        self.draws_per_element = 0.2
    return patched


def test_doubling_walks_the_chain():
    rs = np.random.RandomState(3)
    W = 5000
    nxt = np.minimum(np.arange(W + 1) + rs.randint(0, 7, W + 1), W)
    nxt[W] = W
    for n in (1, 2, 3, 17, 16, 1000, 4000):
        p, want = 0, []
        for _ in range(n):
            want.append(p)
            p = int(nxt[p])
        assert std_chain.chain_positions([nxt], None, n).tolist() == want
