"""Edge samples for pool ops: see tests/op_edges/conv.py (the row calls _C_ops with keywords)."""
NO_PADDLE = {"pool2d": "the row calls _C_ops.pool2d with keywords; Paddle's _C_ops is "
                       "positional-only"}
