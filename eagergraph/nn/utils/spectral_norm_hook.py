"""spectral_norm (Paddle nn/utils/spectral_norm_hook.py): layer.<name> becomes
<name>_orig / sigma, sigma the largest singular value of <name>_orig (reshaped to a matrix
with `dim` first) estimated by power iteration on the buffers <name>_u and <name>_v. In
training each forward runs n_power_iterations steps (outside the graph) first; the gradient
flows through <name>_orig, with u and v held constant."""
from ... import ops as _ops
from ...autograd import no_grad
from ..functional.norm import normalize
from ..layer import common as _common
from ..layer import conv as _conv

__all__ = ["spectral_norm", "SpectralNorm"]


def _dim_one_layers():
    """Layers whose weight keeps output features on dim 1: Linear and the transposed convs."""
    names = ("Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose")
    return (_common.Linear,) + tuple(getattr(_conv, n) for n in names if hasattr(_conv, n))


class SpectralNorm:
    """The forward pre-hook recomputing layer.<name>."""

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        mat = weight
        if self.dim != 0:
            mat = _ops.transpose(mat, [self.dim] + [d for d in range(len(mat.shape))
                                                    if d != self.dim])
        return _ops.reshape(mat, [mat.shape[0], -1])

    def compute_weight(self, layer, do_power_iteration):
        weight = getattr(layer, self.name + "_orig")
        u = getattr(layer, self.name + "_u")
        v = getattr(layer, self.name + "_v")
        mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with no_grad():
                for _ in range(self.n_power_iterations):
                    v.set_value(normalize(_ops.matmul(mat, u, transpose_x=True), axis=0,
                                          epsilon=self.eps))
                    u.set_value(normalize(_ops.matmul(mat, v), axis=0, epsilon=self.eps))
                u = u.clone()
                v = v.clone()
        sigma = _ops.sum(_ops.multiply(u, _ops.matmul(mat, v)))
        return _ops.divide(weight, sigma)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, do_power_iteration=layer.training))

    @staticmethod
    def apply(layer, name, n_power_iterations, dim, eps):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError("Cannot register two spectral_norm hooks on the same "
                                   f"parameter {name}")
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = layer._parameters[name]
        with no_grad():
            h, w = fn.reshape_weight_to_matrix(weight).shape
            u = layer.create_parameter([h])
            u.set_value(_ops.normal(0.0, 1.0, shape=[h]))
            v = layer.create_parameter([w])
            v.set_value(_ops.normal(0.0, 1.0, shape=[w]))
            u = normalize(u, axis=0, epsilon=fn.eps)
            v = normalize(v, axis=0, epsilon=fn.eps)
        del layer._parameters[fn.name]
        layer.add_parameter(fn.name + "_orig", weight)
        setattr(layer, fn.name, _ops.scale(weight, 1.0))
        layer.register_buffer(fn.name + "_u", u)
        layer.register_buffer(fn.name + "_v", v)
        layer.register_forward_pre_hook(fn)
        return fn


def spectral_norm(layer, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Spectrally normalize layer.<name>; dim defaults to 1 for Linear and transposed convs,
    else 0. Returns layer."""
    if dim is None:
        dim = 1 if isinstance(layer, _dim_one_layers()) else 0
    SpectralNorm.apply(layer, name, n_power_iterations, dim, eps)
    return layer
