"""Capture facts about real Paddle (the oracle) as Python literals for eagergraph's tests.
Run it from the repository root with an interpreter that has paddlepaddle 3.3.1 installed:

    python tests/tools/capture_paddle_facts.py           # print the blocks
    python tests/tools/capture_paddle_facts.py --write   # rewrite them in place

`--write` replaces the text between `# <captured:NAME>` and `# </captured:NAME>` in the test
files named in FILES. The helpers here (`namespace`, `outcome`, `same_outcome`) take the module
under test as an argument and import nothing, so the tests evaluate the very same expressions
against eagergraph (the test suite never imports paddle).

An outcome is one of
    ("Tensor", dtype, shape, values)   values from tolist() (bfloat16 read as float32)
    ("dtype", str(dtype))
    ("value", python_value)             ints, floats, bools, complex, str, None, lists of them
    ("str", str(value))                 anything else, by its str()
    ("raises", exception type name)
    ("hangs",) / ("crashes",)           Paddle never returned / its process died
"""
import math
import os
import sys

# ---------------------------------------------------------------- evaluation (shared with tests)
LHS = {"bool": [True, False, True], "uint8": [3, 2, 5]}
LHS_DEFAULT = [-3, 2, 5]
RHS = {"bool": [True, True, True], "uint8": [2, 3, 2]}
RHS_DEFAULT = [2, 3, -2]
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128"]


def namespace(paddle, np):
    """Names the expressions use: paddle, np, X(dtype) the left operand, Y(dtype) the right,
    Z(dtype) a 0-d tensor."""
    def X(dtype):
        return paddle.to_tensor(LHS.get(dtype, LHS_DEFAULT), dtype=dtype)

    def Y(dtype):
        return paddle.to_tensor(RHS.get(dtype, RHS_DEFAULT), dtype=dtype)

    def Z(dtype):  # a 0-d tensor
        return paddle.to_tensor(RHS.get(dtype, RHS_DEFAULT)[0], dtype=dtype)
    return {"paddle": paddle, "np": np, "X": X, "Y": Y, "Z": Z}


def _plain(v):
    if v is None or type(v) in (int, float, bool, complex, str):
        return True
    if type(v) in (list, tuple):
        return all(_plain(x) for x in v)
    return False


def outcome(paddle, expr, ns):
    try:
        v = eval(expr, ns)
    except Exception as e:  # noqa: BLE001  (the exception type is the fact)
        return ("raises", type(e).__name__)
    if isinstance(v, paddle.Tensor):
        dt = str(v.dtype).replace("paddle.", "")
        vals = (v.astype("float32") if dt == "bfloat16" else v).tolist()
        return ("Tensor", dt, list(v.shape), vals)
    if isinstance(v, paddle.dtype):
        return ("dtype", str(v))
    if _plain(v):
        return ("value", v)
    return ("str", str(v))


# repr() of nan/inf floats and complex numbers uses these names; test modules import them.
nan, inf = float("nan"), float("inf")
nanj, infj = complex(0, nan), complex(0, inf)
LITERAL_NAMES = {"nan": nan, "inf": inf, "nanj": nanj, "infj": infj}

TOL = {"float16": 1e-3, "bfloat16": 1e-2, "float32": 1e-6, "complex64": 1e-6}


def _close(a, b, tol):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(
            _close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, complex) or isinstance(b, complex):
        a, b = complex(a), complex(b)
        if a != a or b != b:  # nan parts must match
            return all(_close(x, y, tol) for x, y in ((a.real, b.real), (a.imag, b.imag)))
        return a == b or abs(a - b) <= tol * max(abs(a), abs(b), 1.0)
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b or math.isclose(a, b, rel_tol=tol, abs_tol=tol)
    return a == b


def same_outcome(got, want):
    """got == want, with float values compared to the tolerance of their dtype."""
    if got[0] != want[0] or len(got) != len(want):
        return False
    if got[0] == "Tensor":
        return got[1:3] == want[1:3] and _close(got[3], want[3], TOL.get(want[1], 1e-12))
    if got[0] == "value":
        return _close(got[1], want[1], 1e-12) and type(got[1]) is type(want[1])
    return got == want


