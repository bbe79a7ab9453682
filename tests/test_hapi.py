"""paddle.Model, paddle.callbacks and paddle.summary.

Model.fit is checked against a hand-written training loop over the same batches (identical
parameters after training), evaluate / predict against the network run directly, the printed
progress lines and summary table against what Paddle 3.3.1 printed for the same code
(recorded from /tmp/oracle), and the callbacks by the files, steps and stops they must cause."""
import collections
import os
import re
import warnings

import numpy as np
import pytest

import eagergraph as paddle
import eagergraph.nn as nn
from eagergraph.io import DataLoader, Dataset, TensorDataset
from eagergraph.nn import unique_name
from eagergraph.static import InputSpec


class Data(Dataset):
    """x ~ N(0, 1) in 4 dims; label 1 where x0 + x1 > 0."""

    def __init__(self, n, seed):
        r = np.random.RandomState(seed)
        self.x = r.randn(n, 4).astype("float32")
        self.y = (self.x[:, :1] + self.x[:, 1:2] > 0).astype("int64")

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


def mlp():
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    r = np.random.RandomState(1)
    for p in net.parameters():
        p.set_value(r.uniform(-0.5, 0.5, p.shape).astype("float32"))
    return net


def prepared(lr=0.05, metrics=None, net=None, opt="adam"):
    model = paddle.Model(net or mlp())
    cls = paddle.optimizer.Adam if opt == "adam" else paddle.optimizer.SGD
    model.prepare(cls(learning_rate=lr, parameters=model.parameters()), nn.CrossEntropyLoss(),
                  metrics)
    return model


def _mask_times(text):
    return re.sub(r" - \d+(ms|us|s)/step", "", text)


# ---- training, evaluation, prediction -------------------------------------------------------

def test_fit_equals_a_hand_written_loop():
    data = Data(40, 0)
    model = prepared()
    model.fit(data, batch_size=16, epochs=3, verbose=0, shuffle=False)

    net = mlp()
    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=net.parameters())
    loss_fn = nn.CrossEntropyLoss()
    for _ in range(3):
        for i in range(0, 40, 16):
            loss = loss_fn(net(paddle.to_tensor(data.x[i:i + 16])),
                           paddle.to_tensor(data.y[i:i + 16]))
            loss.backward()
            opt.step()
            opt.clear_grad()
    for a, b in zip(model.parameters(), net.parameters()):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6, atol=1e-7)


def test_accumulate_grad_batches_steps_on_summed_grads():
    data = Data(24, 0)
    model = prepared(lr=0.1, opt="sgd")
    model.fit(data, batch_size=6, epochs=1, verbose=0, shuffle=False, accumulate_grad_batches=2)
    net = mlp()
    loss_fn = nn.CrossEntropyLoss()
    for step in range(4):
        s = slice(6 * step, 6 * step + 6)
        loss_fn(net(paddle.to_tensor(data.x[s])), paddle.to_tensor(data.y[s])).backward()
        if step % 2 == 1:
            for p in net.parameters():
                p.set_value(p.numpy() - 0.1 * p.grad.numpy())
                p.clear_gradient()
    for a, b in zip(model.parameters(), net.parameters()):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)


def test_evaluate_matches_the_network_run_directly():
    model = prepared(metrics=paddle.metric.Accuracy())
    model.fit(Data(40, 0), batch_size=8, epochs=2, verbose=0)
    eval_data = Data(20, 1)
    res = model.evaluate(eval_data, batch_size=8, verbose=0)
    assert list(res) == ["loss", "acc"]
    logits = model.network(paddle.to_tensor(eval_data.x)).numpy()
    assert type(res["acc"]) is np.float64
    assert res["acc"] == pytest.approx(np.mean(logits.argmax(1) == eval_data.y[:, 0]))
    last = logits[16:]  # the loss logged is the last batch's
    logp = last - np.log(np.exp(last).sum(1, keepdims=True))
    expected = -np.mean(logp[np.arange(4), eval_data.y[16:, 0]])
    assert isinstance(res["loss"], list) and type(res["loss"][0]) is float
    assert res["loss"][0] == pytest.approx(expected, rel=1e-5)


