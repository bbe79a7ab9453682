"""The eager core's tiny-tensor figures, as ratios in one interleaved run: the 10-op chain
`3 x (h*a, h+b, tanh); sum` on [4, 4] float32 (forward + backward, and forward alone), and one
`add` whose inputs need grad (forward + backward), for eagergraph, paddlepaddle and torch (CPU,
one thread) where installed. Each library's steps take turns within every round; the report
gives the median per-op time of each and eagergraph's ratio to each peer.

    python benchmarks/tiny_chain.py [--rounds 7] [--number 400]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from interleave import peer_steps, median_times  # noqa: E402

N_CHAIN_OPS = 10  # 3 x (multiply, add, tanh) + sum


def _leaves(lib, name, arrays):
    if name == "torch":
        ts = [lib.tensor(a, requires_grad=True) for a in arrays]

        def clear():
            for t in ts:
                t.grad = None
    else:
        ts = [lib.to_tensor(a, stop_gradient=False) for a in arrays]

        def clear():
            for t in ts:
                t.clear_gradient(False)
    return ts, clear


def make_steps(lib, name):
    """{figure: (callable, ops per call)} for one library."""
    a0 = np.random.default_rng(0).standard_normal((4, 4)).astype(np.float32)
    (x, a, b), clear = _leaves(lib, name, [a0, a0 * 0.5, a0 * 0.1])
    (p, q), clear2 = _leaves(lib, name, [a0, a0 * 2.0])
    tanh = lib.tanh

    def fwd():
        h = x
        for _ in range(3):
            h = h * a
            h = h + b
            h = tanh(h)
        return h.sum()

    def fwd_bwd():
        fwd().backward()
        clear()

    def add():
        (p + q).sum().backward()
        clear2()

    return {"chain fwd+bwd": (fwd_bwd, N_CHAIN_OPS), "chain fwd": (fwd, N_CHAIN_OPS),
            "add+sum fwd+bwd": (add, 2)}


def _torch_steps(torch):
    torch.set_num_threads(1)
    return make_steps(torch, "torch")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--number", type=int, default=400)
    args = ap.parse_args()
    import eagergraph
    steps = {"eagergraph": make_steps(eagergraph, "eagergraph")}
    steps.update(peer_steps(lambda lib: make_steps(lib, "paddle"), _torch_steps))
    for figure, (_, ops) in steps["eagergraph"].items():
        med = median_times({n: s[figure][0] for n, s in steps.items()}, args.rounds,
                           args.number, warmup=20)
        med = {n: t / ops for n, t in med.items()}
        eg = med["eagergraph"]
        line = "  ".join(f"{n} {t * 1e6:6.2f} us/op" for n, t in med.items())
        ratios = "  ".join(f"eagergraph/{n} = {eg / t:.2f}" for n, t in med.items()
                           if n != "eagergraph")
        print(f"{figure:<16} {line}   {ratios}")


if __name__ == "__main__":
    main()
