"""`python -m eagergraph diff script.py`: where real Paddle and eagergraph part ways
(docs/debugging.md, "Comparing a run with real Paddle").

- recorder.py: what a run records (op calls, gradients, leaves' .grad, random draws);
- record_paddle.py / record_eager.py: attaching a recorder to real Paddle / to eagergraph;
- replay.py: real Paddle's random draws replayed into the eagergraph run;
- align.py: aligning the two op streams, the first forward and backward difference;
- report.py / report_html.py: text, JSON and a self-contained HTML page;
- runner.py: running both sides (child processes for a script, forks for a function).

Nothing here is imported by eagergraph itself: the tool costs nothing unless it runs."""
from .runner import diff, diff_script, DiffResult
from .align import analyze

__all__ = ["diff", "diff_script", "DiffResult", "analyze"]
