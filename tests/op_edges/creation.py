"""Edge samples for creation ops: the generic ones; empty/empty_like are uninitialised memory in
Paddle, so only their dtypes and shapes are compared."""
SHAPE_ONLY = {"empty", "empty_like"}

PENDING = {
    "full_like": [("rounded 0-d", "a 0-d float fill value rounded to an integer: Paddle raises "
                                  "AttributeError, eagergraph ValueError")],
}
PENDING["empty_like"] = [("rounded 1", "a float dtype argument rounded: Paddle raises "
                                       "AttributeError, eagergraph ValueError")]
