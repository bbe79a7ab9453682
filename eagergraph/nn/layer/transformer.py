"""Attention and Transformer layers (Paddle nn/layer/transformer.py): MultiHeadAttention,
TransformerEncoderLayer / TransformerEncoder, TransformerDecoderLayer / TransformerDecoder and
Transformer, composed from Linear, Dropout, LayerNorm and public ops (gradients come from those).
Attention masks: a bool or integer mask becomes (mask - 1) * 1e9 (0 where attending, -1e9 where
not); a float mask is added to the attention scores as it is."""
import collections
import copy

import numpy as np

from ... import ops as _ops
from ...creation import to_tensor
from ...framework import get_default_dtype
from .. import functional as F
from ..param_attr import ParamAttr
from .common import Dropout, Linear
from .container import LayerList
from .layers import Layer
from .norm import LayerNorm

__all__ = ["MultiHeadAttention", "TransformerEncoderLayer", "TransformerEncoder",
           "TransformerDecoderLayer", "TransformerDecoder", "Transformer"]


def _convert_param_attr_to_list(param_attr, n):
    """One attr per sublayer: a list/tuple of n attrs as given (True -> default, False -> no
    parameter), a bool for all, or one attr copied n times (a name gets the suffix _i)."""
    if isinstance(param_attr, (list, tuple)):
        assert len(param_attr) == n, f"length of param_attr should be {n} when it is a list/tuple"
        param_attrs = []
        for attr in param_attr:
            if isinstance(attr, bool):
                param_attrs.append(ParamAttr._to_attr(None) if attr else False)
            else:
                param_attrs.append(ParamAttr._to_attr(attr))
        return param_attrs
    if isinstance(param_attr, bool):
        return [ParamAttr._to_attr(None) for _ in range(n)] if param_attr else [False] * n
    attr = ParamAttr._to_attr(param_attr)
    param_attrs = []
    for i in range(n):
        attr_i = copy.deepcopy(attr)
        if attr.name:
            attr_i.name = attr_i.name + "_" + str(i)
        param_attrs.append(attr_i)
    return param_attrs


def _convert_attention_mask(attn_mask, dtype):
    """A mask of another dtype as `dtype`: bool / integer masks become (mask - 1) * 1e9."""
    if attn_mask is not None and attn_mask.dtype != dtype:
        name = str(attn_mask.dtype).replace("paddle.", "")
        if name == "bool" or "int" in name:
            attn_mask = (_ops.cast(attn_mask, dtype) - 1.0) * 1000000000.0
        else:
            attn_mask = _ops.cast(attn_mask, dtype)
    return attn_mask


def _check_positive(**sizes):
    for name, value in sizes.items():
        assert value > 0, f"Expected {name} to be greater than 0, but received {value}"


def _split_heads(x, num_heads, head_dim):
    """[batch, seq, num_heads * head_dim] -> [batch, num_heads, seq, head_dim]."""
    x = _ops.reshape(x, [0, 0, num_heads, head_dim])
    return _ops.transpose(x, [0, 2, 1, 3])