# ---------------------------------------------------------------- the cases
TO_TENSOR = [
    # Python scalars and nested lists
    "paddle.to_tensor(1)", "paddle.to_tensor(True)", "paddle.to_tensor(1.5)",
    "paddle.to_tensor(1+2j)", "paddle.to_tensor(float('nan'))", "paddle.to_tensor(-2**63)",
    "paddle.to_tensor([1, 2.5])", "paddle.to_tensor([True, 1])", "paddle.to_tensor([True, 1.0])",
    "paddle.to_tensor([1, 1j])", "paddle.to_tensor([True, False])", "paddle.to_tensor((1, 2))",
    "paddle.to_tensor([[1, 2], [3, 4]])", "paddle.to_tensor([[1, 2.5], [True, 4]])",
    "paddle.to_tensor([])", "paddle.to_tensor([[]])", "paddle.to_tensor([[], []])",
    "paddle.to_tensor(())",
    # NumPy scalars and arrays keep their dtype (np.uint16 holds bfloat16 bits)
    "paddle.to_tensor(np.float64(1.5))", "paddle.to_tensor(np.float32(1.5))",
    "paddle.to_tensor(np.float16(1.5))", "paddle.to_tensor(np.int32(3))",
    "paddle.to_tensor(np.int16(3))", "paddle.to_tensor(np.int8(3))",
    "paddle.to_tensor(np.uint8(3))", "paddle.to_tensor(np.bool_(True))",
    "paddle.to_tensor(np.complex64(1j))", "paddle.to_tensor(np.complex128(1j))",
    "paddle.to_tensor(np.array(5))", "paddle.to_tensor(np.array([1.5, 2]))",
    "paddle.to_tensor(np.array([1, 2], np.int32))", "paddle.to_tensor(np.ones((2, 0)))",
    "paddle.to_tensor(np.array([1, 2, 3])[::2])",
    "paddle.to_tensor(np.array([16256, 16384], np.uint16))",
    "paddle.to_tensor(np.array([1, 2], np.float16))",
    "paddle.to_tensor(np.array([1, 2], np.complex64))",
    # lists holding NumPy scalars/arrays go through np.array, then the default-dtype rules
    "paddle.to_tensor([np.float64(1), 2])", "paddle.to_tensor([np.int32(1), 2])",
    "paddle.to_tensor([np.float16(1), 2.5])", "paddle.to_tensor([np.array(1, 'int32'), 2])",
    "paddle.to_tensor([np.array([1, 2], 'int32'), np.array([3, 4], 'int32')])",
    # lists of Tensors keep NumPy's dtype for the stacked values
    "paddle.to_tensor([paddle.to_tensor(1), paddle.to_tensor(2)])",
    "paddle.to_tensor([paddle.to_tensor(1.5), 2])",
    "paddle.to_tensor([paddle.to_tensor(1.5), paddle.to_tensor(2.5)])",
    "paddle.to_tensor([paddle.to_tensor([1, 2], 'int32'), paddle.to_tensor([3, 4], 'int32')])",
    "paddle.to_tensor([paddle.to_tensor(1, 'float64'), paddle.to_tensor(2, 'float32')])",
    "paddle.to_tensor([paddle.to_tensor(1, 'int32'), 2.5])",
    "paddle.to_tensor([paddle.to_tensor(True), paddle.to_tensor(False)])",
    "paddle.to_tensor([paddle.to_tensor(1.5, 'bfloat16')])",
    # Tensors
    "paddle.to_tensor(paddle.to_tensor([1, 2], 'int32'))",
    "paddle.to_tensor(paddle.to_tensor([1, 2], 'int32'), dtype='float32')",
    "paddle.to_tensor(paddle.to_tensor([1.5], 'float64'))",
    # dtype given
    "paddle.to_tensor([1, 2], dtype='float32')", "paddle.to_tensor([1, 2], dtype=paddle.float32)",
    "paddle.to_tensor([1, 2], dtype=np.float32)",
    "paddle.to_tensor([1, 2], dtype=np.dtype('float64'))",
    "paddle.to_tensor([1.7, -2.7], dtype='int32')", "paddle.to_tensor([1, 2], dtype=bool)",
    "paddle.to_tensor([1, 0], dtype='bool')", "paddle.to_tensor([1, 2], dtype='bfloat16')",
    "paddle.to_tensor([1, 2], dtype='uint16')", "paddle.to_tensor([1, 2], dtype='complex64')",
    "paddle.to_tensor([1+1j], dtype='float32')", "paddle.to_tensor(1.5, dtype='float64')",
    "paddle.to_tensor(np.float64(1.5), dtype='float16')", "paddle.to_tensor(2, dtype='uint8')",
    "paddle.to_tensor([1, 2], dtype='float')", "paddle.to_tensor([1, 2], dtype='int')",
    "paddle.to_tensor([1, 2], dtype=float)", "paddle.to_tensor([1, 2], dtype=int)",
    "paddle.to_tensor([1, 2], dtype='foo')", "paddle.to_tensor([1, 2], dtype='float8_e4m3fn')",
    # rejected data
    "paddle.to_tensor([[1, 2], [3]])", "paddle.to_tensor([1, None])", "paddle.to_tensor('abc')",
    "paddle.to_tensor(None)", "paddle.to_tensor(object())", "paddle.to_tensor({1: 2})",
    "paddle.to_tensor(range(3))", "paddle.to_tensor([1, 'a'])",
    "paddle.to_tensor(np.array(['a']))", "paddle.to_tensor(np.array([1, 2], object))",
    "paddle.to_tensor(np.array([1, 2], np.uint32))", "paddle.to_tensor(np.uint64(3))",
    "paddle.to_tensor(2**63)", "paddle.to_tensor([2**63])",
    # stop_gradient and place
    "paddle.to_tensor(1.0, stop_gradient=False).stop_gradient",
    "paddle.to_tensor(1.0).stop_gradient", "paddle.to_tensor(1, stop_gradient=False).stop_gradient",
    "paddle.to_tensor(1.0, place='cpu')", "paddle.to_tensor(1.0, place=paddle.CPUPlace())",
    "paddle.to_tensor(1.0, place='gpu:0')",
]

