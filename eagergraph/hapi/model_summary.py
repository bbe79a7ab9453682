"""paddle.summary (Paddle 3.3.1 hapi/model_summary.py): runs the network once on random inputs
(or the given ones) with forward post-hooks on every layer, prints the table of layer (type)-
index, input shape, output shape and parameter count with the totals and size estimates, and
returns {'total_params': ..., 'trainable_params': ...}."""
import numbers
from collections import OrderedDict

import numpy as np

from ..autograd import no_grad
from ..nn import LayerList, Sequential
from ..ops import cast, rand
from ..static import InputSpec
from ..tensor import Tensor

__all__ = ["summary"]


def _input_size_of(input):
    if isinstance(input, Tensor):
        return tuple(input.shape)
    if isinstance(input, (list, tuple)):
        return [tuple(x.shape) for x in input]
    if isinstance(input, dict):
        return [tuple(input[k].shape) for k in input]
    raise ValueError("Input is not tensor, list, tuple and dict, unable to determine "
                     "input_size, please input input_size.")


def _normalize_input_size(input_size):
    if isinstance(input_size, InputSpec):
        return tuple(input_size.shape)
    if isinstance(input_size, list):
        out = []
        for item in input_size:
            if isinstance(item, int):
                item = (item,)
            assert isinstance(item, (tuple, InputSpec)), (
                f"When input_size is list,             expect item in input_size is a tuple or "
                f"InputSpec, but got {type(item)}")
            out.append(tuple(item.shape) if isinstance(item, InputSpec) else item)
        return out
    if isinstance(input_size, int):
        return (input_size,)
    return input_size


def _is_shape(shape):
    return not any(isinstance(item, (list, tuple)) for item in shape)


def _check_shape(shape):
    """One unknown (None / -1) dim, the batch, becomes 1; other dims must be positive."""
    num_unknown = 0
    new_shape = []
    for item in shape:
        if item is None or item == -1:
            num_unknown += 1
            if num_unknown > 1:
                raise ValueError("Option input_size only the dim of batch_size can be None or "
                                 "-1.")
            item = 1
        elif isinstance(item, numbers.Number) and item <= 0:
            raise ValueError(f"Expected element in input size greater than zero, but got {item}")
        new_shape.append(item)
    return tuple(new_shape)


def _check_input(input_size):
    if isinstance(input_size, (list, tuple)) and _is_shape(input_size):
        return _check_shape(input_size)
    return [_check_input(i) for i in input_size]


def summary(net, input_size=None, dtypes=None, input=None):
    """Print the summary table of `net` for inputs of input_size (a shape tuple, an
    InputSpec, or a list of them; the batch dim may be None / -1) with dtypes (default
    float32), or for the given `input` Tensor(s). Returns {'total_params',
    'trainable_params'}."""
    if input_size is None and input is None:
        raise ValueError("input_size and input cannot be None at the same time")
    if input_size is None:
        input_size = _input_size_of(input)
    _input_size = _normalize_input_size(input_size)
    in_train_mode = net.training
    if in_train_mode:
        net.eval()
    _input_size = _check_input(_input_size)  # after eval(): a bad size leaves net in eval mode
    result, params_info = summary_string(net, _input_size, dtypes, input)
    print(result)
    if in_train_mode:
        net.train()
    return params_info


def _all_is_number(items):
    return all(isinstance(item, numbers.Number) for item in items)


def _build_dtypes(input_size, dtype):
    if dtype is None:
        dtype = "float32"
    if isinstance(input_size, (list, tuple)) and _all_is_number(input_size):
        return [dtype]
    return [_build_dtypes(i, dtype) for i in input_size]


def _build_input(input_size, dtypes):
    if isinstance(input_size, (list, tuple)) and _all_is_number(input_size):
        dtype = dtypes[0] if isinstance(dtypes, (list, tuple)) else dtypes
        return cast(rand(list(input_size)), dtype)
    return [_build_input(i, dtype) for i, dtype in zip(input_size, dtypes)]


def _shape_of_input(x):
    if isinstance(x, Tensor):
        return list(x.shape)
    if isinstance(x, (list, tuple)):
        return [_shape_of_input(xx) for xx in x]
    return None


def _shape_of_output(output):
    if isinstance(output, (list, tuple)):
        return [_shape_of_output(o) for o in output]
    if hasattr(output, "shape"):
        return list(output.shape)
    return []


