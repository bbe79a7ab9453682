import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# whole-model, demo and multi-process (MPI) tests: marked `slow`, run by default (CI and the
# README's command); `python -m pytest -q tests -m "not slow"` is the quick run without them
SLOW_MODULES = {"test_demo", "test_distributed", "test_distributed_mpi", "test_distributed_spawn",
                "test_distributed_faults", "test_vision_models", "test_vision_models_more"}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.module is not None and item.module.__name__.rsplit(".", 1)[-1] in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
