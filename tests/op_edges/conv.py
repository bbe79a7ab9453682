"""Edge samples for conv ops. The rows call eagergraph's _C_ops with keyword arguments, which
Paddle's _C_ops (positional-only, another argument order) cannot take, so there is nothing to
compare yet; the public wrappers' edges belong to tests/test_nn_conv_pool.py."""
_WHY = "the row calls _C_ops.{} with keywords; Paddle's _C_ops is positional-only"
NO_PADDLE = {n: _WHY.format(n) for n in ("conv2d", "conv3d", "conv2d_transpose",
                                         "conv3d_transpose", "unfold", "fold")}
