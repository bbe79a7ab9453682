"""What the host CPU can do, where Paddle's CPU kernels pick their code path by it: its JIT
kernels (adam/adamw) are generated only where AVX-512F is available (elsewhere the plain C++
reference kernels run, in a different operation order), and the MKL it links takes its AVX-512
code path only on Intel CPUs. On an AMD EPYC with AVX-512, Paddle 3.3.1's float32 products
measured as MKL's generic path: each product term rounded before it is added (no FMA), K in
blocks of 112 (46-100% of a product's elements, by shape; the rest in an order not found), and
its float64 exp differed from NumPy's in one value in seven. Neither is emulated (a NumPy
product cannot round each term at a BLAS product's speed), so eagergraph follows Paddle's MKL
results only where mkl_avx512()."""
import functools

__all__ = ["cpu_flags", "cpu_vendor", "has_avx512f", "mkl_avx512"]


def _cpuinfo_field(name):
    """The value of /proc/cpuinfo's first `name` line ("" where there is none or no file)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(name):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


@functools.lru_cache(maxsize=None)
def cpu_flags():
    """The CPU's feature flags (frozenset of /proc/cpuinfo's names; empty where unreadable)."""
    return frozenset(_cpuinfo_field("flags").split())


@functools.lru_cache(maxsize=None)
def cpu_vendor():
    """/proc/cpuinfo's vendor_id: "GenuineIntel", "AuthenticAMD", ... ("" where unreadable)."""
    return _cpuinfo_field("vendor_id")


def has_avx512f():
    return "avx512f" in cpu_flags()


def mkl_avx512():
    """Whether Paddle's MKL takes its AVX-512 code path here (an Intel CPU with AVX-512F): the
    path whose float32 product orders eagergraph's matmul, linear and conv follow."""
    return cpu_vendor() == "GenuineIntel" and has_avx512f()
