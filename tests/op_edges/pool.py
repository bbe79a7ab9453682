"""Edge samples for pool ops: see tests/op_edges/conv.py (the row calls _C_ops with keywords)."""
NO_PADDLE = {n: f"the row calls _C_ops.{n} with keywords; Paddle's _C_ops is positional-only"
             for n in ("pool2d", "pool3d", "max_pool2d_with_index", "max_pool3d_with_index",
                       "unpool", "unpool3d")}
