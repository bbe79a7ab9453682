"""paddle.nn.Layer (Paddle nn/layer/layers.py): the base class of every layer. It keeps its
parameters, sublayers and buffers in ordered dicts that attribute access reads and writes,
names them structurally ('fc1.weight') for state_dict, and runs forward pre/post hooks around
forward in __call__."""
import collections
import re
import warnings

import numpy as np

from ...tensor import Tensor
from ...phi.common import convert_dtype, DataType
from ...framework import get_default_dtype, _convert_to_place
from ...autograd import no_grad
from .. import unique_name
from ..parameter import Parameter, _create_parameter

__all__ = ["Layer"]

_first_cap_re = re.compile("(.)([A-Z][a-z]+)")
_all_cap_re = re.compile("([a-z])([A-Z])")


def _convert_camel_to_snake(name):
    s1 = _first_cap_re.sub(r"\1_\2", name)
    return _all_cap_re.sub(r"\1_\2", s1).lower()


def _addindent(string, indent):
    lines = string.split("\n")
    if len(lines) == 1:
        return string
    return lines[0] + "\n" + "\n".join(indent * " " + line for line in lines[1:])


class HookRemoveHelper:
    """The handle a hook registration returns: remove() unregisters the hook."""

    next_hook_id = 0

    def __init__(self, hooks, *, extra_hook_dict=None):
        import weakref
        self._hooks_ref = weakref.ref(hooks)
        self._hook_id = HookRemoveHelper.next_hook_id
        HookRemoveHelper.next_hook_id += 1
        if extra_hook_dict is None:
            extra = ()
        elif isinstance(extra_hook_dict, list):
            extra = extra_hook_dict
        else:
            extra = (extra_hook_dict,)
        self._extra_hooks_ref = tuple(weakref.ref(d) for d in extra)

    def remove(self):
        for ref in (self._hooks_ref,) + self._extra_hooks_ref:
            hooks = ref()
            if hooks is not None and self._hook_id in hooks:
                del hooks[self._hook_id]


class _IncompatibleKeys(collections.namedtuple("IncompatibleKeys",
                                               ["missing_keys", "unexpected_keys"])):
    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


_VALID_DTYPES = ("bfloat16", "float16", "float32", "float64", "int8", "int16", "int32", "int64",
                 "uint8", "complex64", "complex128", "bool")


def _checked_dtype(dtype):
    if isinstance(dtype, (DataType, np.dtype)) or (type(dtype) is str and dtype in _VALID_DTYPES):
        return convert_dtype(dtype)
    raise ValueError("dtype value error, must be 'bfloat16', 'float16', 'float32', 'float64', "
                     "'int8', 'int16', 'int32', 'int64', 'uint8', 'complex64', 'complex128', "
                     "'bool', or paddle.dtype, numpy.dtype, but receive " + str(dtype))


def _cast_in_place(t, dtype):
    """Give tensor `t` the dtype in place (a layer's parameters keep their identity when the
    layer changes dtype); its grad is cast too."""
    np_dtype = dtype.np_dtype
    if t._data.dtype != np_dtype:
        t._data = t._data.astype(np_dtype)
        t._bump_inplace_version()
    g = t._autograd_meta.grad if t._autograd_meta is not None else None
    if g is not None and g._data.dtype != np_dtype:
        g._data = g._data.astype(np_dtype)


