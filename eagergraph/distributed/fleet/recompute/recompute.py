"""Activation checkpointing (Paddle python/paddle/distributed/fleet/recompute/recompute.py).

`recompute(function, *args)` runs `function` under no_grad inside a PyLayer that saves only its
Tensor arguments; in backward it runs `function` again with grad on detached copies of them
(with the generator, NumPy and `random` states of the first run when preserve_rng_state=True,
so dropout draws the same mask), back-propagates the incoming grads through that second graph
(parameters used inside accumulate their grads there, as in Paddle) and returns the grads of the
arguments. The activations inside `function` live only during its own backward.
"""
import inspect
import random

import numpy as np

from ....tensor import Tensor
from ....eager.grad_mode import enable_grad, grad_state
from ....autograd.py_layer import PyLayer
from ....autograd.backward_mode import backward as _backward
from ....ops.random import get_rng_state, set_rng_state

__all__ = []


def _detach(inputs):
    """Detached copies (same data, same stop_gradient) of the Tensor arguments, a tuple of
    Tensors copied element by element; other values as they are."""
    out = []
    for inp in inputs:
        if isinstance(inp, Tensor):
            d = inp.detach()
            d.stop_gradient = inp.stop_gradient
            out.append(d)
        elif type(inp) is tuple and inp and all(isinstance(t, Tensor) for t in inp):
            ds = []
            for t in inp:
                d = t.detach()
                d.stop_gradient = t.stop_gradient
                ds.append(d)
            out.append(tuple(ds))
        else:
            out.append(inp)
    return tuple(out)


class _RngStates:
    """The generator, NumPy and Python `random` states at the first run, swapped in for the
    recompute and swapped back after it."""

    def __init__(self):
        self.state = (get_rng_state(), np.random.get_state(), random.getstate())

    def __enter__(self):
        self.outer = (get_rng_state(), np.random.get_state(), random.getstate())
        self._set(self.state)

    def __exit__(self, *exc):
        self._set(self.outer)

    @staticmethod
    def _set(state):
        set_rng_state(state[0])
        np.random.set_state(state[1])
        random.setstate(state[2])


class RecomputeFunction(PyLayer):
    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args, **kwargs):
        ctx.run_function = run_function
        ctx.kwargs = kwargs
        ctx.rng = _RngStates() if preserve_rng_state else None
        outputs = run_function(*args, **kwargs)     # apply runs forward under no_grad
        ctx.inputs, ctx.tensor_indices = [], []
        ctx.duplicate_tensor = [False] * len(args)
        tensor_inputs = []
        for i, arg in enumerate(args):
            if isinstance(arg, Tensor):
                tensor_inputs.append(arg)
                ctx.tensor_indices.append(i)
                ctx.inputs.append(None)
            elif type(arg) is tuple:
                is_tensors = [isinstance(a, Tensor) for a in arg]
                if arg and all(is_tensors):
                    stops = [a.stop_gradient for a in arg]
                    if not all(stops) and any(stops):
                        raise ValueError("Recompute receive a tuple containing tensor holds "
                                         "different stop gradient.")
                    tensor_inputs.append(arg)
                    ctx.tensor_indices.append(i)
                    ctx.duplicate_tensor[i] = True
                    ctx.inputs.append(None)
                elif any(is_tensors):
                    raise ValueError("Recompute receive a tuple containing tensor and "
                                     "non-tensor at same time.")
                else:
                    ctx.inputs.append(arg)
            else:
                ctx.inputs.append(arg)
        ctx.save_for_backward(*tensor_inputs)
        # an argument returned as it is (an attention mask passed through) comes back as a new
        # Tensor on its data: the argument keeps its own history and stop_gradient
        ctx.mark_not_inplace(*[t for a in tensor_inputs
                               for t in (a if isinstance(a, tuple) else (a,))])
        return outputs

    @staticmethod
    def backward(ctx, *grads):
        inputs = list(ctx.inputs)
        for i, t in zip(ctx.tensor_indices, ctx.saved_tensor()):
            inputs[i] = t
        with enable_grad():
            detached = _detach(inputs)
            if ctx.rng is not None:
                with ctx.rng:
                    outputs = ctx.run_function(*detached, **ctx.kwargs)
            else:
                outputs = ctx.run_function(*detached, **ctx.kwargs)
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if len(outputs) != len(grads):
            raise RuntimeError(f"recompute: the recomputed function returned {len(outputs)} "
                               f"outputs, the first run {len(grads)}")
        roots, root_grads = [], []
        for out, g in zip(outputs, grads):
            if isinstance(out, Tensor) and not out.stop_gradient:
                roots.append(out)
                root_grads.append(g)
        if not roots:
            raise RuntimeError("none of output has requires_grad=True, this recompute() is "
                               "not necessary")
        _backward(roots, root_grads)
        result = []
        for idx, inp in enumerate(detached):
            if isinstance(inp, Tensor):
                result.append(inp.grad)
            elif type(inp) is tuple and ctx.duplicate_tensor[idx]:
                if all(t.stop_gradient for t in inp):
                    result.append(None)
                else:
                    result.append(tuple(t.grad for t in inp))
        return tuple(result)


