"""Unique names for layers and parameters (Paddle base/unique_name.py): generate('linear')
gives linear_0, linear_1, ...; a parameter of layer linear_0 is linear_0.w_0. The names come
from the current generator, and the names parameters were given are checked against the current
checker (dygraph_parameter_name_checker: two parameters can't share one); guard() runs a block
with fresh ones (a str or bytes is the new names' prefix), as base.dygraph.guard() does."""
import collections
import contextlib

__all__ = ["generate", "switch", "guard"]


class UniqueNameGenerator:
    """key -> prefix + key_N, N counting the earlier calls with that key."""

    def __init__(self, prefix=None):
        self.ids = collections.defaultdict(int)
        self.prefix = "" if prefix is None else prefix

    def __call__(self, key):
        n = self.ids[key]
        self.ids[key] = n + 1
        return f"{self.prefix}{key}_{n}"


class DygraphParameterNameChecker:
    """name -> whether a parameter was already given it (and from now on it is)."""

    def __init__(self):
        self._name_set = set()

    def __call__(self, name):
        if name in self._name_set:
            return True
        self._name_set.add(name)
        return False


generator = UniqueNameGenerator()
dygraph_parameter_name_checker = DygraphParameterNameChecker()


def generate(key):
    """`key` + '_' + the number of earlier calls with the same key (current generator)."""
    return generator(key)


def switch(new_generator=None, new_para_name_checker=None):
    """Make new_generator / new_para_name_checker (fresh ones for None) current; returns the old
    pair."""
    global generator, dygraph_parameter_name_checker
    old = generator, dygraph_parameter_name_checker
    generator = UniqueNameGenerator() if new_generator is None else new_generator
    dygraph_parameter_name_checker = (DygraphParameterNameChecker()
                                      if new_para_name_checker is None else new_para_name_checker)
    return old


@contextlib.contextmanager
def guard(new_generator=None):
    """Run the block with a fresh name generator (new_generator, or a str/bytes prefix for a
    new one) and a fresh parameter-name checker; the old ones come back after it."""
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    elif isinstance(new_generator, bytes):
        new_generator = UniqueNameGenerator(new_generator.decode())
    old_generator, old_checker = switch(new_generator)
    try:
        yield
    finally:
        switch(old_generator, old_checker)
