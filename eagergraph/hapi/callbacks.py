"""paddle.callbacks (Paddle 3.3.1 hapi/callbacks.py): hooks paddle.Model calls around training,
evaluation and prediction: the progress logger, checkpoints, LR scheduling, early stopping and
LR reduction on plateau. VisualDL and Weights & Biases logging are not available here."""
import numbers
import os
import time
import warnings

import numpy as np

from ..optimizer.lr import LRScheduler as _LRSchedulerBase
from .progressbar import ProgressBar

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau", "WandbCallback"]


def config_callbacks(callbacks=None, model=None, batch_size=None, epochs=None, steps=None,
                     log_freq=2, verbose=2, save_freq=1, save_dir=None, metrics=None,
                     mode="train"):
    """The CallbackList Model.fit/evaluate/predict run: the given callbacks, with a
    ProgBarLogger first (unless one is given or verbose is 0), and a ModelCheckpoint and an
    LRScheduler appended unless given."""
    cbks = callbacks or []
    cbks = list(cbks if isinstance(cbks, (list, tuple)) else [cbks])
    if not any(isinstance(k, ProgBarLogger) for k in cbks) and verbose:
        cbks = [ProgBarLogger(log_freq, verbose=verbose), *cbks]
    if not any(isinstance(k, ModelCheckpoint) for k in cbks):
        cbks = [*cbks, ModelCheckpoint(save_freq, save_dir)]
    for k in cbks:
        if isinstance(k, EarlyStopping):
            k.save_dir = save_dir
    if not any(isinstance(k, LRScheduler) for k in cbks):
        cbks = [*cbks, LRScheduler()]
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    metrics = metrics or [] if mode != "test" else []
    cbk_list.set_params({"batch_size": batch_size, "epochs": epochs, "steps": steps,
                         "verbose": verbose, "metrics": metrics})
    return cbk_list


class CallbackList:
    """Dispatches each event to every callback in order."""

    def __init__(self, callbacks=None):
        assert callbacks is not None
        self.callbacks = list(callbacks)
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params):
        for c in self.callbacks:
            c.set_params(params)

    def set_model(self, model):
        for c in self.callbacks:
            c.set_model(model)

    def _call(self, name, *args):
        for c in self.callbacks:
            getattr(c, name)(*args)

    @staticmethod
    def _check_mode(mode):
        assert mode in ["train", "eval", "predict"], "mode should be train, eval or predict"

    def on_begin(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_begin", logs)

    def on_end(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None):
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None):
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_end", step, logs)


class Callback:
    """Base class: override the on_* events you need. `self.model` is the paddle.Model and
    `self.params` holds batch_size, epochs, steps, verbose and metrics (names)."""

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_train_begin(self, logs=None):
        """Before training; logs is None."""

    def on_train_end(self, logs=None):
        """After training; logs are the last epoch's."""

    def on_eval_begin(self, logs=None):
        """Before evaluation; logs hold 'steps' and 'metrics'."""

    def on_eval_end(self, logs=None):
        """After evaluation; logs hold the loss and metric values."""

    def on_predict_begin(self, logs=None):
        """Before prediction; logs hold 'steps'."""

    def on_predict_end(self, logs=None):
        """After prediction."""

    def on_epoch_begin(self, epoch, logs=None):
        """Before a training epoch (0-based)."""

    def on_epoch_end(self, epoch, logs=None):
        """After a training epoch; logs hold the last batch's values."""

    def on_train_batch_begin(self, step, logs=None):
        """Before a training batch."""

    def on_train_batch_end(self, step, logs=None):
        """After a training batch; logs hold loss, metrics, step and batch_size."""

    def on_eval_batch_begin(self, step, logs=None):
        """Before an evaluation batch."""

    def on_eval_batch_end(self, step, logs=None):
        """After an evaluation batch."""

    def on_predict_batch_begin(self, step, logs=None):
        """Before a prediction batch."""

    def on_predict_batch_end(self, step, logs=None):
        """After a prediction batch."""


def _new_timer():
    return {"data_time": 0, "batch_time": 0, "count": 0, "samples": 0}


