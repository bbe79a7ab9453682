"""The random-stream cases: short Paddle programs whose outputs under a fixed paddle.seed are
compared value for value (bit for bit) with Paddle 3.3.1's.

Each case is source code run with `paddle` bound to real Paddle (tools/capture_random_streams.py,
which writes tests/fixtures/random_streams.npz) or to eagergraph
(tests/test_random_streams.py); it assigns `out`, a tensor or a list of tensors. A case may
start with `np.random.seed(...)` where Paddle draws from NumPy's global generator (paddle.io's
RandomSampler, WeightedRandomSampler and DataLoader shuffling; SubsetRandomSampler and
random_split draw from paddle.randperm)."""

SEEDS = (0, 1, 2024, 2 ** 40 + 5)


def _cases():
    cases = {}
    for s in SEEDS:
        for dt in ("float32", "float64"):
            cases[f"rand_{dt}_{s}"] = \
                f"paddle.seed({s}); out = [paddle.rand([300], dtype='{dt}'), " \
                f"paddle.rand([3, 7], dtype='{dt}')]"
            cases[f"uniform_{dt}_{s}"] = \
                f"paddle.seed({s}); out = [paddle.uniform([257], dtype='{dt}', min=-0.3, " \
                f"max=2.7), paddle.uniform([5], dtype='{dt}', min=-1, max=1, seed=11)]"
            cases[f"randn_{dt}_{s}"] = \
                f"paddle.seed({s}); out = [paddle.randn([301], dtype='{dt}'), " \
                f"paddle.randn([2, 3], dtype='{dt}'), paddle.standard_normal([9], dtype='{dt}')]"
            cases[f"normal_{dt}_{s}"] = \
                f"paddle.seed({s}); paddle.set_default_dtype('{dt}'); " \
                f"out = [paddle.normal(1.5, 0.3, [200]), paddle.normal(-2.0, 4.0, [3])]; " \
                f"paddle.set_default_dtype('float32')"
            cases[f"normal_tensor_{dt}_{s}"] = \
                f"paddle.seed({s}); m = paddle.to_tensor([[0.5, -1.0, 2.0]] * 4, '{dt}'); " \
                f"out = [paddle.normal(m, 0.25), paddle.normal(m, paddle.full([4, 3], 2.0, " \
                f"'{dt}'))]"
            cases[f"inplace_{dt}_{s}"] = \
                f"paddle.seed({s}); a = paddle.zeros([129], '{dt}'); a.uniform_(-2.0, 5.0); " \
                f"b = paddle.zeros([4, 33], '{dt}'); b.normal_(0.5, 3.0); " \
                f"c = paddle.zeros([50], '{dt}'); c.exponential_(2.5); " \
                f"d = paddle.zeros([40], '{dt}'); d.bernoulli_(0.3); out = [a, b, c, d]"
            cases[f"bernoulli_{dt}_{s}"] = \
                f"paddle.seed({s}); p = paddle.linspace(0.0, 1.0, 120, '{dt}'); " \
                f"out = [paddle.bernoulli(p), paddle.bernoulli(p.reshape([12, 10]))]"
            cases[f"multinomial_{dt}_{s}"] = \
                f"paddle.seed({s}); w = paddle.to_tensor([[0.1, 0.2, 0.3, 0.4, 0.0], " \
                f"[5.0, 1.0, 0.5, 2.0, 3.0]], '{dt}'); " \
                f"out = [paddle.multinomial(w, 50, replacement=True), " \
                f"paddle.multinomial(w, 4), paddle.multinomial(w[1], 3)]"
            cases[f"init_{dt}_{s}"] = (
                f"paddle.seed({s}); I = paddle.nn.initializer; out = []\n"
                f"for init in (I.Normal(0.1, 2.0), I.Uniform(-0.5, 0.25), I.TruncatedNormal(), "
                f"I.TruncatedNormal(0.0, 0.02, -0.04, 0.04), I.XavierNormal(), "
                f"I.XavierUniform(), I.KaimingNormal(), I.KaimingUniform()):\n"
                f"    out.append(paddle.create_parameter([24, 17], '{dt}', "
                f"default_initializer=init))\n"
                f"    out.append(paddle.create_parameter([6, 3, 3, 3], '{dt}', "
                f"default_initializer=init))")
            rates = "[0.0, 0.5, 3.0, 11.99, 12.0, 25.0, 700.0, 1e6, 7.5, 1.0]"
            cases[f"poisson_{dt}_{s}"] = (
                f"paddle.seed({s}); r = paddle.to_tensor({rates}, '{dt}'); "
                f"out = [paddle.poisson(r.tile([30])), paddle.poisson(r.reshape([2, 5]) * 0.1), "
                f"paddle.poisson(paddle.full([7, 9], 40.0, '{dt}')), paddle.rand([3], '{dt}')]")
            cases[f"binomial_{dt}_{s}"] = (
                f"paddle.seed({s}); n = paddle.to_tensor([0, 1, 5, 30, 100, 1000, 10 ** 6, 60]); "
                f"p = paddle.to_tensor([0.5, 0.3, 0.05, 0.6, 0.2, 0.9, 0.001, 0.35], '{dt}'); "
                f"out = [paddle.binomial(n.tile([40]), p.tile([40])), "
                f"paddle.binomial(paddle.to_tensor([[20], [500]]), paddle.to_tensor([0.0, 1.0, "
                f"0.45, 0.99], '{dt}')), paddle.rand([3], '{dt}')]")
            cases[f"standard_gamma_{dt}_{s}"] = (
                f"paddle.seed({s}); a = paddle.to_tensor([0.0, 1e-3, 0.1, 0.5, 0.999, 1.0, 1.5, "
                f"3.0, 50.0, 1e5], '{dt}'); out = [paddle.standard_gamma(a.tile([30])), "
                f"paddle.standard_gamma(paddle.full([4, 25], 2.0, '{dt}')), "
                f"paddle.standard_gamma(paddle.full([30], 0.2, '{dt}')), paddle.rand([3], '{dt}')]")
            cases[f"gamma_distributions_{dt}_{s}"] = (
                f"paddle.seed({s}); D = paddle.distribution; "
                f"c = paddle.to_tensor([0.4, 2.0, 9.0], '{dt}'); "
                f"out = [D.Gamma(c, paddle.to_tensor([1.0, 0.5, 3.0], '{dt}')).sample([20]), "
                f"D.Dirichlet(c).sample([15]), D.Beta(c, c[::-1]).sample([10]), "
                f"D.Chi2(c).sample([10]), D.Poisson(c * 5).sample([20]), "
                f"D.Binomial(paddle.to_tensor([10, 40, 200]), c / 10).sample([20])]")
        cases[f"randint_{s}"] = \
            f"paddle.seed({s}); out = [paddle.randint(-5, 17, [300]), " \
            f"paddle.randint(0, 2 ** 31 - 1, [50], dtype='int32'), paddle.randint(7, shape=[3, 4]), " \
            f"paddle.randint_like(paddle.zeros([2, 5]), 3, 9), " \
            f"paddle.randint(-2 ** 31, 2 ** 31 - 1, [20])]"
        cases[f"randperm_{s}"] = \
            f"paddle.seed({s}); out = [paddle.randperm(10), paddle.randperm(11), " \
            f"paddle.randperm(1), paddle.randperm(500, dtype='int32'), " \
            f"paddle.randperm(7, dtype='float32')]"
        cases[f"dropout_{s}"] = (
            f"paddle.seed({s}); F = paddle.nn.functional; x = paddle.arange(1, 61, dtype="
            f"'float32').reshape([3, 4, 5]); out = [F.dropout(x, 0.3), F.dropout(x, 0.5, "
            f"axis=1), F.dropout(x, 0.25, mode='downscale_in_infer'), F.dropout(x, 0.6, axis=[0, "
            f"2]), F.dropout2d(x.reshape([3, 4, 5, 1]), 0.5), F.alpha_dropout(x, 0.2), "
            f"F.dropout(x.astype('float64'), 0.4)]")
        cases[f"layers_{s}"] = (
            f"paddle.seed({s}); nn = paddle.nn\n"
            f"net = nn.Sequential(nn.Conv2D(3, 8, 3), nn.BatchNorm2D(8), nn.Linear(12, 10), "
            f"nn.Conv1D(4, 6, 5), nn.Embedding(20, 6), nn.LSTM(6, 5), nn.GRU(5, 4), "
            f"nn.MultiHeadAttention(8, 2), nn.Conv2DTranspose(4, 3, 3), nn.SimpleRNN(3, 2))\n"
            f"out = [p for p in net.parameters()]")
        cases[f"rng_state_{s}"] = (
            f"paddle.seed({s}); paddle.rand([5]); st = paddle.get_rng_state(); "
            f"a = paddle.randn([7]); paddle.set_rng_state(st); b = paddle.randn([7]); "
            f"out = [a, b, paddle.to_tensor(paddle.get_rng_state()[0].current_seed() % 1000)]")
        cases[f"io_{s}"] = (
            f"np.random.seed({s % 2 ** 32}); paddle.seed({s}); io = paddle.io\n"
            f"ds = io.TensorDataset([paddle.arange(23, dtype='float32').reshape([23, 1])])\n"
            f"order = [b[0].reshape([-1]) for b in io.DataLoader(ds, batch_size=5, "
            f"shuffle=True)]\n"
            f"parts = io.random_split(range(17), [10, 7])\n"
            f"out = order + [paddle.to_tensor(list(parts[0].indices)), "
            f"paddle.to_tensor(list(io.SubsetRandomSampler(list(range(30, 42))))), "
            f"paddle.to_tensor(list(io.RandomSampler(range(9)))), "
            f"paddle.to_tensor(list(io.WeightedRandomSampler(np.array([0.1, 0.5, 0.2, 0.2]), 8)))]")
        cases[f"random_inplace_{s}"] = (
            f"paddle.seed({s}); a = paddle.zeros([30], 'int64'); a.random_(0, 10); "
            f"b = paddle.zeros([5]); b.random_(3, 9); c = paddle.zeros([6]); c.random_(); "
            f"d = paddle.zeros([6], 'int32'); d.random_(); e = paddle.zeros([6], 'float64'); "
            f"e.random_(); f = paddle.zeros([4], 'int64'); f.random_(-2 ** 40, 2 ** 40); "
            f"out = [a, b, c, d, e, f]")
        cases[f"half_complex_{s}"] = (
            f"paddle.seed({s}); out = [paddle.rand([50], dtype='float16'), "
            f"paddle.randn([51], dtype='float16'), "
            f"paddle.rand([20], dtype='bfloat16').astype('float32'), "
            f"paddle.randn([21], dtype='bfloat16').astype('float32'), "
            f"paddle.randn([7], dtype='complex64'), paddle.randn([4], dtype='complex128')]")
        cases[f"distribution_{s}"] = (
            f"paddle.seed({s}); D = paddle.distribution; "
            f"d = D.Normal(paddle.to_tensor([0.0, 1.0]), paddle.to_tensor([1.0, 2.0])); "
            f"out = [d.sample([5]), d.rsample([3]), D.Uniform(0.0, 2.0).sample([5]), "
            f"paddle.nn.Dropout(0.4)(paddle.ones([3, 8])), "
            f"paddle.rand_like(paddle.zeros([3, 4])), paddle.randn_like(paddle.zeros([3, 4]))]")
        # (gumbel_softmax draws Paddle's uniforms, but its float32 log/softmax can differ in the
        # last bit: only the hard one-hot form is compared here)
        cases[f"activation_noise_{s}"] = (
            f"paddle.seed({s}); F = paddle.nn.functional; "
            f"v = [-1.0, -2.0, 3.0, -0.5, float('nan'), -4.0, 0.0, 2.0]; "
            f"out = [F.rrelu(paddle.to_tensor(v), training=True), "
            f"F.rrelu(paddle.to_tensor(v, 'float64'), 0.2, 0.4, training=True), "
            f"F.gumbel_softmax(paddle.to_tensor([[1.0, 2.0, 3.0]], 'float64'), 0.5, hard=True)]")
        cases[f"transformer_{s}"] = (
            f"paddle.seed({s}); nn = paddle.nn; net = nn.Sequential("
            f"nn.TransformerEncoderLayer(8, 2, 16), nn.LSTM(4, 3, num_layers=2, "
            f"direction='bidirect')); out = list(net.parameters())")
    for dt in ("float32", "float64"):  # many parameters: the samplers' rarer branches
        cases[f"rejection_wide_{dt}"] = (
            f"paddle.seed(5); rs = np.random.RandomState(3); "
            f"rate = paddle.to_tensor(rs.exponential(15.0, 3000).astype('{dt}')); "
            f"conc = paddle.to_tensor(rs.exponential(1.5, 3000).astype('{dt}')); "
            f"n = paddle.to_tensor(rs.randint(0, 2000, 3000)); "
            f"p = paddle.to_tensor(rs.uniform(0, 1, 3000).astype('{dt}')); "
            f"out = [paddle.poisson(rate), paddle.standard_gamma(conc), paddle.binomial(n, p), "
            f"paddle.rand([3], '{dt}')]")
        cases[f"rejection_edges_{dt}"] = (
            f"paddle.seed(6); nan, inf = float('nan'), float('inf'); "
            f"out = [paddle.standard_gamma(paddle.to_tensor([nan, -0.5, -1.0, 0.0, inf, -0.7, "
            f"2.0, -3.0, 1e-30] * 8, '{dt}')), paddle.poisson(paddle.to_tensor([nan, -1.0, 0.0, "
            f"1e-30, 5.0, 12.0] * 8, '{dt}')), paddle.rand([3], '{dt}')]")
        # one parameter value a tensor (or a few): what eagergraph draws from tables over
        # draw positions (eagergraph.phi.std_chain), thousands of elements and windows
        cases[f"rejection_tables_{dt}"] = (
            f"paddle.seed(7); f = lambda v, k=4000: paddle.full([k], v, '{dt}'); "
            f"c = lambda v, k=4000: paddle.full([k], v, 'int64'); "
            f"out = [paddle.standard_gamma(f(2.0)), paddle.standard_gamma(f(0.3)), "
            f"paddle.standard_gamma(f(1e5, 500)), paddle.standard_gamma(paddle.to_tensor("
            f"[0.3, 2.0, 0.0, 50.0], '{dt}').tile([700])), "
            f"paddle.binomial(c(100), f(0.3)), paddle.binomial(c(500), f(0.7)), "
            f"paddle.binomial(c(20), f(0.5)), paddle.binomial(c(10 ** 6, 500), f(0.4, 500)), "
            f"paddle.poisson(f(3.0)), paddle.poisson(f(40.0)), paddle.rand([3], '{dt}')]")
    return cases


CASES = _cases()
