"""How far eagergraph's float32 results are from real Paddle 3.3.1's (CPU, oneDNN / MKL) on the
common training ops, and on a short training run.

    python tools/compare_float32.py [--ops] [--train] [--epochs 3] [--json FILE]

--ops (default when neither is named): each op of the table below runs in float32 on the same
inputs (NumPy seed 0) in both libraries in this process; per op, the forward outputs and the
gradients are compared element by element and reported as the largest distance in units in the
last place (ulp: how many float32 values lie between the two results), the share of elements
that agree bit for bit, the largest difference in ulps of the output's largest magnitude
(ulp@max: the fair measure for sums, whose small results lose low bits to cancellation) and
the largest relative difference |a - b| / max(|b|, 1e-6 max|b|).

--train: the demo's CNN (eagergraph/demo.py: conv-relu-pool x 2, linear-relu-linear, Adam
with a cosine-annealed learning rate, cross entropy) on scikit-learn's bundled digits, and
Paddle's LeNet tutorial model (paddle.vision.models.LeNet, Adam lr 0.001) on the same digits
drawn at 28x28, for --epochs epochs, in both libraries from the same initial weights (Paddle's
seeded ones, copied; the report says whether eagergraph's seeded ones are equal) and the same
batch order; the largest relative difference of the step losses in each epoch.

Needs paddle (the oracle) installed; paddle is imported only by this tool, never by
eagergraph. Both libraries run on one thread (OMP_NUM_THREADS=1), as Paddle's CPU default.
"""
import argparse
import json
import os
import sys

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402


def ulp_distance(a, b):
    """Elementwise distance of float32 arrays a and b in float32 steps (0 where bit-equal;
    +0 and -0 count as equal)."""
    a = np.ascontiguousarray(a, np.float32).view(np.int32).astype(np.int64)
    b = np.ascontiguousarray(b, np.float32).view(np.int32).astype(np.int64)
    # map the sign-magnitude bit patterns onto a line where neighbours differ by one
    a = np.where(a < 0, -(a & 0x7FFFFFFF), a)
    b = np.where(b < 0, -(b & 0x7FFFFFFF), b)
    return np.abs(a - b)


def compare(ours, ref):
    """{'ulp': max ulp, 'ulp_of_max': the largest difference in ulps of the largest |ref|
    (the measure for sums, whose small results lose their low bits to cancellation),
    'exact': share bit-equal, 'rel': max relative difference}."""
    ours, ref = np.asarray(ours, np.float32), np.asarray(ref, np.float32)
    assert ours.shape == ref.shape, (ours.shape, ref.shape)
    u = ulp_distance(ours, ref)
    scale = float(np.abs(ref).max()) if ref.size else 0.0
    den = np.maximum(np.abs(ref.astype(np.float64)), max(scale * 1e-6, 1e-30))
    rel = np.abs(ours.astype(np.float64) - ref) / den
    diff = np.abs(ours.astype(np.float64) - ref)
    return {"ulp": int(u.max()) if u.size else 0,
            "ulp_of_max": float(diff.max() / np.spacing(np.float32(scale))) if scale else 0.0,
            "exact": float((u == 0).mean()) if u.size else 1.0,
            "rel": float(rel.max()) if rel.size else 0.0}


# ---------------------------------------------------------------------------------------------
# the ops: each case takes the library (eagergraph or paddle) and NumPy inputs and returns
# {name: array} of its forward outputs and gradients

def _t(p, a, grad=True):
    return p.to_tensor(a, stop_gradient=not grad)


def _grads(p, out, ins, g):
    out.backward(_t(p, g, False))
    return {f"d{n}": t.grad.numpy() for n, t in ins.items() if t.grad is not None}


def case_conv2d(p, r):
    x, w, b = _t(p, r["x"]), _t(p, r["w"]), _t(p, r["b"])
    y = p.nn.functional.conv2d(x, w, b, padding=1)
    return {"out": y.numpy(), **_grads(p, y, {"x": x, "w": w, "b": b}, r["g"])}


