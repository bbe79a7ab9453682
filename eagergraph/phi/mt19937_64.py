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


_STEP = N - 1  # words whose twist part is known at once


def _twist_blocks(state, nblocks):
    """The raw words of the next nblocks blocks after `state` (libstdc++ _M_gen_rand, nblocks
    times), as one array: word k is x[k-156] ^ twist(x[k-312], x[k-311]). The twist parts of
    311 words at a time come from words already there (311 back and more), and then the words
    themselves, 156 at a time (x[k-156] of the second 155 is one of the first 156)."""
    end = N * (nblocks + 1)
    buf = np.empty(end, np.uint64)
    buf[:N] = state
    t1 = np.empty(_STEP, np.uint64)
    t2 = np.empty(_STEP, np.uint64)
    for k in range(N, end, _STEP):
        m = min(_STEP, end - k)
        a, b = t1[:m], t2[:m]
        np.bitwise_and(buf[k - N:k - N + m], _UPPER, out=a)
        np.bitwise_and(buf[k - N + 1:k - N + 1 + m], _LOWER, out=b)
        a |= b
        np.bitwise_and(a, _ONE, out=b)
        b *= _MATRIX_A
        a >>= _ONE
        a ^= b
        h = min(M, m)
        np.bitwise_xor(a[:h], buf[k - M:k - M + h], out=buf[k:k + h])
        if m > M:
            np.bitwise_xor(a[M:m], buf[k:k + m - M], out=buf[k + M:k + m])
    return buf


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

    def _words(self, n):
        """(buffer, start): raw words buffer[start:start + n] are the next n outputs' (the
        buffer's first 312 words are the current state)."""
        extra = n - (N - self.index)
        if extra <= 0:
            return self.state, self.index
        cached = self._peeked
        if cached is not None and cached[0] is self.state and len(cached[1]) - self.index >= n:
            return cached[1], self.index
        return _twist_blocks(self.state, -(-extra // N)), self.index

    def _move(self, buf, start, n):
        pos = start + n
        if pos > N:
            blocks = (pos - 1) // N
            self.state = buf[blocks * N:(blocks + 1) * N].copy()
            pos -= blocks * N
        self.index = pos
        self._peeked = None

    def peek(self, n):
        """The next n outputs as uint64, without advancing."""
        buf, start = self._words(n)
        if buf is not self.state:
            self._peeked = (self.state, buf)
        return _temper(buf[start:start + n])

    def advance(self, n):
        """Discard the next n outputs (reusing the words of a peek() just before)."""
        buf, start = self._words(n)
        self._move(buf, start, n)

    def take(self, n):
        """The next n outputs as uint64 (what n calls of the engine return)."""
        buf, start = self._words(n)
        out = _temper(buf[start:start + n])
        self._move(buf, start, n)
        return out

    def __call__(self):
        return int(self.take(1)[0])

    def __eq__(self, other):
        return isinstance(other, MT19937_64) and self.index == other.index and \
            np.array_equal(self.state, other.state)

    __hash__ = None
