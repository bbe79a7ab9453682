"""Recurrent layers (Paddle nn/layer/rnn.py): the cells SimpleRNNCell, LSTMCell and GRUCell,
RNN / BiRNN running a cell over time, and the stacked SimpleRNN, LSTM and GRU.

Everything is composed from public ops, so gradients come from those ops. The cells follow
Paddle's equations and gate orders (LSTM: i, f, g, o; GRU: r, z, c with the reset gate applied
to the hidden projection including its bias). RNN / BiRNN follow Paddle's dygraph `rnn`: with
sequence_length, states hold past a sequence's end while the cell's outputs are kept as computed.
SimpleRNN / LSTM / GRU follow Paddle's `rnn` kernel instead: outputs past a sequence's end are
zero and each final state is the state at the sequence's last valid step."""
import math
from functools import partial

from ... import ops as _ops
from ...framework import get_default_dtype
from .. import functional as F
from .. import initializer as I
from .container import LayerList
from .layers import Layer

__all__ = ["RNNCellBase", "SimpleRNNCell", "LSTMCell", "GRUCell", "RNN", "BiRNN", "SimpleRNN",
           "LSTM", "GRU"]


# ---- nested structures of tensors (Paddle's paddle.utils.map_structure / flatten) -------------
def _is_nested(s):
    return isinstance(s, (list, tuple))


def _flatten(s):
    return [x for item in s for x in _flatten(item)] if _is_nested(s) else [s]


def _map(fn, *structs):
    """fn applied leaf by leaf; the result has the structure of structs[0]."""
    first = structs[0]
    if _is_nested(first):
        return type(first)(_map(fn, *items) for items in zip(*structs))
    return fn(*structs)


# ---- running a cell over time ----------------------------------------------------------------
def _swap_batch_time(x):
    return _ops.transpose(x, [1, 0] + list(range(2, len(x.shape))))


def _time_mask(sequence_length, steps, dtype):
    """[steps, batch]: 1 where the step is inside the sequence, else 0."""
    t = _ops.arange(steps, dtype=sequence_length.dtype)
    inside = _ops.less_than(_ops.unsqueeze(t, 1), _ops.unsqueeze(sequence_length, 0))
    return _ops.cast(inside, dtype)


def _per_batch(step_mask, like):
    """step_mask [batch] shaped to broadcast along axis 0 of `like`."""
    return _ops.reshape(step_mask, [-1] + [1] * (len(like.shape) - 1))


def _maybe_copy(state, new_state, step_mask):
    """new_state where the step is inside the sequence, else the state passed through."""
    m = _per_batch(step_mask, new_state)
    return new_state * m + state * (1 - m)


def rnn(cell, inputs, initial_states=None, sequence_length=None, time_major=False,
        is_reverse=False, **kwargs):
    """Run `cell` over the time steps of `inputs` ([batch, time, ...], or [time, batch, ...]
    when time_major). Returns (outputs stacked over time, final states)."""
    time_axis = 0 if time_major else 1
    steps = _flatten(inputs)[0].shape[time_axis]
    if initial_states is None:
        initial_states = cell.get_initial_states(batch_ref=inputs,
                                                 batch_dim_idx=1 if time_major else 0)
    if not time_major:
        inputs = _map(_swap_batch_time, inputs)
    mask = None
    if sequence_length is not None:
        mask = _time_mask(sequence_length, steps, inputs.dtype)
    if is_reverse:
        inputs = _map(lambda x: _ops.flip(x, [0]), inputs)
        mask = _ops.flip(mask, [0]) if mask is not None else None
    per_step = _map(_Steps, inputs)
    states = initial_states
    outputs = []
    for i in range(steps):
        step_in = _map(lambda s: s[i], per_step)
        step_out, new_states = cell(step_in, states, **kwargs)
        if mask is not None:
            new_states = _map(partial(_maybe_copy, step_mask=mask[i]), states, new_states)
        states = new_states
        outputs.append(step_out)
    final_outputs = _map(lambda *xs: _ops.stack(list(xs), axis=time_axis), *outputs)
    if is_reverse:
        final_outputs = _map(lambda x: _ops.flip(x, [time_axis]), final_outputs)
    return final_outputs, states


