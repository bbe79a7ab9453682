"""Capture what Paddle does with its 3.x call forms: variadic shapes, keyword-only extras
(`out=`, `device=`, `requires_grad=`, `pin_memory=`), `paddle.tensor(...)` and the like.

    PYTHONPATH=. /path/to/python-with-paddle tools/paddle_call_forms.py tests/fixtures/paddle331_call_forms.json

Each form is a Python expression over `paddle` and a float32 tensor `x` of shape [2, 3] (values
0..5); its outcome is the result's shape, dtype, stop_gradient and values (a Tensor), the value
itself (a number, bool or string), or the error's type and first line. tests/test_call_forms.py
evaluates the same expressions with eagergraph as `paddle` and compares.
"""
import json
import sys
import warnings

FORMS = [
    # variadic shapes (SizeArgsDecorator, reshape/expand/view decorators, VariableArgsDecorator)
    "paddle.zeros(2, 3)", "paddle.zeros(2)", "paddle.zeros((2, 3))", "paddle.zeros(size=[2, 3])",
    "paddle.zeros(size=2)", "paddle.zeros(2, 3, dtype='int32')", "paddle.zeros([2], 3)",
    "paddle.zeros(2, 'int32')", "paddle.zeros(2.0, 3)", "paddle.zeros(shape=2)",
    "paddle.ones(2, 3)", "paddle.ones(2, 3, dtype='float64')", "paddle.empty(2, 3).shape",
    "paddle.empty(2, 3, dtype='int32').dtype", "paddle.full(2, 3)", "paddle.full([2, 3], 1.5)",
    "paddle.rand(2, 3).shape", "paddle.rand(2, 3, dtype='float64').dtype",
    "paddle.randn(2, 3).shape", "paddle.randn(size=[4]).shape",
    "paddle.randint(0, 5, [2, 3]).shape", "paddle.randint(0, 5, 2, 3)",
    "paddle.reshape(x, 3, 2)", "paddle.reshape(x, 6)", "x.reshape(3, 2)", "x.reshape(-1)",
    "x.reshape([3, 2])", "x.reshape(shape=[3, 2])", "x.reshape(3, 2, name='a')",
    "x.reshape([3], 2)", "x.view(3, 2)", "x.view(6)", "x.view(-1, 2)", "x.view([3, 2])",
    "x.view(size=[6])", "x.view(paddle.int32).shape", "x.view(dtype=paddle.int32).shape",
    "x.expand(2, 2, 3)", "paddle.expand(x, 2, 2, 3)", "x.expand(size=[2, 2, 3])",
    "x.expand([2, 2, 3])", "paddle.broadcast_to(paddle.ones([3]), 2, 3)",
    "x.broadcast_to(2, 2, 3)", "paddle.tile(x, 2, 3)", "x.tile(2, 3)", "x.tile([2, 1])",
    "x.repeat(2, 3)", "x.repeat([2, 3])", "x.repeat(2)", "paddle.ones([1, 2]).repeat(2, 3, 4)",
    "paddle.permute(x, 1, 0)", "x.permute(1, 0)", "x.permute([1, 0])",
    "paddle.permute(x, dims=[1, 0])", "paddle.transpose(x, 0, 1)", "x.transpose(0, 1)",
    "x.transpose([1, 0])", "paddle.transpose(x, dim0=0, dim1=1)",
    "x.new_zeros(2, 3)", "x.new_ones(2, 3)", "x.new_empty(2, 3).shape",
    # keyword-only extras
    "paddle.zeros([2], requires_grad=True)", "paddle.zeros([2], device='cpu')",
    "paddle.zeros([2], device=paddle.CPUPlace())", "paddle.zeros([2], device='gpu:0')",
    "paddle.zeros([2], pin_memory=True)", "paddle.ones([2], requires_grad=True)",
    "paddle.full([2], 1.5, requires_grad=True)", "paddle.empty([2], requires_grad=True).shape",
    "paddle.rand([2], requires_grad=True).stop_gradient",
    "paddle.randn([2], requires_grad=True).stop_gradient",
    "paddle.arange(5, requires_grad=True)", "paddle.arange(0.0, 1.0, 0.5, device='cpu')",
    "paddle.eye(2, requires_grad=True)", "paddle.zeros_like(x, requires_grad=True)",
    "paddle.ones_like(x, device='cpu')", "paddle.full_like(x, 2.0, requires_grad=True)",
    "paddle.empty_like(x, requires_grad=True).shape", "paddle.linspace(0, 1, 3, requires_grad=True)",
    "paddle.to_tensor([1.0], device='cpu')",
    # out=
    "paddle.zeros([2], out=paddle.ones([3]))",
    "(lambda o: (paddle.add(x, x, out=o), o)[1])(paddle.zeros([2, 3]))",
    "(lambda o: (paddle.abs(x - 2, out=o), o)[1])(paddle.zeros([2, 3]))",
    "(lambda o: (paddle.exp(x, out=o), o)[1])(paddle.zeros([1]))",
    "(lambda o: (paddle.sum(x, axis=0, out=o), o)[1])(paddle.zeros([3]))",
    "(lambda o: (paddle.matmul(x, x.T, out=o), o)[1])(paddle.zeros([2, 2]))",
    "(lambda o: (paddle.add(x, x, out=o), o)[1])(paddle.zeros([2, 3], dtype='int32'))",
    "(lambda o: paddle.add(x, x, out=o) is o)(paddle.zeros([2, 3]))",
    "(lambda o: (paddle.add(x, x, out=o), o.inplace_version)[1])(paddle.zeros([2, 3]))",
    "(lambda o: (paddle.concat([x, x], out=o), o)[1])(paddle.zeros([4, 3]))",
    "(lambda o: (paddle.zeros([2, 3], out=o), o)[1])(paddle.ones([1]))",
    "(lambda o: (paddle.ones([2], out=o), o)[1])(paddle.zeros([2]))",
    "(lambda a: (lambda o: (paddle.multiply(a, a, out=o), o.stop_gradient)[1])(paddle.zeros([2])))"
    "(paddle.to_tensor([1.0, 2.0], stop_gradient=False))",
    "(lambda a: (lambda o: (paddle.multiply(a, a, out=o).sum().backward(), a.grad)[1])"
    "(paddle.zeros([2])))(paddle.to_tensor([1.0, 2.0], stop_gradient=False))",
    "(lambda a: (lambda o: (paddle.multiply(a, a, out=o), o.sum().backward(), a.grad)[2])"
    "(paddle.zeros([2])))(paddle.to_tensor([1.0, 2.0], stop_gradient=False))",
    # paddle.tensor: a function and a module at once
    "paddle.tensor([1, 2, 3])", "paddle.tensor([1.0, 2.0], requires_grad=True)",
    "paddle.tensor([1.0, 2.0], dtype='float64', device='cpu')", "paddle.tensor(3)",
    "paddle.tensor(x)", "callable(paddle.tensor)",
    "paddle.tensor.math.add(x, x)", "paddle.tensor.creation.zeros([2])",
    "paddle.tensor.manipulation.reshape(x, [3, 2])",
    # behaviour differences the issue measured
    "paddle.seed(seed=3) is not None", "paddle.softmax(x, dim=0)", "paddle.softmax(x)",
    "paddle.softmax(x, 1, dtype='float64')", "paddle.softmax(input=x, dim=-1)",
    "x.clone().clip_(max=2.5)", "x.clone().clip_(min=2.5)", "x.clone().clamp_(max=2.5)",
    "paddle.clip(x, max=2.5)",
    "bool(((lambda t: (t.uniform_(), t)[1])(paddle.zeros([1000])) >= 0).all())",
    "bool(((lambda t: (t.uniform_(), t)[1])(paddle.zeros([1000])) < 1).all())",
    "x.clone().scale_(2.0, 1.0)", "x.clone().scale_(2.0, act='relu')",
    "paddle.add(x, x, alpha=2)", "paddle.subtract(x, x, alpha=0.5)",
    "paddle.divide(x - 2.5, paddle.full([2, 3], 2.0), rounding_mode='trunc')",
    "paddle.divide(x - 2.5, paddle.full([2, 3], 2.0), rounding_mode='floor')",
    "x.clone().add_(x, alpha=2)", "paddle.prod(x, out=paddle.zeros([1]))",
    "(lambda o: (paddle.gather(x, paddle.to_tensor([1]), 0, None, o), o)[1])(paddle.zeros([1]))",
    "(lambda o: (paddle.prod(x, 1, False, None, o), o)[1])(paddle.zeros([1]))",
    # the small names
    "paddle.gammaln(x + 0.5)", "x.gammaln()", "paddle.ldexp(x, paddle.to_tensor([1, 2, 3]))",
    "paddle.ldexp(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2]))",
    "paddle.ldexp(x.astype('float64'), paddle.to_tensor([1, 2, 3]))",
    "paddle.ldexp(x, 2)",
    "paddle.as_real(paddle.polar(x, x / 3))", "paddle.polar(x.astype('int32'), x)",
    "paddle.view_as_real(paddle.view_as_complex(paddle.ones([2, 2])))",
    "paddle.scatter_add(paddle.zeros([2, 3]), 1, paddle.to_tensor([[0, 0], [1, 2]]), x[:, :2])",
    "x.scatter_add(0, paddle.to_tensor([[1, 0, 1]]), paddle.ones([1, 3]))",
    "x.clone().scatter_add_(0, paddle.to_tensor([[1, 0, 1]]), paddle.ones([1, 3]))",
    "paddle.scatter_reduce(x, 1, paddle.to_tensor([[0, 0], [2, 2]]), x[:, :2] + 1, 'prod')",
    "paddle.scatter_reduce(x, 1, paddle.to_tensor([[0, 0], [2, 2]]), x[:, :2] + 1, 'mean', "
    "include_self=False)",
    "paddle.scatter_reduce(x, 1, paddle.to_tensor([[0, 0], [2, 2]]), x[:, :2] + 1, 'amax')",
    "paddle.scatter_reduce(x, 1, paddle.to_tensor([[0, 0], [2, 2]]), x[:, :2] + 1, 'sum')",
    # the small names, second part: shifts, frexp, i0e/i1e, Tensor.value/type/device,
    # paddle.device on a CPU build, paddle.framework, DLPack
    "paddle.to_tensor([-8, 5, 127], dtype='int8') << 2",
    "paddle.to_tensor([-8, 5, 127], dtype='int8') >> 1",
    "3 << paddle.to_tensor([-1, 5, 8], dtype='int8')",
    "paddle.to_tensor([-8, 5, 127], dtype='int8') >> paddle.to_tensor([1, 9, -1], dtype='int8')",
    "paddle.bitwise_right_shift(paddle.to_tensor([-8, 5], dtype='int8'), "
    "paddle.to_tensor([1, 2], dtype='int8'), False)",
    "paddle.bitwise_left_shift(paddle.to_tensor([200, 3], dtype='uint8'), "
    "paddle.to_tensor([1, 8], dtype='uint8'))",
    "paddle.to_tensor([1, 2]).bitwise_left_shift(paddle.to_tensor([62, 64]))",
    "paddle.to_tensor([1, 2], dtype='int8') << 1.5", "x << 1",
    "paddle.frexp(x)[0]", "paddle.frexp(x)[1]", "paddle.frexp(x - 2.5)[0]",
    "paddle.frexp(x.astype('float64') * 1e-3)[1]", "paddle.frexp(paddle.to_tensor([1, 2]))",
    "paddle.i0e(x - 2)", "paddle.i1e(x - 2)", "x.i0e()", "paddle.i1e(paddle.to_tensor([1, 2]))",
    "x.value() is x", "str(x.type)", "int(x.type)", "str(x.device)", "x.device.type",
    "x.device.index is None",
    "paddle.device.get_cudnn_version() is None", "paddle.device.is_bf16_supported()",
    "paddle.device.is_current_stream_capturing()", "paddle.device.max_memory_allocated()",
    "paddle.device.reset_peak_memory_stats()", "paddle.device.ipc_collect()",
    "paddle.device.cuda.get_device_name()", "paddle.device.cuda.memory_allocated()",
    "paddle.device.cuda.vmm_compact()",
    "paddle.framework.ParamAttr is paddle.ParamAttr", "paddle.framework.in_dynamic_mode()",
    "paddle.framework.no_grad is paddle.no_grad",
    "paddle.utils.dlpack.from_dlpack(paddle.utils.dlpack.to_dlpack(x))",
    "paddle.from_dlpack(paddle.to_dlpack(x - 1))", "paddle.utils.dlpack.to_dlpack(3)",
    # behaviour differences, second part: interpolate(antialias=), Conv*D data_format defaults,
    # the functions whose own decorators take an alias
    "paddle.nn.functional.interpolate(x.reshape([1, 1, 2, 3]), size=[1, 2], mode='bilinear', "
    "antialias=True)",
    "paddle.nn.functional.interpolate(x.reshape([1, 1, 2, 3]), size=[2, 2], mode='bicubic', "
    "antialias=True)",
    "paddle.nn.functional.interpolate(x.reshape([1, 1, 2, 3]), scale_factor=0.5, "
    "mode='bilinear', antialias=True)",
    "paddle.nn.functional.interpolate(x.reshape([1, 1, 2, 3]), size=[1, 2], mode='nearest', "
    "antialias=True)",
    "paddle.nn.Conv1D(2, 1, 1)(paddle.ones([1, 2, 3])).shape",
    "paddle.nn.Conv2D(2, 1, 1)(paddle.ones([1, 2, 3, 3])).shape",
    "paddle.nn.Conv3D(2, 1, 1)(paddle.ones([1, 2, 3, 3, 3])).shape",
    "paddle.nn.LayerNorm(2, epsilon=1e-5, eps=1e-5)",
    "paddle.nn.GroupNorm(1, 2, epsilon=1e-5, eps=1e-5)",
    "paddle.nn.functional.layer_norm(x, [3], epsilon=1e-5, eps=1e-5)",
    "paddle.median(x, axis=0, dim=0)", "paddle.quantile(x, 0.5, axis=0, dim=0)",
    "paddle.nn.functional.normalize(x, axis=0, dim=0)", "paddle.cumprod(x, input=x, dim=0)",
]


def outcome(expr, ns):
    Tensor = ns["paddle"].Tensor
    try:
        r = eval(expr, dict(ns))  # noqa: S307 -- the fixed expressions above
    except Exception as e:  # noqa: BLE001 -- the error is the outcome
        return ["error", type(e).__name__, str(e).split(" (at /paddle")[0].split("\n")[0]]
    if isinstance(r, Tensor):
        return ["tensor", list(r.shape), str(r.dtype).replace("paddle.", ""), bool(r.stop_gradient),
                r.numpy().tolist() if r.size <= 64 else None]
    if isinstance(r, (bool, int, float, str)) or r is None:
        return ["value", r]
    return ["value", str(r).replace("paddle.", "")]


def namespace(paddle):
    return {"paddle": paddle, "x": paddle.arange(6, dtype="float32").reshape([2, 3])}


def main():
    warnings.filterwarnings("ignore")
    import paddle
    out = {"paddle_version": paddle.__version__, "forms": {}}
    for expr in FORMS:
        paddle.seed(0)
        out["forms"][expr] = outcome(expr, namespace(paddle))
    with open(sys.argv[1], "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
