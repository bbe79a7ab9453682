"""paddle.version: the Paddle API level eagergraph follows (3.3.1), as a CPU-only build reports
it; `eagergraph.__version__` is eagergraph's own release."""
full_version = "3.3.1"
major, minor, patch, rc = "3", "3", "1", "0"
commit = "eagergraph"
is_tagged = True
with_mkl = "OFF"
cuda_version = cudnn_version = nccl_version = "False"
cinn_version = tensorrt_version = hip_version = "False"

__all__ = ["full_version", "major", "minor", "patch", "rc", "commit", "show", "cuda", "cudnn",
           "nccl", "xpu", "mkl", "cinn", "tensorrt", "hip", "is_tagged", "with_mkl"]


def show():
    """Print the version information, as paddle.version.show() does."""
    print(f"full_version: {full_version}\nmajor: {major}\nminor: {minor}\npatch: {patch}\n"
          f"rc: {rc}\ncommit: {commit}\ncuda: False\ncudnn: False\nnccl: False\nxpu: False\n"
          f"cinn: False\ntensorrt: False")


def cuda():
    return "False"


def cudnn():
    return "False"


def nccl():
    return "False"


def xpu():
    return "False"


def mkl():
    return with_mkl


def cinn():
    return "False"


def tensorrt():
    return "False"


def hip():
    return "False"
