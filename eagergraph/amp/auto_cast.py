"""paddle.amp.auto_cast (Paddle 3.3.1 python/paddle/amp/auto_cast.py, amp_guard), with Paddle's
GPU semantics on any machine: real Paddle turns auto_cast into a warning and a no-op on the
CPU; eagergraph casts as Paddle does on a GPU.

auto_cast sets the thread-local AMP state of eager/amp_utils.py (level, dtype, op lists,
use_promote) for a block: a context manager and a decorator, nested blocks restore the outer
settings on exit, and each thread has its own."""
import functools

from ..eager.amp_utils import amp_state
from ..eager.amp_lists import op_lists
from ..phi.common import DataType, convert_dtype

__all__ = ["auto_cast", "amp_guard", "autocast", "is_autocast_enabled", "get_autocast_dtype",
           "is_auto_cast_enabled", "get_amp_dtype", "amp_global_state", "AMPGlobalState"]

_LEVELS = ("O0", "OD", "O1", "O2")


class AMPGlobalState:
    """Paddle's process-wide AMP record: `amp_dtype` is the dtype of the last auto_cast
    entered ('float32' before any), which GradScaler.scale reads; it is not restored on exit,
    as in Paddle."""

    def __init__(self):
        self.model_parameters = []
        self.use_master_grad = False
        self.amp_dtype = "float32"


_amp_global_state = AMPGlobalState()


def amp_global_state():
    return _amp_global_state


class auto_cast:
    """`with paddle.amp.auto_cast(enable=True, custom_white_list=None, custom_black_list=None,
    level='O1', dtype='float16', use_promote=True):` ops run in float16/bfloat16 or float32 as
    Paddle decides per op (eager/amp_utils.py); also usable as `@paddle.amp.auto_cast(...)`.

    O1: white-list ops in the AMP dtype, black-list ops in float32, others promote (float32 if
    any floating input is float32). O2: everything but the black list (EXTRA_BLACK_LIST) in the
    AMP dtype when no input is float32, or always with use_promote=False. OD: only the white
    list in the AMP dtype. enable=False turns AMP off inside the block."""

    def __init__(self, enable=True, custom_white_list=None, custom_black_list=None,
                 level="O1", dtype="float16", use_promote=True):
        level = level.upper()
        if level not in _LEVELS:
            raise ValueError("level should be O0, OD, O1 or O2.")
        if isinstance(dtype, DataType):
            dtype = dtype.name
        dtype = dtype.lower()
        if enable and dtype not in ("float16", "bfloat16"):
            raise ValueError("If enable amp, dtype should be 'float16' or 'bfloat16'.")
        self._white, self._black = op_lists(level, dtype, custom_white_list, custom_black_list)
        self._custom_white = frozenset(custom_white_list or ())
        self._custom_black = frozenset(custom_black_list or ())
        self._enable, self._level, self._dtype = enable, level, dtype
        self._use_promote = use_promote
        self._saved = []

    def __enter__(self):
        st = amp_state
        self._saved.append(st.snapshot())
        _amp_global_state.amp_dtype = self._dtype
        if self._enable and self._level != "O0":
            st.level, st.dtype = self._level, convert_dtype(self._dtype)
            st.white, st.black = frozenset(self._white), frozenset(self._black)
            st.custom_white, st.custom_black = self._custom_white, self._custom_black
            st.use_promote = self._use_promote
        else:
            st.level, st.dtype = "O0", convert_dtype("float32")
            st.white = st.black = st.custom_white = st.custom_black = frozenset()
        st.refresh()
        return self

    def __exit__(self, *exc):
        st = amp_state
        watchers = st.watchers  # a watcher added inside the block outlives it
        st.restore(self._saved.pop())
        st.watchers = watchers
        st.refresh()
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self:
                return fn(*args, **kwargs)
        return wrapper


amp_guard = auto_cast


def autocast(device_type=None, dtype="float16", enabled=True, cache_enabled=True):
    """torch-style spelling: auto_cast(enable=enabled, dtype=dtype)."""
    return auto_cast(enable=enabled, dtype=dtype)


def is_autocast_enabled(device_type=None):
    """Whether AMP is on in this thread (level is not O0)."""
    return amp_state.level != "O0"


def get_autocast_dtype(device_type=None):
    """The AMP dtype in force, 'float16' when AMP is off (as Paddle)."""
    if not is_autocast_enabled():
        return "float16"
    return amp_state.dtype.name


is_auto_cast_enabled = is_autocast_enabled
get_amp_dtype = get_autocast_dtype
