"""Helpers shared by the model definitions."""

__all__ = ["_make_divisible", "no_pretrained"]


def _make_divisible(v, divisor=8, min_value=None):
    """Round a channel count to a multiple of `divisor`, never more than 10% below v."""
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def no_pretrained(arch, url=None):
    """pretrained=True needs Paddle's weight download, which eagergraph does not do; the
    message names the weights (and Paddle's URL for them, when given)."""
    where = f" from {url}" if url else ""
    raise NotImplementedError(
        f"pretrained=True: eagergraph does not download pretrained weights ({arch}). Build the "
        f"model with pretrained=False and load a Paddle checkpoint{where} yourself: "
        f"model.set_state_dict(paddle.load('{arch}.pdparams')).")
