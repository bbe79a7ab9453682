"""The rejection samplers (std_poisson, std_gamma, std_binomial) without a Python loop per
value: what the C++'s sequential element loop gives, worked out over the positions of a window
of draws.

An element's draws depend only on its parameter value and where it starts in the stream of
draws. From a window U of draws (peeked from the engine), a sampler gives for one parameter
value a cheap guess of where the element that starts at p ends, nxt[p], for every p at once
(the ends of an attempt accepted at once: gamma's first accepted polar pair, three on; the
product method's segment from a float64 log-cumsum), and the exact draw from a set of start
positions (each rejection round a whole-array step over the positions still drawing; the
value, and the exact end). Element k starts at nxt applied k times to 0: with one parameter
value that chain comes from pointer doubling (nxt, nxt∘nxt, nxt∘nxt∘nxt∘nxt, nxt^16: whole-array steps;
the positions of every 16th element walked along the last, one Python step for 16 elements,
and those between them filled in from the top level down);
with a few distinct values, one table each and the chain follows the element's own table (a
loop of one list look-up an element: the position of element k depends on all the tables of
the elements before it). The positions on the chain not drawn exactly yet are drawn exactly,
their nxt set to the exact end, and the chain is worked out again, until every position on it
is exact: then it is the C++'s (each element's start is the exact end of the one before), and
its values are read off. With one parameter value the exact ends are followed at once onto
the positions not drawn yet, until they fall back onto drawn ones (two chains of positions meet
after a few steps): the second chain is then exact. With several, the chain is worked out
again until no position on it changes (a rejected attempt moves the rest of the chain).

An element that runs past the window ends at W (nxt[W] = W): the elements from there on are
drawn from a new window, peeked from where the last one kept ended."""
import numpy as np

__all__ = ["chain_positions", "Chain", "distinct"]


def distinct(flat):
    """(the distinct values of flat, each element's index into them); one value without a
    sort."""
    if len(flat) and (flat == flat[0]).all():
        return flat[:1].copy(), np.zeros(len(flat), np.int64)
    uniq, key = np.unique(flat, return_inverse=True)
    return uniq, key.reshape(-1)


TOP = 4  # the chain is walked in Python 2^TOP elements a step


def _doubling(nxt, n):
    """Positions of elements 0..n-1 (element 0 at position 0) along nxt (an int64 array over
    the window and the sentinel W -> W): nxt composed with itself TOP times (nxt^2, nxt^4,
    ...), the positions of elements 0, 2^TOP, 2 * 2^TOP, ... walked along the last, and those
    between them filled in level by level."""
    levels = [nxt]
    while len(levels) <= TOP and (1 << len(levels)) < n:
        t = levels[-1]
        levels.append(t[t])
    top = len(levels) - 1
    step = levels[top].item
    p = 0
    walk = []
    append = walk.append
    for _ in range(-(-n // (1 << top))):
        append(p)
        p = step(p)
    pos = np.array(walk, np.int64)  # elements 0, s, 2s, ... (s = 2^k)
    for k in range(top - 1, -1, -1):
        want = -(-n // (1 << k))
        out = np.empty(2 * len(pos), np.int64)
        out[0::2] = pos
        out[1::2] = levels[k][pos]
        pos = out[:want]
    return pos[:n]


def chain_positions(nxts, key, n):
    """Start positions of elements 0..n-1 (element k following table nxts[key[k]]) as int64."""
    if len(nxts) == 1:
        return _doubling(nxts[0], n)
    size = len(nxts[0])
    step = np.concatenate(nxts).item
    offs = (np.asarray(key[:n], np.int64) * size).tolist()
    out = []
    append = out.append
    p = 0
    for o in offs:
        append(p)
        p = step(o + p)
    return np.array(out, np.int64)


class Chain:
    """A sampler over a window of draws. Subclasses give dtype (of the draws), out_dtype,
    draws_per_element (about how many draws an element takes: the window's size) and

    - guess(U, prm) -> nxt: int64 over the W + 1 positions (nxt[W] = W), any values in
      [p, W] (a good guess only saves rounds), or (nxt, values) where they are exact
      everywhere;
    - exact(U, prm, pos) -> (end, value): the draw of elements of parameter prm starting at
      positions pos (int64), end W for one that runs past the window."""

    draws_per_element = 4.0
    dtype = np.float64
    out_dtype = np.float64

    def __init__(self, engine, params, key):
        self.engine = engine
        self.params = params  # the distinct parameter values
        self.key = np.asarray(key, np.int64)  # element -> index into params

    def run(self):
        from .std_random import canonical_from_bits
        n = len(self.key)
        outs = []
        done = 0
        grow = 1
        while done < n:
            key = self.key[done:]
            m = len(key)
            W = int(self.draws_per_element * m * 1.05 * grow) + 512
            U = canonical_from_bits(self.engine.peek(W), self.dtype)
            used = np.flatnonzero(np.bincount(key, minlength=len(self.params))).tolist()
            single = len(used) == 1
            nxts = [np.full(W + 1, W, np.int64) for _ in self.params]
            vals = [None] * len(self.params)
            exact = [None] * len(self.params)
            for u in used:
                g = self.guess(U, self.params[u])
                if isinstance(g, tuple):  # the exact draws from every position
                    nxts[u], vals[u] = g
                    exact[u] = np.ones(W + 1, bool)
                else:
                    nxts[u] = g
                    vals[u] = np.zeros(W + 1, self.out_dtype)
                    exact[u] = np.zeros(W + 1, bool)
                nxts[u][W] = W
                exact[u][W] = True
            while True:
                pos = chain_positions([nxts[used[0]]] if single else nxts, key, m)
                moved = False
                last = int(pos[-1])
                for u in used:
                    p = pos if single else pos[key == u]
                    p = p[~exact[u][p]]
                    if len(p) > 1:  # the chain's positions do not decrease
                        p = p[np.concatenate([[True], p[1:] != p[:-1]])]
                    while len(p):
                        end, val = self.exact(U, self.params[u], p)
                        moved = moved or not np.array_equal(nxts[u][p], end)
                        nxts[u][p] = end
                        vals[u][p] = val
                        exact[u][p] = True
                        if not single:
                            break
                        # one parameter: follow the exact ends onto positions not drawn yet
                        # (until they fall back onto drawn ones), so that the next chain is
                        # exact everywhere
                        # (up to the chain's last start: past it the next round goes on)
                        p = end[end < last]
                        p = np.unique(p[~exact[u][p]])
                if not moved:  # every position on the chain is exact
                    break
            out = np.empty(m, self.out_dtype)
            ends = np.empty(m, np.int64)
            for u in used:
                sel = slice(None) if single else key == u
                out[sel] = vals[u][pos[sel]]
                ends[sel] = nxts[u][pos[sel]]
            off = ends >= W
            good = int(np.argmax(off)) if off[-1] else m  # the chain stays at W once there
            if good:
                outs.append(out[:good])
                self.engine.advance(int(ends[good - 1]))
                done += good
                if good < m:  # more draws an element than thought: the next window is sized
                    self.draws_per_element = max(self.draws_per_element, ends[good - 1] / good)
            else:
                grow *= 2
        return np.concatenate(outs) if outs else np.empty(0, self.out_dtype)