def test_predict_outputs_per_batch_and_stacked():
    model = prepared()
    data = Data(10, 2)
    out = model.predict(data, batch_size=4, verbose=0)
    assert len(out) == 1 and [o.shape for o in out[0]] == [(4, 2), (4, 2), (2, 2)]
    stacked = model.predict(data, batch_size=4, stack_outputs=True, verbose=0)
    expected = model.network(paddle.to_tensor(data.x)).numpy()
    np.testing.assert_allclose(stacked[0], expected, rtol=1e-6)
    loader = DataLoader(TensorDataset([paddle.to_tensor(data.x), paddle.to_tensor(data.y)]),
                        batch_size=5)
    np.testing.assert_allclose(model.predict(loader, stack_outputs=True, verbose=0)[0],
                               expected, rtol=1e-6)


def test_batch_methods_return_numpy_like_paddle():
    d = Data(8, 3)
    model = prepared(metrics=paddle.metric.Accuracy())
    losses, metrics = model.train_batch([d.x], [d.y])
    assert losses[0].dtype == np.float32 and losses[0].shape == ()
    assert type(metrics[0]) is np.float64
    losses, metrics = model.eval_batch([d.x], [d.y])
    logits = model.network(paddle.to_tensor(d.x)).numpy()
    assert metrics[0] == np.mean(logits.argmax(1) == d.y[:, 0])
    out = model.predict_batch([d.x])
    np.testing.assert_allclose(out[0], logits, rtol=1e-6)
    only_loss = paddle.Model(mlp())
    only_loss.prepare(loss=nn.CrossEntropyLoss())
    assert len(only_loss.eval_batch([d.x], [d.y])) == 1
    only_metric = paddle.Model(mlp())
    only_metric.prepare(metrics=paddle.metric.Accuracy())
    assert type(only_metric.eval_batch([d.x], [d.y])[0]) is np.float64
    assert only_metric._inputs[0].shape == (8, 4) and only_metric._inputs[0].name == "input"


def test_prepare_and_train_errors():
    with pytest.raises(AssertionError, match="please call `model.prepare\\(\\)` first"):
        paddle.Model(mlp()).train_batch([np.zeros((1, 4), "float32")], [np.zeros((1, 1))])
    with pytest.raises(TypeError, match="'loss' must be sub classes"):
        paddle.Model(mlp()).prepare(loss=3)
    with pytest.raises(AssertionError, match="int is not sub class of Metric"):
        paddle.Model(mlp()).prepare(metrics=[3])
    with pytest.raises(ValueError, match="'O0', 'O1' or 'O2'"):
        paddle.Model(mlp()).prepare(amp_configs="O3")
    with pytest.raises(NotImplementedError, match="mixed"):
        paddle.Model(mlp()).prepare(amp_configs="O1")


def test_model_inputs_from_input_spec():
    model = paddle.Model(mlp(), InputSpec([None, 4], "float32", "x"),
                         InputSpec([None, 1], "int64", "label"))
    assert model._inputs[0].shape == (-1, 4) and model._labels[0].name == "label"
    with pytest.raises(ValueError, match="name != None"):
        paddle.Model(mlp(), InputSpec([None, 4]))


# ---- progress printing ----------------------------------------------------------------------

# Paddle 3.3.1's output for this code, step times removed
PADDLE_FIT_LOG = ("The loss value printed in the log is the current step, and the metric is the "
                  "average value of previous steps.\n") + """\
Epoch 1/2
step 1/3 - loss: 0.6909 - acc: 0.5000
step 2/3 - loss: 0.5730 - acc: 0.6250
step 3/3 - loss: 0.6358 - acc: 0.6250
Eval begin...
step 1/2 - loss: 0.5868 - acc: 0.7500
step 2/2 - loss: 0.7144 - acc: 0.7500
Eval samples: 20
Epoch 2/2
step 1/3 - loss: 0.3787 - acc: 0.9375
step 2/3 - loss: 0.4092 - acc: 0.9062
step 3/3 - loss: 0.3640 - acc: 0.9000
Eval begin...
step 1/2 - loss: 0.4026 - acc: 0.8750
step 2/2 - loss: 0.4846 - acc: 0.8500
Eval samples: 20
"""


def test_fit_prints_paddles_log(capsys):
    model = prepared(metrics=paddle.metric.Accuracy())
    model.fit(Data(40, 0), Data(20, 1), batch_size=16, epochs=2, verbose=2, log_freq=1,
              shuffle=False)
    assert _mask_times(capsys.readouterr().out) == PADDLE_FIT_LOG