# With set_default_dtype('float64') in force (the test sets and restores it).
TO_TENSOR_FLOAT64 = [
    "paddle.get_default_dtype()", "paddle.to_tensor(1.5)", "paddle.to_tensor([1, 2.5])",
    "paddle.to_tensor(1j)", "paddle.to_tensor(1)", "paddle.to_tensor(np.float32(1.5))",
    "paddle.to_tensor([np.float32(1.5)])", "X('int32') / 2", "X('int32') * 2.5",
    "X('int32') / X('int32')", "X('bool') + 1.5",
]

DTYPE_OBJECTS = [
    "str(paddle.float32)", "str(paddle.bool)", "str(paddle.bfloat16)", "str(paddle.complex128)",
    "paddle.float32 == 'float32'", "paddle.float32 != 'float32'", "paddle.float32 == np.float32",
    "paddle.float32 == paddle.float32", "paddle.float32 == paddle.float64",
    "paddle.to_tensor(1.5).dtype == paddle.float32",
    "paddle.to_tensor(1.5).dtype is paddle.float32",
    "isinstance(paddle.float32, paddle.dtype)", "paddle.get_default_dtype()",
    "paddle.set_default_dtype('float16')", "paddle.set_default_dtype('int32')",
    "paddle.set_default_dtype('bfloat16')", "paddle.set_default_dtype(np.float64)",
    "hash(paddle.float32) == hash(paddle.float32)",
    "len({paddle.float32, paddle.float32, paddle.int64})",
]

