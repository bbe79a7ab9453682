"""Paddle's high-level API (hapi): paddle.Model, paddle.summary and the callbacks behind
paddle.callbacks."""
from . import callbacks
from .model import Model
from .model_summary import summary

__all__ = ["Model", "summary", "callbacks"]
