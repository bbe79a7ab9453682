"""paddle.Model (Paddle 3.3.1 hapi/model.py, dygraph only): a network with its optimizer, loss
and metrics, trained by fit(), scored by evaluate(), run by predict(), one batch at a time by
train_batch / eval_batch / predict_batch, checkpointed by save() / load()."""
import inspect
import os
import warnings

import numpy as np

from ..autograd import no_grad
from ..creation import to_tensor
from ..framework_io import load as _load, save as _save
from ..io import DataLoader, Dataset, DistributedBatchSampler
from ..metric import Metric
from ..nn import Layer
from ..static import InputSpec
from ..tensor import Tensor
from .callbacks import EarlyStopping, config_callbacks
from .model_summary import summary

__all__ = ["Model"]


def to_list(value):
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _to_numpy(var):
    assert isinstance(var, Tensor), "not a variable"
    return np.array(var)


def _flatten(data):
    """Nested lists / tuples / dicts (dict values in key order) -> a flat list."""
    if isinstance(data, (list, tuple)):
        return [x for item in data for x in _flatten(item)]
    if isinstance(data, dict):
        return [x for k in sorted(data) for x in _flatten(data[k])]
    return [data]


def _input_info(inputs):
    """(shapes, dtypes) of the given inputs (InputSpecs, Tensors or arrays)."""
    if isinstance(inputs, InputSpec):
        return [list(inputs.shape)], [inputs.dtype]
    if isinstance(inputs, (list, tuple)):
        return [list(x.shape) for x in inputs], [x.dtype for x in inputs]
    if isinstance(inputs, dict):
        return [list(inputs[n].shape) for n in inputs], [inputs[n].dtype for n in inputs]
    return None


def _load_state(path):
    """The state dict saved at path, values as NumPy arrays (what Paddle's Model.load reads
    with pickle), or None when there is no such file."""
    if not os.path.exists(path):
        return None
    return _load(path, return_numpy=True, keep_name_table=True)


def _as_tensor(x):
    return x if isinstance(x, Tensor) else to_tensor(x)


_AMP_KEYS = {"init_loss_scaling", "incr_ratio", "decr_ratio", "incr_every_n_steps",
             "decr_every_n_nan_or_inf", "use_dynamic_loss_scaling", "use_fp16_guard",
             "custom_white_list", "custom_black_list", "custom_black_varnames"}


def _amp_level(amp_configs):
    """The AMP level amp_configs asks for, checked as Paddle checks it."""
    if not amp_configs:
        return "O0"
    if isinstance(amp_configs, str):
        if amp_configs not in ("O0", "O1", "O2"):
            raise ValueError("The level of amp_configs should be 'O0', 'O1' or 'O2'.")
        return amp_configs
    level = amp_configs.get("level", "O1")
    if level not in ("O0", "O1", "O2"):
        raise ValueError("amp_configs['level'] should be 'O0', 'O1' or 'O2'.")
    keys = set(amp_configs) - {"level"}
    if level != "O0" and keys:
        if "use_pure_fp16" in amp_configs:
            raise ValueError("'use_pure_fp16' is an invalid parameter, the level of mixed "
                             "precision training only depends on 'O1' or 'O2'.")
        if keys - _AMP_KEYS:
            raise ValueError(
                "Except for 'level', the keys of 'amp_configs' must be accepted by mixed "
                f"precision APIs, but {tuple(keys - _AMP_KEYS)} could not be recognized.")
        if "use_fp16_guard" in keys:
            raise ValueError("'use_fp16_guard' is supported in static graph mode only.")
    return level