class _Steps:
    """A time-major tensor's steps, a leaf for _map (a list would be a structure)."""

    def __init__(self, x):
        self._steps = _ops.unbind(x, 0)

    def __getitem__(self, i):
        return self._steps[i]


def birnn(cell_fw, cell_bw, inputs, initial_states=None, sequence_length=None, time_major=False,
          **kwargs):
    """A forward and a reversed `rnn`; outputs concatenated on the last axis, final states
    (forward, backward). As Paddle, both default initial states come from cell_fw."""
    if initial_states is None:
        batch_dim = 1 if time_major else 0
        states_fw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=batch_dim)
        states_bw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=batch_dim)
    else:
        states_fw, states_bw = initial_states
    outputs_fw, states_fw = rnn(cell_fw, inputs, states_fw, sequence_length,
                                time_major=time_major, **kwargs)
    outputs_bw, states_bw = rnn(cell_bw, inputs, states_bw, sequence_length,
                                time_major=time_major, is_reverse=True, **kwargs)
    outputs = _map(lambda x, y: _ops.concat([x, y], -1), outputs_fw, outputs_bw)
    return outputs, (states_fw, states_bw)


# ---- cells -----------------------------------------------------------------------------------
def _is_shape(s):
    return _is_nested(s) and all(isinstance(v, int) for v in s)


def _map_shapes(fn, s):
    return fn(s) if _is_shape(s) else type(s)(_map_shapes(fn, item) for item in s)


class RNNCellBase(Layer):
    """A cell: forward(inputs, states) -> (outputs, new_states) for one time step."""

    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0,
                           batch_dim_idx=0):
        """States filled with init_value: shape (default state_shape) is a shape or nested
        shapes without the batch dimension, which comes from batch_ref.shape[batch_dim_idx];
        dtype defaults to state_dtype, else the default dtype."""
        batch_ref = _flatten(batch_ref)[0]
        batch = batch_ref.shape[batch_dim_idx]
        shapes = self.state_shape if shape is None else shape
        shapes = _map_shapes(lambda s: [batch] + list(s[1:] if s[0] == -1 else s), shapes)
        try:
            dtypes = self.state_dtype if dtype is None else dtype
        except NotImplementedError:
            dtypes = get_default_dtype()
        flat_dtypes = _flatten(dtypes)
        flat_shapes = []
        _map_shapes(flat_shapes.append, shapes)
        if len(flat_dtypes) == 1:
            flat_dtypes = flat_dtypes * len(flat_shapes)
        it = iter(zip(flat_shapes, flat_dtypes))

        def _full(_):
            s, d = next(it)
            return _ops.full(s, init_value, dtype=d)
        return _map_shapes(_full, shapes)

    @property
    def state_shape(self):
        raise NotImplementedError("Please add implementation for `state_shape` in the used cell.")

    @property
    def state_dtype(self):
        raise NotImplementedError("Please add implementation for `state_dtype` in the used cell.")

    def _gate_params(self, gates, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                     bias_ih_attr, bias_hh_attr, hh_size=None):
        """weight_ih [gates*hidden, input], weight_hh [gates*hidden, hh_size or hidden],
        bias_ih and bias_hh [gates*hidden], all from Uniform(-1/sqrt(hidden), 1/sqrt(hidden)); an attr of
        False makes a fixed (stop_gradient) parameter of ones (weights) or zeros (biases)."""
        std = 1.0 / math.sqrt(hidden_size)
        specs = (("weight_ih", (gates * hidden_size, input_size), weight_ih_attr, False),
                 ("weight_hh", (gates * hidden_size, hh_size or hidden_size), weight_hh_attr,
                  False),
                 ("bias_ih", (gates * hidden_size,), bias_ih_attr, True),
                 ("bias_hh", (gates * hidden_size,), bias_hh_attr, True))
        for name, shape, attr, is_bias in specs:
            if attr is not False:
                p = self.create_parameter(shape, attr, is_bias=is_bias,
                                          default_initializer=I.Uniform(-std, std))
            else:
                p = self.create_parameter(shape, None, is_bias=is_bias,
                                          default_initializer=I.Constant(0.0 if is_bias else 1.0))
                p.stop_gradient = True
            setattr(self, name, p)

    def _projections(self, inputs, pre_hidden):
        x = _ops.add(_ops.matmul(inputs, self.weight_ih, transpose_y=True), self.bias_ih)
        h = _ops.add(_ops.matmul(pre_hidden, self.weight_hh, transpose_y=True), self.bias_hh)
        return x, h


