"""paddle.version: the Paddle API level eagergraph follows (3.3.1), with the fields and show()
output of Paddle 3.3.1's CPU wheel (no CUDA, XPU, CINN or TensorRT; `with_mkl` is "OFF": the
kernels are NumPy's). `eagergraph.__version__` is eagergraph's own release; under the
`import paddle` alias, `paddle.__version__` is full_version."""
full_version = "3.3.1"
major, minor, patch, rc = "3", "3", "1", "0"
nccl_version = "0"
cuda_version = cudnn_version = "False"
hip_version = None
xpu_xre_version = xpu_xccl_version = xpu_xhpc_version = "False"
is_tagged = True
commit = "eagergraph"
with_mkl = "OFF"
with_hml = ""
cinn_version = "False"
tensorrt_version = "None"
with_pip_cuda_libraries = "OFF"
with_pip_tensorrt = "OFF"
compiled_cuda_archs = []

__all__ = ["cuda", "cudnn", "nccl", "show", "xpu", "xpu_xre", "xpu_xccl", "xpu_xhpc",
           "tensorrt", "cuda_archs", "hip"]


def show():
    """Print the version information, as paddle.version.show() does."""
    if is_tagged:
        print("full_version:", full_version)
        print("major:", major)
        print("minor:", minor)
        print("patch:", patch)
        print("rc:", rc)
    else:
        print("commit:", commit)
    print("cuda:", cuda_version)
    print("cudnn:", cudnn_version)
    print("hip:", hip_version)
    print("nccl:", nccl_version)
    print("xpu_xre:", xpu_xre_version)
    print("xpu_xccl:", xpu_xccl_version)
    print("xpu_xhpc:", xpu_xhpc_version)
    print("cinn:", cinn_version)
    print("tensorrt_version:", tensorrt_version)
    print("cuda_archs:", compiled_cuda_archs)


def mkl():
    return with_mkl


def hml():
    return with_hml


def nccl():
    return nccl_version


def cuda():
    return cuda_version


def cudnn():
    return cudnn_version


def xpu():
    return xpu_xre_version


def xpu_xre():
    return xpu_xre_version


def xpu_xccl():
    return xpu_xccl_version


def xpu_xhpc():
    return xpu_xhpc_version


def cinn():
    return cinn_version


def tensorrt():
    return tensorrt_version


def cuda_archs():
    return compiled_cuda_archs


def hip():
    return hip_version
