"""Is each hand-written grad kernel worth keeping? For the backward ops that have both a NumPy grad
kernel and a `composite:` formula (eagergraph/opdefs/backward.yaml), the first-order backward of
one node two ways on the same saved arrays and out grad: the kernel (the node's `run_raw`, what
runs today) and the composite formula interpreted over arrays as the generator does for formula
nodes (codegen's array rewrite: each op the kernel cached for its input's dtype). Sizes [4, 4]
and [512, 512] float32; the report gives formula time / kernel time (above 1: the kernel wins).
cast_grad's kernel returns the out grad as it is (the engine casts it at the edge), so its large
figure is the cast the formula does itself.
conv, pool, fft, matmul and cumprod keep their kernels by design (a formula would unfold them
into many ops) and are not timed here. softmax_grad and log_softmax_grad lost theirs after this
measured their formulas at 0.91-1.07x the kernels' time: they are formula nodes now.

    python benchmarks/grad_kernels.py [--number 2000] [--repeat 5]
"""
import argparse
import os
import sys
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402

import eagergraph as paddle  # noqa: E402
from eagergraph.phi.infermeta import backward as _meta  # noqa: E402

# forward op -> how to run it on x (and y) so that its grad node is made
CASES = {
    "add": lambda x, y: x + y,
    "subtract": lambda x, y: x - y,
    "multiply": lambda x, y: x * y,
    "divide": lambda x, y: x / y,
    "tanh": lambda x, y: paddle.tanh(x),
    "exp": lambda x, y: paddle.exp(x),
    "cast": lambda x, y: paddle.cast(x, "float64"),
    "scale": lambda x, y: paddle.scale(x, 2.0, 1.0),
    "log": lambda x, y: paddle.log(x),
    "sqrt": lambda x, y: paddle.sqrt(x),
    "square": lambda x, y: paddle.square(x),
    "sigmoid": lambda x, y: paddle.nn.functional.sigmoid(x),
    "assign": lambda x, y: paddle.assign(x),
    "sum": lambda x, y: paddle.sum(x, axis=1),
    "mean": lambda x, y: paddle.mean(x, axis=1),
    "relu": lambda x, y: paddle.nn.functional.relu(x),
    "reshape": lambda x, y: paddle.reshape(x, [-1]),
    "transpose": lambda x, y: paddle.transpose(x, [1, 0]),
}


def _array_formulas(b):
    """{grad name: compiled expression} of b's composite over arrays, and the module of array
    ops it calls (written out by codegen's emitters, as `python -m codegen` would)."""
    sys.path.insert(0, ROOT)
    from codegen.__main__ import load_specs
    from codegen import emit_arrays, emit_backward
    specs, bwd = load_specs()
    ops = {s.name for s in specs} | {x.name for x in bwd if x.kernel}
    metas = emit_backward.meta_names(os.path.join(ROOT, "eagergraph"))
    local = set(b.saved) | set(b.out_grads) | set(b.attrs_used)
    codes = {g: emit_backward.formula_code(b, str(b.formulas[g]), ops, metas, local,
                                           arrays=True) for g in b.grads}
    called = {s.name for s in specs if any(f"_arr.{s.name}(" in c for c in codes.values())}
    env = {"__name__": "eagergraph._generated._bench_arrays",
           "__package__": "eagergraph._generated"}
    exec(compile(emit_arrays.emit_grad_arrays(specs, called), "<grad arrays>", "exec"), env)
    arr = type(sys)("grad_arrays")
    arr.__dict__.update(env)
    return {g: compile(c, f"<{b.name} {g}>", "eval") for g, c in codes.items()}, arr


def _backward_specs():
    from codegen.__main__ import load_specs
    return {b.forward.name: b for b in load_specs()[1]}


def measure(op, shape, number, repeat, specs):
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.uniform(0.5, 2.0, shape).astype(np.float32), stop_gradient=False)
    y = paddle.to_tensor(rng.uniform(0.5, 2.0, shape).astype(np.float32), stop_gradient=False)
    out = CASES[op](x, y)
    node = out._grad_node
    b = specs[op]
    g = np.ones(out.shape, np.float32)
    env = {n: getattr(node, n + "_saved") for n in b.saved}
    env.update({a: getattr(node, a) for a in b.attrs_used})
    env[b.out_grads[0]] = g
    formulas, arr = _array_formulas(b)
    env.update(_arr=arr, _meta=_meta)
    need = {n: True for n in formulas}

    def kernel():
        node.run_raw(g)

    def formula():
        for name, code in formulas.items():
            if need[name]:
                eval(code, env)

    formula()  # fill the kernel caches
    kernel()
    tk = min(timeit.repeat(kernel, number=number, repeat=repeat)) / number
    tf = min(timeit.repeat(formula, number=number, repeat=repeat)) / number
    return tk, tf


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--number", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    specs = _backward_specs()
    print(f"{'grad op':<18} {'[4,4] kernel us':>16} {'formula/kernel':>15} "
          f"{'[512,512] kernel us':>20} {'formula/kernel':>15}")
    for op in CASES:
        row = [f"{specs[op].name:<18}"]
        for shape, n in (((4, 4), args.number), ((512, 512), max(args.number // 200, 5))):
            try:
                tk, tf = measure(op, shape, n, args.repeat, specs)
            except AttributeError as e:  # an op of the formula has no array form (a view op)
                row.append(f"  (formula not runnable on arrays: {e.args[0].split()[-1]})")
                break
            row.append(f"{tk * 1e6:>16.2f} {tf / tk:>15.2f}" if shape == (4, 4) else
                       f"{tk * 1e6:>20.1f} {tf / tk:>15.2f}")
        print(" ".join(row), flush=True)


if __name__ == "__main__":
    main()