def case_conv2d_lenet(p, r):
    x, w = _t(p, r["x"]), _t(p, r["w"])
    y = p.nn.functional.conv2d(x, w)
    return {"out": y.numpy(), **_grads(p, y, {"x": x, "w": w}, r["g"])}


def case_max_pool2d(p, r):
    x = _t(p, r["x"])
    y = p.nn.functional.max_pool2d(x, 2)
    return {"out": y.numpy(), **_grads(p, y, {"x": x}, r["g"])}


def case_avg_pool2d(p, r):
    x = _t(p, r["x"])
    y = p.nn.functional.avg_pool2d(x, 3, stride=2, padding=1)
    return {"out": y.numpy(), **_grads(p, y, {"x": x}, r["g"])}


def case_adaptive_avg_pool2d(p, r):
    x = _t(p, r["x"])
    y = p.nn.functional.adaptive_avg_pool2d(x, 1)
    return {"out": y.numpy(), **_grads(p, y, {"x": x}, r["g"])}


def case_matmul(p, r):
    x, y = _t(p, r["x"]), _t(p, r["y"])
    z = p.matmul(x, y)
    return {"out": z.numpy(), **_grads(p, z, {"x": x, "y": y}, r["g"])}


def case_linear(p, r):
    x, w, b = _t(p, r["x"]), _t(p, r["w"]), _t(p, r["b"])
    z = p.nn.functional.linear(x, w, b)
    return {"out": z.numpy(), **_grads(p, z, {"x": x, "w": w, "b": b}, r["g"])}


def case_softmax(p, r):
    x = _t(p, r["x"])
    y = p.nn.functional.softmax(x, axis=-1)
    return {"out": y.numpy(), **_grads(p, y, {"x": x}, r["g"])}


def case_log_softmax(p, r):
    x = _t(p, r["x"])
    y = p.nn.functional.log_softmax(x, axis=-1)
    return {"out": y.numpy(), **_grads(p, y, {"x": x}, r["g"])}


def case_cross_entropy(p, r):
    x = _t(p, r["x"])
    loss = p.nn.functional.cross_entropy(x, _t(p, r["label"], False))
    out = loss.numpy()
    loss.backward()
    return {"out": out, "dx": x.grad.numpy()}


def case_batch_norm(p, r):
    x = _t(p, r["x"])
    bn = p.nn.BatchNorm2D(r["x"].shape[1])
    bn.weight.set_value(r["w"])
    bn.bias.set_value(r["b"])
    y = bn(x)
    res = {"out": y.numpy()}
    res.update(_grads(p, y, {"x": x, "w": bn.weight, "b": bn.bias}, r["g"]))
    res["mean"] = bn._mean.numpy()
    res["variance"] = bn._variance.numpy()
    return res


def case_mean(p, r):
    x = _t(p, r["x"])
    return {"all": p.mean(x).numpy(), "axis0": p.mean(x, axis=0).numpy(),
            "axis1": p.mean(x, axis=1).numpy()}


def case_sum(p, r):
    x = _t(p, r["x"])
    return {"all": p.sum(x).numpy(), "axis0": p.sum(x, axis=0).numpy(),
            "axis1": p.sum(x, axis=1).numpy()}


def case_adam(p, r):
    w = p.create_parameter(r["w"].shape, "float32")
    w.set_value(r["w"])
    opt = p.optimizer.Adam(learning_rate=0.003, parameters=[w])
    out = {}
    for i, g in enumerate(r["gs"]):
        w.grad = None if i == 0 else w.grad
        (w * _t(p, g, False)).sum().backward()   # grad == g, exactly
        opt.step()
        opt.clear_grad()
        out[f"step{i + 1}"] = w.numpy().copy()
    return out


def case_adamw(p, r):
    w = p.create_parameter(r["w"].shape, "float32")
    w.set_value(r["w"])
    opt = p.optimizer.AdamW(learning_rate=0.003, parameters=[w], weight_decay=0.01)
    out = {}
    for i, g in enumerate(r["gs"]):
        (w * _t(p, g, False)).sum().backward()
        opt.step()
        opt.clear_grad()
        out[f"step{i + 1}"] = w.numpy().copy()
    return out


