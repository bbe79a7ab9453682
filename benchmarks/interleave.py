"""Shared by the step benchmarks: build one step per library (eagergraph always, paddlepaddle and
torch when installed) and time them interleaved in one run, so machine noise hits all alike."""
import importlib
import statistics
import time


def peer_steps(paddle_like_step, torch_step):
    """{'paddle': step, 'torch': step} for the peers that import; eagergraph never imports them."""
    steps = {}
    for name in ("paddle", "torch"):
        try:
            lib = importlib.import_module(name)
        except ImportError:
            continue
        steps[name] = torch_step(lib) if name == "torch" else paddle_like_step(lib)
    return steps


def median_times(steps, rounds, number, warmup=2):
    """{name: median seconds per call} over `rounds` rounds of `number` calls of each step,
    the steps taking turns within each round."""
    for f in steps.values():
        for _ in range(warmup):
            f()
    times = {k: [] for k in steps}
    for _ in range(rounds):
        for k, f in steps.items():
            t0 = time.perf_counter()
            for _ in range(number):
                f()
            times[k].append((time.perf_counter() - t0) / number)
    return {k: statistics.median(v) for k, v in times.items()}
