"""paddle.jit.save / paddle.jit.load in eagergraph's own format.

save(layer, path, input_spec) runs layer's forward once in eval mode on example inputs built
from input_spec (None/-1 dims set to 3), recording it as an op program (jit/program.py). It
checks the program by replaying it against the eager forward on those inputs and on others (the
dynamic dims set to 5, other values), and writes:

- path + '.egmodel': JSON (format 'eagergraph.jit.program'): the input specs, the state_dict
  entries (parameter or buffer, stop_gradient), the ops, constants and how the result is built;
- path + '.pdparams': the state_dict, as paddle.save writes it (real Paddle loads it).

load(path) reads both (the state_dict through paddle.load's restricted unpickler, the program
as JSON naming only eagergraph's generated ops) and returns a TranslatedLayer. A program saved
by real Paddle (path + '.pdmodel' / '.json') raises NotImplementedError.
"""
import json
import os
import warnings

import numpy as np

from ..tensor import Tensor
from ..phi.common import convert_dtype
from .program import (record, replay, encode_result, encode_constant, decode_constant,
                      check_op, ProgramError)

__all__ = ["save", "load"]

FORMAT = "eagergraph.jit.program"
VERSION = 1
PROGRAM_SUFFIX = ".egmodel"


def _examples(specs, dyn, seed):
    from ..static import InputSpec
    rng = np.random.default_rng(seed)
    out, meta = [], []
    for i, s in enumerate(specs):
        if isinstance(s, Tensor):
            s = InputSpec(list(s.shape), s.dtype, s.name)
            fixed = True
        elif isinstance(s, InputSpec):
            fixed = False
        else:
            raise TypeError(f"jit.save(): The element of input_spec should be 'InputSpec' or "
                            f"'Tensor', but received {type(s).__name__}.")
        dtype = convert_dtype(s.dtype or "float32")
        shape = [dyn if (d is None or d < 0) and not fixed else int(d) for d in s.shape]
        npd = dtype.np_dtype
        if npd.kind == "b":
            a = rng.integers(0, 2, shape).astype(npd)
        elif npd.kind in "iu":
            a = rng.integers(0, 2, shape).astype(npd)
        else:
            a = rng.standard_normal(shape).astype(npd)
        t = Tensor._wrap(a)
        out.append(t)
        meta.append({"shape": [int(d) if d is not None else -1 for d in s.shape] if not fixed
                     else list(shape), "dtype": dtype.name, "name": s.name})
    return out, meta


def _flat(v):
    if isinstance(v, Tensor):
        return [v.numpy()]
    if isinstance(v, dict):
        return [a for k in sorted(v) for a in _flat(v[k])]
    if isinstance(v, (list, tuple)):
        return [a for x in v for a in _flat(x)]
    return [v]


def _same(a, b):
    fa, fb = _flat(a), _flat(b)
    if len(fa) != len(fb):
        return False
    for x, y in zip(fa, fb):
        if isinstance(x, np.ndarray) != isinstance(y, np.ndarray):
            return False
        if isinstance(x, np.ndarray):
            if x.shape != y.shape or x.dtype != y.dtype or \
                    not np.array_equal(x, y, equal_nan=x.dtype.kind in "fc"):
                return False
        elif x != y:
            return False
    return True


