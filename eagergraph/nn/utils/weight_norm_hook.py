"""weight_norm / remove_weight_norm (Paddle nn/utils/weight_norm_hook.py): the parameter
`name` becomes weight_g * weight_v / ||weight_v||, norms taken over every dim but `dim`
(dim=None or -1: over the whole tensor, weight_g a scalar). weight_g and weight_v are the new
parameters; a forward pre-hook recomputes `name` from them before each call."""
from ... import ops as _ops
from ...autograd import no_grad
from ..functional.norm import normalize

__all__ = ["weight_norm", "remove_weight_norm", "WeightNorm"]


def _l2_rows(m, axis):
    """sqrt(sum(m^2, axis) + 1e-12) of a matrix (Paddle's `norm` op with epsilon 1e-12)."""
    return _ops.sqrt(_ops.scale(_ops.sum(_ops.square(m), axis=axis), 1.0, 1e-12))


def _swap(ndim, dim):
    perm = list(range(ndim))
    perm[0], perm[dim] = dim, 0
    return perm


def norm_except_dim(p, dim):
    """The L2 norm of p over every dim but `dim` (a vector of p.shape[dim]), or over all of p
    (a scalar) for dim == -1."""
    shape = list(p.shape)
    ndim = len(shape)
    if dim == -1:
        return _ops.sqrt(_ops.scale(_ops.sum(_ops.square(p)), 1.0, 1e-12))
    if dim == 0:
        return _l2_rows(_ops.reshape(p, [shape[0], -1]), 1)
    if dim == ndim - 1:
        return _l2_rows(_ops.reshape(p, [-1, shape[-1]]), 0)
    return norm_except_dim(_ops.transpose(p, _swap(ndim, dim)), 0)


def _weight_norm(v, g, dim):
    shape = list(v.shape)
    ndim = len(shape)
    if dim == -1:
        v_normalized = _ops.divide(v, _ops.scale(_ops.sqrt(_ops.sum(_ops.square(v))), 1.0,
                                                 1e-12))
        return _ops.multiply(v_normalized, g)
    if dim == 0:
        v_normalized = _ops.reshape(normalize(_ops.reshape(v, [shape[0], -1]), axis=1), shape)
    elif dim == ndim - 1:
        v_normalized = _ops.reshape(normalize(_ops.reshape(v, [-1, shape[-1]]), axis=0), shape)
    else:
        perm = _swap(ndim, dim)
        t = _ops.transpose(v, perm)
        t_shape = list(t.shape)
        t = _ops.reshape(normalize(_ops.reshape(t, [t_shape[0], -1]), axis=1), t_shape)
        v_normalized = _ops.transpose(t, perm)
    # g along `dim` (Paddle's _multiply_with_axis)
    g_shape = [1] * ndim
    g_shape[dim] = shape[dim]
    return _ops.multiply(v_normalized, _ops.reshape(g, g_shape))


class WeightNorm:
    """The forward pre-hook: sets layer.<name> = _weight_norm(<name>_v, <name>_g, dim)."""

    def __init__(self, name, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, layer):
        return _weight_norm(getattr(layer, self.name + "_v"), getattr(layer, self.name + "_g"),
                            self.dim)

    @staticmethod
    def apply(layer, name, dim):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError("Cannot register two weight_norm hooks on the same "
                                   f"parameter {name}")
        if dim is None:
            dim = -1
        weight_dim = len(layer._parameters[name].shape)
        assert -weight_dim <= dim < weight_dim, (
            "dim must set between [-R, R), R means the dimension of weight.")
        if dim != -1:
            dim = (dim + weight_dim) % weight_dim
        fn = WeightNorm(name, dim)
        w = getattr(layer, name)
        del layer._parameters[name]
        g_var = norm_except_dim(w, dim)
        v = layer.create_parameter(list(w.shape), dtype=w.dtype)
        layer.add_parameter(name + "_v", v)
        g = layer.create_parameter(list(g_var.shape), dtype=g_var.dtype)
        layer.add_parameter(name + "_g", g)
        with no_grad():
            v.set_value(w)
            g.set_value(g_var)
        setattr(layer, name, fn.compute_weight(layer))
        layer.register_forward_pre_hook(fn)
        return fn

    def remove(self, layer):
        w_var = self.compute_weight(layer)
        delattr(layer, self.name)
        del layer._parameters[self.name + "_g"]
        del layer._parameters[self.name + "_v"]
        w = layer.create_parameter(list(w_var.shape), dtype=w_var.dtype)
        layer.add_parameter(self.name, w)
        with no_grad():
            w.set_value(w_var)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name="weight", dim=0):
    """Re-parameterize layer.<name> as <name>_g * <name>_v / ||<name>_v||; returns layer."""
    WeightNorm.apply(layer, name, dim)
    return layer


def remove_weight_norm(layer, name="weight"):
    """Undo weight_norm: <name> becomes a parameter again, holding the current weight."""
    for k, hook in layer._forward_pre_hooks.items():
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(layer)
            del layer._forward_pre_hooks[k]
            return layer
    raise ValueError(f"weight_norm of '{name}' not found in {layer}")
