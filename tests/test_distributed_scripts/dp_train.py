"""Train with DataParallel on this rank's shard; rank 0 saves the parameters (and grads of the
last step). Run alone (a world of one), it trains the reference on the whole batch."""
import sys
import numpy as np
import paddle
import paddle.distributed as dist

mode, out = sys.argv[1], sys.argv[2]
STEPS, BATCH = 4, 24
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(1, 3, 3, padding=1)
        self.fc1 = paddle.nn.Linear(3 * 4 * 4, 16)
        self.fc2 = paddle.nn.Linear(16, 4)
        if mode.startswith(("unused", "forgot")):  # used by rank 0's shard only
            self.extra = paddle.nn.Linear(16, 4)

    def forward(self, x, use_extra=False):
        h = paddle.nn.functional.relu(self.conv(x)).flatten(1)
        h = paddle.tanh(self.fc1(h))
        y = self.fc2(h)
        return y + self.extra(h) if use_extra else y


paddle.seed(1234 + 97 * r)  # different on every rank: DataParallel must broadcast rank 0's
model = Net()
rng = np.random.RandomState(0)
X = rng.randn(STEPS, BATCH, 1, 4, 4).astype("float32")
Y = rng.randn(STEPS, BATCH, 4).astype("float32")
reference = n == 1 and mode.endswith("ref")
nshards = int(mode.split("-")[1]) if reference else n
if not reference:
    model = paddle.DataParallel(model, comm_buffer_size=0.0002, last_comm_buffer_size=0.0001,
                                find_unused_parameters=mode == "unused")
    assert list(model.state_dict()) == list(model._layers.state_dict())
    assert len(model._reducer.buckets) >= 2, model._reducer.buckets
opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
per = BATCH // nshards


def loss_on(x, y, use_extra=False):
    return paddle.nn.functional.mse_loss(model(paddle.to_tensor(x), use_extra=use_extra),
                                         paddle.to_tensor(y))


for s in range(STEPS):
    if reference:  # (1/n) sum over the shards, as the ranks compute it together
        kind = mode.split("-")[0]
        for k in range(nshards):
            sl = slice(k * per, (k + 1) * per)
            if kind == "nosync":  # two micro-batches per shard, accumulated
                h = per // 2
                for m in range(2):
                    xs, ys = X[s, sl][m * h:(m + 1) * h], Y[s, sl][m * h:(m + 1) * h]
                    (loss_on(xs, ys) / nshards).backward()
            else:
                (loss_on(X[s, sl], Y[s, sl], kind == "unused" and k == 0) / nshards).backward()
    else:
        sl = slice(r * per, (r + 1) * per)
        if mode == "nosync":
            h = per // 2
            with model.no_sync():
                loss_on(X[s, sl][:h], Y[s, sl][:h]).backward()
            loss_on(X[s, sl][h:], Y[s, sl][h:]).backward()
        else:
            loss_on(X[s, sl], Y[s, sl], mode in ("unused", "forgot") and r == 0).backward()
    grads = {k.replace("_layers.", ""): p.grad.numpy() for k, p in model.named_parameters() if p.grad is not None}
    opt.step()
    opt.clear_grad()

state = {k: v.numpy() for k, v in model.state_dict().items()}
if not reference:
    gathered = []
    dist.all_gather_object(gathered, state)
    for other in gathered[1:]:  # every rank holds the same parameters
        for k in state:
            np.testing.assert_array_equal(other[k], state[k])
if r == 0:
    np.savez(out, **state, **{"grad." + k: v for k, v in grads.items()})
print("done", mode, sorted(state)[:2])
