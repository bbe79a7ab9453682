"""AMP auto-cast (Paddle eager/amp_auto_cast.h + amp_utils.h): the hook every `<op>_ad_func`
calls first. `amp_state.level` is None outside `paddle.amp.auto_cast`, so the generated check
costs one attribute read. The AMP issue fills in the O1/O2 lists and `amp_auto_cast`."""


class AmpState:
    __slots__ = ("level", "dtype", "white_list", "black_list")

    def __init__(self):
        self.level = None  # None | 'O1' | 'O2'
        self.dtype = None  # DataType to run white-listed ops in
        self.white_list = frozenset()
        self.black_list = frozenset()


amp_state = AmpState()


def amp_auto_cast(op_name, *tensors):
    """Inputs of `op_name` cast per the active AMP level and lists (identity until AMP lands)."""
    return tensors
