"""paddle.to_tensor dtype inference, dtype arguments, rejected data, default dtype, and the
paddle.float32 dtype objects, against paddlepaddle 3.3.1.

TO_TENSOR, TO_TENSOR_FLOAT64 (run under set_default_dtype('float64')) and DTYPE_OBJECTS are
facts about Paddle captured from paddlepaddle 3.3.1 (CPU) by
    python tests/tools/capture_paddle_facts.py --write
"""
import numpy as np
import pytest

import eagergraph as paddle
from .tools.capture_paddle_facts import LITERAL_NAMES, namespace, outcome, same_outcome

nan, inf, nanj, infj = (LITERAL_NAMES[k] for k in ("nan", "inf", "nanj", "infj"))

# <captured:TO_TENSOR>
TO_TENSOR = {
    'paddle.to_tensor(1)': ('Tensor', 'int64', [], 1),
    'paddle.to_tensor(True)': ('Tensor', 'bool', [], True),
    'paddle.to_tensor(1.5)': ('Tensor', 'float32', [], 1.5),
    'paddle.to_tensor(1+2j)': ('Tensor', 'complex64', [], (1+2j)),
    "paddle.to_tensor(float('nan'))": ('Tensor', 'float32', [], nan),
    'paddle.to_tensor(-2**63)': ('Tensor', 'int64', [], -9223372036854775808),
    'paddle.to_tensor([1, 2.5])': ('Tensor', 'float32', [2], [1.0, 2.5]),
    'paddle.to_tensor([True, 1])': ('Tensor', 'int64', [2], [1, 1]),
    'paddle.to_tensor([True, 1.0])': ('Tensor', 'float32', [2], [1.0, 1.0]),
    'paddle.to_tensor([1, 1j])': ('Tensor', 'complex64', [2], [(1+0j), 1j]),
    'paddle.to_tensor([True, False])': ('Tensor', 'bool', [2], [True, False]),
    'paddle.to_tensor((1, 2))': ('Tensor', 'int64', [2], [1, 2]),
    'paddle.to_tensor([[1, 2], [3, 4]])': ('Tensor', 'int64', [2, 2], [[1, 2], [3, 4]]),
    'paddle.to_tensor([[1, 2.5], [True, 4]])': ('Tensor', 'float32', [2, 2], [[1.0, 2.5], [1.0, 4.0]]),
    'paddle.to_tensor([])': ('Tensor', 'float32', [0], []),
    'paddle.to_tensor([[]])': ('Tensor', 'float32', [1, 0], [[]]),
    'paddle.to_tensor([[], []])': ('Tensor', 'float32', [2, 0], [[], []]),
    'paddle.to_tensor(())': ('Tensor', 'float32', [0], []),
    'paddle.to_tensor(np.float64(1.5))': ('Tensor', 'float64', [], 1.5),
    'paddle.to_tensor(np.float32(1.5))': ('Tensor', 'float32', [], 1.5),
    'paddle.to_tensor(np.float16(1.5))': ('Tensor', 'float16', [], 1.5),
    'paddle.to_tensor(np.int32(3))': ('Tensor', 'int32', [], 3),
    'paddle.to_tensor(np.int16(3))': ('Tensor', 'int16', [], 3),
    'paddle.to_tensor(np.int8(3))': ('Tensor', 'int8', [], 3),
    'paddle.to_tensor(np.uint8(3))': ('Tensor', 'uint8', [], 3),
    'paddle.to_tensor(np.bool_(True))': ('Tensor', 'bool', [], True),
    'paddle.to_tensor(np.complex64(1j))': ('Tensor', 'complex64', [], 1j),
    'paddle.to_tensor(np.complex128(1j))': ('Tensor', 'complex128', [], 1j),
    'paddle.to_tensor(np.array(5))': ('Tensor', 'int64', [], 5),
    'paddle.to_tensor(np.array([1.5, 2]))': ('Tensor', 'float64', [2], [1.5, 2.0]),
    'paddle.to_tensor(np.array([1, 2], np.int32))': ('Tensor', 'int32', [2], [1, 2]),
    'paddle.to_tensor(np.ones((2, 0)))': ('Tensor', 'float64', [2, 0], [[], []]),
    'paddle.to_tensor(np.array([1, 2, 3])[::2])': ('Tensor', 'int64', [2], [1, 3]),
    'paddle.to_tensor(np.array([16256, 16384], np.uint16))': ('Tensor', 'bfloat16', [2], [1.0, 2.0]),
    'paddle.to_tensor(np.array([1, 2], np.float16))': ('Tensor', 'float16', [2], [1.0, 2.0]),
    'paddle.to_tensor(np.array([1, 2], np.complex64))': ('Tensor', 'complex64', [2], [(1+0j), (2+0j)]),
    'paddle.to_tensor([np.float64(1), 2])': ('Tensor', 'float32', [2], [1.0, 2.0]),
    'paddle.to_tensor([np.int32(1), 2])': ('Tensor', 'int64', [2], [1, 2]),
    'paddle.to_tensor([np.float16(1), 2.5])': ('Tensor', 'float32', [2], [1.0, 2.5]),
    "paddle.to_tensor([np.array(1, 'int32'), 2])": ('Tensor', 'int64', [2], [1, 2]),
    "paddle.to_tensor([np.array([1, 2], 'int32'), np.array([3, 4], 'int32')])": ('Tensor', 'int64', [2, 2], [[1, 2], [3, 4]]),
    'paddle.to_tensor([paddle.to_tensor(1), paddle.to_tensor(2)])': ('Tensor', 'int64', [2], [1, 2]),
    'paddle.to_tensor([paddle.to_tensor(1.5), 2])': ('Tensor', 'float64', [2], [1.5, 2.0]),
    'paddle.to_tensor([paddle.to_tensor(1.5), paddle.to_tensor(2.5)])': ('Tensor', 'float32', [2], [1.5, 2.5]),
    "paddle.to_tensor([paddle.to_tensor([1, 2], 'int32'), paddle.to_tensor([3, 4], 'int32')])": ('Tensor', 'int32', [2, 2], [[1, 2], [3, 4]]),
    "paddle.to_tensor([paddle.to_tensor(1, 'float64'), paddle.to_tensor(2, 'float32')])": ('Tensor', 'float64', [2], [1.0, 2.0]),
    "paddle.to_tensor([paddle.to_tensor(1, 'int32'), 2.5])": ('Tensor', 'float64', [2], [1.0, 2.5]),
    'paddle.to_tensor([paddle.to_tensor(True), paddle.to_tensor(False)])': ('Tensor', 'bool', [2], [True, False]),
    "paddle.to_tensor([paddle.to_tensor(1.5, 'bfloat16')])": ('Tensor', 'bfloat16', [1], [1.5]),
    "paddle.to_tensor(paddle.to_tensor([1, 2], 'int32'))": ('Tensor', 'int32', [2], [1, 2]),
    "paddle.to_tensor(paddle.to_tensor([1, 2], 'int32'), dtype='float32')": ('Tensor', 'float32', [2], [1.0, 2.0]),
    "paddle.to_tensor(paddle.to_tensor([1.5], 'float64'))": ('Tensor', 'float64', [1], [1.5]),
    "paddle.to_tensor([1, 2], dtype='float32')": ('Tensor', 'float32', [2], [1.0, 2.0]),
    'paddle.to_tensor([1, 2], dtype=paddle.float32)': ('Tensor', 'float32', [2], [1.0, 2.0]),
    'paddle.to_tensor([1, 2], dtype=np.float32)': ('Tensor', 'float32', [2], [1.0, 2.0]),
    "paddle.to_tensor([1, 2], dtype=np.dtype('float64'))": ('Tensor', 'float64', [2], [1.0, 2.0]),
    "paddle.to_tensor([1.7, -2.7], dtype='int32')": ('Tensor', 'int32', [2], [1, -2]),
    'paddle.to_tensor([1, 2], dtype=bool)': ('Tensor', 'bool', [2], [True, True]),
    "paddle.to_tensor([1, 0], dtype='bool')": ('Tensor', 'bool', [2], [True, False]),
    "paddle.to_tensor([1, 2], dtype='bfloat16')": ('Tensor', 'bfloat16', [2], [1.0, 2.0]),
    "paddle.to_tensor([1, 2], dtype='uint16')": ('Tensor', 'bfloat16', [2], [1.0, 2.0]),
    "paddle.to_tensor([1, 2], dtype='complex64')": ('Tensor', 'complex64', [2], [(1+0j), (2+0j)]),
    "paddle.to_tensor([1+1j], dtype='float32')": ('Tensor', 'float32', [1], [1.0]),
    "paddle.to_tensor(1.5, dtype='float64')": ('Tensor', 'float64', [], 1.5),
    "paddle.to_tensor(np.float64(1.5), dtype='float16')": ('Tensor', 'float16', [], 1.5),
    "paddle.to_tensor(2, dtype='uint8')": ('Tensor', 'uint8', [], 2),
    "paddle.to_tensor([1, 2], dtype='float')": ('raises', 'TypeError'),
    "paddle.to_tensor([1, 2], dtype='int')": ('raises', 'TypeError'),
    'paddle.to_tensor([1, 2], dtype=float)': ('raises', 'TypeError'),
    'paddle.to_tensor([1, 2], dtype=int)': ('raises', 'TypeError'),
    "paddle.to_tensor([1, 2], dtype='foo')": ('raises', 'TypeError'),
    "paddle.to_tensor([1, 2], dtype='float8_e4m3fn')": ('raises', 'TypeError'),
    'paddle.to_tensor([[1, 2], [3]])': ('raises', 'ValueError'),
    'paddle.to_tensor([1, None])': ('raises', 'ValueError'),
    "paddle.to_tensor('abc')": ('raises', 'TypeError'),
    'paddle.to_tensor(None)': ('raises', 'TypeError'),
    'paddle.to_tensor(object())': ('raises', 'TypeError'),
    'paddle.to_tensor({1: 2})': ('raises', 'TypeError'),
    'paddle.to_tensor(range(3))': ('raises', 'TypeError'),
    "paddle.to_tensor([1, 'a'])": ('raises', 'ValueError'),
    "paddle.to_tensor(np.array(['a']))": ('raises', 'ValueError'),
    'paddle.to_tensor(np.array([1, 2], object))': ('raises', 'ValueError'),
    'paddle.to_tensor(np.array([1, 2], np.uint32))': ('raises', 'ValueError'),
    'paddle.to_tensor(np.uint64(3))': ('raises', 'ValueError'),
    'paddle.to_tensor(2**63)': ('raises', 'ValueError'),
    'paddle.to_tensor([2**63])': ('raises', 'ValueError'),
    'paddle.to_tensor(1.0, stop_gradient=False).stop_gradient': ('value', False),
    'paddle.to_tensor(1.0).stop_gradient': ('value', True),
    'paddle.to_tensor(1, stop_gradient=False).stop_gradient': ('value', False),
    "paddle.to_tensor(1.0, place='cpu')": ('Tensor', 'float32', [], 1.0),
    'paddle.to_tensor(1.0, place=paddle.CPUPlace())': ('Tensor', 'float32', [], 1.0),
    "paddle.to_tensor(1.0, place='gpu:0')": ('raises', 'ValueError'),
}
# </captured:TO_TENSOR>
# <captured:TO_TENSOR_FLOAT64>
TO_TENSOR_FLOAT64 = {
    'paddle.get_default_dtype()': ('value', 'float64'),
    'paddle.to_tensor(1.5)': ('Tensor', 'float64', [], 1.5),
    'paddle.to_tensor([1, 2.5])': ('Tensor', 'float64', [2], [1.0, 2.5]),
    'paddle.to_tensor(1j)': ('Tensor', 'complex128', [], 1j),
    'paddle.to_tensor(1)': ('Tensor', 'int64', [], 1),
    'paddle.to_tensor(np.float32(1.5))': ('Tensor', 'float32', [], 1.5),
    'paddle.to_tensor([np.float32(1.5)])': ('Tensor', 'float64', [1], [1.5]),
    "X('int32') / 2": ('Tensor', 'float32', [3], [-1.5, 1.0, 2.5]),
    "X('int32') * 2.5": ('Tensor', 'float32', [3], [-7.5, 5.0, 12.5]),
    "X('int32') / X('int32')": ('Tensor', 'float32', [3], [1.0, 1.0, 1.0]),
    "X('bool') + 1.5": ('Tensor', 'float32', [3], [2.5, 1.5, 2.5]),
}
# </captured:TO_TENSOR_FLOAT64>
# <captured:DTYPE_OBJECTS>
DTYPE_OBJECTS = {
    'str(paddle.float32)': ('value', 'paddle.float32'),
    'str(paddle.bool)': ('value', 'paddle.bool'),
    'str(paddle.bfloat16)': ('value', 'paddle.bfloat16'),
    'str(paddle.complex128)': ('value', 'paddle.complex128'),
    "paddle.float32 == 'float32'": ('value', False),
    "paddle.float32 != 'float32'": ('value', True),
    'paddle.float32 == np.float32': ('value', False),
    'paddle.float32 == paddle.float32': ('value', True),
    'paddle.float32 == paddle.float64': ('value', False),
    'paddle.to_tensor(1.5).dtype == paddle.float32': ('value', True),
    'paddle.to_tensor(1.5).dtype is paddle.float32': ('value', True),
    'isinstance(paddle.float32, paddle.dtype)': ('value', True),
    'paddle.get_default_dtype()': ('value', 'float32'),
    "paddle.set_default_dtype('float16')": ('value', None),
    "paddle.set_default_dtype('int32')": ('raises', 'TypeError'),
    "paddle.set_default_dtype('bfloat16')": ('value', None),
    'paddle.set_default_dtype(np.float64)': ('value', None),
    'hash(paddle.float32) == hash(paddle.float32)': ('value', True),
    'len({paddle.float32, paddle.float32, paddle.int64})': ('value', 2),
}
# </captured:DTYPE_OBJECTS>



