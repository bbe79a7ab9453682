"""paddle.autograd.PyLayer: custom operators written in Python (Paddle
python/paddle/autograd/py_layer.py and pybind/eager_py_layer.cc).

    class Cube(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, dy):
            x, = ctx.saved_tensor()
            return 3 * x * x * dy

    y = Cube.apply(x)

`apply` runs `forward` without recording ops; when grad mode is on and some Tensor argument
needs a grad, it creates a GradNodePyLayer whose input edges are the Tensor arguments (a
list/tuple argument of Tensors is one slot) and whose outputs are the Tensors `forward`
returned. The ctx is an instance of `<Class>_backward`, a PyLayerContext whose `backward`
calls the class's `backward`.

Reference cycles: the node holds the ctx, so the ctx must not hold the outputs strongly. What
`save_for_backward` saved becomes TensorWrappers once the outputs are known (a saved output keeps
its array and a weak reference to the node; saved-tensor hooks and inplace-version checks apply),
and the tensors given to mark_non_differentiable / mark_not_inplace are dropped after apply.
"""
import functools
import weakref

from ..tensor import Tensor
from ..eager.autograd_meta import set_history
from ..eager.grad_mode import grad_state, no_grad
from ..eager.slot_meta import edge_record, out_meta
from ..eager.py_layer_node import GradNodePyLayer
from ..eager.tensor_wrapper import TensorWrapper

__all__ = ["PyLayer", "PyLayerContext", "Function", "once_differentiable"]


class PyLayerContext:
    """The `ctx` passed to `forward` and `backward`: saves tensors for backward and carries any
    attribute you set on it."""

    def __init__(self):
        self._container = None        # what save_for_backward got, until apply wraps it
        self._saved = None            # ... then: TensorWrappers (lists of them) and other values
        self._node_ref = None
        self.not_inplace_tensors = None
        self.non_differentiable = None
        self.materialize_grads = True
        self.grad_in_dtype_consistent = True

    def save_for_backward(self, *tensors):
        """Save `tensors` (Tensors, lists/tuples of Tensors, or other values) for backward."""
        self._container = tensors

    def saved_tensor(self):
        """The values given to save_for_backward, as a tuple (None if nothing was saved)."""
        saved = self._saved
        if saved is None:
            return self._container
        node = self._node_ref() if self._node_ref is not None else None
        return tuple(_recover(item, node) for item in saved)

    @property
    def container(self):
        return self.saved_tensor()

    @container.setter
    def container(self, value):
        self._container = value

    def mark_not_inplace(self, *args):
        """A forward input returned as an output is given back as a new Tensor (sharing the
        data) instead of having its autograd history overwritten."""
        self.not_inplace_tensors = args

    def mark_non_differentiable(self, *args):
        """These outputs get stop_gradient=True; backward still receives a (zero) grad for them."""
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        """False: backward receives None (instead of zeros) for outputs that got no grad."""
        self.materialize_grads = value

    def set_grad_in_dtype_consistent(self, flag):
        """True (default): grads reaching backward are cast to their forward output's dtype.
        Grads coming from other ops already arrive in that dtype here; False only leaves a
        differently typed seed grad (`backward(grad_tensor)`) as it is."""
        self.grad_in_dtype_consistent = flag


class PyLayerBackward(PyLayerContext):
    """Base of the per-class ctx types: `backward` calls the PyLayer class's backward."""

    _forward_cls = None

    def backward(self, *args):
        return self._forward_cls.backward(self, *args)

    def name(self):
        return f"GradNodePyLayer_{self._forward_cls.__name__}"