def test_verbose_1_bar_and_verbose_0_silence(capsys):
    model = prepared()
    model.predict(Data(10, 2), batch_size=4, verbose=1)
    out = capsys.readouterr().out
    # Paddle 3.3.1 wrote (with its own step time):
    # 'Predict begin...\n\rstep 2/3 [===================>..........] - ETA: 0s - 11ms/step'
    # + '\b' * 63 + '\rstep 3/3 [==============================] - 8ms/step' + ' ' * 11
    # + '\nPredict samples: 10\n'  (the redraw pads over the longer previous line)
    m = re.fullmatch(r"Predict begin\.\.\.\n\r(step 2/3 \[={19}>\.{10}\] - ETA: 0s - \d+\w+/step)"
                     r"(\x08+)\r(step 3/3 \[={30}\] - \d+\w+/step)( *)\nPredict samples: 10\n", out)
    assert m is not None, repr(out)
    first, backspaces, second, pad = m.groups()
    assert len(backspaces) == len(first) and len(second) + len(pad) == len(first)
    model.fit(Data(10, 2), batch_size=4, verbose=0)
    model.evaluate(Data(10, 2), verbose=0)
    assert capsys.readouterr().out == ""


# ---- save / load ----------------------------------------------------------------------------

def test_save_load_round_trip(tmp_path):
    data = Data(16, 0)
    model = prepared()
    model.fit(data, batch_size=8, epochs=1, verbose=0, shuffle=False)
    path = str(tmp_path / "ck")
    model.save(path)
    assert sorted(os.listdir(tmp_path)) == ["ck.pdopt", "ck.pdparams"]
    assert set(paddle.load(path + ".pdparams")) == {"0.weight", "0.bias", "2.weight", "2.bias"}
    saved = [p.numpy().copy() for p in model.parameters()]
    model.train_batch([data.x], [data.y])
    after_one_step = [p.numpy().copy() for p in model.parameters()]
    model.train_batch([data.x], [data.y])

    model.load(path + ".pdparams")
    for p, s in zip(model.parameters(), saved):
        np.testing.assert_array_equal(p.numpy(), s)
    # the Adam moments came back too: the same step gives the same parameters again
    model.train_batch([data.x], [data.y])
    for p, s in zip(model.parameters(), after_one_step):
        np.testing.assert_allclose(p.numpy(), s, rtol=1e-6, atol=1e-7)

    # parameters alone load into another network of the same structure
    other = paddle.Model(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)))
    other.load(path, reset_optimizer=True)
    for p, s in zip(other.parameters(), saved):
        np.testing.assert_array_equal(p.numpy(), s)


def test_load_mismatch_and_bad_paths(tmp_path):
    path = str(tmp_path / "ck")
    prepared().save(path)
    small = paddle.Model(nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2)))
    with pytest.raises(ValueError, match=re.escape(
            "0.weight receives a shape [4, 8], but the expected shape is [4, 3].")):
        small.load(path)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        small.load(path, skip_mismatch=True)
    assert [str(x.message) for x in w][0].startswith("Skip loading for 0.weight.")
    np.testing.assert_array_equal(small.network[2].bias.numpy(),
                                  paddle.load(path + ".pdparams")["2.bias"].numpy())
    with pytest.raises(AssertionError, match="Unknown postfix .txt"):
        small.load(path + ".txt")
    with pytest.raises(AssertionError, match="Failed to load parameters"):
        small.load(str(tmp_path / "missing"))
    with pytest.raises(NotImplementedError, match="training=False"):
        small.save(path, training=False)


# ---- callbacks ------------------------------------------------------------------------------

