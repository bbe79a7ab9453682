"""Edge samples for reductions: the generic ones (see tests/op_edges/__init__.py)."""
_NAN = ("nan/inf/0", "README: argmax/argmin do not skip NaN specially (NaN wins, as in NumPy); "
        "Paddle 3.3.1 ignores it", "ref")
DIFFERS = {"argmax": [_NAN], "argmin": [_NAN]}

import numpy as np  # noqa: E402

from . import Edge, INF, NAN  # noqa: E402

_E0, _E20 = np.zeros((0,)), np.zeros((2, 0))
_TIES = np.array([[1.0, 3.0, 3.0], [NAN, 1.0, 2.0], [-INF, -INF, 0.0], [INF, 1.0, INF]])


def _empties(**extra):
    """Reductions over empty axes: the whole of a (0,) tensor, axis 1 of (2, 0) (every output
    row reduces nothing) and axis 0 of (2, 0) (an empty result)."""
    return [Edge([_E0], dict(extra), desc="float64 empty (0,) all"),
            Edge([_E20], dict(axis=1, **extra), desc="float64 empty (2, 0) axis 1"),
            Edge([_E20], dict(axis=0, **extra), desc="float64 empty (2, 0) axis 0"),
            Edge([_E20], dict(axis=[0, 1], keepdim=True, **extra),
                 desc="float64 empty (2, 0) all keepdim")]


EDGES = {n: _empties() + [Edge([_TIES], {"axis": 1}, desc="float64 ties nan inf axis 1"),
                          Edge([_TIES], desc="float64 ties nan inf all")]
         for n in ("sum", "mean", "max", "min", "prod", "logsumexp", "argmax", "argmin")}
EDGES.update({n: _empties() for n in ("all", "any")})
EDGES["mean_all"] = [Edge([_E0], desc="float64 empty (0,)"),
                     Edge([_E20], desc="float64 empty (2, 0)"),
                     Edge([_TIES], desc="float64 ties nan inf"),
                     Edge([_TIES.astype(np.float32)], desc="float32 ties nan inf"),
                     Edge([np.array([1, 2])], desc="int64: no kernel", grad=False)]
EDGES.update({n: [Edge([_TIES], {"axis": 1}, desc="float64 ties nan inf axis 1"),
                  Edge([_E20], {"axis": 1}, desc="float64 empty (2, 0) axis 1"),
                  Edge([np.array(2.0)], {"axis": 0}, desc="float64 0-d")]
              for n in ("cumsum", "cummax", "cummin")})
EDGES["max"].append(Edge([_TIES], {"axis": 2}, desc="float64 axis out of range"))
EDGES["sum"].append(Edge([_TIES], {"axis": 2}, desc="float64 axis out of range"))
DIFFERS["argmax"].append(("ties nan inf", _NAN[1], "ref"))
DIFFERS["argmin"].append(("ties nan inf", _NAN[1], "ref"))
for _n in ("argmax", "argmin"):
    for _e in EDGES[_n]:  # Paddle's argmax over nothing is uninitialised memory
        _e.shape_only = _e.desc in ("float64 empty (0,) all", "float64 empty (2, 0) axis 1")
    for _k in ("empty (0,) all", "empty (2, 0) axis 1"):  # reductions over nothing
        DIFFERS[_n].append((_k, "README: argmax/argmin of an empty tensor raise ValueError "
                                "(Paddle returns garbage)", "error:ValueError"))
for _n in ("cummax", "cummin"):
    DIFFERS[_n] = [("0-d", f"Paddle 3.3.1's {_n} backward of a 0-D tensor raises IndexError",
                    "grads")]
# Paddle 3.3.1's logcumsumexp loses a NaN: a leading NaN becomes the lowest float and the later
# running values ignore it (inf); eagergraph's NaN propagates to every later running value
DIFFERS["logcumsumexp"] = [(("nan/inf/0", "(5,) {}"), "Paddle 3.3.1's logcumsumexp drops NaN "
                            "(a leading NaN gives the lowest float, later values ignore it)",
                            lambda r: "out" in r and all(v == "nan" for v in r["out"][0]["data"]))]