class Layer:
    """Base class for layers. Subclasses call super().__init__() first, assign Parameters,
    Layers and Tensors (buffers) as attributes, and define forward()."""

    def __init__(self, name_scope=None, dtype="float32"):
        self.training = True
        if name_scope is None:
            name_scope = _convert_camel_to_snake(self.__class__.__name__)
        self._full_name = unique_name.generate(name_scope)
        self._built = False
        self._dtype = dtype
        self._parameters = collections.OrderedDict()
        self._buffers = collections.OrderedDict()
        self._non_persistable_buffer_names_set = set()
        self._sub_layers = collections.OrderedDict()
        self._loaddict_holder = collections.OrderedDict()
        self._forward_pre_hooks = collections.OrderedDict()
        self._forward_post_hooks = collections.OrderedDict()
        self._forward_pre_hooks_with_kwargs_flag = collections.OrderedDict()
        self._forward_post_hooks_with_kwargs_flag = collections.OrderedDict()
        self._forward_post_hooks_always_called = collections.OrderedDict()
        self._state_dict_hooks = collections.OrderedDict()
        self._casted_by_pure_fp16 = False

    @property
    def _modules(self):
        return self._sub_layers

    # ---- mode ------------------------------------------------------------------------------
    def train(self, mode=True):
        """Training mode for this layer and all sublayers (Dropout drops)."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for layer in self.sublayers():
            layer.training = mode
        return self

    def eval(self):
        """Evaluation mode for this layer and all sublayers."""
        self.training = False
        for layer in self.sublayers():
            layer.training = False
        return self

    def apply(self, fn):
        """fn(layer) on every sublayer (children first, recursively), then on self."""
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def full_name(self):
        """The unique name of this layer: its snake-cased class name (or name_scope) + '_N'."""
        return self._full_name

    # ---- hooks -----------------------------------------------------------------------------
    def register_forward_post_hook(self, hook, *, prepend=False, with_kwargs=False,
                                   always_call=False):
        """hook(layer, inputs, output) -> None or a replacement output, after forward.
        with_kwargs: hook(layer, inputs, kwargs, output); always_call: also run it when forward
        raises."""
        handle = HookRemoveHelper(self._forward_post_hooks, extra_hook_dict=[
            self._forward_post_hooks_with_kwargs_flag, self._forward_post_hooks_always_called])
        self._forward_post_hooks[handle._hook_id] = hook
        if with_kwargs:
            self._forward_post_hooks_with_kwargs_flag[handle._hook_id] = True
        if always_call:
            self._forward_post_hooks_always_called[handle._hook_id] = True
        if prepend:
            self._forward_post_hooks.move_to_end(handle._hook_id, last=False)
        return handle

    register_forward_hook = register_forward_post_hook

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """hook(layer, inputs) -> None or replacement inputs (a non-tuple is wrapped in one),
        before forward. with_kwargs: hook(layer, inputs, kwargs) -> None or (inputs, kwargs)."""
        handle = HookRemoveHelper(self._forward_pre_hooks,
                                  extra_hook_dict=self._forward_pre_hooks_with_kwargs_flag)
        self._forward_pre_hooks[handle._hook_id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs_flag[handle._hook_id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle._hook_id, last=False)
        return handle

    def register_state_dict_hook(self, hook):
        """hook(state_dict) -> None or a replacement, run by state_dict()."""
        handle = HookRemoveHelper(self._state_dict_hooks)
        self._state_dict_hooks[handle._hook_id] = hook
        return handle

    # ---- creating parameters and tensors ---------------------------------------------------
    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False,
                         default_initializer=None, device=None):
        """A Parameter named '<full_name>.w_N' (or '.b_N' for biases) unless attr names it,
        initialized by attr.initializer, else default_initializer, else XavierUniform for
        weights and zeros for biases. attr=False returns None. It is not registered: assign it
        to an attribute."""
        if isinstance(attr, str) and attr == "":
            attr = None
        if device is not None:
            _convert_to_place(device)
        return _create_parameter(self._full_name, attr, shape, dtype or get_default_dtype(),
                                 is_bias, default_initializer)

    def create_tensor(self, name=None, persistable=None, dtype=None):
        """An empty Tensor of `dtype` (the layer's dtype by default)."""
        dtype = convert_dtype(dtype or self._dtype)
        t = Tensor._wrap(np.zeros([0], dtype.np_dtype))
        t.name = name if name is not None else unique_name.generate(
            f"{self._full_name}.tensor")
        t.persistable = bool(persistable)
        return t

    create_variable = create_tensor

    # ---- traversal -------------------------------------------------------------------------
    def parameters(self, include_sublayers=True):
        """All parameters (each once), this layer's first, then its sublayers' in order."""
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_parameters(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, parameter) pairs, e.g. ('fc1.weight', ...)."""
        seen = set()
        layers = self.named_sublayers(prefix=prefix, include_self=True,
                                      remove_duplicate=remove_duplicate) \
            if include_sublayers else zip([prefix], [self])
        for layer_prefix, sublayer in layers:
            for key, param in sublayer._parameters.items():
                if param is None or id(param) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(param))
                yield layer_prefix + ("." if layer_prefix else "") + key, param

    def children(self):
        """The direct sublayers."""
        for _, layer in self.named_children():
            yield layer

    def named_children(self):
        seen = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in seen:
                seen.add(id(layer))
                yield name, layer

    def sublayers(self, include_self=False):
        """All sublayers, depth first (each once)."""
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_sublayers(self, prefix="", include_self=False, layers_set=None,
                        remove_duplicate=True):
        if layers_set is None:
            layers_set = set()
        if include_self and self not in layers_set:
            if remove_duplicate:
                layers_set.add(self)
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            layer_prefix = prefix + ("." if prefix else "") + key
            yield from layer.named_sublayers(prefix=layer_prefix, include_self=True,
                                             layers_set=layers_set,
                                             remove_duplicate=remove_duplicate)

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        return self.named_sublayers(prefix=prefix, include_self=True, layers_set=memo,
                                    remove_duplicate=remove_duplicate)

    def buffers(self, include_sublayers=True):
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True, remove_duplicate=True):
        seen = set()
        layers = self.named_sublayers(prefix=prefix, include_self=True,
                                      remove_duplicate=remove_duplicate) \
            if include_sublayers else zip([prefix], [self])
        for layer_prefix, sublayer in layers:
            for key, buf in sublayer._buffers.items():
                if buf is None or id(buf) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(buf))
                yield layer_prefix + ("." if layer_prefix else "") + key, buf

    # ---- registering -----------------------------------------------------------------------
    def register_buffer(self, name, tensor, persistable=True):
        """A Tensor kept with the layer (moved by to(), saved by state_dict() when
        persistable) but not a parameter."""
        if "_buffers" not in self.__dict__:
            raise ValueError("super().__init__() should be called first")
        if not isinstance(name, str):
            raise TypeError(f"The name of buffer should be a string, but received "
                            f"{type(name).__name__}.")
        if "." in name:
            raise KeyError("The name of buffer can not contain `.`, because when you access the "
                           "newly added buffer in the form of `self.**.**`, it will cause "
                           "AttributeError.")
        if name == "":
            raise KeyError("The name of buffer can not be empty.")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists.")
        if tensor is not None and type(tensor) is not Tensor:
            raise TypeError(f"The registered buffer should be a Paddle.Tensor, but received "
                            f"{type(tensor).__name__}.")
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    def add_sublayer(self, name, sublayer):
        """Register `sublayer` under `name` (accessible as self.<name>); returns it."""
        assert isinstance(sublayer, Layer) or sublayer is None
        self._sub_layers[name] = sublayer
        return sublayer

    def add_module(self, name, module):
        self.add_sublayer(name, module)

    register_module = add_module

    def add_parameter(self, name, parameter):
        """Register a Parameter under `name`; returns it."""
        if "_parameters" not in self.__dict__:
            raise RuntimeError("super().__init__() should be called firstly.")
        if not isinstance(name, str):
            raise TypeError(f"The name of parameter should be a string, but received "
                            f"{type(name).__name__}.")
        if "." in name:
            raise KeyError("The name of parameter can not contain `.`, because when you access "
                           "the newly added parameter in the form of `self.**.**`, it will "
                           "cause AttributeError.")
        if name == "":
            raise KeyError("The name of parameter can not be empty.")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"The parameter '{name}' already exists.")
        if parameter is not None and not isinstance(parameter, Parameter):
            raise TypeError(f"The parameter to be added should be a Parameter, but received "
                            f"{type(parameter).__name__}.")
        self._parameters[name] = parameter
        return parameter

    def register_parameter(self, name, param):
        self.add_parameter(name, param)

    def get_sublayer(self, target):
        """The sublayer at dotted path `target` ('' is self)."""
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Layer):
                raise AttributeError("`" + item + "` is not an nn.Layer")
        return mod

    get_submodule = get_sublayer

    def set_sublayer(self, target, layer, strict=False):
        """Set the sublayer at dotted path `target` to `layer` (its parent must exist; strict:
        the sublayer itself too)."""
        if target == "":
            raise ValueError("Cannot set the sublayer without a target name!")
        atoms = target.split(".")
        if not isinstance(layer, Layer):
            raise ValueError(f"`module` is not an nn.Layer, found {type(layer)}")
        parent = self if len(atoms) == 1 else self.get_sublayer(".".join(atoms[:-1]))
        if strict and not hasattr(parent, atoms[-1]):
            raise AttributeError(parent._get_name() + " has no attribute `" + atoms[-1] + "`")
        if hasattr(parent, atoms[-1]) and not isinstance(getattr(parent, atoms[-1]), Layer):
            raise AttributeError("`" + atoms[-1] + "` is not an nn.Layer")
        setattr(parent, atoms[-1], layer)

    set_submodule = set_sublayer

    def get_parameter(self, target):
        module_path, _, param_name = target.rpartition(".")
        mod = self.get_sublayer(module_path)
        if not hasattr(mod, param_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
        param = getattr(mod, param_name)
        if not isinstance(param, Tensor):
            raise AttributeError("`" + param_name + "` is not an nn.Parameter")
        return param

    def get_buffer(self, target):
        module_path, _, buffer_name = target.rpartition(".")
        mod = self.get_sublayer(module_path)
        if not hasattr(mod, buffer_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + buffer_name + "`")
        buf = getattr(mod, buffer_name)
        if buffer_name not in mod._buffers:
            raise AttributeError("`" + buffer_name + "` is not a buffer")
        return buf

    # ---- calling ---------------------------------------------------------------------------
    def forward(self, *inputs, **kwargs):
        raise NotImplementedError

    def backward(self, *inputs):
        raise ValueError("Layer shouldn't implement backward")

    def _build_once(self, *args, **kwargs):
        pass

    def __call__(self, *inputs, **kwargs):
        if not self._forward_pre_hooks and not self._forward_post_hooks and (
                self._built or type(self)._build_once is Layer._build_once):
            return self.forward(*inputs, **kwargs)
        return self._dygraph_call_func(*inputs, **kwargs)

    def _run_post_hook(self, hook_id, hook, inputs, kwargs, outputs):
        if hook_id in self._forward_post_hooks_with_kwargs_flag:
            return hook(self, inputs, kwargs, outputs)
        return hook(self, inputs, outputs)

    def _dygraph_call_func(self, *inputs, **kwargs):
        outputs = None
        called = set()
        try:
            for hook_id, hook in self._forward_pre_hooks.items():
                if hook_id in self._forward_pre_hooks_with_kwargs_flag:
                    result = hook(self, inputs, kwargs)
                    if result is not None:
                        if not (isinstance(result, tuple) and len(result) == 2):
                            raise RuntimeError(f"forward pre-hook must return None or a tuple of "
                                               f"(new_args, new_kwargs), but got {result}.")
                        inputs, kwargs = result
                else:
                    result = hook(self, inputs)
                    if result is not None:
                        inputs = result if isinstance(result, tuple) else (result,)
            if not self._built:
                self._build_once(*inputs, **kwargs)
                self._built = True
            outputs = self.forward(*inputs, **kwargs)
            for hook_id, hook in self._forward_post_hooks.items():
                if hook_id in self._forward_post_hooks_always_called:
                    called.add(hook_id)
                result = self._run_post_hook(hook_id, hook, inputs, kwargs, outputs)
                if result is not None:
                    outputs = result
            return outputs
        except Exception:
            for hook_id, hook in self._forward_post_hooks.items():
                if hook_id in self._forward_post_hooks_always_called and hook_id not in called:
                    try:
                        result = self._run_post_hook(hook_id, hook, inputs, kwargs, outputs)
                        if result is not None:
                            outputs = result
                    except Exception as e:
                        warnings.warn(f"forward hook with ``always_call=True`` raised an "
                                      f"exception that was silenced as another error was "
                                      f"raised in forward: {e!s}")
            raise

    # ---- attribute access ------------------------------------------------------------------
    def __getstate__(self):
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __getattr__(self, name):
        # only reached when normal lookup fails: parameters, sublayers, buffers live in dicts
        d = self.__dict__
        for store in ("_parameters", "_sub_layers", "_buffers"):
            if store in d and name in d[store]:
                return d[store][name]
        return object.__getattribute__(self, name)

    def __setattr__(self, name, value):
        def _remove_if_exist(*dicts):
            for d in dicts:
                if name in d:
                    del d[name]

        if isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
        params = self.__dict__.get("_parameters", None)
        if isinstance(value, Parameter):
            if params is None:
                raise ValueError("super().__init__() should be called first")
            _remove_if_exist(self.__dict__, self._buffers, self._sub_layers)
            params[name] = value
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"assignment to parameter '{name}' should be of type Parameter "
                                f"or None, but got '{type(value).__name__}'")
            params[name] = None
        else:
            layers = self.__dict__.get("_sub_layers", None)
            if isinstance(value, Layer):
                if layers is None:
                    raise ValueError("super().__init__() should be called first")
                _remove_if_exist(self.__dict__, self._parameters, self._buffers)
                layers[name] = value
            elif layers is not None and name in layers:
                if value is not None:
                    raise TypeError(f"assignment to sublayer '{name}' should be of type Layer or "
                                    f"None, but got '{type(value).__name__}'")
                layers[name] = None
            else:
                buffers = self.__dict__.get("_buffers", None)
                if isinstance(value, Tensor):
                    if buffers is None:
                        raise ValueError("super().__init__() should be called first")
                    _remove_if_exist(self.__dict__, self._parameters, self._sub_layers)
                    # a Tensor assigned as an attribute is a non-persistable buffer unless it
                    # was registered (persistable) before
                    if name not in self._buffers:
                        self._non_persistable_buffer_names_set.add(name)
                    buffers[name] = value
                elif buffers is not None and name in buffers:
                    if value is not None:
                        raise TypeError(f"assignment to buffers '{name}' should be of type "
                                        f"core.DenseTensor or None, but got "
                                        f"'{type(value).__name__}'")
                    buffers[name] = None
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._sub_layers:
            del self._sub_layers[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistable_buffer_names_set.discard(name)
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        return (dir(self.__class__) + list(self.__dict__) + list(self._parameters)
                + list(self._sub_layers) + list(self._buffers))

    # ---- printing --------------------------------------------------------------------------
    def extra_repr(self):
        """The text inside this layer's parentheses in repr (subclasses override)."""
        return ""

    def __repr__(self):
        extra_lines = self.extra_repr().split("\n")
        sublayer_lines = [f"({name}): {_addindent(repr(layer), 2)}"
                          for name, layer in self._sub_layers.items()]
        s = self.__class__.__name__ + "("
        if len(extra_lines) > 1:
            s += "\n  " + "\n  ".join(extra_lines) + "\n"
        else:
            s += extra_lines[0]
        if sublayer_lines:
            s += "\n  " + "\n  ".join(sublayer_lines) + "\n"
        return s + ")"

    def _get_name(self):
        return self.__class__.__name__

    # ---- state -----------------------------------------------------------------------------
    def _state_dict_impl(self, destination=None, include_sublayers=True,
                         structured_name_prefix="", include_non_persistable_buffer=False,
                         use_hook=True, keep_vars=True):
        if destination is None:
            destination = collections.OrderedDict()
        for name, data in self._parameters.items():
            if data is not None:
                destination[structured_name_prefix + name] = data if keep_vars else \
                    data.detach()
        for name, buf in self._buffers.items():
            if buf is not None and (include_non_persistable_buffer
                                    or name not in self._non_persistable_buffer_names_set):
                destination[structured_name_prefix + name] = buf if keep_vars else buf.detach()
        if include_sublayers:
            for layer_name, layer in self._sub_layers.items():
                if layer is not None:
                    layer._state_dict_impl(destination, include_sublayers,
                                           structured_name_prefix + layer_name + ".",
                                           include_non_persistable_buffer, use_hook, keep_vars)
        if use_hook:
            for hook in self._state_dict_hooks.values():
                result = hook(destination)
                if result is not None:
                    destination = result
        return destination

    def state_dict(self, *args, **kwargs):
        """An OrderedDict of structured name -> parameter or persistable buffer (the tensors
        themselves, not copies). Paddle's signature (destination=None, include_sublayers=True,
        structured_name_prefix='', use_hook=True, keep_vars=True), or torch's (destination,
        prefix, keep_vars=False)."""
        if len(args) >= 2 and isinstance(args[1], str) or "prefix" in kwargs:
            for key, value in zip(("destination", "prefix", "keep_vars"), args):
                if key in kwargs:
                    raise TypeError(f"got multiple values for argument '{key}'")
                kwargs[key] = value
            return self._state_dict_impl(destination=kwargs.get("destination", None),
                                         include_sublayers=True,
                                         structured_name_prefix=kwargs.get("prefix", ""),
                                         include_non_persistable_buffer=False, use_hook=True,
                                         keep_vars=kwargs.get("keep_vars", False))
        return self._state_dict_impl(*args, **kwargs)

    def to_static_state_dict(self, destination=None, include_sublayers=True,
                             structured_name_prefix="", use_hook=True, keep_vars=True):
        return self._state_dict_impl(destination, include_sublayers, structured_name_prefix,
                                     True, use_hook, keep_vars)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Copy values from `state_dict` (Tensors or arrays) into the parameters and persistable
        buffers. Returns (missing_keys, unexpected_keys); a missing or mis-shaped entry is
        skipped with a warning, as in Paddle. A value of another dtype (a float64 array for a
        float32 parameter) raises Paddle's AssertionError before anything is written."""
        missing_keys, unexpected_keys, match_keys = [], [], set()
        matched = []
        for key, param in self._state_dict_impl(use_hook=False).items():
            key_name = key if use_structured_name else param.name
            state = state_dict.get(key_name, None)
            if state is None:
                missing_keys.append(key_name)
                warnings.warn(f"Skip loading for {key}. {key_name} is not found in the provided "
                              f"dict.")
                continue
            shape = state.shape() if callable(state.shape) else state.shape
            if list(shape) != list(param.shape):
                missing_keys.append(key_name)
                warnings.warn(f"Skip loading for {key}. {key_name} receives a shape "
                              f"{list(shape)}, but the expected shape is {list(param.shape)}.")
                continue
            _check_state_dtype(param, state)
            match_keys.add(key_name)
            matched.append((param, state))
        for key in state_dict.keys():
            if key not in match_keys:
                unexpected_keys.append(key)
        for param, state in matched:
            param.set_value(state)
        return missing_keys, unexpected_keys

    set_dict = set_state_dict
    load_dict = set_state_dict

    def load_state_dict(self, state_dict, strict=True, assign=False):
        """torch-style: set_state_dict, then (strict) raise RuntimeError on missing or
        unexpected keys. Returns (missing_keys, unexpected_keys) as a named tuple."""
        missing_keys, unexpected_keys = self.set_state_dict(state_dict, use_structured_name=True)
        error_msgs = []
        if strict:
            if unexpected_keys:
                error_msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in unexpected_keys)))
            if missing_keys:
                error_msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in missing_keys)))
        if error_msgs:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
                self.__class__.__name__, "\n\t".join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    # ---- gradients -------------------------------------------------------------------------
    def clear_gradients(self, set_to_zero=True):
        """Zero (set_to_zero=True) or drop the .grad of every trainable parameter."""
        for p in self.parameters():
            if p.trainable:
                p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is not None:
                p.clear_gradient(not set_to_none)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.stop_gradient = not requires_grad
        return self

    # ---- device and dtype ------------------------------------------------------------------
    def _to_impl(self, device=None, dtype=None, blocking=None, non_blocking=None,
                 include_sublayers=True, floating_only=False):
        if device is None and dtype is None and blocking is None and non_blocking is None:
            return self
        if device is not None:
            if isinstance(device, str):
                _convert_to_place(device)
            elif type(device).__name__ not in ("CPUPlace", "Place"):
                raise ValueError(f"device should be type of str, paddle.CPUPlace, "
                                 f"paddle.CUDAPlace, paddle.CUDAPinnedPlace, paddle.XPUPlace, or "
                                 f"paddle.base.libpaddle.Place, but got {type(device).__name__}")
        assert blocking is None or isinstance(blocking, bool), \
            "blocking value error, must be the True, False or None"
        assert non_blocking is None or isinstance(non_blocking, bool), \
            "non_blocking value error, must be the True, False or None"
        layers = self.sublayers(include_self=True) if include_sublayers else [self]
        if dtype is not None:
            target = convert_dtype(dtype)
            with no_grad():
                for layer in layers:
                    for t in list(layer._parameters.values()) + list(layer._buffers.values()):
                        if t is None or (floating_only and not t.dtype.is_floating_point):
                            continue
                        _cast_in_place(t, target)
        # as Paddle's _apply: each layer records the dtype argument as given (None when only
        # the device moves), and its repr shows it
        for layer in layers:
            layer._dtype = dtype
        return self

    def to(self, device=None, dtype=None, blocking=None, non_blocking=None):
        """Move to `device` (only the CPU exists here) and/or cast every parameter and buffer
        to `dtype`, in place."""
        return self._to_impl(device=device, dtype=dtype, blocking=blocking,
                             non_blocking=non_blocking, include_sublayers=True,
                             floating_only=False)

    def astype(self, dtype=None):
        """Record `dtype` as this layer's and its sublayers' dtype. As in Paddle 3.3.1 the
        parameters and buffers keep their dtype (Paddle casts copies and drops them); use
        to(dtype=...) or float()/double() to cast them."""
        dtype = _checked_dtype(dtype)
        self._dtype = dtype
        for layer in self.sublayers():
            layer._dtype = dtype
        return self

    def type(self, dst_type):
        """Cast every parameter and buffer to `dst_type`, in place."""
        dst_type = _checked_dtype(dst_type)
        return self.apply(lambda layer: layer._to_impl(dtype=dst_type, floating_only=False,
                                                       include_sublayers=True))

    def _float_types(self, dtype, excluded_layers):
        excluded_layers = [] if excluded_layers is None else excluded_layers
        if isinstance(excluded_layers, type):
            excluded_layers = [excluded_layers]
        elif isinstance(excluded_layers, (list, tuple)):
            excluded_layers = list(excluded_layers)
        else:
            raise TypeError(f"excluded_layers should be type nn.Layer or list, but got "
                            f"{type(excluded_layers).__name__}.")

        def layer_trans(layer):
            if type(layer) not in excluded_layers:
                layer._to_impl(dtype=dtype, floating_only=True, include_sublayers=False)
        return self.apply(layer_trans)

    def float(self, excluded_layers=None):
        """Floating parameters and buffers to float32 (layers of the excluded types kept)."""
        return self._float_types(convert_dtype("float32"), excluded_layers)

    def float16(self, excluded_layers=None):
        return self._float_types(convert_dtype("float16"), excluded_layers)

    def bfloat16(self, excluded_layers=None):
        return self._float_types(convert_dtype("bfloat16"), excluded_layers)

    def double(self):
        return self.type(convert_dtype("float64"))

    def half(self):
        return self.type(convert_dtype("float16"))

    def cpu(self):
        return self

    def cuda(self, device=None):
        return self._to_impl(device="gpu")

    def xpu(self, device=None):
        return self._to_impl(device="xpu")


_BF16_BITS = np.dtype(np.uint16)  # what Paddle's numpy() gives for bfloat16


def _check_state_dtype(param, state):
    """Paddle's set_value check: the value's dtype must be the parameter's (no silent cast)."""
    if isinstance(state, Tensor):
        have = state.dtype.name
    elif isinstance(state, np.ndarray):
        if state.dtype == _BF16_BITS and param.dtype.name == "bfloat16":
            return
        have = convert_dtype(state.dtype).name if state.dtype.kind in "biufc" else state.dtype
    else:
        return
    if have != param.dtype.name:
        raise AssertionError(
            f"Variable dtype not match, Variable [ {param.name} ] need tensor with dtype "
            f"paddle.{param.dtype.name}  but load tensor with dtype paddle.{have}")