class ProgBarLogger(Callback):
    """Prints progress every `log_freq` steps. verbose 0: silent; 1: a progress bar per epoch;
    2: one line per log step; 3: as 2 plus reader cost, batch cost and samples/sec."""

    def __init__(self, log_freq=1, verbose=2):
        self.epochs = None
        self.steps = None
        self.progbar = None
        self.verbose = verbose
        self.log_freq = log_freq

    def _is_print(self):
        return bool(self.verbose)

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        assert self.epochs
        self.train_metrics = self.params["metrics"]
        assert self.train_metrics
        self._train_timer = _new_timer()
        if self._is_print():
            print("The loss value printed in the log is the current step, and the metric is the "
                  "average value of previous steps.")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch
        self.train_step = 0
        if self.epochs and self._is_print():
            print(f"Epoch {epoch + 1}/{self.epochs}")
        self.train_progbar = ProgressBar(num=self.steps, verbose=self.verbose)
        self._train_timer["batch_start_time"] = time.time()

    def _updates(self, logs, mode):
        metrics = getattr(self, f"{mode}_metrics")
        progbar = getattr(self, f"{mode}_progbar")
        steps = getattr(self, f"{mode}_step")
        values = [(k, logs[k]) for k in metrics if k in logs]
        if self.verbose == 3 and hasattr(self, f"_{mode}_timer"):
            timer = getattr(self, f"_{mode}_timer")
            cnt = timer["count"] if timer["count"] > 0 else 1.0
            samples = timer["samples"] if timer["samples"] > 0 else 1.0
            values.append(("avg_reader_cost", "%.5f sec" % (timer["data_time"] / cnt)))
            values.append(("avg_batch_cost", "%.5f sec" % (timer["batch_time"] / cnt)))
            values.append(("ips", "%.5f samples/sec"
                           % (samples / (timer["data_time"] + timer["batch_time"]))))
            timer.update(count=0, samples=0, data_time=0.0, batch_time=0.0)
        progbar.update(steps, values)

    def _batch_begin(self, timer):
        timer["batch_data_end_time"] = time.time()
        timer["data_time"] += timer["batch_data_end_time"] - timer["batch_start_time"]

    def _batch_end(self, timer, logs):
        timer["batch_time"] += time.time() - timer["batch_data_end_time"]
        timer["count"] += 1
        timer["samples"] += logs.get("batch_size", 1)

    def on_train_batch_begin(self, step, logs=None):
        self._batch_begin(self._train_timer)

    def on_train_batch_end(self, step, logs=None):
        logs = logs or {}
        self.train_step += 1
        self._batch_end(self._train_timer, logs)
        if self._is_print() and self.train_step % self.log_freq == 0:
            if self.steps is None or self.train_step < self.steps:
                self._updates(logs, "train")
        self._train_timer["batch_start_time"] = time.time()

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self._is_print() and self.steps is not None:
            self._updates(logs, "train")

    def on_eval_begin(self, logs=None):
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0
        self._eval_timer = _new_timer()
        self.eval_progbar = ProgressBar(num=self.eval_steps, verbose=self.verbose)
        if self._is_print():
            print("Eval begin...")
        self._eval_timer["batch_start_time"] = time.time()

    def on_eval_batch_begin(self, step, logs=None):
        self._batch_begin(self._eval_timer)

    def on_eval_batch_end(self, step, logs=None):
        logs = logs or {}
        self.eval_step += 1
        self.evaled_samples += logs.get("batch_size", 1)
        self._batch_end(self._eval_timer, logs)
        if self._is_print() and self.eval_step % self.log_freq == 0:
            if self.eval_steps is None or self.eval_step < self.eval_steps:
                self._updates(logs, "eval")
        self._eval_timer["batch_start_time"] = time.time()

    def on_predict_begin(self, logs=None):
        self.test_steps = logs.get("steps", None)
        self.test_metrics = logs.get("metrics", [])
        self.test_step = 0
        self.tested_samples = 0
        self._test_timer = _new_timer()
        self.test_progbar = ProgressBar(num=self.test_steps, verbose=self.verbose)
        if self._is_print():
            print("Predict begin...")
        self._test_timer["batch_start_time"] = time.time()

    def on_predict_batch_begin(self, step, logs=None):
        self._batch_begin(self._test_timer)

    def on_predict_batch_end(self, step, logs=None):
        logs = logs or {}
        self.test_step += 1
        self.tested_samples += logs.get("batch_size", 1)
        self._batch_end(self._test_timer, logs)
        if self.test_step % self.log_freq == 0 and self._is_print():
            if self.test_steps is None or self.test_step < self.test_steps:
                self._updates(logs, "test")
        self._test_timer["batch_start_time"] = time.time()

    def on_eval_end(self, logs=None):
        logs = logs or {}
        if self._is_print() and self.eval_steps is not None:
            self._updates(logs, "eval")
            print(f"Eval samples: {self.evaled_samples}")

    def on_predict_end(self, logs=None):
        logs = logs or {}
        if self._is_print():
            if self.test_step % self.log_freq != 0 or self.verbose == 1:
                self._updates(logs, "test")
            print(f"Predict samples: {self.tested_samples}")


class ModelCheckpoint(Callback):
    """Saves the model to `save_dir/{epoch}` every `save_freq` epochs and to
    `save_dir/final` after training (nothing when save_dir is None)."""

    def __init__(self, save_freq=1, save_dir=None):
        self.save_freq = save_freq
        self.save_dir = save_dir

    def on_epoch_begin(self, epoch=None, logs=None):
        self.epoch = epoch

    def _is_save(self):
        return self.model and self.save_dir

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and self.epoch % self.save_freq == 0:
            path = f"{self.save_dir}/{epoch}"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)

    def on_train_end(self, logs=None):
        if self._is_save():
            path = f"{self.save_dir}/final"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)