def _check_hidden_size(cell, hidden_size):
    if hidden_size <= 0:
        raise ValueError(f"hidden_size of {cell.__class__.__name__} must be greater than 0, but "
                         f"now equals to {hidden_size}")


class SimpleRNNCell(RNNCellBase):
    """h = act(x @ W_ih^T + b_ih + h_prev @ W_hh^T + b_hh), act tanh or relu; returns (h, h)."""

    def __init__(self, input_size, hidden_size, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        _check_hidden_size(self, hidden_size)
        self._gate_params(1, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                          bias_ih_attr, bias_hh_attr)
        self.input_size = input_size
        self.hidden_size = hidden_size
        if activation not in ["tanh", "relu"]:
            raise ValueError(f"activation for SimpleRNNCell should be tanh or relu, but get "
                             f"{activation}")
        self.activation = activation
        self._activation_fn = _ops.tanh if activation == "tanh" else F.relu

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        i2h, h2h = self._projections(inputs, states)
        h = self._activation_fn(_ops.add(i2h, h2h))
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.activation != "tanh":
            s += f", activation={self.activation}"
        return s


class LSTMCell(RNNCellBase):
    """gates = x @ W_ih^T + b_ih + h_prev @ W_hh^T + b_hh split into i, f, g, o;
    c = sigmoid(f) * c_prev + sigmoid(i) * tanh(g), h = sigmoid(o) * tanh(c) (then h @ weight_ho
    when proj_size > 0); returns (h, (h, c))."""

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__()
        _check_hidden_size(self, hidden_size)
        if proj_size < 0:
            raise ValueError(f"proj_size of {self.__class__.__name__} must be greater than 0, "
                             f"but now equals to {hidden_size}")
        if proj_size >= hidden_size:
            raise ValueError("proj_size must be smaller than hidden_size")
        std = 1.0 / math.sqrt(hidden_size)
        self._gate_params(4, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                          bias_ih_attr, bias_hh_attr, hh_size=proj_size or hidden_size)
        self.proj_size = proj_size
        if proj_size > 0:
            self.weight_ho = self.create_parameter((hidden_size, proj_size), weight_hh_attr,
                                                   default_initializer=I.Uniform(-std, std))
        self.hidden_size = hidden_size
        self.input_size = input_size
        self._gate_activation = F.sigmoid
        self._activation = _ops.tanh

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_hidden, pre_cell = states
        x, h = self._projections(inputs, pre_hidden)
        gates = _ops.add(x, h)
        chunked = _ops.split(gates, num_or_sections=4, axis=-1)
        i = self._gate_activation(chunked[0])
        f = self._gate_activation(chunked[1])
        o = self._gate_activation(chunked[3])
        c = f * pre_cell + i * self._activation(chunked[2])
        h = o * self._activation(c)
        if self.proj_size > 0:
            h = _ops.matmul(h, self.weight_ho)
        return h, (h, c)

    @property
    def state_shape(self):
        # as Paddle (whose order puts the projected size on the cell state)
        return ((self.hidden_size,), (self.proj_size or self.hidden_size,))

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


class GRUCell(RNNCellBase):
    """x_r, x_z, x_c = x @ W_ih^T + b_ih and h_r, h_z, h_c = h_prev @ W_hh^T + b_hh;
    r = sigmoid(x_r + h_r), z = sigmoid(x_z + h_z), c = tanh(x_c + r * h_c),
    h = (h_prev - c) * z + c; returns (h, h)."""

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        _check_hidden_size(self, hidden_size)
        self._gate_params(3, input_size, hidden_size, weight_ih_attr, weight_hh_attr,
                          bias_ih_attr, bias_hh_attr)
        self.hidden_size = hidden_size
        self.input_size = input_size
        self._gate_activation = F.sigmoid
        self._activation = _ops.tanh

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_hidden = states
        x_gates, h_gates = self._projections(inputs, pre_hidden)
        x_r, x_z, x_c = _ops.split(x_gates, num_or_sections=3, axis=1)
        h_r, h_z, h_c = _ops.split(h_gates, num_or_sections=3, axis=1)
        r = self._gate_activation(x_r + h_r)
        z = self._gate_activation(x_z + h_z)
        c = self._activation(x_c + r * h_c)
        h = (pre_hidden - c) * z + c
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


# ---- layers running cells --------------------------------------------------------------------
class RNN(Layer):
    """Runs `cell` over time (reversed when is_reverse): forward(inputs, initial_states=None,
    sequence_length=None) -> (outputs, final_states)."""

    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        self.cell = cell
        if not hasattr(self.cell, "call"):
            self.cell.call = self.cell.forward
        self.is_reverse = is_reverse
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        return rnn(self.cell, inputs, initial_states=initial_states,
                   sequence_length=sequence_length, time_major=self.time_major,
                   is_reverse=self.is_reverse, **kwargs)


class BiRNN(Layer):
    """cell_fw forward and cell_bw reversed over time; outputs concatenated on the last axis,
    final states (states_fw, states_bw)."""

    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw
        if cell_fw.input_size != cell_bw.input_size:
            raise ValueError(f"input size of forward cell({cell_fw.input_size}) does not equals"
                             f"that of backward cell({cell_bw.input_size})")
        for cell in [self.cell_fw, self.cell_bw]:
            if not hasattr(cell, "call"):
                cell.call = cell.forward
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        if isinstance(initial_states, (list, tuple)):
            assert len(initial_states) == 2, \
                "length of initial_states should be 2 when it is a list/tuple"
        return birnn(self.cell_fw, self.cell_bw, inputs, initial_states, sequence_length,
                     self.time_major, **kwargs)


def _split_states(states, bidirectional=False, state_components=1):
    """[layers * directions, batch, hidden] (a tuple of them for LSTM) -> per layer: a state,
    or (forward, backward) when bidirectional."""
    if state_components == 1:
        states = _ops.unbind(states, 0)
        return states if not bidirectional else list(zip(states[::2], states[1::2]))
    assert len(states) == state_components
    states = list(zip(*[_ops.unbind(item, 0) for item in states]))
    return states if not bidirectional else list(zip(states[::2], states[1::2]))


def _concat_states(states, state_components=1):
    flat = _flatten(states)
    if state_components == 1:
        return _ops.stack(flat)
    return tuple(_ops.stack(flat[i::state_components]) for i in range(state_components))


_BIDIRECTIONAL = ["bidirectional", "bidirect"]


class RNNBase(LayerList):
    """num_layers of RNN (or BiRNN) layers over one cell class, as Paddle's `rnn` kernel computes
    them: dropout between layers while training, outputs past a sequence's end zero. Parameters
    are also reachable (and in state_dict) as weight_ih_l{k}, ..., with _reverse for backward."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.dropout = dropout
        self.num_directions = 2 if direction in _BIDIRECTIONAL else 1
        self.time_major = time_major
        self.num_layers = num_layers
        self.state_components = 2 if mode == "LSTM" else 1
        kwargs = {"weight_ih_attr": weight_ih_attr, "weight_hh_attr": weight_hh_attr,
                  "bias_ih_attr": bias_ih_attr, "bias_hh_attr": bias_hh_attr}
        self.proj_size = proj_size
        if proj_size > 0:
            assert mode == "LSTM"
        if mode == "LSTM":
            rnn_cls = LSTMCell
            kwargs["proj_size"] = proj_size
        elif mode == "GRU":
            rnn_cls = GRUCell
        elif mode == "RNN_RELU":
            rnn_cls = SimpleRNNCell
            kwargs["activation"] = "relu"
        elif mode == "RNN_TANH":
            rnn_cls = SimpleRNNCell
            kwargs["activation"] = "tanh"
        else:
            rnn_cls = SimpleRNNCell
            kwargs["activation"] = self.activation
        in_size = proj_size or hidden_size
        if direction in ["forward"]:
            self.append(RNN(rnn_cls(input_size, hidden_size, **kwargs), False, time_major))
            for _ in range(1, num_layers):
                self.append(RNN(rnn_cls(in_size, hidden_size, **kwargs), False, time_major))
        elif direction in _BIDIRECTIONAL:
            for i in range(num_layers):
                size = input_size if i == 0 else 2 * in_size
                cell_fw = rnn_cls(size, hidden_size, **kwargs)
                cell_bw = rnn_cls(size, hidden_size, **kwargs)
                self.append(BiRNN(cell_fw, cell_bw, time_major))
        else:
            raise ValueError(f"direction should be forward or bidirect (or bidirectional), "
                             f"received direction = {direction}")
        self.could_use_cudnn = len(self.parameters()) == num_layers * 4 * self.num_directions
        # Paddle names the parameters in creation order; where a cell has other than the four
        # (bias_attr=False leaves fixed biases in, proj_size adds weight_ho) the names shift
        # onto the following parameters exactly as Paddle's zip does
        param_names = []
        for layer in range(self.num_layers):
            for num in range(self.num_directions):
                suffix = "_reverse" if num == 1 else ""
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias_ih_attr is not False:
                    names.append("bias_ih_l{}{}")
                if bias_hh_attr is not False:
                    names.append("bias_hh_l{}{}")
                param_names.extend(x.format(layer, suffix) for x in names)
        for name, param in zip(param_names, self.parameters()):
            setattr(self, name, param)
        self.flatten_parameters()

    def flatten_parameters(self):
        """Paddle packs the weights for its kernel (weights of every layer and direction, then
        biases); here that order is kept in _all_weights and the parameters stay separate."""
        if not self.could_use_cudnn:
            return
        params = self.parameters(include_sublayers=False)
        self._all_weights = [None] * len(params)
        for i, param in enumerate(params):
            offset = 0 if i % 4 < 2 else 2 * self.num_layers * self.num_directions
            self._all_weights[offset + (i // 4) * 2 + i % 2] = param
        self._dropout_state = self.create_variable(
            dtype="uint8", name=f"{self.full_name()}.dropout_state__non_persistable")

    def forward(self, inputs, initial_states=None, sequence_length=None):
        batch_index = 1 if self.time_major else 0
        if initial_states is None:
            dims = ([self.proj_size or self.hidden_size], [self.hidden_size])
            fill_shape = [self.num_layers * self.num_directions, inputs.shape[batch_index]]
            initial_states = tuple(_ops.full(fill_shape + dims[i], 0, dtype=inputs.dtype)
                                   for i in range(self.state_components))
        if self.state_components == 1 and isinstance(initial_states, (list, tuple)):
            initial_states = initial_states[0]
        states = _split_states(initial_states, self.num_directions == 2, self.state_components)
        # Paddle runs its fused kernel when it can (outputs past a sequence's end are zero
        # there) and the RNN layers one by one otherwise (proj_size)
        zero_padding = self.could_use_cudnn and sequence_length is not None
        if zero_padding:
            steps = inputs.shape[1 - batch_index]
            mask = _time_mask(sequence_length, steps, inputs.dtype)
            mask = _ops.unsqueeze(mask if self.time_major else _swap_batch_time(mask), -1)
        final_states = []
        for i, rnn_layer in enumerate(self):
            if i > 0:
                inputs = F.dropout(inputs, self.dropout, training=self.training,
                                   mode="upscale_in_train")
            outputs, final_state = rnn_layer(inputs, states[i], sequence_length)
            if zero_padding:
                outputs = outputs * mask
            final_states.append(final_state)
            inputs = outputs
        return outputs, _concat_states(final_states, self.state_components)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.time_major is not False:
            s += f", time_major={self.time_major}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        return s


class SimpleRNN(RNNBase):
    """Stacked SimpleRNNCell layers (activation 'tanh' or 'relu')."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        if activation == "tanh":
            mode = "RNN_TANH"
        elif activation == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown activation '{activation}'")
        self.activation = activation
        super().__init__(mode, input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)


class LSTM(RNNBase):
    """Stacked LSTMCell layers; states are (h, c), each [num_layers * directions, batch, size]."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr,
                         proj_size)


class GRU(RNNBase):
    """Stacked GRUCell layers."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)
