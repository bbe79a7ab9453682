"""Runs one case of a case table (tests/vision_ops_cases.py, tests/incubate_cases.py) under
paddle or eagergraph: tools/capture_cases.py stores Paddle 3.3.1's results, the tests compare
eagergraph's with them.

A case: (name, function name in the table's NAMESPACE, args, kwargs, diff). NumPy arrays among
the args and kwargs become Tensors (dtype kept); `diff` lists the args whose gradient is taken,
for the upstream gradient `cotangent` of the first output."""
import numpy as np


def cotangent(shape, dtype):
    """The upstream gradient every capture uses: (i % 5 + 1) / 4 in the output's layout."""
    return ((np.arange(int(np.prod(shape))) % 5 + 1) / 4.0).astype(dtype).reshape(shape)


def flatten(out):
    if isinstance(out, (list, tuple)):
        return [a for o in out for a in flatten(o)]
    return [out]


def namespace(lib, dotted):
    for part in dotted.split("."):
        lib = getattr(lib, part)
    return lib


def run(lib, ns, fname, args, kwargs, diff):
    """(outputs, grads) of one case under lib (paddle or eagergraph); raises what it raises."""
    ts = [lib.to_tensor(a, stop_gradient=i not in diff) if isinstance(a, np.ndarray) else a
          for i, a in enumerate(args)]
    kw = {k: lib.to_tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    outs = flatten(getattr(namespace(lib, ns), fname)(*ts, **kw))
    grads = []
    if diff:
        o = outs[0]
        go = lib.to_tensor(cotangent(o.shape, o.numpy().dtype))
        grads = lib.grad([o], [ts[i] for i in diff], grad_outputs=[go])
    return [None if o is None else o.numpy() for o in outs], [g.numpy() for g in grads]


def compare(data, name, outs, grads, check_grads=True):
    """Assert eagergraph's outputs and grads equal the captured ones (dtype, shape, values)."""
    want = sorted(k for k in data if k.startswith(name + "|out"))
    assert len(outs) == len(want), f"{len(outs)} outputs, Paddle {len(want)}"
    for i, o in enumerate(outs):
        w = data[f"{name}|out{i}"]
        if w.dtype.kind == "U":
            assert o is None
            continue
        if w.size == 0 and o is not None and o.size == 0:
            # an output Paddle leaves unallocated (fused_layer_norm's residual_out without a
            # residual reads back as shape [..., 0]); eagergraph's is an empty Tensor
            continue
        assert o.dtype == w.dtype and o.shape == w.shape, (o.dtype, o.shape, w.dtype, w.shape)
        tol = 1e-5 if w.dtype != np.float64 else 1e-12
        np.testing.assert_allclose(o, w, rtol=tol, atol=tol)
    if check_grads:
        for j, g in enumerate(grads):
            w = data[f"{name}|grad{j}"]
            assert g.shape == w.shape
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
