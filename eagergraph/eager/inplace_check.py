"""The error raised when a tensor saved for backward was modified in place before backward.

It names the tensor, the grad node that saved it (and its forward op) with the user's file:line
of the save, and the inplace op that wrote it with the user's file:line. Save sites are recorded
as (code object, instruction offset) and turned into file:line only when the error is raised;
`paddle.autograd.set_record_save_locations(False)` turns that off."""

import os
import sys

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def user_location(skip=1):
    """'file:line' of the innermost frame outside the eagergraph package."""
    f = sys._getframe(skip)
    while f is not None and f.f_code.co_filename.startswith(_PKG_DIR):
        f = f.f_back
    return "<unknown>" if f is None else f"{f.f_code.co_filename}:{f.f_lineno}"


def save_site(depth=2):
    """(code, instruction offset) of the innermost frame outside the package; `site_text` turns
    it into file:line. Called by an ad_func, whose caller (`depth` frames up: save_site, the
    ad_func) is the user's line for `x * y` (the operator is the ad_func) and a public function
    for `paddle.tanh(x)`, whose caller is the user. sys._getframe(n) makes a frame
    object only for the frame it returns, and the user's frame keeps it for its next ops, so
    looking there first costs about a tenth of walking f_back frame by frame. Whether a file is
    the package's is remembered per file name (a set lookup, no string method call)."""
    try:
        while True:
            f = _getframe(depth)
            code = f.f_code
            name = code.co_filename
            if name in _OUTSIDE or (name not in _INSIDE and _classify(name)):
                return (code, f.f_lasti)
            depth += 1
    except ValueError:  # no frame outside the package
        return None


_OUTSIDE, _INSIDE = set(), set()  # file names seen by save_site: the user's, the package's


def _classify(name):
    """Remember whether file `name` lies outside the package; True if it does."""
    if name.startswith(_PKG_DIR):
        _INSIDE.add(name)
        return False
    if len(_OUTSIDE) > 10_000:  # exec'd code with made-up names: stay bounded
        _OUTSIDE.clear()
    _OUTSIDE.add(name)
    return True


_getframe = sys._getframe


def site_text(site):
    code, lasti = site
    line = code.co_firstlineno
    for start, end, ln in code.co_lines():
        if start <= lasti < end and ln is not None:
            line = ln
            break
    return f"{code.co_filename}:{line}"


class _Flags:
    """Instance slots, not class attributes: every ad_func reads one, and a slot read is the
    fast kind (a class attribute read through an instance is a dictionary walk in CPython 3.11)."""

    __slots__ = ("record_save_locations", "record_all_sites")

    def __init__(self):
        self.record_save_locations = True  # nodes that save values keep the user's line
        self.record_all_sites = False      # every node keeps it (the graph explorer's switch)


flags = _Flags()


def raise_modified_inplace(wrapper, node):
    node_name = node.name() if node is not None else "a grad node"
    op = getattr(node, "forward_op", "") or "?"
    t = wrapper._tensor
    name = t.name if t is not None else (
        wrapper._name or (f"the output of '{op}'" if wrapper._is_output else "an input"))
    v = wrapper._version
    site = getattr(node, "_save_site", None)
    if site:
        saved = f", saved at {site_text(site)}"
    elif not flags.record_save_locations:
        saved = " (save sites are off: paddle.autograd.set_record_save_locations(True))"
    else:
        saved = ""
    writer = (f" by {v.writer[0]} at {site_text(v.writer[1]) if v.writer[1] else '<unknown>'}"
              if v.writer else "")
    raise RuntimeError(
        f"(PermissionDenied) Tensor '{name}' used in gradient computation by {node_name} "
        f"(forward op '{op}'{saved}) has been modified by an inplace operation{writer}. Its "
        f"version is {v.value} but the expected version is {wrapper._snapshot}. Please fix your "
        f"code to avoid calling inplace operations on it before backward, or make a copy with "
        f"clone() first.\n  [Hint: Expected tensor_version == wrapper_version_snapshot, but "
        f"received tensor_version:{v.value} != wrapper_version_snapshot:{wrapper._snapshot}.]")
