"""paddle.callbacks: the training callbacks of paddle.Model (defined in hapi/callbacks.py)."""
from .hapi.callbacks import (Callback, EarlyStopping, LRScheduler, ModelCheckpoint,
                             ProgBarLogger, ReduceLROnPlateau, VisualDL, WandbCallback)

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau", "WandbCallback"]