TENSOR_ATTRS = [
    "X('float32').shape", "paddle.to_tensor(np.zeros((3, 1))).shape", "paddle.to_tensor(2.5).shape",
    "X('float32').ndim", "X('float32').size", "paddle.to_tensor([[1, 2], [3, 4]]).size()",
    "paddle.to_tensor([[1, 2, 3], [4, 5, 6]]).size(1)", "paddle.to_tensor(2.5).size",
    "X('int32').dtype", "X('float32').place", "str(X('float32').place)",
    "X('float32').numpy().dtype.name", "X('float16').numpy().dtype.name",
    "X('float32').stop_gradient", "X('float32').is_leaf", "X('float32').inplace_version",
    "X('float32').persistable", "X('float32').numel()", "paddle.to_tensor(2.5).numel()",
    "X('float32').dim()", "len(X('float32'))", "len(paddle.to_tensor(2.5))",
    "bool(paddle.to_tensor(2.5))", "bool(paddle.to_tensor([0.0]))", "bool(X('float32'))",
    "bool(paddle.to_tensor(1j))", "bool(paddle.to_tensor(True))",
    "float(paddle.to_tensor(2.5))", "float(paddle.to_tensor([[2.5]]))", "float(X('float32'))",
    "float(paddle.to_tensor(3))", "float(paddle.to_tensor(1.5, 'bfloat16'))",
    "float(paddle.to_tensor(1j))", "int(paddle.to_tensor(2.7))", "int(paddle.to_tensor(-2.7))",
    "int(paddle.to_tensor([[7]]))", "int(X('int64'))", "int(paddle.to_tensor(2.5, 'bfloat16'))",
    "complex(paddle.to_tensor(2.5))", "complex(paddle.to_tensor(1+2j))", "complex(X('float32'))",
    "[10, 20, 30, 40][paddle.to_tensor(3)]", "[10, 20, 30, 40][paddle.to_tensor(2.5)]",
    "[10, 20, 30, 40][paddle.to_tensor(True)]", "paddle.to_tensor([2]).__index__()",
    "X('int32').__index__()", "list(X('int32'))", "list(paddle.to_tensor(2.5))",
    "[t.shape for t in paddle.to_tensor([[1, 2], [3, 4]])]",
    "X('float32').T", "paddle.to_tensor([[1, 2, 3], [4, 5, 6]]).T", "paddle.to_tensor(2.5).T",
    "X('float32').element_size()", "X('bfloat16').element_size()", "X('bool').element_size()",
    "X('complex128').element_size()", "X('int8').element_size()",
    "X('complex64').is_complex()", "X('float32').is_complex()", "X('float16').is_floating_point()",
    "X('bfloat16').is_floating_point()", "X('int32').is_floating_point()",
    "X('complex64').is_floating_point()", "X('int32').is_integer()", "X('bool').is_integer()",
    "X('float32').is_integer()",
    "paddle.to_tensor(2.5).item()", "paddle.to_tensor(3).item()", "paddle.to_tensor(True).item()",
    "paddle.to_tensor(1j).item()", "paddle.to_tensor(1.5, 'float16').item()",
    "paddle.to_tensor(1.5, 'bfloat16').item()", "paddle.to_tensor([[2.5]]).item()",
    "X('float32').item()", "X('float32').item(1)", "paddle.to_tensor([[1, 2], [3, 4]]).item(1, 0)",
    "X('float32').item(7)", "X('uint8').item(0)",
    "X('float32').tolist()", "paddle.to_tensor(2.5).tolist()", "X('float16').tolist()",
    "X('complex64').tolist()", "X('bool').tolist()",
    "X('float32').astype('int32')", "X('float32').astype(paddle.int32)",
    "X('float32').astype(np.int32)", "X('float32').astype('float')", "X('float32').astype(float)",
    "X('float32').astype(bool)", "X('float32').cast('bool')", "X('float32').astype('bfloat16')",
    "X('float32').astype('foo')",
    "paddle.CPUPlace()", "paddle.set_device('cpu')", "paddle.get_device()",
    "paddle.set_device('gpu:0')", "paddle.set_device('gpu')", "paddle.set_device('foo')",
    "paddle.is_tensor(X('float32'))", "paddle.is_tensor([1])", "X('float32').grad",
    "np.float64(2.0) * X('float32')", "np.float32(2.0) + X('int32')",
]