def _inputs(rng):
    f = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    return {
        "conv2d": (case_conv2d, {"x": f(8, 16, 14, 14), "w": f(32, 16, 3, 3), "b": f(32),
                                 "g": f(8, 32, 14, 14)}),
        "conv2d_5x5": (case_conv2d_lenet, {"x": f(64, 6, 12, 12), "w": f(16, 6, 5, 5),
                                           "g": f(64, 16, 8, 8)}),
        "conv2d_28x28": (case_conv2d, {"x": f(64, 1, 28, 28), "w": f(6, 1, 3, 3), "b": f(6),
                                       "g": f(64, 6, 28, 28)}),
        "max_pool2d": (case_max_pool2d, {"x": f(8, 16, 14, 14), "g": f(8, 16, 7, 7)}),
        "avg_pool2d": (case_avg_pool2d, {"x": f(8, 16, 14, 14), "g": f(8, 16, 7, 7)}),
        "adaptive_avg_pool2d": (case_adaptive_avg_pool2d, {"x": f(8, 64, 7, 7),
                                                           "g": f(8, 64, 1, 1)}),
        "matmul": (case_matmul, {"x": f(64, 256), "y": f(256, 128), "g": f(64, 128)}),
        "linear": (case_linear, {"x": f(64, 400), "w": f(400, 120), "b": f(120),
                                 "g": f(64, 120)}),
        "linear_84": (case_linear, {"x": f(64, 120), "w": f(120, 84), "b": f(84),
                                    "g": f(64, 84)}),
        "softmax": (case_softmax, {"x": 3 * f(64, 1000), "g": f(64, 1000)}),
        "softmax_10": (case_softmax, {"x": 3 * f(64, 10), "g": f(64, 10)}),
        "log_softmax": (case_log_softmax, {"x": 3 * f(64, 1000), "g": f(64, 1000)}),
        "cross_entropy": (case_cross_entropy, {"x": 3 * f(64, 10),
                                               "label": rng.integers(0, 10, (64,))}),
        "batch_norm": (case_batch_norm, {"x": 2 + 3 * f(32, 16, 8, 8), "w": f(16), "b": f(16),
                                         "g": f(32, 16, 8, 8)}),
        "mean": (case_mean, {"x": 1 + f(512, 1000)}),
        "sum": (case_sum, {"x": 1 + f(512, 1000)}),
        "adam": (case_adam, {"w": f(256, 128), "gs": [f(256, 128) for _ in range(5)]}),
        "adamw": (case_adamw, {"w": f(256, 128), "gs": [f(256, 128) for _ in range(5)]}),
    }


def run_ops(eg, pd):
    """{op: {output: compare(...)}}"""
    report = {}
    for name, (fn, arrays) in _inputs(np.random.default_rng(0)).items():
        ours, ref = fn(eg, arrays), fn(pd, arrays)
        report[name] = {k: compare(ours[k], ref[k]) for k in ref}
    return report


def print_ops(report):
    print(f"{'op':20s} {'output':9s} {'max ulp':>8s} {'ulp@max':>8s} {'bit-equal':>9s} "
          f"{'max rel':>9s}")
    for op, outs in report.items():
        for k, c in outs.items():
            print(f"{op:20s} {k:9s} {c['ulp']:8d} {c['ulp_of_max']:8.2f} {c['exact']:9.1%} "
                  f"{c['rel']:9.2e}")


# ---------------------------------------------------------------------------------------------
# the training run