def _collect(model, input_size, dtypes, input):
    """Run the model once with hooks; {'Linear-1': {input_shape, output_shape, nb_params,
    trainable_params, trainable}, ...} in the order the layers finished."""
    records = OrderedDict()
    hooks = []
    depth = len(list(model.sublayers()))

    def hook(layer, inputs, output):
        class_name = type(layer).__name__
        try:
            layer_idx = int(layer._full_name.split("_")[-1])
        except ValueError:
            layer_idx = len(records)
        info = records[f"{class_name}-{layer_idx + 1}"] = OrderedDict()
        info["input_shape"] = _shape_of_input(inputs)
        info["output_shape"] = _shape_of_output(output)
        params = 0
        info["trainable_params"] = 0
        trainable_flag = False
        for k, v in layer._parameters.items():
            params += np.prod(v.shape)
            p = getattr(layer, k, None)
            if p is None:
                info["trainable"] = True
            elif getattr(p, "trainable", True) and not p.stop_gradient:
                info["trainable_params"] += np.prod(v.shape)
                info["trainable"] = True
                trainable_flag = True
            elif not trainable_flag:
                info["trainable"] = False
        info["nb_params"] = params

    def register(layer):
        if (not isinstance(layer, (Sequential, LayerList))
                and (layer is not model or depth < 1)):
            hooks.append(layer.register_forward_post_hook(hook))

    if isinstance(input_size, tuple):
        input_size = [input_size]
    model.apply(register)
    try:
        if input is not None:
            model(input)
        else:
            model(*_build_input(input_size, dtypes))
    finally:
        for h in hooks:
            h.remove()
    return records


def _widths(records):
    w = {"layer_width": 15, "input_shape_width": 20, "output_shape_width": 20,
         "params_width": 15, "table_width": 75}
    for name, info in records.items():
        w["output_shape_width"] = max(w["output_shape_width"], len(str(info["output_shape"])))
        w["input_shape_width"] = max(w["input_shape_width"], len(str(info["input_shape"])))
        w["layer_width"] = max(w["layer_width"], len(str(name)))
        w["params_width"] = max(w["params_width"], len(str(info["nb_params"])))
    columns = sum(v for k, v in w.items() if k != "table_width")
    w["table_width"] = max(w["table_width"], columns + 5)
    return w


def _input_megabytes(input_size):
    if isinstance(input_size, (list, tuple)) and _all_is_number(input_size):
        return abs(np.prod(input_size) * 4.0 / (1024 ** 2.0))
    return sum(_input_megabytes(i) for i in input_size)


@no_grad()
def summary_string(model, input_size=None, dtypes=None, input=None):
    """(the printed table, {'total_params', 'trainable_params'})."""
    if not isinstance(dtypes, (list, tuple)):
        dtypes = _build_dtypes(input_size, dtypes)
    records = _collect(model, input_size, dtypes, input)
    w = _widths(records)

    def row(a, b, c, d):
        return "{:^{}} {:^{}} {:^{}} {:^{}}".format(
            a, w["layer_width"], b, w["input_shape_width"], c, w["output_shape_width"], d,
            w["params_width"])

    lines = ["-" * w["table_width"],
             row("Layer (type)", "Input Shape", "Output Shape", "Param #"),
             "=" * w["table_width"]]
    total_params = total_output = trainable_params = 0
    for name, info in records.items():
        lines.append(row(name, str(info["input_shape"]), str(info["output_shape"]),
                         "{:,}".format(info["nb_params"])))
        total_params += info["nb_params"]
        try:
            total_output += np.sum(np.prod(info["output_shape"], axis=-1))
        except ValueError:  # several outputs of different ranks
            for output_shape in info["output_shape"]:
                total_output += np.sum(np.prod(output_shape, axis=-1))
        if info.get("trainable"):
            trainable_params += info["trainable_params"]

    total_input_size = _input_megabytes(input_size if not isinstance(input_size, tuple)
                                        else [input_size])
    total_output_size = abs(2.0 * total_output * 4.0 / (1024 ** 2.0))  # x2 for gradients
    total_params_size = abs(total_params * 4.0 / (1024 ** 2.0))
    total_size = total_params_size + total_output_size + total_input_size
    lines += ["=" * w["table_width"],
              f"Total params: {total_params:,}",
              f"Trainable params: {trainable_params:,}",
              f"Non-trainable params: {total_params - trainable_params:,}",
              "-" * w["table_width"],
              f"Input size (MB): {total_input_size:0.2f}",
              f"Forward/backward pass size (MB): {total_output_size:0.2f}",
              f"Params size (MB): {total_params_size:0.2f}",
              f"Estimated Total Size (MB): {total_size:0.2f}",
              "-" * w["table_width"]]
    return "\n".join(lines) + "\n", {"total_params": total_params,
                                     "trainable_params": trainable_params}
