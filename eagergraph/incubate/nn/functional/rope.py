"""fused_rotary_position_embedding (Paddle python/paddle/incubate/nn/functional/
fused_rotary_position_embedding.py; its kernel is GPU-only in Paddle 3.3.1): rotary position
embedding of q, k and v, composed of ops (so it differentiates). Paddle's naming:
use_neox_rotary_style=True rotates every two adjacent numbers, False the front half against the
back half. Without sin/cos they are computed for positions 0..seq_len-1 from rotary_emb_base;
sin/cos narrower than head_dim rotate only their width and pass the rest through."""
import numpy as np

from .... import ops as P
from ....creation import to_tensor

__all__ = ["fused_rotary_position_embedding"]


def _default_sin_cos(seq_len, head_dim, base, dtype):
    """Paddle's kernel: angle pos / base^((j // 2 * 2) / head_dim) for element j (each pair of
    elements shares one frequency), in float32."""
    j = (np.arange(head_dim) // 2 * 2).astype(np.float32)
    inv = np.float32(1) / np.power(np.float32(base), j * np.float32(1.0 / head_dim))
    ang = np.arange(seq_len, dtype=np.float32)[:, None] * inv[None, :]
    return np.sin(ang).astype(dtype), np.cos(ang).astype(dtype)


def _rotate(t, sin, cos, every_two):
    """t [b, s, h, d] with sin/cos [b or 1, s, 1, r]: the first r numbers rotated."""
    r = sin.shape[-1]
    d = t.shape[-1]
    rot = t if r == d else t[..., :r]
    if every_two:
        pairs = P.reshape(rot, rot.shape[:-1] + [r // 2, 2])
        even, odd = pairs[..., 0], pairs[..., 1]
        turned = P.reshape(P.stack([-odd, even], axis=-1), rot.shape)
    else:
        turned = P.concat([-rot[..., r // 2:], rot[..., :r // 2]], axis=-1)
    out = rot * cos + turned * sin
    return out if r == d else P.concat([out, t[..., r:]], axis=-1)


def _table(t, name, seq_len, dtype):
    """sin/cos given as [seq, r], [1, seq, 1, r] (or with position_ids rows picked later)."""
    if t.ndim == 2:
        return P.reshape(t, [1, t.shape[0], 1, t.shape[1]])
    if t.ndim == 4 and t.shape[0] == 1 and t.shape[2] == 1:
        return t
    raise ValueError(f"(InvalidArgument) fused_rotary_position_embedding(): {name} should be "
                     f"[seq_len, dim] or [1, seq_len, 1, dim], but got {list(t.shape)}.")


def fused_rotary_position_embedding(q, k=None, v=None, sin=None, cos=None, position_ids=None,
                                    use_neox_rotary_style=True, time_major=False,
                                    rotary_emb_base=10000.0):
    """(out_q, out_k, out_v), each None where its input is None. q/k/v are [batch, seq_len,
    num_heads, head_dim] ([seq_len, batch, ...] with time_major); k and v may have fewer
    heads. position_ids [batch, seq_len] picks each token's row of sin/cos."""
    if sin is None or cos is None:
        assert position_ids is None, ("position_ids without sin/cos is not correctly supported "
                                      "now.")
        assert use_neox_rotary_style, ("rotate_half without sin/cos is not correctly supported "
                                       "now.")
    if q.ndim != 4:
        raise ValueError(f"(InvalidArgument) fused_rotary_position_embedding(): q should be a "
                         f"4-D Tensor, but got shape {list(q.shape)}.")
    ins = [q, k, v]
    if time_major:
        ins = [None if t is None else P.transpose(t, [1, 0, 2, 3]) for t in ins]
    seq_len, head_dim = ins[0].shape[1], ins[0].shape[3]
    if head_dim % 2:
        raise ValueError(f"(InvalidArgument) fused_rotary_position_embedding(): head_dim should "
                         f"be even, but got {head_dim}.")
    if sin is None or cos is None:
        s, c = _default_sin_cos(seq_len, head_dim, rotary_emb_base, np.float32)
        sin_t = P.cast(to_tensor(s.reshape(1, seq_len, 1, head_dim)), q.dtype)
        cos_t = P.cast(to_tensor(c.reshape(1, seq_len, 1, head_dim)), q.dtype)
    else:
        sin_t, cos_t = _table(sin, "sin", seq_len, q.dtype), _table(cos, "cos", seq_len, q.dtype)
        if position_ids is not None:
            rows_s = P.reshape(sin_t, [sin_t.shape[1], sin_t.shape[3]])
            rows_c = P.reshape(cos_t, [cos_t.shape[1], cos_t.shape[3]])
            ids = P.reshape(position_ids, [-1])
            b = position_ids.shape[0]
            sin_t = P.reshape(P.gather(rows_s, ids), [b, seq_len, 1, rows_s.shape[1]])
            cos_t = P.reshape(P.gather(rows_c, ids), [b, seq_len, 1, rows_c.shape[1]])
        elif sin_t.shape[1] != seq_len:
            raise ValueError(f"(InvalidArgument) fused_rotary_position_embedding(): sin/cos "
                             f"have {sin_t.shape[1]} positions but the input has {seq_len}.")
        if sin_t.shape[-1] > head_dim or sin_t.shape[-1] % 2:
            raise ValueError(f"(InvalidArgument) fused_rotary_position_embedding(): the last "
                             f"dim of sin/cos ({sin_t.shape[-1]}) should be even and at most "
                             f"head_dim ({head_dim}).")
    outs = [None if t is None else _rotate(t, sin_t, cos_t, use_neox_rotary_style) for t in ins]
    if time_major:
        outs = [None if t is None else P.transpose(t, [1, 0, 2, 3]) for t in outs]
    return tuple(outs)
