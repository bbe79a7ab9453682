"""Tensor methods Paddle adds in Python (eagergraph/tensor_patch.py): dtype-cast methods, to,
type_as, new_*, requires_grad, data, strides and storage queries, view/view_as, repeat, copy_,
set_, resize_, apply(_), fill_diagonal_, fill_diagonal_tensor(_). Values against NumPy and
Paddle's documented behaviour; gradients by central differences where the method is
differentiable."""
import numpy as np
import pytest

import eagergraph as paddle
from tests.gradcheck import check_grads

RNG = np.random.default_rng(0)


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


@pytest.mark.parametrize("method,dtype", [
    ("float", "float32"), ("double", "float64"), ("half", "float16"), ("bfloat16", "bfloat16"),
    ("int", "int32"), ("long", "int64"), ("short", "int16"), ("char", "int8"),
    ("byte", "uint8"), ("bool", "bool"), ("cfloat", "complex64"), ("cdouble", "complex128"),
    ("float64", "float64"), ("int8", "int8"), ("uint8", "uint8"), ("complex64", "complex64")])
def test_cast_methods(method, dtype):
    a = np.array([[1.5, -2.0], [3.0, 0.0]], "float32")
    x = T(a)
    y = getattr(x, method)()
    assert y.dtype == getattr(paddle, dtype)
    if dtype == "float32":
        assert y is x
    elif dtype in ("float64", "int32", "int64", "int16", "int8", "bool"):
        np.testing.assert_array_equal(y.numpy(), a.astype(dtype))


def test_cast_methods_are_differentiable():
    x = T([1.0, 2.0], stop_gradient=False)
    y = x.double()
    assert y.dtype == paddle.float64 and not y.stop_gradient
    (y * 3).sum().backward()
    assert x.grad.dtype == paddle.float32 and x.grad.numpy().tolist() == [3.0, 3.0]


def test_to_and_type_as():
    x = T([[1.5, -2.0]])
    assert x.to("cpu") is x and x.to(paddle.CPUPlace()) is x
    assert x.to("float64").dtype == paddle.float64
    assert x.to("cpu", "float16").dtype == paddle.float16
    assert x.to(device="cpu", dtype="int32").dtype == paddle.int32
    assert x.to(T([1], dtype="int32")).dtype == paddle.int32
    assert x.to("float64", blocking=False).dtype == paddle.float64
    with pytest.raises(ValueError):
        x.to("gpu")
    with pytest.raises(ValueError):
        x.to(1)
    with pytest.raises(TypeError):
        x.to("float64", bogus=1)
    assert x.type_as(T([1])).numpy().tolist() == [[1, -2]]


def test_new_tensors():
    x = T([1.0, 2.0], dtype="float64")
    z = x.new_zeros([2, 3])
    assert z.dtype == paddle.float64 and z.shape == [2, 3] and z.stop_gradient
    assert x.new_zeros(2, 3).shape == [2, 3] and x.new_ones(4).numpy().tolist() == [1.0] * 4
    assert x.new_full([2], 7).numpy().tolist() == [7.0, 7.0]
    assert x.new_full([2], T(3.0)).numpy().tolist() == [3.0, 3.0]
    assert T([1], dtype="int32").new_full([2], 2.5).dtype == paddle.int32
    assert x.new_empty([3]).shape == [3]
    assert x.new_zeros([2], dtype="int32").dtype == paddle.int32
    assert not x.new_ones([2], requires_grad=True).stop_gradient


def test_requires_grad_and_data():
    x = T([1.0, 2.0])
    assert not x.requires_grad
    x.requires_grad = True
    assert not x.stop_gradient
    assert x.requires_grad_(False) is x and x.stop_gradient
    y = T([1.0, 2.0], stop_gradient=False) * 2
    d = y.data
    assert d.stop_gradient and d is not y
    d[0] = 10.0  # shares storage
    assert y.numpy().tolist() == [10.0, 4.0]
    x.data = T([1, 2, 3])
    assert x.dtype == paddle.int64 and x.numpy().tolist() == [1, 2, 3]


def test_storage_queries():
    x = T(np.arange(6.0).reshape(2, 3))
    assert x.strides == [3, 1] and x.get_strides() == [3, 1] and x.stride() == [3, 1]
    assert x.stride(0) == 3 and x.is_contiguous() and x.contiguous() is x
    t = x.t()
    assert t.strides == [1, 3] and not t.is_contiguous()
    c = t.contiguous()
    assert c.is_contiguous() and c.numpy().tolist() == t.numpy().tolist()
    assert x[:, 1].strides == [3] and x[:, 1].offset == 8 and x[1].offset == 24
    assert x.offset == 0 and x.data_ptr() == x[0].data_ptr()
    assert x.itemsize == 8 and x.element_size() == 8 and not x.is_cuda
    assert x.get_device() == -1 and x.is_dense() and x.is_same_shape(T(np.zeros((2, 3))))
    with pytest.raises(ValueError):
        x.cuda()
    with pytest.raises(RuntimeError):
        x.pin_memory()