class Model:
    """Wraps `network` (a paddle.nn.Layer). `inputs` / `labels`: InputSpecs (or lists of
    them) naming the network's inputs and the labels; without `inputs`, the forward()
    argument names are used. Call prepare() before training or evaluating."""

    def __init__(self, network, inputs=None, labels=None):
        self.mode = "train"
        self.network = network
        self._inputs = None
        self._labels = None
        self._loss = None
        self._loss_weights = None
        self._optimizer = None
        self._input_info = None
        self._is_shape_inferred = False
        self._test_dataloader = None
        self.stop_training = False
        self._metrics = []
        self._accumulate = 1
        self._place = None
        self._amp_level = "O0"
        self._batch_input_info = None
        if inputs:
            self._input_info = _input_info(inputs)
        self._inputs = self._verify_spec(inputs, is_input=True)
        self._labels = self._verify_spec(labels)

    # ---- one batch -------------------------------------------------------------------------
    def _forward(self, inputs):
        inputs = to_list(inputs)
        self._batch_input_info = _input_info(inputs)
        return self.network(*[_as_tensor(x) for x in inputs])

    def _update_metrics(self, outputs, labels):
        metrics = []
        for metric in self._metrics:
            metric_outs = metric.compute(*(to_list(outputs) + labels))
            metrics.append(metric.update(*[_to_numpy(m) for m in to_list(metric_outs)]))
        return metrics

    def train_batch(self, inputs, labels=None, update=True):
        """One training step: forward, loss, backward and (if update) an optimizer step.
        Returns [loss arrays], or ([loss arrays], [metric values]) with metrics."""
        assert self._optimizer, "model not ready, please call `model.prepare()` first"
        self.network.train()
        self.mode = "train"
        labels = [_as_tensor(x) for x in to_list(labels or [])]
        outputs = self._forward(inputs)
        losses = to_list(self._loss(*(to_list(outputs) + labels)))
        final_loss = losses[0]
        for extra in losses[1:]:
            final_loss = final_loss + extra
        final_loss.backward()
        if update:
            self._optimizer.minimize(final_loss)
            self.network.clear_gradients()
        metrics = self._update_metrics(outputs, labels)
        self._after_batch()
        losses = [_to_numpy(x) for x in losses]
        return (losses, metrics) if metrics else losses

    @no_grad()
    def eval_batch(self, inputs, labels=None):
        """One evaluation step without gradients. Returns [loss arrays], ([loss arrays],
        [metric values]) or, without a loss, [metric values]."""
        self.network.eval()
        self.mode = "eval"
        labels = [_as_tensor(x) for x in to_list(labels or [])]
        outputs = self._forward(inputs)
        losses = to_list(self._loss(*(to_list(outputs) + labels))) if self._loss else None
        metrics = self._update_metrics(outputs, labels)
        self._after_batch()
        if self._loss and metrics:
            return [_to_numpy(x) for x in losses], metrics
        if self._loss:
            return [_to_numpy(x) for x in losses]
        return metrics

    @no_grad()
    def predict_batch(self, inputs):
        """The network's outputs on one batch, as a list of NumPy arrays."""
        self.network.eval()
        self.mode = "test"
        outputs = self._forward(inputs)
        self._after_batch()
        return [_to_numpy(o) for o in to_list(outputs)]

    def _after_batch(self):
        if self._input_info is None:
            self._update_inputs()

    # ---- checkpoints -----------------------------------------------------------------------
    def save(self, path, training=True):
        """Write the parameters to path.pdparams and, if the optimizer has state, that to
        path.pdopt. training=False (an inference model) needs paddle.jit, which eagergraph
        does not have."""
        if not training:
            raise NotImplementedError(
                "Model.save(path, training=False) writes a static inference model through "
                "paddle.jit.save, which eagergraph does not support; save with training=True.")
        _save(self.network.state_dict(), path + ".pdparams")
        if self._optimizer is not None:
            optim = self._optimizer.state_dict()
            if optim:
                _save(optim, path + ".pdopt")

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Load path.pdparams (path may end in .pdparams / .pdopt / .pdmodel) into the
        network and path.pdopt, if present and not reset_optimizer, into the optimizer.
        A missing or differently shaped parameter raises ValueError, or with skip_mismatch is
        skipped with a warning (and the optimizer state is then not loaded)."""
        base, ext = os.path.splitext(path)
        assert ext in ["", ".pdparams", ".pdopt", ".pdmodel"], \
            f"Unknown postfix {ext} from weights"
        param_state = _load_state(base + ".pdparams")
        assert param_state, "Failed to load parameters, please check path."
        matched = []
        for key, param in self.network.state_dict().items():
            state = param_state.get(key, None)
            try:
                if state is None:
                    raise ValueError(f"{key} is not found in the providing file.")
                if list(state.shape) != list(param.shape):
                    raise ValueError(f"{key} receives a shape {list(state.shape)}, but the "
                                     f"expected shape is {list(param.shape)}.")
            except ValueError as err:
                if not skip_mismatch:
                    raise
                warnings.warn(f"Skip loading for {key}. " + str(err))
                reset_optimizer = True
                continue
            matched.append((param, state))
        optim_state = None if reset_optimizer else _load_state(base + ".pdopt")
        for param, state in matched:
            param.set_value(state)
        if self._optimizer and optim_state:
            self._optimizer.set_state_dict(optim_state)

    def parameters(self, *args, **kwargs):
        """The network's parameters."""
        return self.network.parameters()

    # ---- configuration ---------------------------------------------------------------------
    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Set the optimizer, the loss (a Layer or any callable(outputs..., labels...)), the
        metrics (Metric or list of them). Mixed precision (amp_configs other than 'O0') is not
        available in eagergraph."""
        self._optimizer = optimizer
        if loss is not None and not isinstance(loss, Layer) and not callable(loss):
            raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable "
                            "function.")
        self._loss = loss
        metrics = metrics or []
        for metric in to_list(metrics):
            assert isinstance(metric, Metric), \
                f"{metric.__class__.__name__} is not sub class of Metric"
        self._metrics = to_list(metrics)
        self._amp_level = _amp_level(amp_configs)
        if self._amp_level != "O0":
            raise NotImplementedError(
                f"amp_configs level {self._amp_level}: eagergraph has no automatic mixed "
                "precision; prepare() without amp_configs (or with 'O0').")

    # ---- data ------------------------------------------------------------------------------
    def _loader(self, data, batch_size, shuffle=False, drop_last=False, num_workers=0):
        if isinstance(data, Dataset):
            sampler = DistributedBatchSampler(data, batch_size=batch_size, shuffle=shuffle,
                                              drop_last=drop_last)
            return DataLoader(data, batch_sampler=sampler, places=self._place,
                              num_workers=num_workers, return_list=True)
        return data

    @staticmethod
    def _len_data_loader(data_loader):
        try:
            return len(data_loader)
        except Exception:
            return None

    # ---- loops -----------------------------------------------------------------------------
    def fit(self, train_data=None, eval_data=None, batch_size=1, epochs=1, eval_freq=1,
            log_freq=10, save_dir=None, save_freq=1, verbose=2, drop_last=False, shuffle=True,
            num_workers=0, callbacks=None, accumulate_grad_batches=1, num_iters=None):
        """Train for `epochs` epochs on train_data (a Dataset, batched here, or a DataLoader /
        iterable of batches), evaluating on eval_data every `eval_freq` epochs. batch_size
        may be [train, eval]. save_dir: checkpoints every save_freq epochs and 'final'.
        num_iters: stop after that many steps in all."""
        assert train_data is not None, "train_data must be given!"
        if isinstance(batch_size, (tuple, list)) and all(isinstance(x, int) for x in batch_size):
            assert len(batch_size) == 2, \
                "batch_size length error, expected train_batch_size and eval_batch_size."
            train_batch_size, eval_batch_size = batch_size
        elif isinstance(batch_size, int):
            train_batch_size, eval_batch_size = batch_size, batch_size
        train_loader = self._loader(train_data, train_batch_size, shuffle, drop_last,
                                    num_workers)
        eval_loader = None if eval_data is None else self._loader(
            eval_data, eval_batch_size, num_workers=num_workers)
        do_eval = eval_loader is not None
        self._test_dataloader = eval_loader
        self._accumulate = accumulate_grad_batches

        steps = self._len_data_loader(train_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(steps, int):
            assert num_iters > 0, "num_iters must be greater than 0!"
            epochs = (num_iters // steps) + 1
            steps = min(num_iters, steps)
        cbks = config_callbacks(callbacks, model=self, epochs=epochs, steps=steps,
                                log_freq=log_freq, save_freq=save_freq, save_dir=save_dir,
                                verbose=verbose, metrics=self._metrics_name())
        if any(isinstance(k, EarlyStopping) for k in cbks) and not do_eval:
            warnings.warn("EarlyStopping needs validation data.")

        logs = {}
        cbks.on_begin("train")
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            logs = self._run_one_epoch(train_loader, cbks, "train")
            cbks.on_epoch_end(epoch, logs)
            if do_eval and epoch % eval_freq == 0:
                cbks.on_begin("eval", {"steps": self._len_data_loader(eval_loader),
                                       "metrics": self._metrics_name()})
                eval_logs = self._run_one_epoch(eval_loader, cbks, "eval")
                cbks.on_end("eval", eval_logs)
            if self.stop_training:
                break
        cbks.on_end("train", logs)
        self._test_dataloader = None

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0,
                 callbacks=None, num_iters=None):
        """Loss and metrics over eval_data: {'loss': [float], metric name: value, ...}."""
        eval_loader = self._loader(eval_data, batch_size, num_workers=num_workers)
        self._test_dataloader = eval_loader
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose,
                                metrics=self._metrics_name())
        eval_steps = self._len_data_loader(eval_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(eval_steps, int):
            assert num_iters > 0, "num_iters must be greater than 0!"
            eval_steps = min(num_iters, eval_steps)
            self.num_iters = eval_steps
        cbks.on_begin("eval", {"steps": eval_steps, "metrics": self._metrics_name()})
        logs = self._run_one_epoch(eval_loader, cbks, "eval")
        cbks.on_end("eval", logs)
        self._test_dataloader = None
        return {k: logs[k] for k in self._metrics_name()}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1,
                callbacks=None):
        """The network's outputs over test_data: one list per output holding each batch's
        array, or (stack_outputs) one array per output stacked over all samples."""
        test_loader = self._loader(test_data, batch_size, num_workers=num_workers)
        self._test_dataloader = test_loader
        cbks = config_callbacks(callbacks, model=self, verbose=verbose)
        logs = {"steps": self._len_data_loader(test_loader)}
        cbks.on_begin("predict", logs)
        logs, outputs = self._run_one_epoch(test_loader, cbks, "predict")
        outputs = list(zip(*outputs))
        if stack_outputs:
            outputs = [np.vstack(outs) for outs in outputs]
        self._test_dataloader = None
        cbks.on_end("predict", logs)
        return outputs

    def _run_one_epoch(self, data_loader, callbacks, mode):
        logs = {}
        outputs = []
        for step, data in enumerate(data_loader):
            # a batch is [inputs..., labels...] or ([inputs...], [labels...]): flatten either
            data = _flatten(data)
            batch_size = data[0].shape[0]
            callbacks.on_batch_begin(mode, step, logs)
            if mode != "predict":
                args = [data[:len(self._inputs)], data[len(self._inputs):]]
                if mode == "train":
                    args.append((step + 1) % self._accumulate == 0
                                or step + 1 == len(data_loader))
                outs = getattr(self, mode + "_batch")(*args)
                if self._metrics and self._loss:
                    metrics = [[float(x) for x in outs[0]]]
                elif self._loss:
                    metrics = [[float(x) for x in outs]]
                else:
                    metrics = []
                for metric in self._metrics:
                    metrics.extend(to_list(metric.accumulate()))
                assert len(self._metrics_name()) == len(metrics)
                logs.update(zip(self._metrics_name(), metrics))
            else:
                n_inputs = len(self._inputs) if self._inputs is not None else len(data)
                outputs.append(self.predict_batch(data[:n_inputs]))
            logs["step"] = step
            logs["batch_size"] = batch_size
            callbacks.on_batch_end(mode, step, logs)
            if getattr(self, "num_iters", None) is not None:
                self.num_iters -= 1
                if self.num_iters <= 0:
                    self.stop_training = True
                    del self.num_iters
                    break
        self._reset_metrics()
        if mode == "predict":
            return logs, outputs
        return logs

    # ---- summary and input specs -----------------------------------------------------------
    def summary(self, input_size=None, dtype=None):
        """paddle.summary of the network for input_size (default: the Model's inputs)."""
        assert input_size is not None or self._inputs is not None, \
            "'input_size' or 'self._input' must be set"
        return summary(self.network, input_size if input_size is not None else self._inputs,
                       dtypes=dtype)

    def _verify_spec(self, specs, shapes=None, dtypes=None, is_input=False):
        if specs is None:
            if is_input:
                arg_names = inspect.getfullargspec(self.network.forward).args[1:]
                if shapes is not None and dtypes is not None:
                    out_specs = [InputSpec(name=n, dtype=dtypes[i], shape=shapes[i])
                                 for i, n in enumerate(arg_names[:len(shapes)])]
                else:
                    out_specs = [InputSpec(name=n, shape=[None]) for n in arg_names]
            else:
                out_specs = to_list(specs)
        elif isinstance(specs, dict):
            assert is_input is False
            out_specs = [specs[n] for n in inspect.getfullargspec(self.network.forward).args
                         if n != "self"]
        else:
            out_specs = to_list(specs)
        for i, spec in enumerate(out_specs or []):
            assert isinstance(spec, InputSpec)
            if spec.name is None:
                raise ValueError(f"Requires Input[{i}].name != None, but receive `None` with "
                                 f"{spec}.")
        return out_specs

    def _reset_metrics(self):
        for metric in self._metrics:
            metric.reset()

    def _metrics_name(self):
        names = ["loss"] if self._loss else []
        for m in self._metrics:
            names.extend(to_list(m.name()))
        return names

    def _update_inputs(self):
        """Name the inputs after forward()'s arguments with the shapes and dtypes of the
        first batch seen."""
        self._input_info = self._batch_input_info
        if self._input_info is not None and len(self._input_info) == 2:
            self._inputs = self._verify_spec(None, self._input_info[0], self._input_info[1],
                                             True)
            self._is_shape_inferred = True
