"""Helpers shared by the model definitions."""

__all__ = ["_make_divisible", "no_pretrained", "IntermediateLayerGetter"]


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


def _layer_dict():
    from ...nn import LayerDict
    return LayerDict


class IntermediateLayerGetter(_layer_dict()):
    """The direct children of `model` up to the last one named in `return_layers`, run in
    registration order; forward returns an OrderedDict {return_layers[name]: that child's
    output}. A Linear child (or one whose first sublayer is Linear) flattens a 4-D input from
    axis 1 first, as Paddle 3.3.1's does."""

    def __init__(self, model, return_layers):
        from collections import OrderedDict
        children = [name for name, _ in model.named_children()]
        if not set(return_layers).issubset(children):
            raise ValueError("return_layers are not present in model")
        wanted = {str(k) for k in return_layers}
        layers = OrderedDict()
        for name, layer in model.named_children():
            layers[name] = layer
            wanted.discard(name)
            if not wanted:
                break
        super().__init__(layers)
        self.return_layers = return_layers

    def forward(self, x):
        from collections import OrderedDict
        from ... import nn, ops
        out = OrderedDict()
        for name, layer in self.items():
            subs = layer.sublayers()
            if x.ndim == 4 and (isinstance(layer, nn.Linear)
                                or (subs and isinstance(subs[0], nn.Linear))):
                x = ops.flatten(x, 1)
            x = layer(x)
            if name in self.return_layers:
                out[self.return_layers[name]] = x
        return out
