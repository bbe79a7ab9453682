"""paddle.distribution.beta: where Paddle keeps Beta (eagergraph defines it in dirichlet.py)."""
from .dirichlet import Beta

__all__ = ["Beta"]
