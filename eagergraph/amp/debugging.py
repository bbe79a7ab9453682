"""paddle.amp.debugging: what AMP did, op by op.

- `explain()`: a context manager that records, for each op run in its block, the input dtypes,
  the list the op fell in (white / black / promote / o2 / od / custom-white / custom-black /
  skipped for inplace ops / amp-off), the casts applied and the output dtypes, and prints them
  as a table on exit (`print_table=False`: keep them in `.records`, format with `.table()`).
- Paddle's `enable_operator_stats_collection()` / `disable_operator_stats_collection()` /
  `collect_operator_stats()`: calls per op (Paddle's fluid names) and per dtype the op
  computed in (float16, bfloat16, float32, other), printed in Paddle's table format.

Both listen through eager/amp_utils.py's watchers, in the current thread; with neither active
the ops pay nothing for them."""
import contextlib

from ..eager.amp_utils import amp_state

__all__ = ["explain", "AmpExplainer", "enable_operator_stats_collection",
           "disable_operator_stats_collection", "collect_operator_stats"]


def _add_watcher(fn):
    amp_state.watchers = amp_state.watchers + (fn,)
    amp_state.refresh()


def _remove_watcher(fn):
    amp_state.watchers = tuple(w for w in amp_state.watchers if w != fn)
    amp_state.refresh()


def _name(d):
    if d is None:
        return "-"
    if type(d) is list:
        return "[" + ", ".join(_name(x) for x in d) + "]"
    return d.name


class AmpExplainer:
    """The records of one explain() block (eager/amp_utils.AmpRecord each)."""

    def __init__(self, print_table=True):
        self.records = []
        self._print = print_table

    def _record(self, rec):
        self.records.append(rec)

    def __enter__(self):
        _add_watcher(self._record)
        return self

    def __exit__(self, *exc):
        _remove_watcher(self._record)
        if self._print and exc[0] is None:
            print(self.table())
        return False

    def rows(self):
        """[(op, inputs, list, casts, computes in, outputs)] as strings."""
        out = []
        for r in self.records:
            casts = ", ".join(f"{n}:{a.name}->{b.name}" for n, a, b in r.casts) or "-"
            out.append((r.op if r.op == r.fluid_op else f"{r.op} ({r.fluid_op})",
                        ", ".join(_name(d) for d in r.in_dtypes) or "-", r.reason, casts,
                        _name(r.dest), ", ".join(_name(d) for d in r.out_dtypes) or "-"))
        return out

    def table(self):
        head = ("op", "input dtypes", "list", "casts", "computes in", "output dtypes")
        rows = [head] + self.rows()
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
        lines.insert(1, "-+-".join("-" * w for w in widths))
        return "\n".join(lines)


def explain(print_table=True):
    """`with paddle.amp.debugging.explain() as ex:` record what AMP does to each op of the
    block; the table is printed on exit (or read `ex.records` / `ex.table()`)."""
    return AmpExplainer(print_table)


# ---- Paddle's operator stats ---------------------------------------------------------------
_COLUMNS = {"float16": 0, "bfloat16": 1, "float32": 2}
_stats = {"counts": {}, "on": False}


def _kernel_dtype(rec):
    """The dtype the op computed in: its first floating input after AMP's casts."""
    for d in rec.in_dtypes:
        for x in (d if type(d) is list else [d]):
            if x is not None and x.is_floating_point:
                return rec.dest.name if rec.dest is not None and x.name in _COLUMNS else x.name
    return None


def _count(rec):
    row = _stats["counts"].setdefault(rec.fluid_op, [0, 0, 0, 0])
    row[_COLUMNS.get(_kernel_dtype(rec), 3)] += 1


def _print_operator_stats(op_count_dict):
    print("<{:-^120}>".format(" op list "))
    total_ops = 0
    print("<{:-^40}".format(" Op Name "), "|", "{:-^17}".format(" FP16 Calls "), "|",
          "{:-^17}".format(" BF16 Calls "), "|", "{:-^17}".format(" FP32 Calls"), "|",
          "{:-^17}>".format(" Other Calls "))
    for op_type in sorted(op_count_dict):
        called = op_count_dict[op_type]
        if isinstance(called, str):
            called = called.split(",")
        print(f"  {op_type:<40}|  {called[0]:<17}|  {called[1]:<17}|  {called[2]:<17}|  "
              f"{called[3]:<17}")
        total_ops += 1
    print("<{:-^120}>\n".format(" op count: " + str(total_ops) + " "))


def enable_operator_stats_collection():
    """Start counting op calls per dtype (clears the previous counts)."""
    _stats["counts"] = {}
    if not _stats["on"]:
        _add_watcher(_count)
        _stats["on"] = True


def disable_operator_stats_collection():
    """Stop counting and print the table (nothing if collection was not on)."""
    if not _stats["on"]:
        return
    _remove_watcher(_count)
    _stats["on"] = False
    _print_operator_stats(_stats["counts"])


def operator_stats():
    """The counts so far: {fluid op name: [fp16, bf16, fp32, other]}."""
    return {k: list(v) for k, v in _stats["counts"].items()}


@contextlib.contextmanager
def collect_operator_stats():
    """`with collect_operator_stats():` count the block's ops and print the table on exit."""
    enable_operator_stats_collection()
    try:
        yield
    finally:
        disable_operator_stats_collection()
