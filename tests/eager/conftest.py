"""Every engine test runs on both backward loops: the fast path (`_run_raw`, what a plain
Tensor.backward takes) and the general path (`_run`, which create_graph, paddle.grad and the
debugging tools take): they must agree on every grad, hook call, release and error."""
import pytest

from eagergraph.eager import backward as engine


@pytest.fixture(autouse=True, params=["fast path", "general path"])
def engine_path(request, monkeypatch):
    monkeypatch.setattr(engine, "FAST_PATH", request.param == "fast path")
    return request.param