# Printed tensors: str(t) byte for byte.
REPR = [
    "paddle.to_tensor(2.5)", "paddle.to_tensor(3.0)", "paddle.to_tensor(-0.0)",
    "paddle.to_tensor(3)", "paddle.to_tensor(True)", "paddle.to_tensor(1+2j)",
    "paddle.to_tensor(1.5, 'float64')", "paddle.to_tensor(1e-10)", "paddle.to_tensor(1e10)",
    "paddle.to_tensor(123456.789)", "paddle.to_tensor(float('nan'))",
    "paddle.to_tensor(float('-inf'))", "paddle.to_tensor(0.1, 'float16')",
    "paddle.to_tensor(0.1, 'bfloat16')", "paddle.to_tensor(2.5, stop_gradient=False)",
    "paddle.to_tensor([1.0, 2.0, 3.0])", "paddle.to_tensor([1.5, -2.25, 3.0])",
    "paddle.to_tensor([0.1, 0.2, 0.3])", "paddle.to_tensor([1.0, -2.0])",
    "paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])", "paddle.to_tensor([[1.5, 2.0], [3.0, -4.25]])",
    "paddle.to_tensor([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]])",
    "paddle.to_tensor([[[0.5]], [[1.5]]])",
    "paddle.to_tensor([1, 2, 3])", "paddle.to_tensor([-1, 20, 300])",
    "paddle.to_tensor([[1, 2], [3, 4]], 'int32')", "paddle.to_tensor([1, 2], 'uint8')",
    "paddle.to_tensor([True, False])", "paddle.to_tensor([[True, False], [False, True]])",
    "paddle.to_tensor([True])", "paddle.to_tensor([False, False])",
    "paddle.to_tensor([1+2j, -3.5j])", "paddle.to_tensor([[1+1j, 2], [3, 4j]])",
    "paddle.to_tensor([1, 2], 'complex128')", "paddle.to_tensor([0.1, 1.5], 'float16')",
    "paddle.to_tensor([0.1, 1.5], 'bfloat16')", "paddle.to_tensor([1.0, 2.0], 'bfloat16')",
    "paddle.to_tensor([1e-10, 1.0])", "paddle.to_tensor([1e10, 1.0])",
    "paddle.to_tensor([1e8, 1.0])",
    "paddle.to_tensor([1e-5, 1.0])", "paddle.to_tensor([1e-4, 1.0])",
    "paddle.to_tensor([1e16, 1.0])", "paddle.to_tensor([123456789.0, 1.0])",
    "paddle.to_tensor([1e-10, 1e-12])", "paddle.to_tensor([1e300, 1.0], 'float64')",
    "paddle.to_tensor([float('nan'), 1.0, float('inf')])",
    "paddle.to_tensor([float('nan'), 1.5, float('-inf')])", "paddle.to_tensor([float('nan')])",
    "paddle.to_tensor([1.0, 2.0], stop_gradient=False)",
    "paddle.to_tensor(np.arange(2000, dtype='float32'))", "paddle.to_tensor(np.arange(1001))",
    "paddle.to_tensor(np.arange(1000))", "paddle.to_tensor(np.arange(1000) - 500)",
    "paddle.to_tensor(np.arange(12, dtype='float32').reshape(3, 4) / 7)",
    "paddle.to_tensor(np.arange(3000, dtype='float32').reshape(30, 100))",
    "paddle.to_tensor(np.arange(3000, dtype='float32').reshape(3, 10, 100) * -0.5)",
    "paddle.to_tensor(np.arange(2002).reshape(2, 1001) > 5)",
    "paddle.to_tensor(np.arange(40, dtype='float32') / 3)", "paddle.to_tensor(np.arange(40))",
    "paddle.to_tensor(np.arange(1200, dtype='float64').reshape(2, 600) * 1e-3)",
    "paddle.to_tensor(np.arange(1500).astype('complex64') * 1j)",
    "paddle.to_tensor(np.arange(6, dtype='float32').reshape(1, 2, 3, 1) + 0.25)",
    "paddle.to_tensor(np.zeros((2, 0), 'float32'))", "paddle.to_tensor(np.zeros((0,), 'int64'))",
    "paddle.to_tensor([0.0, -0.0])", "paddle.to_tensor([1e-8, 1.0], 'float64')",
]

