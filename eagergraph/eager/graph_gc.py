"""Keeping a growing autograd graph out of Python's cyclic GC (no counterpart in Paddle, whose
graph is C++ the collector never sees).

Why: a graph being built is all survivors, so CPython's rule for full collections (run one when
the objects that survived since the last one exceed a quarter of those it kept) fires again
and again while it grows, and each full collection walks every tracked object, the whole graph
included. A 1M-node chain spent ~12-45% of its time there although a graph holds no reference
cycle (everything dies by reference counting). Fewer tracked objects per node only shrinks
that share; the collector must not walk the graph at all.

How: a `gc.callbacks` hook, run at the start of each collection, never on the op path:
1. Count: it counts the grad nodes among the youngest objects (generation 0, where every new
   object waits for its first collection), so it knows how many were made since the last
   backward. Programs that build no big graph pay this only when a collection runs anyway.
2. Freeze: past THRESHOLD nodes since the last backward, it moves every tracked object into
   the permanent generation (`gc.freeze()`, O(1)) before the collection starts, so the
   young collections find nothing to walk and no survivor count builds up towards a full
   collection. The graph's nodes, TensorWrappers and version counters stay where they are.
3. Thaw: `gc.unfreeze()` (O(1)) puts everything back into the oldest generation when
   - a backward ends (the graph is about to be freed, by reference counting);
   - a full collection starts (an explicit `gc.collect()`, or CPython's own rule): it then
     walks everything, so garbage cycles made meanwhile, e.g. through a hook closure, are
     collected as they would be without this module;
   - the objects frozen since the last thaw exceed THAW_GROWTH times what was thawed then:
     freezing pauses until CPython's next full collection ran, so full collections still come,
     but after the heap grew five-fold instead of by a quarter (amortised ~1.25 walks per
     object instead of ~5), and nothing stays hidden for ever.
Freezing hides every young object, not only the graph's, for at most that long: a garbage
cycle made while a big graph grows is collected at the next thaw, not at the next young
collection. A program that froze objects itself (`gc.freeze()` before a fork) is left alone.
`set_graph_gc(False)` turns all of this off.
"""
import gc
from collections import Counter

from .grad_node_info import GradNodeBase

THRESHOLD = 2_000    # grad nodes made since the last backward before young objects are frozen
THAW_GROWTH = 4      # thaw once this many times the last thawed count was frozen since
THAW_MIN = 1_000_000  # ... but not before this many objects were frozen


class _State:
    """What the collector hook knows between collections."""

    __slots__ = ("enabled", "nodes", "frozen", "frozen_objects", "last_thawed", "paused")

    def __init__(self):
        self.enabled = True
        self.nodes = 0            # grad nodes seen among young objects since the last backward
        self.frozen = False       # has this module frozen objects that are not thawed yet
        self.frozen_objects = 0   # young objects frozen since the last thaw
        self.last_thawed = 0      # how many objects the last geometric thaw put back
        self.paused = False       # thawed for growth: no freezing until a full collection ran


state = _State()
_node_types = {}  # type -> is it a grad node (the types of young objects repeat)


def _is_node_type(t):
    r = _node_types.get(t)
    if r is None:
        r = _node_types[t] = issubclass(t, GradNodeBase)
    return r


def _on_collection(phase, info):
    """The gc.callbacks hook (see the module docstring)."""
    s = state
    if s is None or not s.enabled:
        return
    if info["generation"] == 2:
        if phase == "start":
            thaw()
        else:
            s.paused = False  # CPython's full collection ran: freezing may resume
        return
    if phase != "start":
        return
    if s.nodes < THRESHOLD:  # counting: how many of the young objects are grad nodes
        types = Counter(map(type, gc.get_objects(0)))
        s.nodes += sum(n for t, n in types.items() if _is_node_type(t))
        if s.nodes < THRESHOLD:
            return
    if s.paused:
        return
    s.frozen_objects += gc.get_count()[0]  # the young objects this collection would walk
    if s.frozen and s.frozen_objects > THAW_GROWTH * max(s.last_thawed, THAW_MIN):
        s.last_thawed = gc.get_freeze_count()
        thaw()
        s.paused = True  # let CPython run one full collection over everything
        return
    if not s.frozen and gc.get_freeze_count():
        s.paused = True  # the program froze objects itself (gc.freeze before a fork): hands off
        return
    gc.freeze()
    s.frozen = True


def thaw():
    """Put every frozen object back where the collector walks it."""
    s = state
    if s.frozen:
        gc.unfreeze()
        s.frozen = False
        s.frozen_objects = 0


def backward_done():
    """Called by the engine after each backward: the graph it ran is about to die by reference
    counting, so start counting afresh and give the collector everything back."""
    s = state
    s.nodes = 0
    if s.frozen:
        thaw()


def set_graph_gc(enabled):
    """eagergraph only: True (the default) keeps a big growing graph out of the cyclic GC's
    walks (see eagergraph/eager/graph_gc.py); False leaves the collector as CPython has it."""
    if enabled is not True and enabled is not False:
        raise TypeError(f"set_graph_gc: enabled must be bool, got {type(enabled).__name__}")
    state.enabled = enabled
    if not enabled:
        thaw()
        state.nodes = 0
        state.paused = False


def is_graph_gc_enabled():
    return state.enabled


if _on_collection not in gc.callbacks:
    gc.callbacks.append(_on_collection)
