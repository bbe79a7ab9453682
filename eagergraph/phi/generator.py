"""The global random generator (Paddle phi/core/generator.h): what random kernels draw from and
`paddle.seed` re-seeds."""
import numpy as np


class _RandomState:
    generator = np.random.default_rng()


def seed(seed):
    """paddle.seed: re-seed the global generator used by rand/randn/uniform/normal/randint."""
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"paddle.seed() expects an int seed, but received {type(seed).__name__}.")
    _RandomState.generator = np.random.default_rng(int(seed) & 0xFFFFFFFFFFFFFFFF)
    return _RandomState.generator


def get_generator():
    return _RandomState.generator