@pytest.fixture
def default_dtype():
    yield paddle.set_default_dtype
    paddle.set_default_dtype("float32")


def _check(facts, expr):
    got = outcome(paddle, expr, namespace(paddle, np))
    assert same_outcome(got, facts[expr]), f"{expr}: got {got}, Paddle {facts[expr]}"


@pytest.mark.parametrize("expr", list(TO_TENSOR))
def test_to_tensor_matches_paddle(expr, default_dtype):
    _check(TO_TENSOR, expr)


@pytest.mark.parametrize("expr", list(TO_TENSOR_FLOAT64))
def test_to_tensor_under_float64_default_matches_paddle(expr, default_dtype):
    default_dtype("float64")
    _check(TO_TENSOR_FLOAT64, expr)


@pytest.mark.parametrize("expr", list(DTYPE_OBJECTS))
def test_dtype_objects_match_paddle(expr, default_dtype):
    _check(DTYPE_OBJECTS, expr)


def test_dtype_repr_is_paddle_style():
    # Paddle 3.3.1 prints <DataType.FLOAT32: 10>; eagergraph keeps the readable str() form.
    assert repr(paddle.float32) == "paddle.float32"
    assert paddle.dtype is type(paddle.float32)
    assert paddle.bool.name == "bool"


def test_to_tensor_copies_its_input():
    a = np.array([1.0, 2.0], np.float32)
    t = paddle.to_tensor(a)
    a[0] = 9.0
    assert t.tolist() == [1.0, 2.0]
    u = paddle.to_tensor(t)
    assert u is not t and u._data is not t._data