class LRScheduler(Callback):
    """Steps the optimizer's LRScheduler (if it has one) after every training batch (by_step,
    the default) or after every epoch (by_epoch)."""

    def __init__(self, by_step=True, by_epoch=False):
        if by_step and by_epoch:
            raise ValueError("by_step option is mutually exclusive with by_epoch")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def _step(self):
        opt = self.model._optimizer
        if opt and isinstance(getattr(opt, "_learning_rate", None), _LRSchedulerBase):
            opt._learning_rate.step()

    def on_epoch_end(self, epoch, logs=None):
        if self.by_epoch:
            self._step()

    def on_train_batch_end(self, step, logs=None):
        if self.by_step:
            self._step()


def _first_number(value):
    """A logged value as a number: the first of a list; None when it is neither."""
    if isinstance(value, (list, tuple)):
        return value[0]
    if isinstance(value, numbers.Number):
        return value
    return None


class EarlyStopping(Callback):
    """Stops fit() when the monitored eval value (loss or a metric name) has not improved by
    more than min_delta for `patience` evaluations. mode 'auto' maximizes names containing
    'acc' and minimizes the rest. With save_best_model and fit(save_dir=...), the best model is
    saved to save_dir/best_model."""

    def __init__(self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0,
                 baseline=None, save_best_model=True):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.wait_epoch = 0
        self.best_weights = None
        self.stopped_epoch = 0
        self.save_best_model = save_best_model
        self.save_dir = None  # set by config_callbacks
        if mode not in ["auto", "min", "max"]:
            warnings.warn(f"EarlyStopping mode {mode} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "min":
            self.monitor_op = np.less
        elif mode == "max":
            self.monitor_op = np.greater
        else:
            self.monitor_op = np.greater if "acc" in self.monitor else np.less
        if self.monitor_op != np.greater:
            self.min_delta *= -1

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = np.inf if self.monitor_op == np.less else -np.inf
            self.best_weights = None

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of EarlyStopping should be loss or metric name.")
            return
        current = _first_number(logs[self.monitor])
        if current is None:
            return
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and self.save_dir is not None:
                self.model.save(os.path.join(self.save_dir, "best_model"))
        else:
            self.wait_epoch += 1
        if self.wait_epoch >= self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print(f"Epoch {self.stopped_epoch + 1}: Early stopping.")
                if self.save_best_model and self.save_dir is not None:
                    best = os.path.abspath(os.path.join(self.save_dir, "best_model"))
                    print(f"Best checkpoint has been saved at {best}")
        self.stopped_epoch += 1


class ReduceLROnPlateau(Callback):
    """Multiplies a float learning rate by `factor` (not below min_lr) when the monitored eval
    value has not improved by min_delta for `patience` evaluations, then waits `cooldown`
    evaluations. Only optimizers with a float learning rate are changed (as in Paddle)."""

    def __init__(self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto",
                 min_delta=1e-4, cooldown=0, min_lr=0):
        super().__init__()
        self.monitor = monitor
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = 0
        self.mode = mode
        self.monitor_op = None
        self.epoch = 0
        self._reset()

    def _reset(self):
        if self.mode not in ["auto", "min", "max"]:
            warnings.warn(f"Learning rate reduction mode {self.mode} is unknown, "
                          "fallback to auto mode.")
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of ReduceLROnPlateau should be loss or metric name.")
            return
        try:
            lr = self.model._optimizer._learning_rate
            if not isinstance(lr, float):
                warnings.warn(f"Expected learning_rate be float, bug got {type(lr)}.")
                return
        except Exception as e:
            warnings.warn(f"There are something wrong when get learning_rate from optimizer: "
                          f"{e}.")
            return
        current = _first_number(logs[self.monitor])
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = self.model._optimizer.get_lr()
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    self.model._optimizer._learning_rate = new_lr
                    if self.verbose > 0:
                        print(f"\nEpoch {self.epoch + 1}: ReduceLROnPlateau reducing learning "
                              f"rate to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0
        self.epoch += 1

    def in_cooldown(self):
        return self.cooldown_counter > 0


class VisualDL(Callback):
    """Not available in eagergraph: VisualDL logging needs Paddle's visualdl package."""

    def __init__(self, log_dir):
        raise NotImplementedError(
            "paddle.callbacks.VisualDL is not supported by eagergraph (it needs the visualdl "
            "package and Paddle's LogWriter); log with a custom paddle.callbacks.Callback "
            "instead.")


class WandbCallback(Callback):
    """Not available in eagergraph: raises ImportError, as Paddle does without wandb."""

    def __init__(self, project=None, entity=None, name=None, dir=None, mode=None,
                 job_type=None, **kwargs):
        raise ImportError("You want to use `wandb` which is not installed yet install it with "
                          "`pip install wandb`")
