"""std::mt19937_64 (the 64-bit Mersenne Twister of the C++ standard library, what Paddle's CPU
generator and its random kernels draw from), in NumPy: the state is twisted 312 words at a time
with whole-array operations, and the tempered outputs come out as a uint64 array.

Seeding follows libstdc++: `seed(value)` (std::mt19937_64(value), what a kernel with its own
`seed` attribute uses) and `seed_seq(value)` (std::seed_seq{value}, what paddle.seed and a new
Generator use; the value is truncated to 32 bits, as seed_seq stores 32-bit words)."""
import numpy as np

N = 312
M = 156
_MATRIX_A = np.uint64(0xB5026F5AA96619E9)
_UPPER = np.uint64(0xFFFFFFFF80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MASK64 = 0xFFFFFFFFFFFFFFFF
_MASK32 = 0xFFFFFFFF
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


def _twist(old):
    """The next 312 raw words from the current 312 (libstdc++ _M_gen_rand)."""
    new = np.empty_like(old)
    y = (old[:N - M] & _UPPER) | (old[1:N - M + 1] & _LOWER)
    new[:N - M] = old[M:] ^ (y >> _ONE) ^ np.where(y & _ONE, _MATRIX_A, _ZERO)
    y = (old[N - M:N - 1] & _UPPER) | (old[N - M + 1:] & _LOWER)
    new[N - M:N - 1] = new[:M - 1] ^ (y >> _ONE) ^ np.where(y & _ONE, _MATRIX_A, _ZERO)
    y = (old[N - 1] & _UPPER) | (new[0] & _LOWER)
    new[N - 1] = new[M - 1] ^ (y >> _ONE) ^ (_MATRIX_A if y & _ONE else _ZERO)
    return new


def _temper(z):
    z = z ^ ((z >> np.uint64(29)) & np.uint64(0x5555555555555555))
    z ^= (z << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
    z ^= (z << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
    z ^= z >> np.uint64(43)
    return z


def _seed_words(value):
    x = [value & _MASK64]
    for i in range(1, N):
        prev = x[-1]
        x.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _MASK64)
    return x


def _seed_seq_words(value):
    """std::seed_seq{value}.generate() of 624 32-bit words, paired into 312 64-bit words."""
    n, s, t = 2 * N, 1, 11
    p = (n - t) // 2
    q = p + t
    v = [value & _MASK32]
    b = [0x8B8B8B8B] * n
    for k in range(n):  # m = max(s + 1, n) = n
        r = b[k] ^ b[(k + p) % n] ^ b[(k - 1) % n]
        r1 = (1664525 * (r ^ (r >> 27))) & _MASK32
        r2 = (r1 + (s if k == 0 else (k + v[k - 1] if k <= s else k))) & _MASK32
        b[(k + p) % n] = (b[(k + p) % n] + r1) & _MASK32
        b[(k + q) % n] = (b[(k + q) % n] + r2) & _MASK32
        b[k] = r2
    for k in range(n, 2 * n):
        kk = k % n
        r = (b[kk] + b[(k + p) % n] + b[(k - 1) % n]) & _MASK32
        r3 = (1566083941 * (r ^ (r >> 27))) & _MASK32
        r4 = (r3 - kk) & _MASK32
        b[(k + p) % n] ^= r3
        b[(k + q) % n] ^= r4
        b[kk] = r4
    x = [b[2 * i] | (b[2 * i + 1] << 32) for i in range(N)]
    # libstdc++: an all-zero state (upper bits of x[0], all of the rest) becomes 2^63
    if (x[0] & 0xFFFFFFFF80000000) == 0 and not any(x[1:]):
        x[0] = 1 << 63
    return x


_SEED_SEQ_CACHE = {}


class MT19937_64:
    """The engine: `state` (312 raw words) and `index` (how many of them are used, libstdc++
    _M_p; 312 right after seeding, so the first draw twists)."""

    def __init__(self, value=5489):
        self.seed(value)

    def seed(self, value):
        """std::mt19937_64::seed(value) (value taken modulo 2^64, as the C++ conversion)."""
        self.state = np.array(_seed_words(int(value) & _MASK64), np.uint64)
        self.index = N
        self._peeked = None
        return self

    def seed_seq(self, value):
        """std::mt19937_64::seed(std::seed_seq{value})."""
        value = int(value) & _MASK32
        words = _SEED_SEQ_CACHE.get(value)
        if words is None:
            if len(_SEED_SEQ_CACHE) > 64:
                _SEED_SEQ_CACHE.clear()
            words = _SEED_SEQ_CACHE[value] = np.array(_seed_seq_words(value), np.uint64)
        self.state = words.copy()
        self.index = N
        self._peeked = None
        return self

    def copy(self):
        other = MT19937_64.__new__(MT19937_64)
        other.state = self.state.copy()
        other.index = self.index
        other._peeked = None
        return other

    def _raw(self, n):
        """(raw words covering the next n outputs, the blocks they came from)."""
        blocks = [self.state]
        have = N - self.index
        while have < n:
            blocks.append(_twist(blocks[-1]))
            have += N
        return blocks

    def peek(self, n):
        """The next n outputs as uint64, without advancing."""
        blocks = self._raw(n)
        raw = np.concatenate(blocks)[self.index:self.index + n] if len(blocks) > 1 else \
            blocks[0][self.index:self.index + n]
        self._peeked = blocks
        return _temper(raw)

    def advance(self, n):
        """Discard the next n outputs (reusing the blocks of a peek() just before)."""
        blocks = getattr(self, "_peeked", None) or [self.state]
        self._peeked = None
        if blocks[0] is not self.state:
            blocks = [self.state]
        pos = self.index + n
        k = 0
        while pos > N:
            pos -= N
            k += 1
            if k == len(blocks):
                blocks.append(_twist(blocks[-1]))
        self.state = blocks[k]
        self.index = pos

    def take(self, n):
        """The next n outputs as uint64 (what n calls of the engine return)."""
        blocks = self._raw(n)
        start = self.index
        raw = np.concatenate(blocks)[start:start + n] if len(blocks) > 1 else \
            blocks[0][start:start + n]
        pos = start + n
        k = 0
        while pos > N:
            pos -= N
            k += 1
        self.state = blocks[k]
        self.index = pos
        self._peeked = None
        return _temper(raw)

    def __call__(self):
        return int(self.take(1)[0])

    def __eq__(self, other):
        return isinstance(other, MT19937_64) and self.index == other.index and \
            np.array_equal(self.state, other.state)

    __hash__ = None