class Recorder(paddle.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.events = collections.Counter()
        self.eval_logs = []

    def on_epoch_end(self, epoch, logs=None):
        self.events["epoch"] += 1

    def on_train_batch_end(self, step, logs=None):
        self.events["batch"] += 1

    def on_eval_end(self, logs=None):
        self.eval_logs.append(dict(logs))


def test_model_checkpoint_writes_per_save_freq(tmp_path, capsys):
    model = prepared()
    model.fit(Data(12, 0), batch_size=6, epochs=3, verbose=0, save_dir=str(tmp_path),
              save_freq=2)
    assert sorted(os.listdir(tmp_path)) == ["0.pdopt", "0.pdparams", "2.pdopt", "2.pdparams",
                                            "final.pdopt", "final.pdparams"]
    assert capsys.readouterr().out.splitlines() == [
        f"save checkpoint at {os.path.abspath(str(tmp_path / name))}"
        for name in ("0", "2", "final")]
    final = paddle.load(str(tmp_path / "final.pdparams"))
    np.testing.assert_array_equal(final["0.weight"].numpy(), model.parameters()[0].numpy())


def test_early_stopping_stops_when_the_loss_stalls(tmp_path, capsys):
    model = prepared(lr=0.0, opt="sgd", metrics=paddle.metric.Accuracy())  # the loss never moves
    rec = Recorder()
    es = paddle.callbacks.EarlyStopping("loss", mode="min", patience=2, verbose=1)
    model.fit(Data(12, 0), Data(12, 1), batch_size=6, epochs=10, verbose=0,
              save_dir=str(tmp_path), callbacks=[es, rec])
    assert rec.events["epoch"] == 3  # improves once, then 2 evaluations without improvement
    assert model.stop_training and es.stopped_epoch == 3
    assert "best_model.pdparams" in os.listdir(tmp_path)
    out = capsys.readouterr().out
    assert "Epoch 3: Early stopping." in out
    assert f"Best checkpoint has been saved at {os.path.abspath(str(tmp_path / 'best_model'))}" \
        in out


def test_early_stopping_baseline_and_acc_mode():
    model = prepared(lr=0.1, metrics=paddle.metric.Accuracy())
    rec = Recorder()
    es = paddle.callbacks.EarlyStopping("acc", patience=0, baseline=2.0, verbose=0,
                                        save_best_model=False)
    assert es.monitor_op is np.greater
    model.fit(Data(12, 0), Data(12, 1), batch_size=6, epochs=5, verbose=0, callbacks=[es, rec])
    assert rec.events["epoch"] == 1 and es.best_value == 2.0  # accuracy never beats 2.0


def test_lr_scheduler_steps_by_step_and_by_epoch():
    sched = paddle.optimizer.lr.StepDecay(0.1, step_size=1, gamma=0.5)
    model = paddle.Model(mlp())
    model.prepare(paddle.optimizer.SGD(learning_rate=sched, parameters=model.parameters()),
                  nn.CrossEntropyLoss())
    model.fit(Data(20, 0), batch_size=8, epochs=2, verbose=0)  # 3 steps per epoch
    assert sched.last_epoch == 6 and sched.get_lr() == pytest.approx(0.1 * 0.5 ** 6)

    sched = paddle.optimizer.lr.StepDecay(0.1, step_size=1, gamma=0.5)
    model = paddle.Model(mlp())
    model.prepare(paddle.optimizer.SGD(learning_rate=sched, parameters=model.parameters()),
                  nn.CrossEntropyLoss())
    model.fit(Data(20, 0), batch_size=8, epochs=3, verbose=0,
              callbacks=[paddle.callbacks.LRScheduler(by_step=False, by_epoch=True)])
    assert sched.last_epoch == 3 and sched.get_lr() == pytest.approx(0.1 * 0.5 ** 3)
    with pytest.raises(ValueError, match="mutually exclusive"):
        paddle.callbacks.LRScheduler(by_step=True, by_epoch=True)


def test_num_iters_and_eval_freq():
    model = prepared()
    rec = Recorder()
    model.fit(Data(20, 0), batch_size=5, epochs=5, verbose=0, num_iters=6, callbacks=[rec])
    assert rec.events["batch"] == 6 and rec.events["epoch"] == 2
    assert model.stop_training and not hasattr(model, "num_iters")
    # as in Paddle, evaluation batches count against num_iters too: 4 training steps, then
    # the 2 evaluation steps after epoch 0 use up the rest
    model, rec = prepared(), Recorder()
    model.fit(Data(20, 0), Data(8, 1), batch_size=5, epochs=5, verbose=0, num_iters=6,
              callbacks=[rec])
    assert rec.events["batch"] == 4 and rec.events["epoch"] == 1 and len(rec.eval_logs) == 1
    model, rec = prepared(), Recorder()
    model.fit(Data(10, 0), Data(8, 1), batch_size=5, epochs=5, verbose=0, eval_freq=2,
              callbacks=[rec])
    assert rec.events["epoch"] == 5 and len(rec.eval_logs) == 3  # after epochs 0, 2, 4


def test_reduce_lr_on_plateau_and_unavailable_callbacks():
    model = paddle.Model(mlp())
    model.prepare(paddle.optimizer.SGD(learning_rate=0.5, parameters=model.parameters()),
                  lambda out, label: (out * 0).sum() + 1.0)  # a loss that never improves
    rl = paddle.callbacks.ReduceLROnPlateau(patience=1, factor=0.5, verbose=0, min_delta=0.0)
    model.fit(Data(12, 0), Data(12, 0), batch_size=12, epochs=3, verbose=0, callbacks=[rl])
    # evaluation 1 sets the best loss, 2 and 3 each wait out patience=1 and halve the rate
    assert model._optimizer.get_lr() == pytest.approx(0.5 * 0.5 ** 2)
    with pytest.raises(NotImplementedError, match="VisualDL"):
        paddle.callbacks.VisualDL("logs")
    with pytest.raises(ImportError, match="wandb"):
        paddle.callbacks.WandbCallback()


# ---- summary --------------------------------------------------------------------------------

class LeNetLike(nn.Layer):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2D(1, 6, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
            nn.Conv2D(6, 16, 5, stride=1, padding=0), nn.ReLU(), nn.MaxPool2D(2, 2))
        self.fc = nn.Sequential(nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10))
        self.flat = nn.Flatten()

    def forward(self, x):
        return self.fc(self.flat(self.features(x)))