def test_view_view_as_repeat():
    a = RNG.standard_normal((2, 3))
    x = T(a)
    v = x.view([3, 2])
    assert v.shape == [3, 2] and x.view(6).shape == [6] and x.view(-1, 1).shape == [6, 1]
    v[0, 0] = 100.0  # a view: writes reach x
    assert x.numpy()[0, 0] == 100.0
    assert x.view_as(T(np.zeros(6))).shape == [6]
    f = T(np.array([1.0, 2.0], "float32"))
    np.testing.assert_array_equal(f.view("int32").numpy(),
                                  np.array([1.0, 2.0], "float32").view("int32"))
    np.testing.assert_array_equal(x.repeat(2, 1).numpy(), np.tile(x.numpy(), (2, 1)))
    np.testing.assert_array_equal(x.repeat([1, 2]).numpy(), np.tile(x.numpy(), (1, 2)))
    check_grads(lambda xs: xs[0].view([3, 2]).repeat(2, 1), [a])


def test_copy_sends_the_gradient_to_the_source():
    a = T([1.0, 2.0], stop_gradient=False)
    b = T([5.0, 6.0], stop_gradient=False)
    h = a * 1
    v = h.inplace_version
    assert h.copy_(b * 2) is h and h.inplace_version == v + 1
    (h * 3).sum().backward()
    assert h.numpy().tolist() == [10.0, 12.0]
    assert a.grad.numpy().tolist() == [0.0, 0.0] and b.grad.numpy().tolist() == [6.0, 6.0]
    z = paddle.zeros([2, 2])
    z.copy_(T([1, 2]))  # broadcast and cast
    assert z.numpy().tolist() == [[1.0, 2.0], [1.0, 2.0]] and z.dtype == paddle.float32
    leaf = T([1.0], stop_gradient=False)
    with pytest.raises(ValueError):
        leaf.copy_(T([2.0]))


def test_set_resize_apply():
    x = T([1.0, 2.0])
    src = T([7.0, 8.0, 9.0])
    assert x.set_(src) is x and x.numpy().tolist() == [7.0, 8.0, 9.0]
    assert x.set_().shape == [0]
    r = T([1.0, 2.0, 3.0]).resize_([2, 2])
    assert r.numpy().tolist() == [[1.0, 2.0], [3.0, 0.0]]
    assert T([1.0, 2.0, 3.0]).resize_([1]).numpy().tolist() == [1.0]
    assert T([1.0, 2.0]).apply(lambda v: v * 3).numpy().tolist() == [3.0, 6.0]
    y = T([1.0, 2.0])
    assert y.apply_(lambda v: v * 3) is y and y.numpy().tolist() == [3.0, 6.0]
    with pytest.raises(RuntimeError):
        T([1.0], stop_gradient=False).apply(lambda v: v)


def test_fill_diagonal_():
    z = paddle.zeros([5, 2])
    ref = np.zeros((5, 2))
    np.fill_diagonal(ref, 1.0, wrap=True)
    np.testing.assert_array_equal(z.fill_diagonal_(1.0, wrap=True).numpy(), ref)
    ref = np.zeros((5, 2))
    np.fill_diagonal(ref, 1.0)
    np.testing.assert_array_equal(paddle.zeros([5, 2]).fill_diagonal_(1.0).numpy(), ref)
    cube = np.zeros((3, 3, 3))
    np.fill_diagonal(cube, 2.0)
    np.testing.assert_array_equal(paddle.zeros([3, 3, 3]).fill_diagonal_(2.0).numpy(), cube)
    a = T([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]], stop_gradient=False)
    h = a * 1
    h.fill_diagonal_(9.0, offset=1)
    h.sum().backward()
    assert h.numpy().tolist() == [[1.0, 9.0, 3.0], [3.0, 4.0, 9.0]]
    assert a.grad.numpy().tolist() == [[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]
    with pytest.raises(ValueError):
        paddle.zeros([3]).fill_diagonal_(1.0)


def test_fill_diagonal_tensor():
    a, y = RNG.standard_normal((2, 3, 3)), RNG.standard_normal((2, 3))
    out = T(a).fill_diagonal_tensor(T(y), dim1=1, dim2=2).numpy()
    ref = a.copy()
    for i in range(3):
        ref[:, i, i] = y[:, i]
    np.testing.assert_array_equal(out, ref)
    b, w = RNG.standard_normal((2, 3, 2)), RNG.standard_normal((3, 2))
    out = T(b).fill_diagonal_tensor(T(w), dim1=0, dim2=2).numpy()
    ref = b.copy()
    for i in range(2):
        ref[i, :, i] = w[:, i]
    np.testing.assert_array_equal(out, ref)
    # gradients reach both x (off the diagonal) and y
    check_grads(lambda xs: xs[0].fill_diagonal_tensor(xs[1], offset=1), [
        RNG.standard_normal((3, 4)), RNG.standard_normal(3)])
    h = T(a) * 1
    assert h.fill_diagonal_tensor_(T(y), dim1=1, dim2=2) is h
    with pytest.raises(ValueError):
        T(a).fill_diagonal_tensor(T(y[:, :2]), dim1=1, dim2=2)