class MultiHeadAttention(Layer):
    """Attention over num_heads heads of embed_dim // num_heads: q/k/v projections, softmax of
    q @ k^T / sqrt(head_dim) (+ attn_mask), dropout on the weights, out projection.
    forward(query, key=None, value=None, attn_mask=None, cache=None) returns out, plus the
    weights when need_weights, plus the updated cache when one is given."""

    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None,
                 need_weights=False, weight_attr=None, bias_attr=None):
        super().__init__()
        _check_positive(embed_dim=embed_dim, num_heads=num_heads)
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.need_weights = need_weights
        self.head_dim = embed_dim // num_heads
        assert self.head_dim * num_heads == self.embed_dim, \
            "embed_dim must be divisible by num_heads"
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _prepare_qkv(self, query, key, value, cache=None):
        q = _split_heads(self.q_proj(query), self.num_heads, self.head_dim)
        if isinstance(cache, self.StaticCache):
            k, v = cache.k, cache.v
        else:
            k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = _ops.concat([cache.k, k], axis=2)
            v = _ops.concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return (q, k, v) if cache is None else (q, k, v, cache)

    def compute_kv(self, key, value):
        """key and value projected and split into heads: [batch, num_heads, seq, head_dim]."""
        k = _split_heads(self.k_proj(key), self.num_heads, self.head_dim)
        v = _split_heads(self.v_proj(value), self.num_heads, self.head_dim)
        return k, v

    def gen_cache(self, key, value=None, type=Cache):
        """StaticCache: key/value projected once (cross attention). Cache: given key/value
        as they are, or (value None) empty [batch, num_heads, 0, head_dim] to grow step by step."""
        if type == MultiHeadAttention.StaticCache:
            k, v = self.compute_kv(key, value)
            return self.StaticCache(k, v)
        if value is None:
            fill_shape = [key.shape[0], self.num_heads, 0, self.head_dim]
            k = _ops.full(fill_shape, 0, key.dtype)
            v = _ops.full(fill_shape, 0, key.dtype)
            return self.Cache(k, v)
        return self.Cache(key, value)

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        key = query if key is None else key
        value = query if value is None else value
        if cache is None:
            q, k, v = self._prepare_qkv(query, key, value, cache)
        else:
            q, k, v, cache = self._prepare_qkv(query, key, value, cache)
        product = _ops.matmul(q * self.head_dim ** (-0.5), k, transpose_y=True)
        if attn_mask is not None:
            product = product + _convert_attention_mask(attn_mask, product.dtype)
        weights = F.softmax(product)
        if self.dropout:
            weights = F.dropout(weights, self.dropout, training=self.training,
                                mode="upscale_in_train")
        out = _ops.matmul(weights, v)
        out = _ops.transpose(out, [0, 2, 1, 3])
        out = _ops.reshape(out, [0, 0, out.shape[2] * out.shape[3]])
        out = self.out_proj(out)
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)


def _layer_config(frame_locals):
    config = dict(frame_locals)
    config.pop("self")
    config.pop("__class__", None)
    return config


