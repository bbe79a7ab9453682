"""`python -m eagergraph.debug graph|trace|schedule SCRIPT.py [options] [args...]`: run a Paddle
script (as `python -m eagergraph run` does: `import paddle` answered by eagergraph) under a
debugging tool and write what it saw."""
import argparse
import linecache
import os
import runpy
import sys

from ..paddle_alias import install_as_paddle
from ..eager.inplace_check import flags as inplace_flags
from ._patch import Patches
from .graph import describe, to_text, to_dot
from .graph_html import to_html
from .tracer import trace
from .schedule import schedule_trace

_HELP = {
    "graph": "write the backward graph of the last tensor backward() (or paddle.grad) was "
             "called on, captured just before that backward ran (text tree, Graphviz DOT, or "
             "one self-contained HTML page: pan, zoom, click a node, search by op)",
    "trace": "trace every op call the script makes: API, AMP, promotion, node and saved "
             "tensors, KernelKey, kernel and fallback, InferMeta, time per layer; then a summary "
             "of where the eager overhead goes",
    "schedule": "trace every backward the script runs: in-degree map, the order nodes ran in, "
                "what each GradTensorHolder summed, per-node time, saved tensors released",
}


def _parser():
    ap = argparse.ArgumentParser(prog="python -m eagergraph.debug",
                                 description="Run a Paddle dygraph script on eagergraph under a "
                                             "debugging tool (see docs/debugging.md).")
    sub = ap.add_subparsers(dest="tool", required=True)
    for tool, text in _HELP.items():
        p = sub.add_parser(tool, help=text, description=text)
        if tool == "graph":
            p.add_argument("--format", choices=("text", "dot", "html"), default="text")
        p.add_argument("-o", "--output", help="write here instead of stdout")
        p.add_argument("script", help="the script to run")
        p.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    return ap


def _run_script(script, args):
    install_as_paddle()
    sys.argv = [script] + args
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")


def _capture_last_backward(run):
    """Run `run()`; return describe() of the roots of the last backward it ran, and where the
    script called it. Every grad node records the line that created it meanwhile."""
    seen = {}
    p = Patches()
    p.set(inplace_flags, "record_all_sites", True)

    def prepare_roots(where, fn, args, kwargs):
        seen["graph"] = describe(list(args[0]))
        seen["call"] = _user_call_site()
        return fn(*args, **kwargs)
    p.subscribe("roots", prepare_roots)
    try:
        run()
    finally:
        p.restore()
    return seen.get("graph"), seen.get("call")


def _user_call_site():
    """'file:line: source' of the innermost frame outside eagergraph (the backward() or
    paddle.grad call), or None."""
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename.startswith(pkg):
        f = f.f_back
    if f is None:
        return None
    line = linecache.getline(f.f_code.co_filename, f.f_lineno).strip()
    return f"{os.path.basename(f.f_code.co_filename)}:{f.f_lineno}" + (f": {line}" if line else "")


def _options_after_script(ns):
    """`graph SCRIPT.py --format dot -o FILE args...`: the tool's options may also follow the
    script; the first other token (or `--`) starts the script's own arguments."""
    args = list(ns.args)
    while args:
        a = args[0]
        name, eq, value = a.partition("=")
        if a == "--":
            args.pop(0)
            break
        if name in ("--format", "-o", "--output") and (eq or len(args) > 1):
            args.pop(0)
            if not eq:
                value = args.pop(0)
            if name == "--format":
                if ns.tool != "graph" or value not in ("text", "dot", "html"):
                    _parser().error(f"--format must be text, dot or html (graph only), "
                                    f"got {value!r}")
                ns.format = value
            else:
                ns.output = value
            continue
        break
    ns.args = args
    return ns


def main(argv=None):
    ns = _options_after_script(_parser().parse_args(argv))
    if not os.path.isfile(ns.script):
        _parser().error(f"no such script: {ns.script}")
    run = lambda: _run_script(ns.script, ns.args)  # noqa: E731
    if ns.tool == "graph":
        graph, call = _capture_last_backward(run)
        if graph is None:
            text = "(the script called no backward)\n"
        elif ns.format == "html":
            text = to_html(graph, title=f"Backward graph of {os.path.basename(ns.script)}",
                           subtitle=f"the last backward the script ran: {call}" if call else None)
        else:
            text = {"text": to_text, "dot": to_dot}[ns.format](graph)
    elif ns.tool == "trace":
        with trace() as tr:
            run()
        text = tr.table() + "\n" + tr.summary()
    else:
        with schedule_trace() as st:
            run()
        text = "".join(f"backward run {i}:\n{st.report(r)}\n" for i, r in enumerate(st.runs)) \
            or "(the script called no backward)\n"
    if ns.output:
        with open(ns.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
