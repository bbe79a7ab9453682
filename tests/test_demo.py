"""The main job, `python -m eagergraph.demo`, on a tiny budget: it trains, learns, and writes a
checkpoint that loads back into the same network, and a plot."""
import numpy as np
import pytest

import eagergraph as paddle
from eagergraph import demo


def test_demo_trains_and_saves(tmp_path, capsys):
    history = demo.train(epochs=2, batch_size=64, lr=0.003, seed=0, out=str(tmp_path),
                         progress=False)
    assert len(history["test_acc"]) == 2
    assert history["train_loss"][1] < history["train_loss"][0]
    assert history["test_acc"][-1] > 0.6  # ten classes: chance is 0.1
    out = capsys.readouterr().out
    assert "test accuracy" in out and "digits_cnn.pdparams" in out
    png = tmp_path / "training.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    state = paddle.load(str(tmp_path / "digits_cnn.pdparams"))
    model = demo.DigitsCNN()
    missing, unexpected = model.set_state_dict(state)
    assert not missing and not unexpected
    _, _, x_te, y_te = demo.load_digits_split(0)
    _, acc = demo.evaluate(model, x_te, y_te)
    assert acc == pytest.approx(history["test_acc"][-1])


def test_demo_split_is_stratified_and_scaled():
    x_tr, y_tr, x_te, y_te = demo.load_digits_split(0)
    assert x_tr.shape[1:] == (1, 8, 8) and x_tr.dtype == np.float32
    assert 0.0 <= x_tr.min() and x_tr.max() <= 1.0
    assert len(x_tr) + len(x_te) == 1797
    assert set(np.unique(y_te)) == set(range(10))


def test_demo_help_explains_flags(capsys):
    with pytest.raises(SystemExit):
        demo.main(["--help"])
    text = capsys.readouterr().out
    for flag in ("--epochs", "--batch-size", "--lr", "--seed", "--out"):
        assert flag in text
