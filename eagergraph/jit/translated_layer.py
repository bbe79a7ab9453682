"""TranslatedLayer: what paddle.jit.load returns, a Layer that runs a recorded op program
(jit/program.py) on its own parameters and buffers, which carry the saved state_dict's keys
(nested in plain sublayers), so it trains, saves and loads like the Layer it came from."""
import numpy as np

from ..nn import Layer
from ..nn.parameter import Parameter
from ..tensor import Tensor
from .program import replay, ProgramError

__all__ = ["TranslatedLayer"]


class TranslatedLayer(Layer):
    """Runs a program saved by paddle.jit.save; build it with paddle.jit.load(path)."""

    def __init__(self, program, state, constants):
        super().__init__()
        self._program = program
        self._constants = [Tensor._wrap(c) for c in constants]
        self._slots = {}
        for entry in program["state"]:
            key = entry["key"]
            parts = key.split(".")
            if not all(parts):
                raise ProgramError(f"malformed state_dict key {key!r} in the program")
            owner = self
            for p in parts[:-1]:
                sub = owner._sub_layers.get(p)
                if sub is None:
                    sub = owner.add_sublayer(p, Layer())
                owner = sub
            value = state[key]
            arr = np.array(value.numpy() if isinstance(value, Tensor) else value, copy=True)
            if entry["kind"] == "parameter":
                param = Parameter(Tensor._wrap(arr), requires_grad=not entry["stop_gradient"])
                param.trainable = bool(entry.get("trainable", True))
                param.stop_gradient = bool(entry["stop_gradient"])
                owner.add_parameter(parts[-1], param)
            else:
                owner.register_buffer(parts[-1], Tensor._wrap(arr), persistable=True)
            self._slots[key] = (owner, parts[-1], entry["kind"])
        self.eval()

    def _state_tensors(self):
        out = {}
        for key, (owner, name, kind) in self._slots.items():
            out[key] = owner._parameters[name] if kind == "parameter" else owner._buffers[name]
        return out

    def forward(self, *inputs):
        specs = self._program["inputs"]
        if len(inputs) != len(specs):
            raise TypeError(f"TranslatedLayer.forward() takes {len(specs)} inputs, as given by "
                            f"input_spec at jit.save, but {len(inputs)} were given")
        for i, (x, spec) in enumerate(zip(inputs, specs)):
            if not isinstance(x, Tensor):
                raise TypeError(f"TranslatedLayer.forward(): input {i} must be a Tensor, got "
                                f"{type(x).__name__}")
            shape = spec["shape"]
            if len(x.shape) != len(shape) or any(s not in (-1, d) for s, d in zip(shape, x.shape)):
                raise ValueError(f"TranslatedLayer.forward(): input {i} has shape "
                                 f"{list(x.shape)}, the saved input_spec {shape}")
            if x.dtype.name != spec["dtype"]:
                raise ValueError(f"TranslatedLayer.forward(): input {i} has dtype "
                                 f"{x.dtype.name}, the saved input_spec {spec['dtype']}")
        return replay(self._program, list(inputs), self._state_tensors(), self._constants)

    def program(self, method_name="forward"):
        """The recorded op program (a dict, as stored in the .egmodel file)."""
        if method_name != "forward":
            raise ValueError(f"The method `{method_name}` does not exist in loaded "
                             f"TranslatedLayer.")
        return self._program