def _flatten_args(function, args, kwargs):
    """Paddle's rearrangement of position + keyword arguments into position arguments."""
    sig = inspect.signature(function.forward if _is_layer(function) else function)
    bound = sig.bind(*args, **kwargs)
    bound.apply_defaults()
    flat = []
    for value, param in zip(bound.arguments.values(), sig.parameters.values()):
        if param.kind == param.VAR_POSITIONAL:
            flat.extend(value)
        elif param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            flat.append(value)
        elif param.kind == param.VAR_KEYWORD:
            flat.extend(value.values())
        else:
            raise ValueError("Currently, keyword-only arguments are not supported when you want "
                             "to send kwargs(dict parameter) to function with "
                             "use_reentrant=True.")
    return flat


def _is_layer(function):
    from ....nn import Layer
    return isinstance(function, Layer)


def recompute(function, *args, **kwargs):
    """Run `function(*args, **kwargs)` without keeping its intermediate activations; they are
    recomputed in backward. Options (taken out of kwargs, as in Paddle): preserve_rng_state
    (default True: the recompute draws the same random numbers), use_reentrant (default True;
    False takes the same path here) and offload_indices (accepted; there is no device memory
    to offload from on the CPU)."""
    preserve = kwargs.pop("preserve_rng_state", True)
    use_reentrant = kwargs.pop("use_reentrant", True)
    kwargs.pop("offload_indices", None)
    if grad_state.enabled:
        tensors = [a for a in list(args) + list(kwargs.values()) if isinstance(a, Tensor)]
        tensors += [t for a in list(args) + list(kwargs.values()) if type(a) is tuple
                    for t in a if isinstance(t, Tensor)]
        if tensors and all(t.stop_gradient for t in tensors):
            import warnings
            warnings.warn("[Recompute]: None of the inputs to current recompute block need "
                          "grad, therefore there is NO need to recompute this block in "
                          "backward !", UserWarning, stacklevel=2)
    if use_reentrant:
        flat = _flatten_args(function, args, kwargs)
        return RecomputeFunction.apply(function, preserve, *flat)
    return RecomputeFunction.apply(function, preserve, *args, **kwargs)


def recompute_sequential(ctx, functions, *args, **kwargs):
    """Recompute a Sequential (or a list of callables) in ctx['segments'] chunks (default 1):
    every chunk but the last is recomputed; ctx['preserve_rng_state'] defaults to True."""
    from ....nn import Sequential
    segments = ctx.get("segments", 1)
    preserve_rng_state = ctx.get("preserve_rng_state", True)

    def _run_func(begin, end, funcs):
        def do_run(input):
            for i in range(begin, end + 1):
                input = funcs[i](input)
            return input
        return do_run

    if isinstance(functions, Sequential):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for begin in range(0, segment_size * (segments - 1), segment_size):
        end = begin + segment_size - 1
        out = recompute(_run_func(begin, end, functions), *args,
                        preserve_rng_state=preserve_rng_state, **kwargs)
        # the chunk's output is the next chunk's one argument (Paddle 3.3.1 unpacks that Tensor
        # along axis 0 instead and fails for segments > 1; see the differences page)
        args = (out,)
    return _run_func(end + 1, len(functions) - 1, functions)(*args)