class PyLayer(PyLayerContext):
    """Subclass with static `forward(ctx, *args, **kwargs)` and `backward(ctx, *grads)`; call
    `apply(*args, **kwargs)`. backward gets one grad per Tensor output of forward and returns
    one grad (Tensor or None) per Tensor input, a list for a list-of-Tensors input."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._backward_function = type(cls.__name__ + "_backward", (PyLayerBackward,),
                                      {"_forward_cls": cls, "__module__": cls.__module__})

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for PyLayer.")

    @staticmethod
    def backward(ctx, *args):
        raise NotImplementedError("You must implement the backward function for PyLayer.")

    @classmethod
    def apply(cls, *args, **kwargs):
        return _apply(cls, args, kwargs)


Function = PyLayer


def once_differentiable(backward):
    """Decorate a PyLayer's backward that is not itself differentiable: it runs without
    recording, even under create_graph."""
    @functools.wraps(backward)
    def wrapper(ctx, *args):
        with no_grad():
            return backward(ctx, *args)
    return wrapper


# ---- apply ---------------------------------------------------------------------------------
def _input_slots(values):
    """Tensor arguments as slots: a Tensor is a slot, a list/tuple holding Tensors is one
    (duplicable) slot of its Tensors; everything else is not an input of the node."""
    slots, dup = [], []
    for v in values:
        if isinstance(v, Tensor):
            slots.append([v])
            dup.append(False)
        elif isinstance(v, (list, tuple)):
            ts = [t for t in v if isinstance(t, Tensor)]
            if ts:
                slots.append(ts)
                dup.append(True)
    return slots, dup


def _apply(cls, args, kwargs):
    ctx = cls._backward_function()
    in_slots, dup_in = _input_slots(list(args) + list(kwargs.values()))
    trace = grad_state.enabled
    requires_grad = trace and any(not t.stop_gradient for s in in_slots for t in s)

    with no_grad():
        outputs = cls.forward(ctx, *args, **kwargs)

    inputs = {id(t): t for s in in_slots for t in s}
    not_inplace = {id(t) for t in ctx.not_inplace_tensors or () if isinstance(t, Tensor)}
    inplace = []

    def fresh(t):
        """An output that is a forward input: a new Tensor if marked not inplace."""
        if id(t) not in inputs:
            return t
        if id(t) in not_inplace:
            return _share(t)
        inplace.append(t)
        return t

    as_tuple = outputs if isinstance(outputs, (tuple, list)) else (outputs,)
    rebuilt, out_slots, dup_out = [], [], []
    for v in as_tuple:
        if isinstance(v, Tensor):
            v = fresh(v)
            out_slots.append([v])
            dup_out.append(False)
        elif isinstance(v, (list, tuple)):
            v = type(v)(fresh(t) if isinstance(t, Tensor) else t for t in v)
            ts = [t for t in v if isinstance(t, Tensor)]
            if ts:
                out_slots.append(ts)
                dup_out.append(True)
        rebuilt.append(v)
    if not out_slots:
        raise ValueError(f"(InvalidArgument) {cls.__name__} : At least one output of "
                         f"`PyLayer.forward` is a `Tensor`.")
    if isinstance(outputs, (tuple, list)):
        outputs = type(outputs)(rebuilt)
    else:
        outputs = rebuilt[0]

    if requires_grad:
        _record(cls, ctx, in_slots, dup_in, out_slots, dup_out, inplace)
    ctx.non_differentiable = None   # they are outputs: holding them would make a cycle
    ctx.not_inplace_tensors = None
    return outputs


def _share(t):
    """A new Tensor on t's data and version counter (Paddle new_tensor_with_impl)."""
    s = t.detach()
    s.stop_gradient = t.stop_gradient
    return s


def _record(cls, ctx, in_slots, dup_in, out_slots, dup_out, inplace):
    for t in inplace:
        if not t.stop_gradient and t.grad_fn is None:
            raise ValueError(
                f"(InvalidArgument) {cls.__name__} : Leaf Var ({t.name}) that doesn't stop "
                f"gradient can't use inplace strategy.")
        t._bump_inplace_version()

    node = GradNodePyLayer(ctx, cls.__name__, dup_in, dup_out)
    # input edges first: an inplace output is also an input, wired to its old node here
    node.bwd_out_meta = [[edge_record(t) for t in s] if d else [edge_record(s[0])]
                         for s, d in zip(in_slots, dup_in)]
    node.bwd_in_meta = [[out_meta(t) for t in s] for s in out_slots]
    where = {}
    for i, s in enumerate(out_slots):
        for j, t in enumerate(s):
            set_history(t, node, i, j)
            where[id(t)] = (i, j)
    for t in ctx.non_differentiable or ():
        if isinstance(t, Tensor) and id(t) in where:
            t.stop_gradient = True
    ctx._node_ref = weakref.ref(node)
    saved = ctx._container
    if saved is not None:
        ctx._saved = tuple(_wrap(item, node, where) for item in saved)
        ctx._container = None


def _wrap(item, node, where):
    if isinstance(item, Tensor):
        pos = where.get(id(item))
        if pos is None:
            return TensorWrapper(item)
        return TensorWrapper(item, False, node, pos[0], pos[1])
    if isinstance(item, (list, tuple)):
        return type(item)(_wrap(t, node, where) for t in item)
    return item


def _recover(item, node):
    if isinstance(item, TensorWrapper):
        return item.recover(node)
    if isinstance(item, (list, tuple)):
        return type(item)(_recover(t, node) for t in item)
    return item
