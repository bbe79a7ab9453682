"""Switches for the inplace diagnostics (eagergraph additions; Paddle has no equivalent)."""
from ..eager.inplace import flags as _inplace_flags
from ..eager.inplace_check import flags as _check_flags


def set_inplace_strict(mode):
    """Strict mode: an inplace op on a tensor whose storage is saved for backward raises at the
    inplace call itself, instead of at backward (thread-local)."""
    _inplace_flags.strict = bool(mode)


def set_record_save_locations(mode):
    """Record the user's file:line where each tensor is saved for backward, so the "modified by
    an inplace operation" error can name it. Off by default: finding the user's frame on every
    op costs about as much as a small op."""
    _check_flags.record_save_locations = bool(mode)
