"""Switches for the inplace diagnostics (eagergraph additions; Paddle has no equivalent)."""
from ..eager.inplace import flags as _inplace_flags
from ..eager.inplace_check import flags as _check_flags


def set_inplace_strict(mode):
    """Strict mode: an inplace op on a tensor whose storage is saved for backward raises at the
    inplace call itself, instead of at backward (thread-local)."""
    _inplace_flags.strict = bool(mode)


def set_record_save_locations(mode):
    """Record where (the user's file:line) each tensor is saved for backward, so the "modified by
    an inplace operation" error can name it. On by default; it costs about 3% of a small op's
    forward+backward, which set_record_save_locations(False) saves."""
    _check_flags.record_save_locations = bool(mode)
