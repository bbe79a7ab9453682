"""The global random generator (Paddle phi/core/generator.h): what random kernels draw from and
`paddle.seed` re-seeds."""
import numpy as np


class _RandomState:
    generator = np.random.default_rng()


def seed(s):
    """paddle.seed: re-seed the global generator used by rand/randn/uniform/normal/randint."""
    if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
        raise TypeError(f"paddle.seed() expects an int seed, but received {type(s).__name__}.")
    _RandomState.generator = np.random.default_rng(int(s) & 0xFFFFFFFFFFFFFFFF)
    return _RandomState.generator


def get_generator():
    return _RandomState.generator