BINARY_OPS = ["+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "&", "|",
              "^"]
# NumPy scalars are not in the table: eagergraph treats them as the Python scalar of their kind
# (tests/test_operators.py checks that against these Python-scalar facts), where Paddle 3.3.1
# is inconsistent (np.float32 truncated into int tensors, np.int64 + bool tensor stays bool).
PY_SCALARS = ["True", "2", "-3", "2.5", "(0.5+2j)"]


def operator_cases():
    """{op: [expr, ...]}: tensor-tensor over every dtype pair, tensor-scalar and scalar-tensor
    with Python scalars, and the unary operators."""
    cases = {}
    for op in BINARY_OPS:
        exprs = cases[op] = []
        for a in DTYPES:
            exprs += [f"X('{a}') {op} Y('{b}')" for b in DTYPES]
            exprs += [f"X('{a}') {op} {s}" for s in PY_SCALARS]
            exprs += [f"{s} {op} X('{a}')" for s in PY_SCALARS]
    cases["unary"] = [f"{op}X('{a}')" for op in ("-", "~", "+") for a in DTYPES]
    cases["unary"] += [f"abs(X('{a}'))" for a in DTYPES]
    return cases


def zero_d_cases():
    """Tensor with 0-d tensor (and 0-d with 0-d) of every dtype pair: Paddle's scalar-like
    promotion for the ops in its support_promotion_ops, the plain rule for others (maximum)."""
    exprs = []
    for a in DTYPES:
        for b in DTYPES:
            for form in ("X('{a}') + Z('{b}')", "Z('{a}') + X('{b}')", "Z('{a}') + Z('{b}')",
                         "X('{a}') / Z('{b}')", "Z('{a}') < X('{b}')",
                         "paddle.maximum(X('{a}'), Z('{b}'))"):
                exprs.append(form.format(a=a, b=b))
    return exprs


# Paddle's CPU build has no kernel for some dtypes (float16 add, int8 remainder, ...) and raises
# RuntimeError (NotFound); eagergraph computes those. Their reference is Paddle's result on
# operands widened to a dtype that has kernels (X('int8') -> X('int8').astype('int64')).
WIDEN = {"bool": "int64", "uint8": "int64", "int8": "int64", "int16": "int64",
         "float16": "float32", "bfloat16": "float32"}


def widen(expr):
    if "uint8" in expr and " ** " not in expr:  # the scalar is cast to uint8: -3 is 253
        expr = expr.replace("-3 ", "253 ", 1) if expr.startswith("-3 ") else \
            expr.replace(" -3", " 253")
    for d, w in WIDEN.items():
        for f in ("X", "Y"):
            expr = expr.replace(f"{f}('{d}')", f"{f}('{d}').astype('{w}')")
    return expr


# ---------------------------------------------------------------- running the oracle
# Some expressions hang Paddle (e.g. `X('bool') ** -3`), so a worker process evaluates each
# group and the parent restarts it past any expression that takes longer than TIMEOUT_S; such
# an expression's outcome is ("hangs",).
HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
TIMEOUT_S = 20


def groups():
    """{name: (exprs, default dtype in force, 'outcome' | 'str')}"""
    g = {"TO_TENSOR": (TO_TENSOR, "float32", "outcome"),
         "TO_TENSOR_FLOAT64": (TO_TENSOR_FLOAT64, "float64", "outcome"),
         "DTYPE_OBJECTS": (DTYPE_OBJECTS, "float32", "outcome"),
         "TENSOR_ATTRS": (TENSOR_ATTRS, "float32", "outcome"),
         "REPR": (REPR, "float32", "str"),
         "ZERO_D": (zero_d_cases(), "float32", "outcome")}
    for op, exprs in operator_cases().items():
        g[f"OP {op}"] = (exprs, "float32", "outcome")
    return g


