"""Gradient clipping (Paddle python/paddle/nn/clip.py): ClipGradByValue, ClipGradByNorm,
ClipGradByGlobalNorm. Called with a list of (param, grad Tensor) pairs they return new pairs;
optimizers call `_clip_arrays` on the grads' ndarrays instead. A parameter whose `need_clip`
attribute is False keeps its grad (and stays out of the global norm). clip_by_norm is the
functional form of one tensor's norm clip (Paddle's clip_by_norm kernel: float32 on the CPU, no
gradient)."""
import numpy as np

from ..tensor import Tensor

__all__ = ["ClipGradBase", "GradientClipBase", "ClipGradByValue", "ClipGradByNorm",
           "ClipGradByGlobalNorm", "clip_by_norm"]


def _skips(p):
    return getattr(p, "need_clip", True) is False


def _norm_clipped(g, max_norm):
    """g scaled to L2 norm max_norm when its norm is larger (a copy otherwise)."""
    mx = g.dtype.type(max_norm)
    norm = np.sqrt(np.sum(np.square(g)))
    return g * (mx / norm) if norm > mx else g.copy()


def clip_by_norm(x, max_norm, name=None):
    """x scaled so that its L2 norm is at most max_norm: max_norm * x / norm(x) when norm(x) is
    larger, else x. The output has no gradient, as Paddle's kernel registers none."""
    if x.dtype.name != "float32":
        d = x.dtype.name
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d}) of "
                           f"kernel `clip_by_norm` is not registered. Selected wrong DataType "
                           f"`{d}`. Paddle support following DataTypes: float32.")
    return Tensor._wrap(_norm_clipped(x._data, float(max_norm)))


class ClipGradBase:
    """Base class of the clipping strategies."""

    def __str__(self):
        raise NotImplementedError

    def _clip_arrays(self, params, grads):
        """New grad ndarrays for `params` (grads are ndarrays, none of them None)."""
        raise NotImplementedError

    def _dygraph_clip(self, params_grads):
        pairs = [(p, g) for p, g in params_grads if g is not None]
        new = self._clip_arrays([p for p, _ in pairs], [g._data for _, g in pairs])
        return [(p, g if a is g._data else Tensor._wrap(a)) for (p, g), a in zip(pairs, new)]

    def __call__(self, params_grads):
        return self._dygraph_clip(params_grads)


GradientClipBase = ClipGradBase


class ClipGradByValue(ClipGradBase):
    """Clip every gradient element into [min, max] (min defaults to -max)."""

    def __init__(self, max, min=None):  # noqa: A002 (Paddle's argument names)
        if min is None:
            assert max > 0.0
            min = -max
        self.max = float(max)
        self.min = float(min)

    def __str__(self):
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    def _clip_arrays(self, params, grads):
        return [g if _skips(p) else np.clip(g, g.dtype.type(self.min), g.dtype.type(self.max))
                for p, g in zip(params, grads)]


class ClipGradByNorm(ClipGradBase):
    """Scale each gradient whose L2 norm exceeds clip_norm down to norm clip_norm."""

    def __init__(self, clip_norm):
        self.clip_norm = float(clip_norm)

    def __str__(self):
        return f"Gradient Clip By Norm, clip_norm={self.clip_norm:f}"

    def _clip_arrays(self, params, grads):
        out = []
        for p, g in zip(params, grads):
            if _skips(p):
                out.append(g)
                continue
            out.append(_norm_clipped(g, self.clip_norm))
        return out


class ClipGradByGlobalNorm(ClipGradBase):
    """Scale all gradients by clip_norm / max(global_norm, clip_norm), global_norm being the
    L2 norm of all the (clipped) gradients together. auto_skip_clip=True leaves them untouched
    when the global norm is within clip_norm."""

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        assert isinstance(auto_skip_clip, bool)
        self.auto_skip_clip = auto_skip_clip

    def __str__(self):
        return f"Gradient Clip By GlobalNorm, global_norm={self.clip_norm:f}"

    def _clip_arrays(self, params, grads):
        sq32, sq64 = [], []
        for p, g in zip(params, grads):
            if _skips(p):
                continue
            s = np.sum(np.square(g))
            (sq64 if g.dtype == np.float64 else sq32).append(s.astype(np.float32)
                                                              if g.dtype != np.float64 else s)
        if not sq32 and not sq64:
            return list(grads)
        dt = np.float64 if sq64 else np.float32
        parts = []
        if sq32:
            parts.append(dt(np.sum(np.array(sq32, np.float32))))
        if sq64:
            parts.append(np.sum(np.array(sq64, np.float64)))
        norm = np.sqrt(dt(np.sum(np.array(parts, dt))))
        mx = dt(self.clip_norm)
        if not self.auto_skip_clip:
            scale = mx / np.maximum(norm, mx)
        elif norm > mx:
            scale = mx / norm
        else:
            return list(grads)
        return [g if _skips(p) else g * g.dtype.type(scale) for p, g in zip(params, grads)]
