"""Random draws of the reference (real Paddle) run, handed to the eagergraph run in order.

Each random op the eagergraph run makes (an op such as `uniform` or `gaussian`, or a random
initializer filling a parameter) takes the first draw not yet taken whose op is compatible and
whose shape matches, so an op missing on one side does not shift the later draws. eagergraph's
dropout draws a uniform mask and compares it with p; Paddle's `dropout` op returns the mask, so
The reference records Paddle's dropout mask (record_paddle._dropout), so a uniform draw replays
it: kept elements get 1.0 (>= p), dropped ones 0.0."""
import numpy as np

__all__ = ["Replay", "RANDOM_OPS", "INIT_DRAWS"]

# Paddle random ops (their outputs are recorded whole in the reference run)
RANDOM_OPS = frozenset([
    "uniform", "uniform_", "uniform_inplace", "uniform_inplace_", "gaussian", "gaussian_",
    "gaussian_inplace", "gaussian_inplace_", "truncated_gaussian_random", "randint", "randperm",
    "bernoulli", "bernoulli_", "multinomial", "poisson", "standard_gamma", "binomial",
    "dropout", "dropout_", "exponential_", "random_", "rrelu", "class_center_sample", "top_p_sampling",
    "dirichlet", "uniform_random", "gaussian_random", "randint_like"])

# what a draw of the eagergraph op may take (the Paddle ops giving the same values)
_COMPATIBLE = {"uniform": ("uniform", "uniform_random", "dropout", "dropout_"),
               "gaussian": ("gaussian", "gaussian_random")}
INIT_DRAWS = ("uniform", "uniform_random", "gaussian", "gaussian_random",
              "truncated_gaussian_random")


class Replay:
    def __init__(self, draws):
        self.draws = draws
        self.used = [False] * len(draws)
        self._first = 0

    def take(self, op, shape, kinds=None):
        """The values (an array) of the first unused compatible draw of `shape`, or None."""
        kinds = kinds or _COMPATIBLE.get(op, (op,))
        shape = list(shape)
        for i in range(self._first, len(self.draws)):
            d = self.draws[i]
            if self.used[i] or d["op"] not in kinds or not d["values"]:
                continue
            values = d["values"][0]
            if d["op"] in ("dropout", "dropout_"):  # its mask as a uniform draw
                values = (np.asarray(d["values"][-1]) != 0).astype(np.float32)
            if list(np.shape(values)) != shape:
                continue
            self.used[i] = True
            while self._first < len(self.used) and self.used[self._first]:
                self._first += 1
            return np.asarray(values)
        return None

    def unused(self):
        return [d["op"] for d, u in zip(self.draws, self.used) if not u]