def _worker(job_file, start):
    import json
    import warnings

    import numpy as np
    import paddle
    warnings.filterwarnings("ignore")
    paddle.set_device("cpu")
    with open(job_file) as f:
        exprs, default, kind = json.load(f)
    ns = namespace(paddle, np)
    for i in range(start, len(exprs)):
        paddle.set_default_dtype(default)
        if kind == "str":
            res = str(eval(exprs[i], ns))
        else:
            res = outcome(paddle, exprs[i], ns)
        print(repr((i, res)), flush=True)


def _run_group(job):
    """{expr: outcome} for job = (exprs, default dtype, kind), restarting past hangs."""
    import json
    import select
    import subprocess
    import tempfile
    exprs = job[0]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
    results, start = {}, 0
    while start < len(exprs):
        proc = subprocess.Popen([sys.executable, __file__, "--worker", f.name, str(start)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        nxt = start
        while nxt < len(exprs):
            wait = TIMEOUT_S + (30 if nxt == start else 0)  # the first waits for import paddle
            ready, _, _ = select.select([proc.stdout], [], [], wait)
            line = proc.stdout.readline() if ready else ""
            if not line:
                break
            i, res = eval(line, dict(LITERAL_NAMES))
            results[exprs[i]] = res
            nxt = i + 1
        crashed = proc.poll() is not None
        proc.kill()
        proc.wait()
        if nxt < len(exprs):
            results[exprs[nxt]] = ("crashes",) if crashed else ("hangs",)
            nxt += 1
        start = nxt
    os.unlink(f.name)
    return {e: results[e] for e in exprs}


def _literal(name, facts):
    lines = [f"{name} = {{"]
    for k, v in facts.items():
        if isinstance(v, dict):
            lines.append(f"    {k!r}: {{")
            lines += [f"        {kk!r}: {vv!r}," for kk, vv in v.items()]
            lines.append("    },")
        else:
            lines.append(f"    {k!r}: {v!r},")
    lines.append("}")
    return "\n".join(lines)


FILES = {"TO_TENSOR": "test_to_tensor.py", "TO_TENSOR_FLOAT64": "test_to_tensor.py",
         "DTYPE_OBJECTS": "test_to_tensor.py", "TENSOR_ATTRS": "test_tensor.py",
         "REPR": "test_tensor_repr.py", "OPERATORS": "test_operators.py",
         "WIDENED": "test_operators.py", "ZERO_D": "test_type_promotion.py"}


def blocks():
    """{block name: python source}"""
    from concurrent.futures import ThreadPoolExecutor
    jobs = groups()
    with ThreadPoolExecutor(8) as pool:
        facts = dict(zip(jobs, pool.map(_run_group, jobs.values())))
    ops = {name[3:]: facts.pop(name) for name in list(facts) if name.startswith("OP ")}
    facts["OPERATORS"] = ops
    missing = [e for d in ops.values() for e, o in d.items() if o == ("raises", "RuntimeError")]
    wide = _run_group(([widen(e) for e in missing], "float32", "outcome"))
    facts["WIDENED"] = {e: wide[widen(e)] for e in missing}
    return {name: _literal(name, f) for name, f in facts.items()}


def write(sources):
    for name, src in sources.items():
        path = os.path.join(TESTS, FILES[name])
        with open(path) as f:
            text = f.read()
        begin, end = f"# <captured:{name}>\n", f"# </captured:{name}>"
        i, j = text.index(begin) + len(begin), text.index(end)
        with open(path, "w") as f:
            f.write(text[:i] + src + "\n" + text[j:])


def main():
    if sys.argv[1:2] == ["--worker"]:
        _worker(sys.argv[2], int(sys.argv[3]))
        return
    sources = blocks()
    if "--write" in sys.argv:
        write(sources)
    else:
        for name, src in sources.items():
            print(f"# ---- {FILES[name]}: {name}\n{src}")


if __name__ == "__main__":
    main()