def save(layer, path, input_spec=None, **configs):
    """Record layer's forward (eval mode) as an op program: path.egmodel + path.pdparams."""
    from ..framework_io import save as _save
    from ..nn import Layer
    from ..nn.parameter import Parameter
    from ..eager.grad_mode import no_grad
    from ..ops.random import get_rng_state, set_rng_state
    if not isinstance(layer, Layer):
        raise TypeError(f"jit.save(): The input of paddle.jit.save should be 'Layer', but "
                        f"received input type is {type(layer)}.")
    if not isinstance(path, str) or not path or path.endswith("/") or \
            os.path.basename(path) == "":
        raise ValueError("jit.save(): The input path MUST be format of dirname/file_prefix "
                         "[dirname\\file_prefix in Windows system], but received file_prefix "
                         "is empty string.")
    if input_spec is None:
        raise ValueError("jit.save(): eagergraph records the forward by running it, so "
                         "input_spec is required: a list of paddle.static.InputSpec or example "
                         "Tensors, one per forward argument.")
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"The input input_spec should be 'list', but received input_spec's "
                        f"type is {type(input_spec)}.")
    state = layer.state_dict()
    params = {id(t): k for k, t in state.items()}
    entries = [{"key": k, "kind": "parameter" if isinstance(t, Parameter) else "buffer",
                "stop_gradient": bool(t.stop_gradient),
                "trainable": bool(getattr(t, "trainable", True))} for k, t in state.items()]
    modes = [(m, m.training) for m in [layer] + list(layer.sublayers())]
    rng, np_rng = get_rng_state(), np.random.get_state()
    where = f"jit.save({type(layer).__name__})"
    try:
        layer.eval()
        first, meta = _examples(input_spec, 3, 0)
        # with grad on: some layers call the kernel API directly when nothing needs a grad,
        # and the program must be the one that trains
        result, rec = record(layer, first, params)
        encoded = encode_result(rec, result)
        program = {"format": FORMAT, "version": VERSION,
                   "layer": f"{type(layer).__module__}.{type(layer).__qualname__}",
                   "inputs": meta, "state": entries, "ops": rec.ops,
                   "constants": [encode_constant(c) for c in rec.constants],
                   "result": encoded}
        program = json.loads(json.dumps(program))      # exactly what load will read
        consts = [Tensor._wrap(decode_constant(c)) for c in program["constants"]]
        for dyn, seed in ((3, 0), (5, 1)):
            xs, _ = _examples(input_spec, dyn, seed)
            set_rng_state(rng)
            with no_grad():
                eager = layer(*xs)
            set_rng_state(rng)
            try:
                with no_grad():
                    again = replay(program, xs, state, consts)
            except Exception as e:       # the program does not run on other inputs
                raise ProgramError(f"{where}: the recorded op program does not run on other "
                                   f"inputs ({type(e).__name__}: {e}); its forward depends "
                                   f"on values or shapes read into Python") from None
            if not _same(eager, again):
                raise ProgramError(f"{where}: the forward cannot be recorded as an op program: "
                                   f"replaying it on other inputs differs from the eager "
                                   f"forward (it reads values or shapes into Python, or uses "
                                   f"data-dependent control flow)")
    finally:
        for m, training in modes:
            m.training = training
        set_rng_state(rng)
        np.random.set_state(np_rng)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The input state dict is empty")
        _save(state, path + ".pdparams")
    with open(path + PROGRAM_SUFFIX, "w") as f:
        json.dump(program, f)


def _check_program(program, where):
    if not isinstance(program, dict) or program.get("format") != FORMAT:
        raise ProgramError(f"{where}: not an eagergraph program file")
    if program.get("version") != VERSION:
        raise ProgramError(f"{where}: program version {program.get('version')!r}; this "
                           f"eagergraph reads version {VERSION}")
    for field, kind in (("inputs", list), ("state", list), ("ops", list), ("constants", list)):
        if not isinstance(program.get(field), kind):
            raise ProgramError(f"{where}: malformed program ({field!r})")
    if "result" not in program:
        raise ProgramError(f"{where}: malformed program ('result')")
    for op in program["ops"]:
        check_op(op)
        if not isinstance(op.get("args"), list) or not isinstance(op.get("kwargs"), dict):
            raise ProgramError(f"{where}: malformed op {op.get('op')!r}")
    for e in program["state"]:
        if not isinstance(e, dict) or not isinstance(e.get("key"), str) or \
                e.get("kind") not in ("parameter", "buffer"):
            raise ProgramError(f"{where}: malformed state entry {e!r}")
    for s in program["inputs"]:
        if not isinstance(s, dict) or not isinstance(s.get("shape"), list) or \
                not isinstance(s.get("dtype"), str):
            raise ProgramError(f"{where}: malformed input spec {s!r}")


def load(path, **configs):
    """A TranslatedLayer from what paddle.jit.save wrote at path (eagergraph's format)."""
    from ..framework_io import load as _load
    from .translated_layer import TranslatedLayer
    where = f"jit.load({path!r})"
    prog_file = path + PROGRAM_SUFFIX
    if not os.path.isfile(prog_file):
        for suffix in (".pdmodel", ".json"):
            if os.path.isfile(path + suffix):
                raise NotImplementedError(
                    f"{where}: {path}{suffix} is a Paddle static-graph inference program, "
                    f"which eagergraph (eager only) cannot run. jit.load reads what "
                    f"eagergraph's paddle.jit.save writes: {prog_file} (the forward as a "
                    f"recorded op program) and {path}.pdparams. For a model saved by Paddle, "
                    f"build the Layer in Python and load its parameters with "
                    f"layer.set_state_dict(paddle.load(...)).")
        raise ValueError(f"The ``path`` ({path}) to load model not exists. Please make sure "
                         f"that {prog_file} exists (written by eagergraph's paddle.jit.save).")
    with open(prog_file) as f:
        try:
            program = json.load(f)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise ProgramError(f"{where}: {prog_file} is not valid JSON: {e}") from None
    _check_program(program, where)
    state = _load(path + ".pdparams")
    if not isinstance(state, dict):
        raise ProgramError(f"{where}: {path}.pdparams does not hold a state_dict")
    missing = [e["key"] for e in program["state"] if e["key"] not in state]
    if missing:
        raise ProgramError(f"{where}: {path}.pdparams lacks {missing}")
    constants = [decode_constant(c) for c in program["constants"]]
    return TranslatedLayer(program, state, constants)