def _digits_cnn(p):
    nn = p.nn
    return nn.Sequential(
        nn.Conv2D(1, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
        nn.Conv2D(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
        nn.Flatten(), nn.Linear(64 * 2 * 2, 128), nn.ReLU(), nn.Linear(128, 10))


def _lenet(p):
    return p.vision.models.LeNet()


MODELS = {"digits_cnn": (_digits_cnn, 0.003), "lenet": (_lenet, 0.001)}


def _upsampled(x):
    """[N, 1, 8, 8] digits as LeNet's [N, 1, 28, 28] (each pixel 3x3, zero border of 2)."""
    x = x.repeat(3, axis=2).repeat(3, axis=3)
    return np.pad(x, ((0, 0), (0, 0), (2, 2), (2, 2)))


def train_losses(p, build, init, data, epochs, lr, batch_size=64):
    """Step losses per epoch of the demo's training, from the state dict `init`."""
    x_tr, y_tr, orders = data
    p.seed(0)
    model = build(p)
    if init is not None:
        model.set_state_dict({k: p.to_tensor(v) for k, v in init.items()})
    schedule = p.optimizer.lr.CosineAnnealingDecay(lr, T_max=epochs)
    opt = p.optimizer.Adam(learning_rate=schedule, parameters=model.parameters())
    F = p.nn.functional
    curves = []
    for e in range(epochs):
        losses = []
        order = orders[e]
        for i in range(0, len(order), batch_size):
            idx = order[i:i + batch_size]
            loss = F.cross_entropy(model(p.to_tensor(x_tr[idx])), p.to_tensor(y_tr[idx]))
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
        schedule.step()
        curves.append(losses)
    state = {k: v.numpy() for k, v in model.state_dict().items()}
    return curves, state


def run_train(eg, pd, epochs, model="digits_cnn"):
    from eagergraph.demo import load_digits_split
    build, lr = MODELS[model]
    x_tr, y_tr, _, _ = load_digits_split(0)
    if model == "lenet":
        x_tr = _upsampled(x_tr)
    rng = np.random.default_rng(0)
    orders = [rng.permutation(len(x_tr)) for _ in range(epochs)]
    pd.seed(0)
    init = {k: v.numpy() for k, v in build(pd).state_dict().items()}
    eg.seed(0)
    own = {k: v.numpy() for k, v in build(eg).state_dict().items()}
    same_init = all(np.array_equal(own[k], init[k]) for k in init)
    data = (x_tr, y_tr, orders)
    ref, ref_state = train_losses(pd, build, init, data, epochs, lr)
    ours, our_state = train_losses(eg, build, init, data, epochs, lr)
    per_epoch = []
    for a, b in zip(ours, ref):
        a, b = np.array(a), np.array(b)
        rel = np.abs(a - b) / np.abs(b)
        first = np.flatnonzero(rel > 1e-6)
        per_epoch.append({"max_rel": float(rel.max()), "mean_loss": float(b.mean()),
                          "steps": len(b),
                          "first_step_over_1e-6": int(first[0]) if first.size else None})
    params = {k: compare(our_state[k], ref_state[k])["rel"] for k in ref_state}
    return {"model": model, "same_seeded_init": same_init, "epochs": per_epoch,
            "final_param_max_rel": max(params.values())}


def print_train(res):
    print(f"{res['model']}: seeded initial weights equal to Paddle's: {res['same_seeded_init']}")
    for i, e in enumerate(res["epochs"], 1):
        print(f"epoch {i}: max relative loss difference {e['max_rel']:.2e} over {e['steps']} "
              f"steps (mean loss {e['mean_loss']:.4f}; first step > 1e-6: "
              f"{e['first_step_over_1e-6']})")
    print(f"parameters after training: max relative difference "
          f"{res['final_param_max_rel']:.2e}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", action="store_true", help="compare the ops (default)")
    ap.add_argument("--train", action="store_true", help="compare the demo's training run")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    import paddle
    import eagergraph
    paddle.set_device("cpu")
    from eagergraph.phi.cpu_features import cpu_vendor, mkl_avx512
    print(f"CPU {cpu_vendor() or 'unknown'}: Paddle's MKL products "
          + ("on its AVX-512 path (the order eagergraph follows)" if mkl_avx512() else
             "on another path (eagergraph does not follow its order: products differ)"))
    out = {"mkl_avx512": mkl_avx512()}
    if args.ops or not args.train:
        out["ops"] = run_ops(eagergraph, paddle)
        print_ops(out["ops"])
    if args.train:
        out["train"] = {}
        for model in MODELS:
            out["train"][model] = res = run_train(eagergraph, paddle, args.epochs, model)
            print_train(res)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
