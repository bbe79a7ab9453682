"""Python bytecodes and calls a function executes, counted with sys.settrace (deterministic, no
valgrind): shared by the benchmarks' child processes (instructions.py, mlp_cachesim.py)."""
import sys


def bytecodes_and_calls(step, steps):
    """(bytecodes, Python calls) that `steps` calls of `step()` execute."""
    ops, calls = [0], [0]

    def tr(frame, event, arg):
        if event == "call":
            calls[0] += 1
            frame.f_trace_opcodes, frame.f_trace_lines = True, False
        elif event == "opcode":
            ops[0] += 1
        return tr
    sys.settrace(tr)
    try:
        for _ in range(steps):
            step()
    finally:
        sys.settrace(None)
    return ops[0], calls[0]
