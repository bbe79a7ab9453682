"""Unique names for layers and parameters (Paddle base/unique_name.py): generate('linear')
gives linear_0, linear_1, ...; a parameter of layer linear_0 is linear_0.w_0."""
import collections

__all__ = ["generate"]

_ids = collections.defaultdict(int)


def generate(key):
    """`key` + '_' + the number of earlier calls with the same key."""
    n = _ids[key]
    _ids[key] = n + 1
    return f"{key}_{n}"
