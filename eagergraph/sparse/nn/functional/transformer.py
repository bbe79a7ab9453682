"""paddle.sparse.nn.functional.attention: a GPU-only kernel in Paddle (CUDA 11.7+)."""

__all__ = ["attention"]


def attention(query, key, value, sparse_mask, key_padding_mask=None, attn_mask=None,
              name=None):
    """Paddle 3.3.1 has this op for CUDA >= 11.7 only; its CPU build raises, and so does
    eagergraph."""
    raise NotImplementedError("(Unimplemented) sparse attention needs a GPU with CUDA >= 11.7 "
                              "(Paddle has no CPU kernel of 'sparse.fused_attention')")


attention._gpu_only = True  # (the coverage page counts it so)