class TransformerEncoderLayer(Layer):
    """Self attention then a feed-forward block (linear1, activation, dropout, linear2), each
    with a residual connection and LayerNorm, before (normalize_before) or after the block."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-05):
        self._config = _layer_config(locals())
        super().__init__()
        _check_positive(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward)
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 2)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        if cache is None:
            src = self.self_attn(src, src, src, src_mask)
        else:
            src, incremental_cache = self.self_attn(src, src, src, src_mask, cache)
        src = residual + self.dropout1(src)
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = self.linear2(self.dropout(self.activation(self.linear1(src))))
        src = residual + self.dropout2(src)
        if not self.normalize_before:
            src = self.norm2(src)
        return src if cache is None else (src, incremental_cache)

    def gen_cache(self, src):
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


class TransformerEncoder(Layer):
    """num_layers encoder layers (the given one, then new ones of its configuration, so with
    their own parameters), then `norm` if given."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([encoder_layer if i == 0
                                 else type(encoder_layer)(**encoder_layer._config)
                                 for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        output = src
        new_caches = []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, src_mask=src_mask)
            else:
                output, new_cache = mod(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    """Self attention, cross attention over `memory`, then the feed-forward block, each with a
    residual connection and LayerNorm (before or after, as normalize_before)."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-05):
        self._config = _layer_config(locals())
        super().__init__()
        _check_positive(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward)
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 3)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 3)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                             weight_attr=weight_attrs[1],
                                             bias_attr=bias_attrs[1])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[2], bias_attr=bias_attrs[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[2], bias_attr=bias_attrs[2])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.norm3 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm1(tgt)
        if cache is None:
            tgt = self.self_attn(tgt, tgt, tgt, tgt_mask, None)
        else:
            tgt, incremental_cache = self.self_attn(tgt, tgt, tgt, tgt_mask, cache[0])
        tgt = residual + self.dropout1(tgt)
        if not self.normalize_before:
            tgt = self.norm1(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm2(tgt)
        if cache is None:
            tgt = self.cross_attn(tgt, memory, memory, memory_mask, None)
        else:
            tgt, static_cache = self.cross_attn(tgt, memory, memory, memory_mask, cache[1])
        tgt = residual + self.dropout2(tgt)
        if not self.normalize_before:
            tgt = self.norm2(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm3(tgt)
        tgt = self.linear2(self.dropout(self.activation(self.linear1(tgt))))
        tgt = residual + self.dropout3(tgt)
        if not self.normalize_before:
            tgt = self.norm3(tgt)
        return tgt if cache is None else (tgt, (incremental_cache, static_cache))

    def gen_cache(self, memory):
        incremental_cache = self.self_attn.gen_cache(memory, type=self.self_attn.Cache)
        static_cache = self.cross_attn.gen_cache(memory, memory,
                                                 type=self.cross_attn.StaticCache)
        return incremental_cache, static_cache


class TransformerDecoder(Layer):
    """num_layers decoder layers (the given one, then new ones of its configuration), then
    `norm` if given."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([decoder_layer if i == 0
                                 else type(decoder_layer)(**decoder_layer._config)
                                 for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        output = tgt
        new_caches = []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                             cache=None)
            else:
                output, new_cache = mod(output, memory, tgt_mask=tgt_mask,
                                        memory_mask=memory_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        cache = [layer.gen_cache(memory) for layer in self.layers]
        if do_zip:
            cache = list(zip(*cache))
        return cache


def _encoder_decoder_attrs(attr):
    """Transformer's weight_attr / bias_attr: a list of 1, 2 or 3 spread over the encoder's 2
    and the decoder's 3 sublayer groups."""
    if not isinstance(attr, (list, tuple)):
        return attr, attr
    if len(attr) == 1:
        return [attr[0]] * 2, [attr[0]] * 3
    if len(attr) == 2:
        return attr, [attr[0], attr[0], attr[-1]]
    if len(attr) == 3:
        return [attr[0], attr[-1]], attr
    return None


class Transformer(Layer):
    """An encoder (num_encoder_layers, final LayerNorm) and a decoder (num_decoder_layers,
    final LayerNorm), or the custom ones given. forward(src, tgt, src_mask, tgt_mask,
    memory_mask) -> the decoder output."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None,
                 custom_encoder=None, custom_decoder=None):
        super().__init__()
        _check_positive(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward)
        bias_attrs = _encoder_decoder_attrs(bias_attr)
        if bias_attrs is None:
            raise AssertionError("length of bias_attr should be 1 or 2 or 3 when it is a "
                                 "list/tuple")
        weight_attrs = _encoder_decoder_attrs(weight_attr)
        if weight_attrs is None:
            raise AssertionError("length of weight_attr should be 1 or 2 or 3 when it is a "
                                 "list/tuple")
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            encoder_layer = TransformerEncoderLayer(
                d_model, nhead, dim_feedforward, dropout, activation, attn_dropout, act_dropout,
                normalize_before, weight_attrs[0], bias_attrs[0])
            self.encoder = TransformerEncoder(encoder_layer, num_encoder_layers,
                                              LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            decoder_layer = TransformerDecoderLayer(
                d_model, nhead, dim_feedforward, dropout, activation, attn_dropout, act_dropout,
                normalize_before, weight_attrs[1], bias_attrs[1])
            self.decoder = TransformerDecoder(decoder_layer, num_decoder_layers,
                                              LayerNorm(d_model))
        self.d_model = d_model
        self.nhead = nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        """[length, length] of the default dtype: 0 on and below the diagonal, -inf above."""
        length = int(length)
        mask = np.triu(np.full((length, length), -np.inf), 1)
        return to_tensor(mask, dtype=get_default_dtype())
