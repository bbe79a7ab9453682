"""What the host CPU can do, where Paddle's CPU kernels pick their code path by it (its JIT
kernels, e.g. adam/adamw, are generated only where AVX-512F is available; elsewhere the plain
C++ reference kernels run, in a different operation order)."""
import functools

__all__ = ["cpu_flags", "has_avx512f"]


@functools.lru_cache(maxsize=None)
def cpu_flags():
    """The CPU's feature flags (frozenset of /proc/cpuinfo's names; empty where unreadable)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return frozenset(line.split(":", 1)[1].split())
    except OSError:
        pass
    return frozenset()


def has_avx512f():
    return "avx512f" in cpu_flags()
