"""Seeing inside the eager graph (docs/debugging.md).

- `describe`, `to_text`, `to_dot`, `to_html`: the backward graph a tensor heads;
- `trace()`: the forward call chain, five layers per op call, with times;
- `schedule_trace()`: the backward schedule: in-degrees, order, holder sums, releases;
- `report()`, `assert_no_graph_survives()`: what of the graph is still alive, and who holds it;
- anomaly mode is `paddle.autograd.detect_anomaly()` (eagergraph/autograd/anomaly_mode.py);
- `diff(fn)`: run fn with real Paddle and with eagergraph and find where they part (the
  package eagergraph/debug/diff/; `python -m eagergraph diff script.py` for a script).

`python -m eagergraph.debug graph|trace|schedule SCRIPT.py` runs a script under these tools.
Nothing here costs anything until used: the tools wrap the layers only inside their blocks."""
from .graph import describe, to_text, to_dot
from .graph_html import to_html
from .tracer import trace, Trace, OpCall
from .schedule import schedule_trace, ScheduleTrace, BackwardRun
from .liveness import report, live_graph_objects, assert_no_graph_survives
from .diff import diff  # the function (the package stays importable as eagergraph.debug.diff.*)

__all__ = ["describe", "to_text", "to_dot", "to_html", "trace", "Trace", "OpCall",
           "schedule_trace", "ScheduleTrace", "BackwardRun", "report", "live_graph_objects",
           "assert_no_graph_survives", "diff"]