def test_to_tensor_under_bfloat16_default(default_dtype):
    default_dtype("bfloat16")
    assert paddle.get_default_dtype() == "bfloat16"
    assert paddle.to_tensor(1.5).dtype == paddle.bfloat16
    assert paddle.to_tensor(1j).dtype == paddle.complex128  # Paddle's rule: not f16/f32 -> c128


def test_rejected_data_messages_say_what_is_accepted():
    with pytest.raises(TypeError, match="scalar, list, tuple, np.ndarray or paddle.Tensor"):
        paddle.to_tensor({1: 2})
    with pytest.raises(ValueError, match="different lengths"):
        paddle.to_tensor([[1, 2], [3]])
    with pytest.raises(ValueError, match="uint32"):
        paddle.to_tensor(np.array([1], np.uint32))
    with pytest.raises(TypeError, match="dtype must be any of"):
        paddle.to_tensor([1], dtype="float")


@pytest.mark.parametrize("spelling,want", [
    ("float", "float64"), ("int", "int64"), ("double", "float64"), ("half", "float16"),
    ("long", "int64"), ("complex", "complex128"), (float, "float64"), (int, "int64"),
    (bool, "bool"), (np.float16, "float16"), (np.dtype("int16"), "int16"), ("uint16", "bfloat16"),
])
def test_astype_takes_numpy_spellings(spelling, want):
    # astype/cast follow np.dtype ('float' is float64), as Paddle's do; to_tensor is stricter
    assert paddle.to_tensor([1.0]).astype(spelling).dtype.name == want


@pytest.mark.parametrize("device", ["gpu", "gpu:0", "cuda:1", "xpu", "npu:0", "foo", 0])
def test_only_cpu_is_a_device(device):
    with pytest.raises(ValueError):
        paddle.set_device(device)
    with pytest.raises(ValueError):
        paddle.to_tensor(1.0, place=device)