PADDLE_CNN_SUMMARY = """\
---------------------------------------------------------------------------
 Layer (type)       Input Shape          Output Shape         Param #    
===========================================================================
   Conv2D-1       [[1, 1, 28, 28]]      [1, 6, 28, 28]          60       
    ReLU-1        [[1, 6, 28, 28]]      [1, 6, 28, 28]           0       
  MaxPool2D-1     [[1, 6, 28, 28]]      [1, 6, 14, 14]           0       
   Conv2D-2       [[1, 6, 14, 14]]     [1, 16, 10, 10]         2,416     
    ReLU-2       [[1, 16, 10, 10]]     [1, 16, 10, 10]           0       
  MaxPool2D-2    [[1, 16, 10, 10]]      [1, 16, 5, 5]            0       
   Flatten-1      [[1, 16, 5, 5]]          [1, 400]              0       
   Linear-1          [[1, 400]]            [1, 120]           48,120     
   Linear-2          [[1, 120]]            [1, 84]            10,164     
   Linear-3          [[1, 84]]             [1, 10]              850      
===========================================================================
Total params: 61,610
Trainable params: 61,610
Non-trainable params: 0
---------------------------------------------------------------------------
Input size (MB): 0.00
Forward/backward pass size (MB): 0.11
Params size (MB): 0.24
Estimated Total Size (MB): 0.35
---------------------------------------------------------------------------

"""  # Paddle 3.3.1's printout


@pytest.fixture
def fresh_layer_names():
    """Layer indices in the table come from the unique names; start them from 0 as in a
    fresh Paddle process."""
    with unique_name.guard():
        yield


def test_summary_of_a_cnn_matches_paddle(capsys, fresh_layer_names):
    net = LeNetLike()
    info = paddle.summary(net, (1, 1, 28, 28))
    assert capsys.readouterr().out == PADDLE_CNN_SUMMARY
    conv = (1 * 6 * 9 + 6) + (6 * 16 * 25 + 16)
    linear = (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)
    assert info == {"total_params": conv + linear, "trainable_params": conv + linear}
    assert net.training


def test_summary_of_an_mlp_counts_and_shapes(capsys, fresh_layer_names):
    net = mlp()
    info = paddle.summary(net, (None, 4))
    out = capsys.readouterr().out
    assert info == {"total_params": 4 * 8 + 8 + 8 * 2 + 2, "trainable_params": 58}
    assert re.search(r"Linear-1 +\[\[1, 4\]\] +\[1, 8\] +40", out)
    assert re.search(r"ReLU-1 +\[\[1, 8\]\] +\[1, 8\] +0", out)
    assert re.search(r"Linear-2 +\[\[1, 8\]\] +\[1, 2\] +18", out)
    assert paddle.summary(net, InputSpec([-1, 4])) == info
    assert paddle.summary(net, input=paddle.ones([3, 4])) == info
    assert paddle.Model(net, InputSpec([None, 4], "float32", "x")).summary() == info


def test_summary_frozen_params_and_two_inputs(capsys):
    class Two(nn.Layer):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(3, 4)
            self.b = nn.Linear(5, 4, bias_attr=False)
            self.b.weight.stop_gradient = True

        def forward(self, x, y):
            return self.a(x) + self.b(y)

    info = paddle.summary(Two(), [(2, 3), (2, 5)])
    assert info == {"total_params": 16 + 20, "trainable_params": 16}
    assert "Non-trainable params: 20" in capsys.readouterr().out


def test_summary_errors():
    net = mlp()
    with pytest.raises(ValueError, match="input_size and input cannot be None"):
        paddle.summary(net)
    with pytest.raises(ValueError, match="only the dim of batch_size can be None"):
        paddle.summary(net, (None, None, 4))
