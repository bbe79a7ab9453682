"""The inplace version counter a tensor shares with its views (Paddle's
phi::TensorBase inplace_version_counter_), plus what the diagnostics need: how many saved
TensorWrappers hold this storage now, and the last inplace op that wrote it (op and user
file:line), so the "modified by an inplace operation" error can name both sides."""


class VersionCounter:
    __slots__ = ("value", "saved", "writer")

    def __init__(self):
        self.value = 0
        self.saved = 0       # live TensorWrappers that snapshot this counter
        self.writer = None   # (op name, (code, offset) of the user's line) of the last write

    def __repr__(self):
        return f"VersionCounter(value={self.value}, saved={self.saved}, writer={self.writer})"
