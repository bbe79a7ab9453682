"""The CPU random generator (Paddle phi/core/generator.{h,cc}): one std::mt19937_64 engine that
random kernels draw from, and what paddle.seed / get_rng_state / set_rng_state act on.

As in Paddle 3.3.1: `manual_seed(s)` seeds the engine through std::seed_seq{s} (so only the low
32 bits of s matter to the stream; `initial_seed()` keeps all of it); the default generator
starts from a random 53-bit seed; a kernel given its own nonzero `seed` attribute draws from a
fresh engine seeded directly, std::mt19937_64(seed); a GeneratorState is a copy of the engine
with the seed."""
import secrets

import numpy as np

from .mt19937_64 import MT19937_64

__all__ = ["Generator", "GeneratorState", "default_cpu_generator", "get_generator", "seed",
           "kernel_engine"]

_MASK64 = 0xFFFFFFFFFFFFFFFF


def _random_seed():
    return secrets.randbits(53)  # std::random_device, limited to 53 bits as in Paddle


def _check_seed(s, where):
    if not isinstance(s, (int, np.integer)) or isinstance(s, bool) or not 0 <= s <= _MASK64:
        raise TypeError(f"{where}(): incompatible function arguments. The following argument "
                        f"types are supported:\n    1. (self: paddle.base.libpaddle.Generator, "
                        f"arg0: int) -> paddle.base.libpaddle.Generator\n\nInvoked with: {s!r}")
    return int(s)


class GeneratorState:
    """A saved generator state (phi::Generator::GeneratorState): the engine, the seed, the
    device (-1: CPU) and the (CUDA-only) offset. Picklable; get_state() hands out copies."""

    def __init__(self, engine, current_seed, device=-1, thread_offset=0):
        self.engine = engine
        self._current_seed = current_seed
        self.device = device
        self.thread_offset = thread_offset

    def current_seed(self):
        return self._current_seed

    def clone(self):
        return GeneratorState(self.engine.copy(), self._current_seed, self.device,
                              self.thread_offset)

    def __str__(self):  # Paddle prints device, seed, offset and the engine (words, then index)
        words = " ".join(str(int(w)) for w in self.engine.state)
        return f"{self.device} {self._current_seed} {self.thread_offset} {words} " \
               f"{self.engine.index}"

    def __repr__(self):
        return f"<paddle.base.libpaddle.GeneratorState object at {hex(id(self))}>"

    def __eq__(self, other):
        return isinstance(other, GeneratorState) and self.engine == other.engine and \
            self._current_seed == other._current_seed

    __hash__ = None


class Generator:
    """phi::Generator on the CPU (paddle.framework.core.Generator)."""

    def __init__(self, seed=None):
        seed = _random_seed() if seed is None else _check_seed(seed, "Generator")
        self._current_seed = seed
        self.engine = MT19937_64().seed_seq(seed)

    def manual_seed(self, seed):
        """Re-seed (std::seed_seq{seed}); returns the generator."""
        seed = _check_seed(seed, "manual_seed")
        self._current_seed = seed
        self.engine.seed_seq(seed)
        return self

    def seed(self):
        """Re-seed with a fresh random seed, and return it."""
        s = _random_seed()
        self._current_seed = s
        self.engine.seed_seq(s)
        return s

    def initial_seed(self):
        return self._current_seed

    def get_state(self):
        return GeneratorState(self.engine.copy(), self._current_seed)

    def set_state(self, state):
        if not isinstance(state, GeneratorState):
            raise TypeError(f"set_state(): incompatible function arguments: expected a "
                            f"GeneratorState, got {type(state).__name__}")
        self._current_seed = state.current_seed()
        self.engine = state.engine.copy()

    def random(self):
        """One raw 64-bit engine output (Generator::Random64)."""
        return self.engine()

    def __repr__(self):
        return f"<paddle.base.libpaddle.Generator object at {hex(id(self))}>"


_DEFAULT = Generator()


def default_cpu_generator():
    return _DEFAULT


get_generator = default_cpu_generator


def kernel_engine(seed=0):
    """The engine a kernel draws from: a fresh std::mt19937_64(seed) for a nonzero seed
    attribute (an int attribute, converted to uint64), else the default generator's."""
    if seed:
        return MT19937_64(int(seed) & _MASK64)
    return _DEFAULT.engine


def seed(seed):
    """paddle.seed: re-seed the CPU generator; returns it."""
    return _DEFAULT.manual_seed(_check_seed(seed, "manual_seed"))


class PublicGenerator:
    """paddle.Generator(device=None): the device's default generator (on the CPU, the one
    paddle.seed seeds), as Paddle's __new__ returns it."""

    def __new__(cls, device=None):
        if device not in (None, "cpu") and not (hasattr(device, "is_cpu_place") and
                                                device.is_cpu_place()):
            raise ValueError(f"Generator: only the CPU generator exists here, got {device!r}")
        return _DEFAULT
