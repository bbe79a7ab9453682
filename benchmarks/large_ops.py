"""Large elementwise/reduction ops against the bare NumPy calls they wrap (issue 9, item 6): on
1e6-element float32 tensors an eagergraph op must cost no more than NumPy's own call plus the
fixed per-op overhead (what the same op costs above NumPy on a tiny [4, 4] tensor). An op above
that does extra passes over memory (an astype, a copy, a contiguous call) that NumPy does not.

    python benchmarks/large_ops.py [--rounds 5] [--size 1000] [--ops add,exp,...]

For each op, forward and forward+backward: the NumPy time, eagergraph's, the excess
(eagergraph - NumPy, in microseconds) on the large tensor and on the tiny one (the fixed
overhead), and `extra`, the large excess minus the tiny one as a share of NumPy's time (0% is
the target; a full extra pass over the data shows as roughly 100% / passes-NumPy-makes).
The NumPy backward is the formula written directly in NumPy (what the grad kernel has to do).
Runs interleaved round by round (eagergraph, NumPy, ...; reversed every other round), the
best of the rounds reported.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import eagergraph as paddle  # noqa: E402

F = paddle.nn.functional


def _np_softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _np_max_grad(x, g):
    m = x == x.max()
    return m * (g / m.sum())


# name -> (eagergraph forward, NumPy forward, NumPy forward+backward, number of tensor inputs)
OPS = {
    "add": (lambda x, y: paddle.add(x, y), lambda x, y: np.add(x, y),
            lambda x, y, g: (np.add(x, y), g, g), 2),
    "multiply": (lambda x, y: paddle.multiply(x, y), lambda x, y: np.multiply(x, y),
                 lambda x, y, g: (np.multiply(x, y), g * y, g * x), 2),
    "exp": (lambda x: paddle.exp(x), lambda x: np.exp(x),
            lambda x, g: (lambda o: (o, g * o))(np.exp(x)), 1),
    "tanh": (lambda x: paddle.tanh(x), lambda x: np.tanh(x),
             lambda x, g: (lambda o: (o, g * (1 - o * o)))(np.tanh(x)), 1),
    "sum": (lambda x: paddle.sum(x), lambda x: np.sum(x),
            lambda x, g: (np.sum(x), np.broadcast_to(g, x.shape).copy()), 1),
    "mean": (lambda x: paddle.mean(x), lambda x: np.mean(x),
             lambda x, g: (np.mean(x), np.full(x.shape, g / x.size, x.dtype)), 1),
    "max": (lambda x: paddle.max(x), lambda x: np.max(x),
            lambda x, g: (np.max(x), _np_max_grad(x, g)), 1),
    "softmax": (lambda x: F.softmax(x), _np_softmax,
                lambda x, g: (lambda o: (o, o * (g - (g * o).sum(-1, keepdims=True))))(
                    _np_softmax(x)), 1),
    "matmul": (lambda x, y: paddle.matmul(x, y), lambda x, y: np.matmul(x, y),
               lambda x, y, g: (np.matmul(x, y), g @ y.T, x.T @ g), 2),
}


def _inputs(op, n, rng):
    if op == "matmul":  # [n, n] @ [n, 64]: the output grad is [n, 64]
        return [rng.standard_normal((n, n)).astype(np.float32),
                rng.standard_normal((n, 64)).astype(np.float32)]
    k = OPS[op][3]
    return [rng.standard_normal((n, n)).astype(np.float32) for _ in range(k)]


def _out_grad(op, arrays, rng):
    np_fwd = OPS[op][1]
    shape = np.shape(np_fwd(*arrays))
    return rng.standard_normal(shape).astype(np.float32)


def _cases(op, n, rng):
    """{label: zero-arg callable} for eagergraph and NumPy, forward and forward+backward."""
    eg_fwd, np_fwd, np_both, _ = OPS[op]
    arrays = _inputs(op, n, rng)
    g = _out_grad(op, arrays, rng)
    ts = [paddle.to_tensor(a) for a in arrays]
    leaves = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    gt = paddle.to_tensor(g)

    def eg_both():
        out = eg_fwd(*leaves)
        return paddle.grad(out, leaves, grad_outputs=gt)

    return {"eg fwd": lambda: eg_fwd(*ts), "np fwd": lambda: np_fwd(*arrays),
            "eg fwd+bwd": eg_both, "np fwd+bwd": lambda: np_both(*arrays, g)}


def _time(fn, min_time):
    """Seconds per call: enough calls to fill min_time, at least 3."""
    fn()
    t0, k = time.perf_counter(), 0
    while True:
        fn()
        k += 1
        el = time.perf_counter() - t0
        if k >= 3 and el >= min_time:
            return el / k


def measure(ops, n, rounds, min_time):
    """{op: {label: best seconds}} for tensors [n, n]: interleaved round by round, the order
    within an op reversed every other round (the first call after another op's buffers pays
    for the allocator), the minimum over rounds (load on a shared machine only adds time)."""
    rng = np.random.default_rng(0)
    cases = {op: _cases(op, n, rng) for op in ops}
    times = {op: {k: [] for k in c} for op, c in cases.items()}
    for r in range(rounds):
        for op, c in cases.items():
            items = list(c.items())
            for k, fn in (items if r % 2 == 0 else items[::-1]):
                times[op][k].append(_time(fn, min_time))
    return {op: {k: min(v) for k, v in d.items()} for op, d in times.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--size", type=int, default=1000, help="tensors are [size, size]")
    ap.add_argument("--ops", default=",".join(OPS))
    args = ap.parse_args()
    ops = args.ops.split(",")
    tiny = measure(ops, 4, args.rounds, 0.02)
    large = measure(ops, args.size, args.rounds, 0.1)
    print(f"[{args.size}, {args.size}] float32 vs tiny [4, 4]; best of {args.rounds} rounds; "
          f"times in us")
    print(f"{'op':<9}{'pass':<9}{'numpy':>10}{'eager':>10}{'excess':>10}{'fixed':>9}"
          f"{'extra':>8}")
    for op in ops:
        for mode in ("fwd", "fwd+bwd"):
            npl, egl = large[op]["np " + mode], large[op]["eg " + mode]
            fixed = tiny[op]["eg " + mode] - tiny[op]["np " + mode]
            excess = egl - npl
            print(f"{op:<9}{mode:<9}{npl * 1e6:>10.0f}{egl * 1e6:>10.0f}{excess * 1e6:>10.0f}"
                  f"{fixed * 1e6:>9.1f}{(excess - fixed) / npl:>8.0%}")


if __name__ == "__main__":
    main()
