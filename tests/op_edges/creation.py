"""Edge samples for creation ops: the generic ones; empty/empty_like are uninitialised memory in
Paddle, so only their dtypes and shapes are compared."""
SHAPE_ONLY = {"empty", "empty_like"}
